-- PostgreSQL's form of ../0006_messages.sql.
CREATE TABLE messages (
    game_id       BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('hand', 'turn', 'result', 'left', 'notice', 'lost', 'gone')),
    seat          INTEGER NOT NULL,
    channel_id    BIGINT,
    message_id    BIGINT,
    shown_version INTEGER NOT NULL,
    shown_key     TEXT    NOT NULL DEFAULT '',
    turn          INTEGER,
    live          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, kind, seat)
);

INSERT INTO messages (game_id, kind, seat, channel_id, message_id, shown_version)
SELECT id, 'result', -1, NULL, 0, version FROM games WHERE status IN ('finished', 'abandoned');

ALTER TABLE user_settings ADD COLUMN turn_notice TEXT NOT NULL DEFAULT 'every'
    CHECK (turn_notice IN ('every', 'casual', 'off'));
