-- PostgreSQL's form of ../0014_languages.sql: the same columns.
ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN seen_locale TEXT;
ALTER TABLE guild_settings ADD COLUMN language TEXT;
