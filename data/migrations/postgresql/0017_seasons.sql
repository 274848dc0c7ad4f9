-- PostgreSQL's form of ../0017_seasons.sql: the same change with PostgreSQL's types.
ALTER TABLE guild_settings ADD COLUMN season_length TEXT NOT NULL DEFAULT 'off'
    CHECK (season_length IN ('off', 'monthly', 'quarterly'));
ALTER TABLE guild_settings ADD COLUMN season_reset TEXT NOT NULL DEFAULT 'fresh'
    CHECK (season_reset IN ('fresh', 'carry'));
ALTER TABLE guild_settings ADD COLUMN seasons_since DOUBLE PRECISION;

CREATE TABLE season_closes (
    guild_id   BIGINT           NOT NULL,
    season     TEXT             NOT NULL,
    starts_at  DOUBLE PRECISION NOT NULL,
    ends_at    DOUBLE PRECISION NOT NULL,
    closed_at  DOUBLE PRECISION NOT NULL,
    channel_id BIGINT,
    claimed_at DOUBLE PRECISION,
    message_id BIGINT,
    PRIMARY KEY (guild_id, season)
);

CREATE TABLE season_ratings (
    guild_id     BIGINT           NOT NULL,
    season       TEXT             NOT NULL,
    kind         TEXT             NOT NULL,
    user_id      BIGINT           NOT NULL,
    display_name TEXT             NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    games        INTEGER          NOT NULL,
    wins         INTEGER          NOT NULL,
    PRIMARY KEY (guild_id, season, kind, user_id)
);
