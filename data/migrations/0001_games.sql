-- Games, seats, the append-only move log and replay snapshots (design §5).
-- Times are UNIX seconds written by the caller; Discord ids are 64-bit snowflakes, which fit INTEGER.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    kind             TEXT    NOT NULL,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    host_user_id     INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    timer            TEXT    NOT NULL CHECK (timer IN ('live', 'casual')),
    turn_seconds     INTEGER NOT NULL CHECK (turn_seconds > 0),
    deadline         REAL,
    reminder_sent    INTEGER NOT NULL DEFAULT 0,
    table_channel_id INTEGER,
    table_message_id INTEGER,
    created_at       REAL    NOT NULL,
    started_at       REAL,
    ended_at         REAL,
    end_reason       TEXT,
    updated_at       REAL    NOT NULL
);

-- One open game per channel: the database, not a check-then-insert race, enforces it.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_open_by_thread ON games (thread_id) WHERE status IN ('lobby', 'active') AND thread_id IS NOT NULL;
-- The sweeper's question, "which open games are due?", is a range scan on this index.
CREATE INDEX games_open_deadline ON games (deadline) WHERE status IN ('lobby', 'active') AND deadline IS NOT NULL;
CREATE INDEX games_open ON games (id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id              INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat                 INTEGER NOT NULL CHECK (seat >= 0),
    user_id              INTEGER,
    display_name         TEXT    NOT NULL,
    computer_level       TEXT,
    timeouts             INTEGER NOT NULL DEFAULT 0,
    consecutive_timeouts INTEGER NOT NULL DEFAULT 0,
    hand_channel_id      INTEGER,
    hand_message_id      INTEGER,
    PRIMARY KEY (game_id, seat),
    CHECK (user_id IS NOT NULL OR computer_level IS NOT NULL)
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_user_once_per_game ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- seq is the game version the move produced: move n takes the game from version n-1 to n.
CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    code    TEXT    NOT NULL,
    actor   INTEGER,
    source  TEXT    NOT NULL CHECK (source IN ('player', 'computer', 'timeout')),
    at      REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- A cache of engine.to_dict() at a version; the move log stays the source of truth.
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    state   TEXT    NOT NULL,
    at      REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
