-- PostgreSQL's form of ../0016_away.sql.
ALTER TABLE user_settings ADD COLUMN away_since DOUBLE PRECISION;
ALTER TABLE user_settings ADD COLUMN away_until DOUBLE PRECISION;
ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
ALTER TABLE guild_settings ADD COLUMN away_limit_seconds INTEGER NOT NULL DEFAULT 604800 CHECK (away_limit_seconds >= 0);
ALTER TABLE guild_settings ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439);
ALTER TABLE guild_settings ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 1439);
ALTER TABLE guild_settings ADD COLUMN time_zone TEXT;
