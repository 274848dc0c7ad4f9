-- PostgreSQL's form of ../0009_leases.sql.
CREATE TABLE leases (
    key        TEXT             PRIMARY KEY,
    owner      TEXT             NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL,
    token      BIGINT           NOT NULL CHECK (token >= 1)
);

CREATE INDEX leases_by_owner ON leases (owner, expires_at);
