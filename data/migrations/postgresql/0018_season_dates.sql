-- PostgreSQL's form of ../0018_season_dates.sql: the same change with PostgreSQL's types.
ALTER TABLE guild_settings ADD COLUMN season_custom_start DOUBLE PRECISION;
ALTER TABLE guild_settings ADD COLUMN season_custom_end DOUBLE PRECISION;
