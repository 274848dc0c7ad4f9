-- PostgreSQL's form of ../0010_guide.sql.
CREATE TABLE guides (
    user_id BIGINT           NOT NULL,
    kind    TEXT             NOT NULL,
    done_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, kind)
);

CREATE TABLE welcomes (
    guild_id   BIGINT           PRIMARY KEY,
    channel_id BIGINT,
    message_id BIGINT,
    at         DOUBLE PRECISION NOT NULL
);
