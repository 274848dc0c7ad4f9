"""Lobbies: open a table in a channel, fill it with people and computer players, start it.

The lobby message becomes the table message when the game starts, so a channel keeps one message
per game. The lobby message is the command's answer; a lobby whose message is not recorded within
`Tuning.unseen_lobby_grace` is closed by the sweeper (design §3.5), so it never holds its channel.

Table-size and computer-level choices live under `LOBBY_KEY` in the stored options while the lobby
is open and are stripped at the start, so the engine (and every replay) sees only its own options.

What the lobby works with is handed to it once (bot.kit.wiring): the game service, the table updater that
draws and posts the table, the reconciler's marks and the thread opener; it never reaches the bot.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.flows.away import lobby_marks
from bot.flows.confirm import CANCEL, Question, ask, cancel_question
from bot.kit.components import button
from bot.kit.ids import ComponentId, LobbyAction, TableAction
from bot.kit.languages import reader_language
from bot.kit.layout import lobby_card, notice_kwargs, table_card
from bot.kit.names import shown_name
from bot.kit.refusals import Refusal, Refused
from bot.kit.texts import duration, end_reason
from bot.projection.threads import (
    NO_THREAD_HERE,
    NOTE_SHOWN,
    lobby_note,
    no_thread_here,
    table_title,
    taken_note,
    thread_name,
)
from bot.projection.threads import thread_notice as translated_notice
from data import ChannelBusy, GameRecord, GameStatus, SeatError, TurnTimer
from data.models import DEFAULT_CASUAL_TURN_SECONDS, DEFAULT_LIVE_TURN_SECONDS, GuildSettings
from data.privacy import returning_user
from locales import SOURCE, listing, t, tn

if TYPE_CHECKING:
    from bot.kit.wiring import Marks, TablePosts, ThreadOpener
    from bot.moves.service import GameService, Loaded

log = logging.getLogger(__name__)

LOBBY_KEY = "_lobby"
COMPUTER_NAMES = ("Ada", "Bao", "Cleo", "Dario", "Ema", "Farid")
LEVELS = ("easy", "normal", "hard")
PACES = tuple(timer.value for timer in TurnTimer)

# Shared by every game's `/<game> new` command, so the three lobbies offer the same choices; their names
# are catalog strings, so Discord shows them in each client's language (bot.kit.languages.CatalogTranslator).
LEVEL_NAMES = {"easy": locale_str("easy"), "normal": locale_str("normal"), "hard": locale_str("hard")}
LEVEL_CHOICES = [app_commands.Choice(name=LEVEL_NAMES.get(level, level), value=level) for level in LEVELS]
# The paces keep their English names: Discord takes a choice's name for a command name (no spaces), and
# "live" has no one-word name in every language.
PACE_CHOICES = [app_commands.Choice(name=pace, value=pace) for pace in PACES]
# The words come from the same defaults the lobby shows ("live, 90 s a turn"), so the option help
# cannot drift from what a table actually gets; a server may change both in /settings.
# The template is the catalog message; Discord's English default is it filled here, and the translator
# (bot.kit.languages.CatalogTranslator) fills each language's own from the seconds it carries.
PACE_TEMPLATE = locale_str("live: {live} a turn; casual: {casual} a turn, with reminders (server defaults)").message
PACE_SECONDS = {"live": DEFAULT_LIVE_TURN_SECONDS, "casual": DEFAULT_CASUAL_TURN_SECONDS}
PACE_HELP = locale_str(
    PACE_TEMPLATE.format(**{key: duration(seconds) for key, seconds in PACE_SECONDS.items()}),
    template=PACE_TEMPLATE,
    durations=PACE_SECONDS,
)
THREAD_HELP = locale_str("Play in a thread of its own (default: the server's /settings server choice)")


async def table_row(
    service: GameService,
    threads: ThreadOpener | None,
    interaction: discord.Interaction,
    kind: str,
    guild: GuildSettings,
    *,
    timer: TurnTimer,
    options: Mapping[str, Any],
) -> tuple[GameRecord | int | None, int | None, str]:
    """A new table's row for `/<game> new` and the `/cardroom` Play buttons alike: its thread opened
    first when `threads` is given (the row names it, so ChannelBusy spares threaded tables; bot.projection.threads),
    then the lobby stored with a fresh seed and the server's turn time, due after the grace its message has
    to appear in (`unseen_deadline`). Returns (the record, or the id of the channel's own open game that
    holds it; the thread's id; what to tell the host about the thread)."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    thread_id, thread_notice = None, ""
    if threads is not None:
        title = await table_title(service, interaction.guild_id, kind, options)  # the server reads the thread's name
        thread_id, thread_notice = await threads.open(interaction, title)
    try:
        record = await service.db.games.create_lobby(
            kind=kind,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_user_id=interaction.user.id,
            seed=random.SystemRandom().randrange(2**62),
            at=service.clock(),
            timer=timer,
            turn_seconds=guild.turn_seconds(timer),
            options=options,
            deadline=unseen_deadline(service),
            thread_id=thread_id,
            guild_name=interaction.guild.name if interaction.guild is not None else None,
        )
    except ChannelBusy as busy:
        return busy.game_id, thread_id, thread_notice
    return record, thread_id, thread_notice


def unseen_deadline(service: GameService) -> float:
    """A new lobby's first deadline: the grace its message has to be recorded in (`show_lobby` then sets
    the idle timeout); the sweeper closes a lobby still unseen by then (design §3.5)."""
    tuning = service.tuning
    return service.clock() + min(tuning.unseen_lobby_grace, tuning.lobby_timeout)


async def lobby_shown(service: GameService, record: GameRecord, channel_id: int, message_id: int) -> bool:
    """Record a lobby's message, giving the lobby its idle timeout; False when the lobby was closed
    meanwhile (its grace ran out first: the caller turns the message into a note saying so)."""
    deadline = service.clock() + service.tuning.lobby_timeout
    return await service.db.games.show_lobby(record.id, channel_id, message_id, deadline=deadline)


def jump_link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


UNSEEN_REASON = "its lobby never appeared"  # the end reason of a lobby closed with no message recorded
UNSEEN_CLOSED = "closed: its lobby took too long to appear. Please open the table again."


async def busy_text(service: GameService, game_id: int | None, lang: str = SOURCE) -> str:
    """What `/<game> new` (or a Play or Rematch button) answers in a channel that holds an open game of
    its own: which game, a link to its message, and what to do."""
    record = await service.db.games.get(game_id) if game_id is not None else None
    if record is None or not record.status.is_open:
        return t(lang, "A game at this table has just ended. Please try again.")
    game, number = service.adapter(record.kind).name(lang, record.options), record.id
    link = None
    if record.table_channel_id is not None and record.table_message_id is not None:
        link = jump_link(record.guild_id, record.table_channel_id, record.table_message_id)
    if record.status is GameStatus.LOBBY and link is None:
        wait = max(0.0, (record.deadline or service.clock()) - service.clock()) + service.tuning.sweep_interval
        return t(
            lang,
            "There is already a game at this table: **{game}** #{number} was opened a moment ago, but its lobby "
            "never appeared. It closes by itself within {wait}; try again then, or open a table in another channel.",
            game=game,
            number=number,
            wait=duration(math.ceil(wait), lang),
        )
    if record.status is GameStatus.LOBBY:
        return t(
            lang,
            "There is already a game at this table: **{game}** #{number} is waiting in [its lobby]({link}). Join it "
            "there or ask its host to cancel it, or open a table in another channel.",
            game=game,
            number=number,
            link=link,
        )
    if link is not None:
        return t(
            lang,
            "There is already a game at this table: **{game}** #{number} is being played ([the table]({link})). "
            "Wait for it to end, or open a table in another channel.",
            game=game,
            number=number,
            link=link,
        )
    return t(
        lang,
        "There is already a game at this table: **{game}** #{number} is being played. Wait for it to end, or "
        "open a table in another channel.",
        game=game,
        number=number,
    )


@dataclass(frozen=True, slots=True)
class LobbySettings:
    """What the host chose when opening the table, beside the game's own options."""

    seats: int
    level: str = "normal"

    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats, "level": self.level}


