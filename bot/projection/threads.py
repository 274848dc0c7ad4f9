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
archive still archives it. The lobby note in the channel is a stored message of the game too (kind
NOTE, saved at Start): at the end the reconciler edits it once into a line with the result and the
link (`note_over`), and records that, so the edit is redone after a restart and never made twice.
After the archive nothing is posted in the thread for that game: a post would reopen it (Discord
unarchives a thread on a send), so a notice that comes due that late is dropped (bot.projection.reconciler).

A thread is named for its table, "Thirteen #12 · Alice", the game named in the server's language (the
whole server sees the thread: `table_title`): opened before the game's row (and so its number) exists,
it is renamed once the lobby is posted (`thread_name`). A rematch opens in the same
thread and renames it for the new game; at its Start it takes over the channel's note (`taken_note`),
so the channel keeps one line per thread, showing the latest game's end.

Missing permissions (Create Public Threads, Send Messages in Threads: 50013) never stop a game: the
table plays in the channel, and the lobby says why in words a server admin can act on. A thread that
a moderator archived and locked mid-game (a send refused with 50083), or that the bot may no longer
post in (50001, 50013), refuses for good: the game goes on by DM, whatever the reconciler posts goes
to the thread's parent channel instead (`thread_refuses`), and at the end the channel's note says the
standings are posted below it.

A thread deleted mid-game (THREAD_DELETE at once, or 10003 when the bot's next request finds it gone)
does not end the game: `ThreadDeletions` posts a fresh table in the parent channel, which from then on
is where the game's messages go, and edits the channel's note to say the game goes on there. Only when
the parent channel refuses too does the game end as with a deleted channel (bot.projection.reconciler).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal, Protocol

import discord

from bot.kit.layout import notice_kwargs
from bot.kit.names import shown_name
from bot.kit.refusals import Refusal, Refused, RetryPolicy, retrying
from bot.kit.texts import end_reason, place_word
from data import GameStatus, MessageKind, ShownMessage
from data.messages import GAME_WIDE
from locales import SOURCE, listing, t
from rendering.text import ELLIPSIS, clean, graphemes

if TYPE_CHECKING:
    from bot.moves.service import GameService, Loaded
    from data import GameRecord, MatchRecord

log = logging.getLogger(__name__)

# Discord's longest auto-archive (a week), so a casual game's thread stays open between turns; the
# bot archives it itself when the game ends.
AUTO_ARCHIVE_MINUTES: Literal[10080] = 10080
MAX_THREAD_NAME = 100  # Discord's limit for a channel name
NOTE_SHOWN = "over"  # the key of a lobby note once it shows the game's end (data.messages)
THREAD_ARCHIVED = 50083  # Discord refuses edits in an archived thread, and sends in a locked one
NEEDED = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)

NO_THREAD_HERE = (
    "I couldn't open a thread for this table: I need **Create Public Threads** and **Send Messages in "
    "Threads** in this channel. The game plays here in the channel instead."
)
NO_THREAD_IN_THREAD = "This channel is a thread already, so the table plays right here."


def no_thread_here(lang: str) -> str:
    return t(
        lang,
        "I couldn't open a thread for this table: I need **Create Public Threads** and **Send Messages in "
        "Threads** in this channel. The game plays here in the channel instead.",
    )


def thread_notice(lang: str, notice: str) -> str:
    """A notice `GameThreads.open` gave (stored and passed on in English) in a reader's language."""
    if notice == NO_THREAD_HERE:
        return no_thread_here(lang)
    if notice == NO_THREAD_IN_THREAD:
        return t(lang, "This channel is a thread already, so the table plays right here.")
    return notice


def game_channel(record: GameRecord) -> int:
    """Where a game's messages go: the channel of its table (the thread, once the table is posted
    there), else its thread, else its channel. Every post, notice and result asks this."""
    return record.table_channel_id or record.thread_id or record.channel_id


def thread_refuses(refused: Refused) -> bool:
    """Whether a thread refused a post for good: archived and locked by a moderator (50083), or closed to
    the bot (50001 Missing Access, 50013 Missing Permissions). Its parent channel takes the post instead."""
    error = refused.error
    archived = isinstance(error, discord.HTTPException) and error.code == THREAD_ARCHIVED
    return archived or refused.refusal is Refusal.CHANNEL_LOST


