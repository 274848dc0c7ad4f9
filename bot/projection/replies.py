"""Each person's latest click in their DM, whose interaction token may post a new message there outside
the global rate limit.

Why: Discord counts a bot's REST requests against 50 a second over all routes together, except
interaction callbacks and interaction webhooks (discord-notes C.1). A turn's hand must be a new message,
since an edit notifies nobody: one counted post per move, which alone held a bot to the pace's 45 moves
a second however little else a move cost (`bot.kit.pacing`; bench.bot's load run). But a person who
clicked their DM hand lately left a token that may post follow-up messages in that same DM for 15
minutes; a follow-up is a new message, which notifies them as any other does, and it goes through the
exempt webhook. So their next turn's hand is posted that way when their click is recent enough
(`Tuning.token_edit_window`, inside Discord's 15 minutes), and over REST otherwise: a first hand, a
player slower than the window, a token Discord refuses (bot.projection.reconciler `_dm_hand`).

The same token may edit the message that was clicked (the interaction's original). A hand that changes
while its person waits (Sixty-Six's hand names the last trick, which the other player may have just
won) is edited through it, outside the global limit too, while the person's latest click was on that
very hand (`editing`); otherwise, or when Discord refuses it, over REST.

The process that got the click holds its token in memory, and stores it with the clicked hand's row
(`messages.reply_token`, no statement of its own: the click's answer saves that row anyway). Discord
sends every DM click to shard 0, so a game another process owns finds its seats' tokens in the hand
rows its pass reads, and a restart finds them there too. A token is scoped to one interaction and
lapses with the window; one Discord refused is not tried again by this process.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot.kit.transport import Reply
from data.models import ShownMessage

log = logging.getLogger(__name__)

PRUNE_AT = 4096  # people remembered before the expired tokens are swept out (amortised: doubled each time)


class Replies:
    """The latest usable DM click of each person, by user id."""

    def __init__(self, window: float, clock: Callable[[], float]) -> None:
        self.window = window
        self.clock = clock
        self._by_user: dict[int, Reply] = {}
        self._refused: set[str] = set()  # tokens Discord refused, or may have (`drop`)
        self._prune_at = PRUNE_AT
        self.used = 0  # hands posted through a token (tests read it)
        self.edited = 0  # waiting hands edited through a token (tests read it)

    def note(self, interaction: discord.Interaction) -> Reply | None:
        """A click on a DM message the bot answered: its token may post in that DM from now on. The Reply
        noted (stored with the hand's row too: `stored`), None when it may not."""
        if self.window <= 0 or interaction.guild_id is not None or interaction.channel_id is None:
            return None
        clicked = interaction.message.id if interaction.message is not None else None
        reply = self._by_user[interaction.user.id] = Reply(
            interaction.application_id, interaction.token, interaction.channel_id, self.clock() + self.window, clicked
        )
        if len(self._by_user) >= self._prune_at:
            now = self.clock()
            self._by_user = {user: reply for user, reply in self._by_user.items() if reply.until > now}
            self._prune_at = max(PRUNE_AT, 2 * len(self._by_user))
        return reply

    def stored(self, row: ShownMessage | None, channel_id: int | None) -> Reply | None:
        """The token stored with a seat's hand row by whichever process answered the click on it (every DM
        click reaches shard 0, while the game's owner posts its next hand), if still within its window,
        in `channel_id`, and not refused here before."""
        if row is None or row.reply_token is None or row.reply_until is None or row.channel_id is None:
            return None
        if self.clock() >= row.reply_until or (channel_id is not None and row.channel_id != channel_id):
            return None
        if row.reply_token in self._refused:
            return None
        return Reply(None, row.reply_token, row.channel_id, row.reply_until)

    def fresh(self, user_id: int, channel_id: int | None) -> Reply | None:
        """The person's token, if it is still within its window and posts in `channel_id` (their DM)."""
        reply = self._by_user.get(user_id)
        if reply is None:
            return None
        if self.clock() >= reply.until or (channel_id is not None and reply.channel_id != channel_id):
            del self._by_user[user_id]
            return None
        return reply

    def editing(self, user_id: int, message_id: int | None) -> Reply | None:
        """The person's token if the click it came from was on `message_id` (its interaction's original,
        which it may edit) and it is still within its window. Held in memory only: a token stored with a
        hand's row no longer knows which message it was clicked on once the row points at a newer one."""
        reply = self.fresh(user_id, None)
        if reply is None or message_id is None or reply.message_id != message_id or reply.token in self._refused:
            return None
        return reply

    def drop(self, user_id: int, reply: Reply) -> None:
        """Discord refused the token (or may have): it is not tried again, from memory or from a row."""
        if self._by_user.get(user_id) == reply:
            del self._by_user[user_id]
        if len(self._refused) >= PRUNE_AT:  # a token lapses within the window: old ones need no memory
            self._refused.clear()
        self._refused.add(reply.token)
