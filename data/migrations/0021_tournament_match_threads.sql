-- A match's thread, stored as soon as it is opened and before its game's lobby is made: a start redone
-- after a crash (data.tournaments `claim_match`) seats the match in that thread instead of opening a
-- second, empty one; a replacement game (its lobby closed undealt) plays in it too.
ALTER TABLE tournament_matches ADD COLUMN thread_id INTEGER;
