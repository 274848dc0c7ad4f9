-- Per-user and per-server settings, and the pseudonym counter used when a user's data is erased.

CREATE TABLE user_settings (
    user_id             INTEGER PRIMARY KEY,
    hand_delivery       TEXT    NOT NULL CHECK (hand_delivery IN ('dm', 'panel')),
    dm_closed           INTEGER NOT NULL,
    ping_on_turn        INTEGER NOT NULL,
    leaderboard_opt_out INTEGER NOT NULL
);

CREATE TABLE guild_settings (
    guild_id             INTEGER PRIMARY KEY,
    live_turn_seconds    INTEGER NOT NULL CHECK (live_turn_seconds > 0),
    casual_turn_seconds  INTEGER NOT NULL CHECK (casual_turn_seconds > 0),
    manager_role_id      INTEGER,
    computer_games_count INTEGER NOT NULL
);

-- Empty for a guild = games are allowed in every channel.
CREATE TABLE guild_channels (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) WITHOUT ROWID;

-- Erased users become the negative id -n in stored results, so ratings recomputed from the match
-- log stay identical for everyone else while nothing links back to the Discord account.
CREATE TABLE erasures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL
);
