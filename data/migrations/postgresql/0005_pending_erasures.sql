-- PostgreSQL's form of ../0005_pending_erasures.sql.
CREATE TABLE pending_erasures (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   BIGINT NOT NULL,
    pseudonym BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
