-- PostgreSQL's form of ../0003_settings.sql.

CREATE TABLE user_settings (
    user_id             BIGINT  PRIMARY KEY,
    hand_delivery       TEXT    NOT NULL CHECK (hand_delivery IN ('dm', 'panel')),
    dm_closed           INTEGER NOT NULL,
    ping_on_turn        INTEGER NOT NULL,
    leaderboard_opt_out INTEGER NOT NULL
);

CREATE TABLE guild_settings (
    guild_id             BIGINT  PRIMARY KEY,
    live_turn_seconds    INTEGER NOT NULL CHECK (live_turn_seconds > 0),
    casual_turn_seconds  INTEGER NOT NULL CHECK (casual_turn_seconds > 0),
    manager_role_id      BIGINT,
    computer_games_count INTEGER NOT NULL
);

CREATE TABLE guild_channels (
    guild_id   BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

-- SQLite's AUTOINCREMENT: ids are never reused, so no two erased users share a pseudonym.
CREATE TABLE erasures (
    id BIGINT           GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at DOUBLE PRECISION NOT NULL
);
