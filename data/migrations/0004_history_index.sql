-- Server-wide history ("recent matches" without a kind) reads newest first; the kind-first index
-- from 0002 cannot serve that order, so a 100,000-match server sorted the whole log per request.
CREATE INDEX matches_recent_all_kinds ON matches (guild_id, finished_at, id);
