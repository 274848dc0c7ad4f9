-- PostgreSQL's form of ../0015_digest.sql: the same column and table with PostgreSQL's types.
ALTER TABLE user_settings ADD COLUMN digest_hours INTEGER NOT NULL DEFAULT 0;

CREATE TABLE digests (
    user_id      BIGINT           NOT NULL,
    window_start DOUBLE PRECISION NOT NULL,
    claimed_at   DOUBLE PRECISION NOT NULL,
    listed       TEXT             NOT NULL,
    channel_id   BIGINT,
    message_id   BIGINT,
    PRIMARY KEY (user_id, window_start)
);
