"""A thread per game: opened with the lobby, holding the table and every notice, archived at the end.

Where the setting lives: `/settings server` turns threads on for a server (off by default) and a
`/<game> new thread:` option overrides it for one table. A game in a thread keeps its channel as
`channel_id` and its thread as `thread_id` (opened before the lobby row is written, so it never holds
the channel: `data.games` raises ChannelBusy only for games without a thread, and a channel may hold
any number of threaded games beside one of its own).

The lobby message stays in the channel, saying which thread the table opens in; at Start the table
is posted in the thread and the lobby becomes a note linking to it. Everything the reconciler posts
(turn notices, reminders, timeouts, "left", the standings) goes where `game_channel` says, one
answer for every artefact. Once the result is out, the reconciler archives the thread as a step of
its own, recorded (data.messages.set_thread_archived), so a restart between the result and the
archive still archives it.

Missing permissions (Create Public Threads, Send Messages in Threads: 50013) never stop a game: the
table plays in the channel, and the lobby says why in words a server admin can act on.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.refusals import Refusal, Refused, RetryPolicy, retrying

if TYPE_CHECKING:
    from data import GameRecord

log = logging.getLogger(__name__)

# Discord's longest auto-archive (a week), so a casual game's thread stays open between turns; the
# bot archives it itself when the game ends.
AUTO_ARCHIVE_MINUTES: Literal[10080] = 10080
MAX_THREAD_NAME = 100  # Discord's limit for a channel name
NEEDED = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)

NO_THREAD_HERE = (
    "I couldn't open a thread for this table: I need **Create Public Threads** and **Send Messages in "
    "Threads** in this channel. The game plays here in the channel instead."
)
NO_THREAD_IN_THREAD = "This channel is a thread already, so the table plays right here."


def game_channel(record: GameRecord) -> int:
    """Where a game's messages go: the channel of its table (the thread, once the table is posted
    there), else its thread, else its channel. Every post, notice and result asks this."""
    return record.table_channel_id or record.thread_id or record.channel_id


def thread_name(title: str, host: str) -> str:
    return f"{title} · {host}"[:MAX_THREAD_NAME]


def missing(permissions: discord.Permissions) -> list[str]:
    """The thread permissions the bot lacks, by the names Discord's settings show."""
    names = {"create_public_threads": "Create Public Threads", "send_messages_in_threads": "Send Messages in Threads"}
    return [label for flag, label in names.items() if not getattr(permissions, flag)]


class GameThreads:
    """Opens and archives game threads through Discord's REST API, each request retried (bot.refusals)."""

    def __init__(self, client: discord.Client, policy: RetryPolicy) -> None:
        self.client = client
        self.policy = policy

    async def open(self, interaction: discord.Interaction, title: str) -> tuple[int | None, str]:
        """A public thread in the interaction's channel for a new table: (its id, "") or (None, why not)."""
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            return None, NO_THREAD_IN_THREAD
        if not isinstance(channel, discord.TextChannel) or interaction.channel_id is None:
            return None, NO_THREAD_HERE
        if missing(interaction.app_permissions):
            return None, NO_THREAD_HERE
        name = thread_name(title, interaction.user.display_name)
        channel_id = interaction.channel_id

        async def start() -> Any:
            return await self.client.http.start_thread_without_message(
                channel_id,
                name=name,
                auto_archive_duration=AUTO_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value,
            )

        try:
            data = await retrying(start, self.policy, f"opening a thread in channel {channel_id}")
        except Refused as refused:
            if refused.refusal in (Refusal.CHANNEL_LOST, Refusal.CHANNEL_GONE):
                log.info("no thread in channel %d: %s", channel_id, refused)
                return None, NO_THREAD_HERE
            raise
        return int(data["id"]), ""

    async def archive(self, game_id: int, thread_id: int) -> bool:
        """Archive a finished game's thread; True once nothing is left to do (archived, deleted, or not
        the bot's to archive), False when it should be tried again (a transient failure)."""

        async def edit() -> Any:
            return await self.client.http.edit_channel(thread_id, archived=True)

        try:
            await retrying(edit, self.policy, f"archiving the thread of game {game_id}")
        except Refused as refused:
            if refused.refusal is Refusal.TRANSIENT:
                log.warning("could not archive the thread of game %d for now: %s", game_id, refused)
                return False
            # Gone (10003) or not allowed (50013): there is nothing the bot can do; Discord's own
            # auto-archive closes the thread after a week without messages.
            log.info("the thread of game %d is left as it is: %s", game_id, refused)
            return True
        log.info("archived the thread of game %d", game_id)
        return True
