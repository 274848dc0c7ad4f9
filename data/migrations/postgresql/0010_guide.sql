-- PostgreSQL's form of ../0010_guide.sql.
CREATE TABLE guides (
    user_id BIGINT           NOT NULL,
    kind    TEXT             NOT NULL,
    done_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, kind)
);

INSERT INTO guides (user_id, kind, done_at)
SELECT mp.user_id, m.kind, MIN(m.finished_at)
FROM match_players mp JOIN matches m ON m.id = mp.match_id
WHERE mp.is_computer = 0 AND mp.user_id > 0
GROUP BY mp.user_id, m.kind;

CREATE TABLE welcomes (
    guild_id   BIGINT           PRIMARY KEY,
    channel_id BIGINT,
    message_id BIGINT,
    at         DOUBLE PRECISION NOT NULL
);
