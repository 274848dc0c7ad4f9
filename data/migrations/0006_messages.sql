-- What each visible message of a game last showed, so the bot can bring every message to the stored
-- state (after a restart too) and skip edits that would change nothing. `seat` is -1 for messages of
-- the whole game (table, result). `shown_key` fingerprints the drawn content; `turn` is the version
-- at which the turn this message announced began; `live` says whether it still has controls.
CREATE TABLE messages (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN ('hand', 'turn', 'result', 'left', 'notice', 'lost', 'gone')),
    seat          INTEGER NOT NULL,
    channel_id    INTEGER,
    message_id    INTEGER,
    shown_version INTEGER NOT NULL,
    shown_key     TEXT    NOT NULL DEFAULT '',
    turn          INTEGER,
    live          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, kind, seat)
) WITHOUT ROWID;

-- Games that ended before this table existed had their announcement already: never post it again.
INSERT INTO messages (game_id, kind, seat, channel_id, message_id, shown_version)
SELECT id, 'result', -1, NULL, 0, version FROM games WHERE status IN ('finished', 'abandoned');

-- When a player is told that their turn started: every turn (the default), casual games only, never.
ALTER TABLE user_settings ADD COLUMN turn_notice TEXT NOT NULL DEFAULT 'every'
    CHECK (turn_notice IN ('every', 'casual', 'off'));