def lobby_settings(options: Mapping[str, Any], default_seats: int) -> LobbySettings:
    raw = options.get(LOBBY_KEY) or {}
    return LobbySettings(seats=int(raw.get("seats", default_seats)), level=str(raw.get("level", "normal")))


def engine_options(options: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in options.items() if key != LOBBY_KEY}


def level_name(lang: str, level: str) -> str:
    """A computer level as the reader reads it."""
    names = {"easy": t(lang, "easy"), "normal": t(lang, "normal"), "hard": t(lang, "hard")}
    return names.get(level, level)


def computer_name(level: str, taken: Sequence[str]) -> str:
    for name in COMPUTER_NAMES:
        candidate = f"🤖 {name} ({level})"
        if candidate not in taken:
            return candidate
    return f"🤖 Computer {len(taken) + 1} ({level})"


class Lobby:
    """Lobby commands and buttons for every game kind."""

    def __init__(
        self, service: GameService, *, tables: TablePosts, marks: Marks, threads: ThreadOpener | None = None
    ) -> None:
        self.service = service
        self.tables = tables  # draws and posts the table at Start (bot.projection.table)
        self.marks = marks  # a started game's messages follow it (bot.projection.reconciler)
        self.threads = threads  # bot.projection.threads: a table in its own thread (None: never)

    # -- messages ----------------------------------------------------------------------------------

    def text(
        self, record: GameRecord, notice: str = "", away: Mapping[int, str] | None = None, lang: str = SOURCE
    ) -> str:
        """The lobby's text, in the server's language `lang` (the whole table reads it); `away` marks seated
        people away from casual tables (bot.flows.away.lobby_marks)."""
        adapter = self.service.adapter(record.kind)
        settings = lobby_settings(record.options, adapter.engine.max_players)
        game = adapter.name(lang, record.options)
        lines = [t(lang, "**{game}** · table #{number} is open", game=game, number=record.id)]
        values = {
            "host": f"<@{record.host_user_id}>",
            "time": duration(record.turn_seconds, lang),
            "level": level_name(lang, settings.level),
        }
        if record.timer is TurnTimer.LIVE:
            lines.append(
                tn(
                    lang,
                    "Host {host} · {n} seat · live, {time} a turn · computer players: {level}",
                    "Host {host} · {n} seats · live, {time} a turn · computer players: {level}",
                    settings.seats,
                    **values,
                )
            )
        else:
            lines.append(
                tn(
                    lang,
                    "Host {host} · {n} seat · casual, {time} a turn · computer players: {level}",
                    "Host {host} · {n} seats · casual, {time} a turn · computer players: {level}",
                    settings.seats,
                    **values,
                )
            )
        described = adapter.describe_options(engine_options(record.options), lang=lang)
        if described:
            lines.append(t(lang, "Table rules: {rules}", rules=described))
        seated = [
            f"{seat.seat + 1}. {self._seat_label(record, seat.user_id, seat.display_name, lang)}"
            + (away or {}).get(seat.user_id or 0, "")
            for seat in record.seats
        ]
        lines.append(
            t(
                lang,
                "Seated ({seated}/{seats}): {players}",
                seated=len(record.seats),
                seats=settings.seats,
                players=", ".join(seated) or t(lang, "nobody yet"),
            )
        )
        if record.thread_id is not None:
            lines.append(t(lang, "🧵 The table plays in {thread}.", thread=f"<#{record.thread_id}>"))
        lines.append(
            t(lang, "Press **Join** to take a seat. The host presses **Start**; empty seats get computer players.")
        )
        if notice:
            lines.append(f"_{notice}_")
        return "\n".join(lines)

    @staticmethod
    def _seat_label(record: GameRecord, user_id: int | None, name: str, lang: str = SOURCE) -> str:
        if returning_user(user_id) is None:  # a computer, or an erased player's seat: no one to mention
            return shown_name(name)
        if user_id == record.host_user_id:
            return t(lang, "{player} (host)", player=f"<@{user_id}>")
        return f"<@{user_id}>"

    def card(
        self, record: GameRecord, notice: str = "", away: Mapping[int, str] | None = None, lang: str = SOURCE
    ) -> discord.ui.LayoutView:
        """The lobby message: one Components V2 card (bot.kit.layout) of its text and buttons, in `lang`."""
        return lobby_card(self.text(record, notice, away, lang), self.items(record, lang))

    async def card_for(self, record: GameRecord, notice: str = "") -> discord.ui.LayoutView:
        """The lobby card in its server's language, its away marks read afresh (a thread's notice, given
        in English by bot.projection.threads, in that language too)."""
        lang = await self.service.table_language(record.guild_id)
        return self.card(record, translated_notice(lang, notice), await lobby_marks(self.service, record, lang), lang)

    def items(self, record: GameRecord, lang: str = SOURCE) -> list[discord.ui.Item[Any]]:
        gid = record.id
        return [
            button(ComponentId(gid, 0, LobbyAction.JOIN), t(lang, "Join"), style=discord.ButtonStyle.success),
            button(ComponentId(gid, 0, LobbyAction.QUIT), t(lang, "Leave")),
            button(ComponentId(gid, 0, LobbyAction.ADDBOT), t(lang, "Add computer player"), emoji="🤖"),
            button(ComponentId(gid, 0, LobbyAction.START), t(lang, "Start"), style=discord.ButtonStyle.primary),
            button(ComponentId(gid, 0, LobbyAction.CANCEL), t(lang, "Cancel"), style=discord.ButtonStyle.danger),
            # one tap from every table (router)
            button(ComponentId(gid, 0, TableAction.RULES), t(lang, "Rules"), emoji="📖"),
        ]

    # -- opening -----------------------------------------------------------------------------------

    async def open(
        self,
        interaction: discord.Interaction,
        kind: str,
        *,
        seats: int,
        level: str,
        timer: TurnTimer,
        options: Mapping[str, Any],
        thread: bool | None = None,
    ) -> None:
        """Answer a `/<game> new` command with a lobby message, or a friendly reason why not.

        `thread` asks for a thread of its own (None: the server's setting); see bot.projection.threads."""
        adapter = self.service.adapter(kind)
        engine = adapter.engine
        db = self.service.db
        mine = await reader_language(db, interaction)  # the host's own language for what only they read
        if interaction.guild_id is None or interaction.channel_id is None:
            await interaction.response.send_message(
                t(mine, "Games are played in a server channel, not here."), ephemeral=True
            )
            return
        if not engine.min_players <= seats <= engine.max_players:
            text = t(
                mine,
                "{game} takes {low} to {high} players.",
                game=adapter.name(mine),
                low=engine.min_players,
                high=engine.max_players,
            )
            await interaction.response.send_message(text, ephemeral=True)
            return
        if level not in LEVELS:
            levels = listing(mine, [level_name(mine, known) for known in LEVELS])
            text = t(mine, "Computer level must be one of {levels}.", levels=levels)
            await interaction.response.send_message(text, ephemeral=True)
            return
        try:
            parsed = adapter.parse_options(options, lang=mine)
        except ValueError as error:
            text = t(mine, "Those table options don't work: {reason}", reason=error)
            await interaction.response.send_message(text, ephemeral=True)
            return
        guild = await db.settings.guild(interaction.guild_id)
        if not guild.allows_channel(interaction.channel_id):
            allowed = listing(mine, [f"<#{cid}>" for cid in sorted(guild.allowed_channel_ids)])
            text = t(mine, "Games on this server are played in {channels}.", channels=allowed)
            await interaction.response.send_message(text, ephemeral=True)
            return
        stored = {**parsed, LOBBY_KEY: LobbySettings(seats, level).to_dict()}
        wanted = guild.threads if thread is None else thread
        record, thread_id, thread_notice = await table_row(
            self.service, self.threads if wanted else None, interaction, kind, guild, timer=timer, options=stored
        )
        if not isinstance(record, GameRecord):
            text = await busy_text(self.service, record, mine)
            notice = translated_notice(mine, thread_notice) if thread_notice else ""
            await interaction.response.send_message(text + (f"\n{notice}" if notice else ""), ephemeral=True)
            return
        await db.games.add_player(record.id, interaction.user.id, interaction.user.display_name, max_seats=seats)
        record = await db.games.get(record.id)
        await interaction.response.send_message(
            view=await self.card_for(record, thread_notice), allowed_mentions=discord.AllowedMentions.none()
        )
        message = await interaction.original_response()
        if not await lobby_shown(self.service, record, message.channel.id, message.id):
            await self.unseen_closed(interaction, record)
            return
        if thread_id is not None and self.threads is not None:  # its number exists now (bot.projection.threads)
            title = await table_title(self.service, record.guild_id, record.kind, record.options)
            name = thread_name(title, interaction.user.display_name, record.id)
            await self.threads.rename(record.id, thread_id, name)

    async def unseen_closed(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """The lobby was closed before its message was recorded (most likely its grace ran out,
        `Tuning.unseen_lobby_grace`): the message that did appear says so instead of offering buttons
        that would only answer "closed"."""
        record = await self.service.db.games.get(record.id)
        lang = await self.service.table_language(record.guild_id)
        title = self.service.adapter(record.kind).name(lang, record.options)
        if record.end_reason in (None, UNSEEN_REASON):
            why = t(
                lang,
                "**{game}** · table #{number} closed: its lobby took too long to appear. Please open the table again.",
                game=title,
                number=record.id,
            )
        else:
            reason = end_reason(lang, record.end_reason)
            why = t(lang, "**{game}** · table #{number} closed: {reason}.", game=title, number=record.id, reason=reason)
        await interaction.edit_original_response(**notice_kwargs(why))

    # -- buttons -----------------------------------------------------------------------------------

    async def on_click(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        service = self.service
        async with service.lock(cid.game_id):
            record = await service.db.games.get(cid.game_id)
            if record.status is not GameStatus.LOBBY:
                text = t(
                    await reader_language(service.db, interaction),
                    "This lobby has closed; the game has started or was cancelled.",
                )
                await interaction.response.send_message(text, ephemeral=True)
                return
            message, channel_id = interaction.message, interaction.channel_id
            if record.table_message_id is None and message is not None and channel_id is not None:
                # Clicked on a lobby whose message was posted but never recorded (a restart in between):
                # recorded now, it keeps the lobby from being closed as unseen.
                await lobby_shown(service, record, channel_id, message.id)
            handlers = {
                LobbyAction.JOIN: self._on_join,
                LobbyAction.QUIT: self._on_quit,
                LobbyAction.ADDBOT: self._on_addbot,
                LobbyAction.START: self._on_start,
                LobbyAction.CANCEL: self._on_cancel,
            }
            await handlers[LobbyAction(cid.action)](interaction, record)

    async def _edit(self, interaction: discord.Interaction, record: GameRecord, notice: str = "") -> None:
        await interaction.response.edit_message(
            content=None, view=await self.card_for(record, notice), allowed_mentions=discord.AllowedMentions.none()
        )

    async def _private(self, interaction: discord.Interaction, message: str, **values: object) -> None:
        """An ephemeral answer to the clicker, in their language."""
        lang = await reader_language(self.service.db, interaction)
        await interaction.response.send_message(
            t(lang, message, **values), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def _on_join(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if record.seat_of(interaction.user.id) is not None:
            await self._private(interaction, t(SOURCE, "You're already seated at this table."))
            return
        settings = lobby_settings(record.options, len(record.seats))
        try:
            await self.service.db.games.add_player(
                record.id, interaction.user.id, interaction.user.display_name, max_seats=settings.seats
            )
        except SeatError:
            await self._private(interaction, t(SOURCE, "Sorry, every seat is taken."))
            return
        await self._edit(interaction, await self.service.db.games.get(record.id))

    async def _on_quit(self, interaction: discord.Interaction, record: GameRecord) -> None:
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            await self._private(interaction, t(SOURCE, "You aren't seated at this table."))
            return
        db = self.service.db
        record = await db.games.remove_seat(record.id, seat.seat)
        notice = ""
        if interaction.user.id == record.host_user_id:
            humans = [s for s in record.seats if s.user_id is not None and not s.is_computer]
            if not humans:
                await self._close(interaction, record, "The host left and nobody else was seated.")
                return
            await db.games.set_host(record.id, humans[0].user_id or 0)
            lang = await self.service.table_language(record.guild_id)
            notice = t(lang, "The host left; {name} is the host now.", name=shown_name(humans[0].display_name))
        await self._edit(interaction, await db.games.get(record.id), notice)

    async def _on_addbot(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if not await self._is_host(interaction, record):
            return
        settings = lobby_settings(record.options, len(record.seats))
        name = computer_name(settings.level, [seat.display_name for seat in record.seats])
        try:
            await self.service.db.games.add_computer(record.id, settings.level, name, max_seats=settings.seats)
        except SeatError:
            await self._private(interaction, t(SOURCE, "Every seat is already taken."))
            return
        await self._edit(interaction, await self.service.db.games.get(record.id))

    async def _on_cancel(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if not await self._is_host(interaction, record):
            return
        # Asked once first (bot.flows.confirm), which closes the lobby on Yes.
        asked_from = str(interaction.message.id) if interaction.message is not None else ""
        question = Question(CANCEL, arg=asked_from)
        lang = await reader_language(self.service.db, interaction)
        await ask(interaction, record.id, 0, question, cancel_question(lang), lang)

    async def _close(self, interaction: discord.Interaction, record: GameRecord, reason: str) -> None:
        await self.service.db.games.abandon(record.id, at=self.service.clock(), reason=reason)
        self.service.ended(record.id)  # a lobby's thread is archived (bot.projection.threads)
        adapter = self.service.adapter(record.kind)
        lang = await self.service.table_language(record.guild_id)
        note = t(
            lang,
            "**{game}** · table #{number}: {reason}",
            game=adapter.name(lang, record.options),
            number=record.id,
            reason=end_reason(lang, reason),
        )
        await interaction.response.edit_message(**notice_kwargs(note))

    async def _on_start(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if not await self._is_host(interaction, record):
            return
        adapter = self.service.adapter(record.kind)
        settings = lobby_settings(record.options, len(record.seats))
        db = self.service.db
        names = [seat.display_name for seat in record.seats]
        for _ in range(settings.seats - len(record.seats)):
            name = computer_name(settings.level, names)
            names.append(name)
            await db.games.add_computer(record.id, settings.level, name, max_seats=settings.seats)
        record = await db.games.get(record.id)
        if record.players < adapter.engine.min_players:
            lang = await reader_language(db, interaction)
            text = t(
                lang,
                "{game} needs at least {count} players.",
                game=adapter.name(lang, record.options),
                count=adapter.engine.min_players,
            )
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer()
        await db.games.set_options(record.id, engine_options(record.options))
        loaded = await self.service.start(record.id)
        await self.begin(loaded, interaction)

    async def begin(self, loaded: Loaded, interaction: discord.Interaction | None = None) -> str:
        """Turn the lobby message into the table (or, with no lobby message, post the table), hand out the
        hands, wake the first computer seat. Returns what the host should be told about where the table
        went: "" when it is where it was asked for, else why it plays in the channel instead."""
        service = self.service
        tables = self.tables
        record = loaded.record
        notice = ""
        # The table goes to the game's thread; the lobby in the channel becomes a note pointing to it.
        to_thread = interaction is not None and record.thread_id is not None
        to_thread = to_thread and record.table_channel_id != record.thread_id
        if interaction is not None and to_thread and await self._begin_in_thread(loaded, interaction):
            loaded = await service.load(record.id)
            service.schedule_computer(loaded)
            self.marks.mark_dirty(record.id)
            return notice
        if interaction is not None:
            content, file, items = await tables.message(loaded)
            view = table_card(content, file.filename, items)  # the lobby becomes the V2 table card
            await interaction.edit_original_response(content=None, attachments=[file], view=view)
            tables.shown(loaded)
            if record.thread_id is not None and record.table_channel_id == record.thread_id:
                await self._take_note(record)  # a rematch in its thread: the channel's line follows it
            if to_thread:  # the thread refused the table: the host learns why it is here
                notice = NO_THREAD_HERE
                await interaction.followup.send(
                    no_thread_here(await reader_language(service.db, interaction)), ephemeral=True
                )
        else:
            notice = await self._post(loaded)
        loaded = await service.load(loaded.record.id)
        service.schedule_computer(loaded)  # first: a failed DM can never keep a computer from moving
        self.marks.mark_dirty(loaded.record.id)
        return notice

    async def _post(self, loaded: Loaded) -> str:
        """Post the table of a game with no lobby message (bot.flows.quickstart): in its thread if it has one,
        else in its channel. A thread that refuses (50013/50001, or gone) leaves the table in the channel,
        and the notice says why (bot.projection.threads)."""
        record = loaded.record
        if record.thread_id is not None:
            try:
                await self.tables.post(loaded, record.thread_id)
                return ""
            except Refused as refused:
                if refused.refusal not in (Refusal.CHANNEL_LOST, Refusal.CHANNEL_GONE):
                    raise
                log.info("the thread of game %d refused the table (%s); it plays in the channel", record.id, refused)
                await self.tables.post(loaded, record.channel_id)
                return NO_THREAD_HERE
        await self.tables.post(loaded, record.channel_id)
        return ""

    async def _begin_in_thread(self, loaded: Loaded, interaction: discord.Interaction) -> bool:
        """Post the table in the game's thread and turn the lobby into a link to it. False when the thread
        refuses (deleted meanwhile, or Send Messages in Threads withdrawn): the table then plays in the
        channel, and the host is told why."""
        record = loaded.record
        assert record.thread_id is not None
        try:
            await self.tables.post(loaded, record.thread_id)
        except Refused as refused:
            if refused.refusal not in (Refusal.CHANNEL_LOST, Refusal.CHANNEL_GONE):
                raise
            log.info("the thread of game %d refused the table (%s); it plays in the channel", record.id, refused)
            return False
        # Its end is shown there by the reconciler (bot.projection.threads).
        if (left := lobby_note(record)) is not None:
            await self.service.db.messages.save(left)
        lang = await self.service.table_language(record.guild_id)
        title = self.service.adapter(record.kind).name(lang, record.options)
        players = listing(lang, [self._seat_label(record, s.user_id, s.display_name, lang) for s in record.seats])
        note = "\n".join(
            [
                t(
                    lang,
                    "**{game}** · table #{number} is being played in {thread}",
                    game=title,
                    number=record.id,
                    thread=f"<#{record.thread_id}>",
                ),
                t(lang, "Players: {players}", players=players),
            ]
        )
        await interaction.edit_original_response(**notice_kwargs(note), attachments=[])
        return True

    async def _take_note(self, record: GameRecord) -> None:
        """The note the thread's earlier game left in the channel now belongs to this game, and shows its
        end (bot.projection.threads.taken_note); the earlier game's claim on it is settled, so only this game's end
        edits it. No request: the note is edited once, at this game's end."""
        assert record.thread_id is not None
        messages = self.service.db.messages
        previous = await messages.thread_note(record.thread_id, before=record.id)
        if previous is None or previous.message_id is None:
            return
        await messages.save(taken_note(record, previous))
        if previous.key != NOTE_SHOWN:
            await messages.save(dataclasses.replace(previous, key=NOTE_SHOWN))

    async def _is_host(self, interaction: discord.Interaction, record: GameRecord) -> bool:
        if interaction.user.id == record.host_user_id:
            return True
        await self._private(
            interaction, t(SOURCE, "Only the host ({host}) can do that."), host=f"<@{record.host_user_id}>"
        )
        return False
