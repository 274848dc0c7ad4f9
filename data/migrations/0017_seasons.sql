-- Seasons (data.seasons): a server may run its boards in calendar months or quarters (UTC), off unless a
-- manager turns them on. `seasons_since` is when they were last turned on: a season that ended before it
-- is never closed. `season_reset` says how ratings start at a new season ('fresh' or 'carry').
ALTER TABLE guild_settings ADD COLUMN season_length TEXT NOT NULL DEFAULT 'off'
    CHECK (season_length IN ('off', 'monthly', 'quarterly'));
ALTER TABLE guild_settings ADD COLUMN season_reset TEXT NOT NULL DEFAULT 'fresh'
    CHECK (season_reset IN ('fresh', 'carry'));
ALTER TABLE guild_settings ADD COLUMN seasons_since REAL;

-- One row per closed season: inserted in the transaction that freezes its board, so a season closes once
-- whoever tries (a restart, several processes). The closing post is owed until `message_id` is set;
-- `claimed_at` is the claim of the process posting it (with the season's nonce).
CREATE TABLE season_closes (
    guild_id   INTEGER NOT NULL,
    season     TEXT    NOT NULL,
    starts_at  REAL    NOT NULL,
    ends_at    REAL    NOT NULL,
    closed_at  REAL    NOT NULL,
    channel_id INTEGER,
    claimed_at REAL,
    message_id INTEGER,
    PRIMARY KEY (guild_id, season)
) WITHOUT ROWID;

-- The final board of a closed season, every real player of every game (listed or not), frozen at the
-- close: browsable afterwards, and where carried ratings start from.
CREATE TABLE season_ratings (
    guild_id     INTEGER NOT NULL,
    season       TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, kind, user_id)
) WITHOUT ROWID;
