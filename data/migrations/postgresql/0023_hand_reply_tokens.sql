-- PostgreSQL's form of ../0023_hand_reply_tokens.sql (a UNIX time needs a double there).
ALTER TABLE messages ADD COLUMN reply_token TEXT;
ALTER TABLE messages ADD COLUMN reply_until DOUBLE PRECISION;
