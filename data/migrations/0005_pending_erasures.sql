-- A user erased while seated in an open game (a computer plays the seat on) is erased from that
-- game's result when it ends. Kept here, not in the bot's memory, so a restart cannot forget it.
CREATE TABLE pending_erasures (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    pseudonym INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
