-- Finished matches (an immutable log) and the OpenSkill ratings derived from it (design §5, notes D.1).

CREATE TABLE matches (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL UNIQUE REFERENCES games (id),
    guild_id       INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    finished_at    REAL    NOT NULL,
    rated          INTEGER NOT NULL,
    with_computers INTEGER NOT NULL
);

CREATE INDEX matches_recent ON matches (guild_id, kind, finished_at, id);
CREATE INDEX matches_rated_order ON matches (guild_id, kind, finished_at, id) WHERE rated = 1;

CREATE TABLE match_players (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER,
    display_name TEXT    NOT NULL,
    is_computer  INTEGER NOT NULL,
    place        INTEGER NOT NULL CHECK (place >= 1),
    score        INTEGER NOT NULL,
    mu_before    REAL,
    sigma_before REAL,
    mu_after     REAL,
    sigma_after  REAL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

CREATE INDEX match_players_by_user ON match_players (user_id, match_id) WHERE user_id IS NOT NULL;

CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    ordinal      REAL    NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;

CREATE INDEX ratings_board ON ratings (guild_id, kind, ordinal DESC);
