-- The token of the latest click on a seat's DM hand, and until when it may still post there (the bot's
-- clock, inside Discord's 15 minutes). The game's owner posts the seat's next turn's hand as a follow-up
-- of that click, outside the global rate limit, whichever process received the click (every DM click
-- reaches shard 0). A token is scoped to its one interaction and lapses with it.
ALTER TABLE messages ADD COLUMN reply_token TEXT;
ALTER TABLE messages ADD COLUMN reply_until REAL;
