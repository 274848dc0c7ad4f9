-- PostgreSQL's form of ../0013_notice_claims.sql: the same table with PostgreSQL's types.
CREATE TABLE notice_claims (
    game_id BIGINT           NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT             NOT NULL,
    seat    INTEGER          NOT NULL,
    version INTEGER          NOT NULL,
    at      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, kind, seat)
);