def name_length(text: str) -> int:
    """A name's length as the stricter of code points and UTF-16 units, so a name within the limit fits
    however it is counted (an emoji outside the BMP is one code point, two UTF-16 units)."""
    return max(len(text), len(text.encode("utf-16-le")) // 2)


def thread_name(title: str, host: str, game_id: int | None = None) -> str:
    """The thread's name, "Thirteen #12 · Alice", so a channel listing several tables' threads reads at a glance. Within
    Discord's 100 characters: a long host name is cut between graphemes (never inside an emoji or an
    accented letter) and ends in an ellipsis. Without `game_id` (the thread opens before the game's
    row is written) the number is left out until the rename."""
    head = f"{title} #{game_id} · " if game_id is not None else f"{title} · "
    name = clean(host, placeholder="?")
    if name_length(head + name) <= MAX_THREAD_NAME:
        return head + name
    room = MAX_THREAD_NAME - name_length(head + ELLIPSIS)
    kept = ""
    for cluster in graphemes(name):
        if name_length(kept + cluster) > room:
            break
        kept += cluster
    return (head + kept.rstrip() + ELLIPSIS) if room > 0 else head[:MAX_THREAD_NAME]


async def table_title(service: GameService, guild_id: int, kind: str, options: Mapping[str, Any]) -> str:
    """The game's name in its thread's name: in the server's language, as the table reads (a thread is seen
    by the whole server, not by one player), with the table's options (a Schnapsen table is named for its
    preset, D-SX-1): "Tiến lên #12 · Alice" at a Vietnamese server."""
    lang = await service.table_language(guild_id)
    return service.adapter(kind).name(lang, options)


def lobby_note(record: GameRecord) -> ShownMessage | None:
    """The lobby message a game leaves in its channel once its table is posted in the thread (the
    record as it was before that post, still naming the lobby message): stored at Start, shown at
    the end by the reconciler."""
    if record.thread_id is None or record.table_channel_id is None or record.table_message_id is None:
        return None
    if record.table_channel_id == record.thread_id:
        return None  # a lobby in the thread (a rematch) becomes the table there: it takes the note over
    return ShownMessage(
        record.id, MessageKind.NOTE, GAME_WIDE, record.table_channel_id, record.table_message_id, record.version
    )


def taken_note(record: GameRecord, previous: ShownMessage) -> ShownMessage:
    """A rematch in the thread takes over the note the thread's earlier game left in the channel: the
    channel keeps one line per thread, and at the rematch's end that line shows the rematch's result
    (the earlier standings stay in the thread). Stored at the rematch's Start, so a rematch lobby that
    never starts leaves the earlier result on the note."""
    return dataclasses.replace(previous, game_id=record.id, version=record.version, key="")


def note_over(
    title: str, record: GameRecord, match: MatchRecord | None, *, moved: bool = False, lang: str = SOURCE
) -> str:
    """The lobby note once the game has ended, in one line: the winner, the other places in order, and
    the link to the thread that holds the standings (or why the game ended early). `moved`: the thread
    refused the standings (archived and locked by a moderator), so they were posted in this channel,
    below the note, and the note says so."""
    where = f"<#{record.thread_id}>" if record.thread_id is not None else ""
    game, number = title, record.id
    if record.status is not GameStatus.FINISHED:
        reason = end_reason(lang, record.end_reason)
        return t(
            lang,
            "**{game}** · table #{number} ended early: {reason}. Nothing was rated · {thread}",
            game=game,
            number=number,
            reason=reason,
            thread=where,
        )
    if moved:
        standings = t(lang, "{thread} was closed, so the standings are posted below", thread=where)
    else:
        standings = t(lang, "standings in {thread}", thread=where)
    if match is None:  # finished, its match not found: the standings say the rest
        return t(
            lang, "🏆 **{game}** · table #{number} is over · {standings}", game=game, number=number, standings=standings
        )
    places: dict[int, list[str]] = {}
    for player in sorted(match.players, key=lambda p: (p.place, p.seat)):
        places.setdefault(player.place, []).append(shown_name(player.display_name))
    parts = []
    for place, names in sorted(places.items()):
        together = listing(lang, names)
        if place == 1:
            parts.append(t(lang, "{names} won", names=together))
        else:
            parts.append(t(lang, "{place} {names}", place=place_word(lang, place), names=together))
    return t(
        lang,
        "🏆 **{game}** · table #{number} is over: {results}",
        game=game,
        number=number,
        results=" · ".join([*parts, standings]),
    )


def missing(permissions: discord.Permissions) -> list[str]:
    """The thread permissions the bot lacks, by the names Discord's settings show."""
    names = {"create_public_threads": "Create Public Threads", "send_messages_in_threads": "Send Messages in Threads"}
    return [label for flag, label in names.items() if not getattr(permissions, flag)]


class GameThreads:
    """Opens, names and archives game threads, and shows a game's end on its lobby note, through Discord's
    REST API, each request retried (bot.kit.refusals)."""

    def __init__(self, client: discord.Client, policy: RetryPolicy) -> None:
        self.client = client
        self.policy = policy

    async def open(self, interaction: discord.Interaction, title: str) -> tuple[int | None, str]:
        """A public thread in the interaction's channel for a new table: (its id, "") or (None, why not,
        in English: `thread_notice` gives it in a reader's language)."""
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

    async def rename(self, game_id: int, thread_id: int, name: str) -> None:
        """Give a game's new thread its full name, number included. A name is a courtesy: a refusal or a
        failure leaves the first name ("Thirteen · Alice") and the game goes on."""

        async def edit() -> Any:
            return await self.client.http.edit_channel(thread_id, name=name)

        try:
            await retrying(edit, self.policy, f"naming the thread of game {game_id}")
        except Refused as refused:
            log.info("the thread of game %d keeps its first name: %s", game_id, refused)

    async def show_note(self, game_id: int, note: ShownMessage, text: str) -> bool:
        """Edit the lobby note in the channel into `text` (no controls, no ping: an edit notifies nobody).
        True once nothing is left to do (edited, or the note or its channel gone or closed to the bot),
        False when it should be tried again (a transient failure)."""
        assert note.channel_id is not None and note.message_id is not None
        message = self.client.get_partial_messageable(note.channel_id).get_partial_message(note.message_id)

        async def edit() -> Any:
            return await message.edit(**notice_kwargs(text), allowed_mentions=discord.AllowedMentions.none())

        # Deleted (10008, 10003), no longer the bot's to edit (50013, 50001), or refused outright: the
        # note keeps its link to the thread, which shows the standings.
        return await self._settled(edit, f"show the end of game {game_id} on its lobby note")

    async def archive(self, game_id: int, thread_id: int) -> bool:
        """Archive a finished game's thread; True once nothing is left to do (archived, deleted, or not
        the bot's to archive), False when it should be tried again (a transient failure)."""

        async def edit() -> Any:
            return await self.client.http.edit_channel(thread_id, archived=True)

        # Gone (10003) or not allowed (50013): there is nothing the bot can do; Discord's own
        # auto-archive closes the thread after a week without messages.
        return await self._settled(edit, f"archive the thread of game {game_id}")

    async def _settled(self, edit: Callable[[], Awaitable[Any]], what: str) -> bool:
        """Run a reconciled step's request with retries: True once nothing is left to do (done, or
        refused for good, which is logged and let be), False after a transient failure (try again)."""
        try:
            await retrying(edit, self.policy, what)
        except Refused as refused:
            if refused.refusal is Refusal.TRANSIENT:
                log.warning("could not %s for now: %s", what, refused)
                return False
            log.info("%s: refused for good, left as it is (%s)", what, refused)
            return True
        log.info("%s: done", what)
        return True


def thread_deleted_note(title: str, record: GameRecord, lang: str = SOURCE) -> str:
    """The channel's note once the game's thread was deleted mid-game: the game goes on in this channel,
    in the fresh table below the note."""
    return t(
        lang,
        "**{game}** · table #{number}: its thread was deleted, so the game goes on here in the channel, "
        "in the table below.",
        game=title,
        number=record.id,
    )


class TablePoster(Protocol):
    """The slice of the table updater (bot.projection.table) a game leaving its deleted thread uses."""

    async def post(self, loaded: Loaded, channel_id: int) -> Any: ...

    def on_moved(self, game_id: int) -> None: ...


class ThreadDeletions:
    """A game whose thread was deleted mid-game carries on in the thread's parent channel (see the module
    docstring): a fresh table there, and the channel's note says so. Each game moves once, however many
    steps find its thread gone at the same time (the table's edit, a notice's post, THREAD_DELETE)."""

    def __init__(self, service: GameService, tables: TablePoster, threads: GameThreads) -> None:
        self.service = service
        self.tables = tables
        self.threads = threads
        self._moving: dict[int, asyncio.Lock] = {}

    async def carry_on(self, game_id: int) -> bool:
        """Move an active game out of its deleted thread: True once it plays in its channel (now or
        already), False when it is not an active game of a thread or the channel refused the table too."""
        lock = self._moving.setdefault(game_id, asyncio.Lock())
        async with lock:
            loaded = await self.service.load(game_id)
            record = loaded.record
            if record.thread_id is None or record.status is not GameStatus.ACTIVE:
                return False
            if game_channel(record) != record.thread_id:
                return True  # moved already: another step found the thread gone first
            try:
                await self.tables.post(loaded, record.channel_id)
            except Refused as refused:
                log.info("game %d: its thread is gone and its channel refuses the table too (%s)", game_id, refused)
                return False
            log.info("game %d: its thread %d was deleted; it goes on in channel %d", game_id, record.thread_id,
                     record.channel_id)  # fmt: skip
            self.tables.on_moved(game_id)  # the hands' links follow the fresh table
            note = await self.service.db.messages.get(game_id, MessageKind.NOTE)
            if note is not None and note.message_id is not None and note.channel_id is not None:
                lang = await self.service.table_language(record.guild_id)  # the channel reads it
                title = self.service.adapter(record.kind).name(lang, record.options)
                await self.threads.show_note(game_id, note, thread_deleted_note(title, record, lang))
        return True
