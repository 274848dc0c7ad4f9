-- What a newcomer has been shown already, so each first-time message appears once.
-- `guides`: a person's guided first game of a kind is over (they finished one), or `kind` '*' when
-- they turned first-game tips off in /settings. Rows are per person, not per server: a guide is
-- about learning a game, wherever it was played.
CREATE TABLE guides (
    user_id INTEGER NOT NULL,
    kind    TEXT    NOT NULL,
    done_at REAL    NOT NULL,
    PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;

-- Whoever finished a game before guides existed has had their first game of that kind.
INSERT INTO guides (user_id, kind, done_at)
SELECT mp.user_id, m.kind, MIN(m.finished_at)
FROM match_players mp JOIN matches m ON m.id = mp.match_id
WHERE mp.is_computer = 0 AND mp.user_id > 0
GROUP BY mp.user_id, m.kind;

-- `welcomes`: the bot's first message in a server, claimed before it is posted so a reconnect, a
-- restart or a second process never posts it twice. `channel_id` is NULL when no channel would take
-- it (missing permissions): the server is skipped, not retried.
CREATE TABLE welcomes (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER,
    message_id INTEGER,
    at         REAL    NOT NULL
);
