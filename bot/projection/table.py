"""The public table message: a rendered image of the public view, a short header and table buttons.

Edits are coalesced per game: however many moves land in a burst (computer seats answering one
another), the message is edited at most about once per `Tuning.table_edit_interval`, always with the
latest state (discord-notes C.6: channel edits share a small rate-limit bucket). An hour-old message
has its own tiny edit quota (30046), so slow games get a fresh table message instead.

The Start click turns the lobby message into the table through its interaction, and that interaction's
token may edit the same message for 15 minutes through Discord's interaction webhook, which does not
count against the bot's global limit of 50 requests per second. So while the token lasts
(`Tuning.token_edit_window`, inside the 15 minutes) the table is edited through it: a game played at
a quick pace, the kind that makes many requests per second, spends no global request on its table.
Any failure of such an edit (the token expired early, a 5xx) drops the token and the edit goes the
ordinary way, where refusals are classified (bot.kit.refusals).

An edit that still fails for now after its retries is asked for again after a backoff (doubled each
time, capped at `Tuning.retry_cap`) until the table shows the game: after the final move no move comes
to ask. A table message that is gone (10008) is posted afresh, showing the game as it stands (the end,
after the final move), and the hands that link to it are redrawn (`on_moved`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord.http import MultipartParameters

from bot.flows.away import turn_line as away_turn_line
from bot.kit.components import button, release
from bot.kit.ids import ComponentId, TableAction
from bot.kit.layout import card, moved_on, table_card
from bot.kit.names import shown_names
from bot.kit.payloads import CardEdits, DiscordCards, parameters, picture, table_components
from bot.kit.refusals import OLD_MESSAGE_EDITS, Backoff, Refusal, Refused, RetryPolicy, retrying
from bot.kit.texts import end_reason, relative
from bot.moves.service import Loaded
from bot.projection.threads import THREAD_ARCHIVED
from data import GameStatus
from locales import SOURCE, t

if TYPE_CHECKING:
    from bot.kit.wiring import Channels
    from bot.moves.service import GameService

log = logging.getLogger(__name__)

# Interaction responses after which the interaction's original message is the clicked message itself.
UPDATES = (discord.InteractionResponseType.deferred_message_update, discord.InteractionResponseType.message_update)


@dataclass(frozen=True, slots=True)
class LentToken:
    """An interaction whose token may edit the table message `message_id` until `until`."""

    interaction: discord.Interaction
    message_id: int
    until: float


@dataclass(frozen=True, slots=True)
class TableDrawing:
    """A table drawn once for one state: each try of a post or an edit gets a fresh file and fresh buttons
    from it (a sent file is consumed), and no try waits for a drawing (a retry after a timeout would
    otherwise start one more drawing each time, behind those still running)."""

    game_id: int
    content: str
    image: bytes
    filename: str
    active: bool

    lang: str = SOURCE  # the server's: the whole table reads it (design §10)

    def parts(self) -> tuple[str, discord.File, list[discord.ui.Item[Any]]]:
        file = discord.File(io.BytesIO(self.image), filename=self.filename)
        return self.content, file, table_items(self.game_id, active=self.active, lang=self.lang)

    def edit(self, mentions: discord.AllowedMentions | None) -> MultipartParameters:
        """The request of an edit into this table: the card as JSON (bot.kit.payloads), its picture uploaded."""
        items = table_items(self.game_id, active=self.active, lang=self.lang)
        components = table_components(self.content, self.filename, items)
        return parameters(components, state_mentions=mentions, attachments=[picture(self.image, self.filename)])


def table_items(game_id: int, *, active: bool, lang: str = SOURCE) -> list[discord.ui.Item[Any]]:
    """My hand / Rules / Leave. Version 0: these are never out of date."""
    rules = button(ComponentId(game_id, 0, TableAction.RULES), t(lang, "Rules"), emoji="📖")
    if not active:
        return [rules]
    return [
        button(
            ComponentId(game_id, 0, TableAction.HAND),
            t(lang, "My hand"),
            style=discord.ButtonStyle.primary,
            emoji="🂠",
        ),
        rules,
        button(ComponentId(game_id, 0, TableAction.LEAVE), t(lang, "Leave"), style=discord.ButtonStyle.danger),
    ]


class TableUpdater:
    """Keeps each game's table message in step with the game, one coalesced edit at a time."""

    def __init__(
        self,
        service: GameService,
        channels: Channels,
        policy: RetryPolicy | None = None,
        on_refusal: Callable[[int, Refusal], Awaitable[None]] | None = None,
        cards: CardEdits | None = None,
    ) -> None:
        self.service = service
        self.channels = channels  # posts and edits the table message by id
        # The table's edits, by id and through the Start click's token, as ready JSON (bot.kit.payloads)
        self.cards: CardEdits = cards if cards is not None else DiscordCards(channels)
        self.policy = policy or RetryPolicy()
        self.on_refusal = on_refusal  # the channel is lost or gone (the reconciler decides what follows)
        # A fresh table message replaced the game's table: the messages that link to it (each DM hand's
        # header) are redrawn (the reconciler's mark_dirty, wired by the composition root).
        self.on_moved: Callable[[int], None] = lambda game_id: None
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._closed = False
        self._last_edit: dict[int, float] = {}
        self._posted_at: dict[int, float] = {}
        self._drawn: dict[int, tuple[object, ...]] = {}  # what each table message shows (see `drawn`)
        self._away_until: dict[int, float | None] = {}  # when the away its turn line shows ends (bot.flows.away)
        self._lent: dict[int, LentToken] = {}  # the Start click's interaction, while its token lasts
        # A table edit that failed for now is tried again, later each time, until it shows (bot.kit.refusals).
        self.backoff = Backoff.of(service.tuning)
        self._failures: dict[int, int] = {}
        self._retries: dict[int, asyncio.Task[None]] = {}

    async def message(self, loaded: Loaded) -> tuple[str, discord.File, list[discord.ui.Item[Any]]]:
        """Header text, image file and buttons for the table as it stands."""
        return (await self.draw(loaded)).parts()

    async def draw(self, loaded: Loaded) -> TableDrawing:
        """The table as it stands, drawn (header text and image)."""
        record, state = loaded.record, loaded.state
        adapter = self.service.adapter(record.kind)
        names = loaded.names()
        assert state is not None
        view = state.view(None)
        lang = await self.service.table_language(record.guild_id)
        image = await asyncio.to_thread(partial(adapter.render_table, view, names, lang=lang))
        described = adapter.describe_options(record.options, lang=lang)
        header = [
            t(
                lang,
                "**{game}** · game #{number} · {options}",
                game=adapter.name(lang, record.options),
                number=record.id,
                options=described,
            )
        ]
        header.append(adapter.table_header(view, shown_names(names), lang=lang))
        seat = loaded.seat_at_turn()
        deadline = self.service.turn_deadline(record)
        if seat is not None and not seat.is_computer and deadline is not None:
            # A casual turn waits for them (bot.flows.away).
            away = await away_turn_line(self.service, record, seat, lang)
            self._away_until[record.id] = away.until if away is not None else None
            turn = t(
                lang,
                "⏳ {player} to play, time runs out {deadline}",
                player=f"<@{seat.user_id}>",
                deadline=relative(deadline),
            )
            header.append(away.text if away is not None else turn)
        if record.status is GameStatus.ABANDONED:
            header.append(t(lang, "This game was ended: {reason}.", reason=end_reason(lang, record.end_reason)))
        content = "\n".join(line for line in header if line)
        filename = f"table-{record.id}-{record.version}.png"
        return TableDrawing(record.id, content, image, filename, active=record.status is GameStatus.ACTIVE, lang=lang)

    def drawn(self, loaded: Loaded) -> tuple[object, ...]:
        """What the table message of this state shows: a redraw with the same value changes nothing."""
        record = loaded.record
        # The turn line changes with the deadline, and when the away it shows has ended (bot.flows.away).
        # The away's end is part of the value too: a value taken before any drawing knew of the away
        # (None) must not equal one taken after it ended, or the line "is away" would stay.
        until = self._away_until.get(record.id)
        away = until is not None and self.service.clock() < until
        turn = (self.service.turn_deadline(record), until, away)
        return (record.version, record.status, turn, record.table_message_id)

    def shown(self, loaded: Loaded) -> None:
        """The table message now shows `loaded` (drawn by someone else: the Start click's answer)."""
        self._drawn[loaded.record.id] = self.drawn(loaded)

    def lend(self, game_id: int, interaction: discord.Interaction) -> None:
        """The click that opened the table answered by updating the table message itself: its token
        edits that message outside the global limit until `Tuning.token_edit_window` has passed."""
        window = self.service.tuning.token_edit_window
        message = interaction.message
        if window <= 0 or message is None or interaction.response.type not in UPDATES:
            return
        self._lent[game_id] = LentToken(interaction, message.id, self.service.clock() + window)

    def _token_for(self, game_id: int, message_id: int) -> discord.Interaction | None:
        lent = self._lent.get(game_id)
        if lent is None:
            return None
        if lent.message_id != message_id or self.service.clock() >= lent.until:
            del self._lent[game_id]  # a fresh table message, or the token is about to expire
            return None
        return lent.interaction

    async def _edit_by_token(self, game_id: int, message_id: int, drawing: TableDrawing) -> bool:
        """Edit the table through the lent interaction token; False when there is none or it failed
        (then the caller edits it the ordinary way)."""
        interaction = self._token_for(game_id, message_id)
        if interaction is None:
            return False
        edit = self.cards.edit_original(interaction, drawing.edit(self.cards.mentions))
        try:
            async with asyncio.timeout(self.policy.timeout):
                await edit
        except (discord.HTTPException, TimeoutError) as error:
            log.info("table of game %d: the interaction token did not edit it (%r)", game_id, error)
            self._lent.pop(game_id, None)
            return False
        return True

    async def post(self, loaded: Loaded, channel_id: int, drawing: TableDrawing | None = None) -> discord.Message:
        """Post a new table message and remember it as the game's table."""
        channel = self.channels.get_partial_messageable(channel_id)
        drawn = drawing or await self.draw(loaded)

        async def send() -> discord.Message:
            content, file, items = drawn.parts()
            view = table_card(content, file.filename, items)  # one Components V2 card (bot.kit.layout)
            try:
                return await channel.send(file=file, view=view, allowed_mentions=discord.AllowedMentions.none())
            finally:
                release(view)

        message = await retrying(send, self.policy, f"posting the table of game {loaded.record.id}")
        await self.service.db.games.set_table_message(loaded.record.id, channel_id, message.id)
        self._drawn[loaded.record.id] = (*self.drawn(loaded)[:3], message.id)
        self._posted_at[loaded.record.id] = self.service.clock()
        self._last_edit[loaded.record.id] = self.service.clock()
        return message

    async def settled(self, game_id: int) -> None:
        """Wait until the game's edit asked for (if any) is done: a thread is archived only after that."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done() and task is not asyncio.current_task():
            await asyncio.wait([task])

    @property
    def busy(self) -> bool:
        """Whether a table edit is waiting or under way."""
        return any(not task.done() for task in self._tasks.values())

    def mark_dirty(self, game_id: int) -> None:
        """Ask for an edit; bursts collapse into one edit per interval, always of the newest state.

        Once closed (shutting down) nothing starts: the reconciler's pass at the next start-up asks again.
        """
        if self._closed:
            return
        self._dirty.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._flush(game_id), name=f"table-{game_id}")

    async def _flush(self, game_id: int) -> None:
        interval = self.service.tuning.table_edit_interval
        while game_id in self._dirty:
            wait = self._last_edit.get(game_id, 0.0) + interval - self.service.clock()
            if wait > 0:
                await asyncio.sleep(wait)
            self._dirty.discard(game_id)
            owed = False
            try:
                await self.refresh(game_id)
            except Refused as refused:
                if refused.refusal in (Refusal.CHANNEL_LOST, Refusal.CHANNEL_GONE) and self.on_refusal is not None:
                    await self.on_refusal(game_id, refused.refusal)
                elif refused.refusal is Refusal.TRANSIENT:
                    owed = True
                else:
                    log.error("could not update the table of game %d", game_id, exc_info=refused)
            except Exception:
                log.exception("could not update the table of game %d", game_id)
            self._last_edit[game_id] = self.service.clock()
            if owed:
                self._again(game_id)
            else:
                self._settled(game_id)

    def _again(self, game_id: int) -> None:
        """The table still shows an older state after a transient failure: edit it again after a backoff
        (bot.kit.refusals.Backoff), whether or not another move comes (after the last move none does)."""
        failures = self._failures[game_id] = self._failures.get(game_id, 0) + 1
        retry = self._retries.get(game_id)
        if retry is not None and not retry.done():
            return  # one already waits (a move marked the table meanwhile, and its edit failed too)
        delay = self.backoff.delay(failures)
        log.warning("the table of game %d is not up to date yet; trying again in %.2f s", game_id, delay)
        self._retries[game_id] = asyncio.create_task(self._retry(game_id, delay), name=f"table-retry-{game_id}")

    async def _retry(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        self.mark_dirty(game_id)

    def _settled(self, game_id: int) -> None:
        """The table shows the game (or was refused for good): no retry is owed."""
        self._failures.pop(game_id, None)
        retry = self._retries.pop(game_id, None)
        if retry is not None and retry is not asyncio.current_task():
            retry.cancel()

    def pending(self, game_id: int | None = None) -> list[asyncio.Task[None]]:
        """The table edits still owed (of one game, or of all): under way, asked for, or due again after a
        transient failure. Empty once every table shows its game or was refused for good."""
        tasks = [*self._tasks.items(), *self._retries.items()]
        return [task for game, task in tasks if not task.done() and game_id in (None, game)]

    async def refresh(self, game_id: int) -> None:
        """Edit the table message now (or post a fresh one when it is old or gone)."""
        loaded = await self.service.load(game_id)
        record = loaded.record
        if record.table_message_id is None or record.table_channel_id is None or loaded.state is None:
            return
        posted = self._posted_at.get(game_id)
        too_old = posted is not None and self.service.clock() - posted > self.service.tuning.fresh_table_after
        if too_old and record.status is GameStatus.ACTIVE:
            await self._replace(loaded)
            return
        if self._drawn.get(game_id) == self.drawn(loaded):
            return  # it shows this state already
        drawing = await self.draw(loaded)
        # What this drawing shows, taken now: the edit may land after the clock moved on (an away ended).
        shows = self.drawn(loaded)
        if await self._edit_by_token(game_id, record.table_message_id, drawing):
            self._drawn[game_id] = shows
            return
        channel_id, message_id = record.table_channel_id, record.table_message_id

        async def edit() -> None:
            # content: null (bot.kit.payloads), so a lobby or an older classic table becomes the V2 card
            await self.cards.edit(channel_id, message_id, drawing.edit(self.cards.mentions))

        try:
            await retrying(edit, self.policy, f"editing the table of game {game_id}")
            self._drawn[game_id] = shows
        except Refused as refused:
            if refused.refusal is Refusal.MESSAGE_GONE:
                await self.post(loaded, record.table_channel_id, drawing)
                self.on_moved(game_id)
            elif isinstance(refused.error, discord.HTTPException) and refused.error.code == OLD_MESSAGE_EDITS:
                await self._replace(loaded)  # edits to a message older than an hour are rate limited
            elif isinstance(refused.error, discord.HTTPException) and refused.error.code == THREAD_ARCHIVED:
                # The game's thread was archived after its end (bot.projection.threads): the table showed the end then.
                log.info("the table of game %d is in an archived thread; left as it is", game_id)
            else:
                raise

    async def _replace(self, loaded: Loaded) -> None:
        record = loaded.record
        assert record.table_channel_id is not None
        old = record.table_message_id
        await self.post(loaded, record.table_channel_id)
        self.on_moved(record.id)
        if old is not None:
            lang = await self.service.table_language(record.guild_id)
            channel = self.channels.get_partial_messageable(record.table_channel_id)
            try:  # the old table loses its picture and buttons and points to the new one
                await channel.get_partial_message(old).edit(content=None, attachments=[], view=card(moved_on(lang)))
            except discord.HTTPException:
                log.info("could not strip the old table message of game %d", record.id)

    async def close(self) -> None:
        self._closed = True
        tasks = [*self._tasks.values(), *self._retries.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
