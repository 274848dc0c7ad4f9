-- A game may play in its own thread of its channel (a server setting, or the host's choice): `thread_id`
-- (0001) is that thread, opened with the lobby. Such a game does not hold its channel, so a channel holds
-- at most one game of its own beside any number played in its threads.
DROP INDEX games_one_open_per_channel;
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active') AND thread_id IS NULL;

-- Threads archived after their game ended (or found deleted): the reconciler archives a thread once the
-- result is out, and after a restart redoes what is not recorded here.
CREATE TABLE archived_threads (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    at      REAL    NOT NULL
);

-- Whether new tables of the server open in their own thread (off unless a manager turns it on).
ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;
