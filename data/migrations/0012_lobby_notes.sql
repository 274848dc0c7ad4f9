-- The lobby message a threaded game leaves in its channel ("the table plays in <#thread>") is a message of
-- the game like the others: stored as kind 'note' at the start, so the reconciler shows the result on it
-- once the game ends (after a restart too) and records that it did. SQLite cannot widen a CHECK: the
-- table is rebuilt, as in 0008.
CREATE TABLE messages_next (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN (
        'hand', 'turn', 'result', 'left', 'notice', 'lost', 'gone', 'remind', 'timeout', 'note'
    )),
    seat          INTEGER NOT NULL,
    channel_id    INTEGER,
    message_id    INTEGER,
    shown_version INTEGER NOT NULL,
    shown_key     TEXT    NOT NULL DEFAULT '',
    turn          INTEGER,
    live          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, kind, seat)
) WITHOUT ROWID;
INSERT INTO messages_next SELECT game_id, kind, seat, channel_id, message_id, shown_version, shown_key, turn, live
FROM messages;
DROP TABLE messages;
ALTER TABLE messages_next RENAME TO messages;
