-- The name of the server a game was opened on, as the opening interaction named it. Every private
-- message of the game names its server; only the shard of that server has the server in its cache, and
-- any process may draw a hand (a DM click reaches shard 0), so the name is read from the game's row:
-- two processes drawing the same state draw the same message.
ALTER TABLE games ADD COLUMN guild_name TEXT;
