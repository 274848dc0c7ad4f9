-- Tournaments (data.tournaments): an event a server runs, its entrants, its matches and its owed posts.
-- `event` is the pure event's state as JSON (tournaments.events), NULL while sign-up is open; `version`
-- grows at every change, so two processes stepping one tournament cannot both apply a step.
-- `shown_version` is the version the sign-up message last showed (the reconciler edits it until equal).
CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    kind            TEXT    NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',
    format          TEXT    NOT NULL CHECK (format IN ('swiss', 'tables', 'knockout')),
    rounds          INTEGER NOT NULL,
    seats           INTEGER NOT NULL,
    field           INTEGER NOT NULL DEFAULT 0,
    starts_at       REAL    NOT NULL,
    timer           TEXT    NOT NULL CHECK (timer IN ('live', 'casual')),
    turn_seconds    INTEGER NOT NULL,
    computers       INTEGER NOT NULL DEFAULT 0,
    checkin_minutes INTEGER NOT NULL DEFAULT 0,
    role_id         INTEGER,
    state           TEXT    NOT NULL DEFAULT 'signup'
        CHECK (state IN ('signup', 'running', 'finished', 'cancelled')),
    event           TEXT,
    version         INTEGER NOT NULL DEFAULT 0,
    message_id      INTEGER,
    shown_version   INTEGER NOT NULL DEFAULT -1,
    created_at      REAL    NOT NULL,
    champion        TEXT
);
CREATE INDEX tournaments_open ON tournaments (state) WHERE state IN ('signup', 'running');

-- Who signed up: `state` is 'joined' until they leave before the start ('left') or are removed or leave
-- during it ('dropped'). Computer entrants (computers may fill) have negative ids.
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    state         TEXT    NOT NULL DEFAULT 'joined' CHECK (state IN ('joined', 'left', 'dropped')),
    checked_in    INTEGER NOT NULL DEFAULT 0,
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- One row per match (a pairing or a table) of a round: its players in seat order, the ordinary game that
-- plays it once started (`claimed_at` is the start in progress, `seed` the seed its game is made with, so a
-- start redone after a crash finds the game it made), and its finishing order once over.
CREATE TABLE tournament_matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    players       TEXT    NOT NULL,
    game_id       INTEGER,
    claimed_at    REAL,
    seed          INTEGER,
    result        TEXT,
    PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;
CREATE INDEX tournament_matches_game ON tournament_matches (game_id);

-- Posts owed about a tournament (the standings after a round, the champion): posted once, with a nonce,
-- claimed first like a season's closing post.
CREATE TABLE tournament_posts (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    key           TEXT    NOT NULL,
    claimed_at    REAL,
    message_id    INTEGER,
    PRIMARY KEY (tournament_id, key)
) WITHOUT ROWID;

-- Whether anyone on the server may open a tournament (off: games managers only, bot.permissions).
ALTER TABLE guild_settings ADD COLUMN tournaments_open INTEGER NOT NULL DEFAULT 0;
