-- PostgreSQL's form of ../0012_lobby_notes.sql: PostgreSQL widens the kind CHECK in place.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN (
    'hand', 'turn', 'result', 'left', 'notice', 'lost', 'gone', 'remind', 'timeout', 'note'
));
