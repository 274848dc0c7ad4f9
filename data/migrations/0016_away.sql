-- A person away from their casual tables (their turn timers stop, up to the server's limit) and their time
-- zone; a server's away limit, quiet hours for casual deadlines and its time zone. away_since is NULL when
-- the person is not away; away_until NULL with away_since set means "until I'm back". Quiet hours are
-- minutes after midnight (both NULL: none).
ALTER TABLE user_settings ADD COLUMN away_since REAL;
ALTER TABLE user_settings ADD COLUMN away_until REAL;
ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
ALTER TABLE guild_settings ADD COLUMN away_limit_seconds INTEGER NOT NULL DEFAULT 604800 CHECK (away_limit_seconds >= 0);
ALTER TABLE guild_settings ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439);
ALTER TABLE guild_settings ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 1439);
ALTER TABLE guild_settings ADD COLUMN time_zone TEXT;
