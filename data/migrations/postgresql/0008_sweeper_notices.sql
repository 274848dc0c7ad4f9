-- PostgreSQL's form of ../0008_sweeper_notices.sql: PostgreSQL widens the kind CHECK in place.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN (
    'hand', 'turn', 'result', 'left', 'notice', 'lost', 'gone', 'remind', 'timeout'
));

CREATE TABLE lost_channels (
    game_id BIGINT           PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    since   DOUBLE PRECISION NOT NULL
);

ALTER TABLE user_settings DROP COLUMN ping_on_turn;
