-- Notices the sweeper owes a game's channel (a turn's reminder, "ran out of time") are stored with the
-- change that calls for them and posted by the message reconciler, so a failed post is retried and a
-- crash before it is redone once at start-up. SQLite cannot widen a CHECK: the table is rebuilt.
CREATE TABLE messages_next (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL CHECK (kind IN (
        'hand', 'turn', 'result', 'left', 'notice', 'lost', 'gone', 'remind', 'timeout'
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

-- Games whose channel the bot can no longer post in (50013/50001): kept across restarts, so the host is
-- told once and the channel is not tried on every pass. `since` is when it was found.
CREATE TABLE lost_channels (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    since   REAL    NOT NULL
);

-- `ping_on_turn` was never read: `turn_notice` (0006) says when a player is told their turn started.
ALTER TABLE user_settings DROP COLUMN ping_on_turn;
