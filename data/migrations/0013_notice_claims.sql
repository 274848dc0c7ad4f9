-- A notice the bot creates once per turn (the DM hand that tells a player their turn started) is claimed
-- here, in its own statement, before it is posted: one row per (game, kind, seat) holding the latest
-- version claimed and when. A process killed between the post and its record leaves the claim, so the
-- process that redoes the pass knows the notice may be out already: within Discord's nonce window it
-- posts again with the same nonce (Discord returns the first message), later it does not post at all.
CREATE TABLE notice_claims (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,
    seat    INTEGER NOT NULL,
    version INTEGER NOT NULL,
    at      REAL    NOT NULL,
    PRIMARY KEY (game_id, kind, seat)
) WITHOUT ROWID;
