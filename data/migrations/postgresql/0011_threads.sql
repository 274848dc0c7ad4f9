-- PostgreSQL's form of ../0011_threads.sql: the same change with PostgreSQL's types.
DROP INDEX games_one_open_per_channel;
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active') AND thread_id IS NULL;

CREATE TABLE archived_threads (
    game_id BIGINT           PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    at      DOUBLE PRECISION NOT NULL
);

ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;
