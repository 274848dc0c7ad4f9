-- A match's thread (see the shared 0021): a Discord snowflake, beyond PostgreSQL's 32-bit INTEGER.
ALTER TABLE tournament_matches ADD COLUMN thread_id BIGINT;
