-- Round times of a casual tournament (tournaments.schedule): `round_seconds` between round starts (0: a
-- round starts when the previous one's last match ends), and `round_times`, the starts the organiser
-- pinned (JSON seconds, round 0 first; '[]' until the organiser moves a round: the start time is round 0's).
-- The same SQL serves PostgreSQL (INTEGER and TEXT are both engines' types).
ALTER TABLE tournaments ADD COLUMN round_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN round_times TEXT NOT NULL DEFAULT '[]';
