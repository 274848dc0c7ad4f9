-- Languages: a person's own choice (`/settings language`; NULL follows Discord), the last Discord locale
-- seen on one of their interactions (for a DM sent with no interaction at hand), and a server's choice
-- for what its tables read (`/settings server`; NULL follows the server's preferred locale).
ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN seen_locale TEXT;
ALTER TABLE guild_settings ADD COLUMN language TEXT;
