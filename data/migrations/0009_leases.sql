-- Leases: which process does a piece of single-writer work (a game's timers, its message
-- reconciliation, its computer turns) until when. A lease is taken over once it has expired; `token`
-- grows at every change of holder, so work done under an old lease can be recognised and refused.
-- A released lease keeps its row (expired at once) so the token never goes back.
CREATE TABLE leases (
    key        TEXT    PRIMARY KEY,
    owner      TEXT    NOT NULL,
    expires_at REAL    NOT NULL,
    token      INTEGER NOT NULL CHECK (token >= 1)
) WITHOUT ROWID;

CREATE INDEX leases_by_owner ON leases (owner, expires_at);
