-- The turn digest (`/settings turns digest:`): instead of a notifying DM per casual turn start, one DM at
-- most every `digest_hours` hours listing the casual tables waiting for the person (0 = no digest).
ALTER TABLE user_settings ADD COLUMN digest_hours INTEGER NOT NULL DEFAULT 0;

-- One row per digest, claimed before it is posted: (user, window start) is taken once, so of several
-- passes (processes, a pass redone after a restart) one posts. `listed` holds the waiting turns it names
-- ("game:turn" pairs), so a digest is owed only when something new waits; `message_id` is NULL until
-- the post is recorded.
CREATE TABLE digests (
    user_id      INTEGER NOT NULL,
    window_start REAL    NOT NULL,
    claimed_at   REAL    NOT NULL,
    listed       TEXT    NOT NULL,
    channel_id   INTEGER,
    message_id   INTEGER,
    PRIMARY KEY (user_id, window_start)
) WITHOUT ROWID;
