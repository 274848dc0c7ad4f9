"""Every click arrives here, once (one dispatch path: no 40060 double acknowledgements).

Lobby buttons go to the lobby; table buttons (My hand, Rules, Leave) and hand controls are decided
here. A click on a DM hand that only redraws it is acknowledged by its answer when that is ready in
time; a move, and an ephemeral panel's click, with a deferred update first (bot.kit.acks). Each is
checked in this order:
the game exists and is running, the clicker is seated, the control is current (else a fresh hand),
then the game's adapter turns it into an outcome and the service applies any move.

What a hand shows is not decided here: the click's interaction is handed to the reconciler (`owner`,
bot.projection.reconciler), the one writer of every game message, which redraws the clicked hand through it.
Only ephemeral notes about the click itself (not your turn, not seated, not saved) are said here.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.flows.confirm import HAND, LEAVE, Confirmations, Question, leave_question
from bot.kit.acks import AnswerPace, defer_later, defer_now, settle
from bot.kit.decode import TEXT_LIMIT, invalid, values_were_shown
from bot.kit.ids import AnswerAction, ComponentId, LobbyAction, TableAction, decode_mask, route
from bot.kit.languages import guild_locale_code, quick_language, reader_language
from bot.kit.names import shown_name
from bot.kit.texts import not_saved, restarting, without_rule_ids
from bot.moves.adapters import Redraw, Refuse, Submit
from bot.moves.service import GameClosed, GameService, Loaded, NotYourTurn, StaleVersion
from bot.projection.hands import HandMessages
from data import GameNotFound, GameStatus, StorageFault
from games.base import IllegalMove
from locales import t

if TYPE_CHECKING:
    from bot.flows.lobby import Lobby
    from bot.projection.endings import Endings
    from bot.projection.reconciler import Reconciler
    from bot.projection.table import TableUpdater

log = logging.getLogger(__name__)

CONTENT_LIMIT = 2000  # Discord: a message's content


def whole_lines(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut between lines; a single line longer than
    `limit` (no rules page has one) is cut at the limit."""
    pieces = [line[i : i + limit] for line in text.splitlines() for i in range(0, max(len(line), 1), limit)]
    pages: list[str] = []
    page = ""
    for piece in pieces:
        if page and len(page) + 1 + len(piece) > limit:
            pages.append(page)
            page = piece
        else:
            page = f"{page}\n{piece}" if page else piece
    return [*pages, page]


SELECT_TYPES = (3, 5, 6, 7, 8)  # Discord component types of the select menus

OUT_OF_DATE = "That hand was out of date, so here is the current one."


def out_of_date(lang: str) -> str:
    return t(lang, "That hand was out of date, so here is the current one.")


class Router:
    """Sends each click to the part that owns it; answers table buttons and hand controls itself."""

    def __init__(
        self,
        service: GameService,
        *,
        lobby: Lobby,
        endings: Endings,
        hands: HandMessages,
        owner: Reconciler,
        tables: TableUpdater,
        confirmations: Confirmations,
        stopping: Callable[[], bool] = lambda: False,
    ) -> None:
        self.service = service
        self.lobby = lobby
        self.endings = endings
        self.hands = hands  # what a control means: the adapter reads the seat's view through it
        self.owner = owner  # the one writer of every game message: each clicked hand is redrawn by it
        self.tables = tables
        self.confirmations = confirmations
        self.stopping = stopping  # a shutdown has begun: clicks are answered, nothing starts
        # The last click that made a move, per game: (user, message, custom id). Its twin is a double click.
        self._last_move_click: dict[int, tuple[int, int, str]] = {}
        self.answers = AnswerPace(service.tuning.answer_within)  # how soon DM hand clicks were answered lately

    async def dispatch(self, interaction: discord.Interaction, cid: ComponentId, values: Sequence[str]) -> None:
        self.service.saw_guild_locale(interaction.guild_id, guild_locale_code(interaction))
        if self.stopping():  # a click that arrives during a restart: nothing starts, the player is told
            await self._say(interaction, restarting(quick_language(interaction)))
            return
        try:
            action = route(cid.action)
            if isinstance(action, LobbyAction):
                await self.lobby.on_click(interaction, cid)
                if action is LobbyAction.START:  # its answer made the lobby message the table (bot.projection.table)
                    self.tables.lend(cid.game_id, interaction)
            elif isinstance(action, AnswerAction):
                await self.confirmations.on_click(interaction, cid)
            elif action is TableAction.REMATCH:
                await self.endings.rematch(interaction, cid)
            elif isinstance(action, TableAction):
                await self.on_table(interaction, cid)
            else:
                await self.on_hand(interaction, cid, values)
        except StorageFault as fault:  # a lobby, table or rematch write the database refused: nothing changed
            log.warning("click not saved: %s", fault)
            await self._say(interaction, not_saved(fault.reason, "that", quick_language(interaction)))
        except GameNotFound:
            await self._say(interaction, t(await self._lang(interaction), "This game no longer exists."))
        except GameClosed as closed:
            lang = await self._lang(interaction)
            if str(closed) == "This game is over.":
                await self._say(interaction, t(lang, "This game is over."))
            else:  # its game's cog is not loaded on this bot
                await self._say(interaction, t(lang, "This game is not available right now."))

    async def _lang(self, interaction: discord.Interaction) -> str:
        """The clicker's language for a private answer (design §10); their client's when the database
        cannot say."""
        try:
            return await reader_language(self.service.db, interaction)
        except StorageFault:
            return quick_language(interaction)

    @staticmethod
    async def _say(interaction: discord.Interaction, text: str) -> None:
        """An ephemeral note, whether or not the interaction was already acknowledged."""
        if await settle(interaction):
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # -- table buttons -----------------------------------------------------------------------------

    async def on_table(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        service = self.service
        if cid.action == TableAction.RULES:
            record = await service.db.games.get(cid.game_id)
            adapter = service.adapter(record.kind)
            lang = await self._lang(interaction)
            text = without_rule_ids(adapter.rules_text(record.options, lang=lang))  # players read words, not rule ids
            first, *more = whole_lines(text, CONTENT_LIMIT)
            await interaction.response.send_message(first, ephemeral=True)
            for page in more:  # a longer language's rules: the rest follows, cut between lines, never lost
                await interaction.followup.send(page, ephemeral=True)
            return
        loaded = await service.load(cid.game_id)
        seat = loaded.record.seat_of(interaction.user.id)
        lang = await self._lang(interaction)
        if seat is None:
            await self._say(interaction, t(lang, "You're not playing in this game; you can watch the table."))
            return
        if loaded.record.status is not GameStatus.ACTIVE:
            await self._say(interaction, t(lang, "This game is over."))
            return
        if seat.is_computer:
            await self._say(interaction, t(lang, "A computer player has taken over your seat in this game."))
            return
        if cid.action == TableAction.HAND:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.owner.show_panel(interaction, loaded, seat.seat)
        elif cid.action == TableAction.LEAVE:  # asked once first: leaving cannot be undone and unrates the game
            record = loaded.record
            await self.confirmations.ask(interaction, record.id, record.version, Question(LEAVE), leave_question(lang))

    # -- hand controls -----------------------------------------------------------------------------

    async def on_hand(self, interaction: discord.Interaction, cid: ComponentId, values: Sequence[str]) -> None:
        if interaction.guild_id is None and interaction.message is not None:
            # A DM hand: a redraw (a card chosen, a hint, out of date) is the acknowledgement when ready in
            # time; a move is deferred before it is stored (bot.kit.acks)
            defer_later(interaction, self.answers)
        else:
            await interaction.response.defer()  # deferred update: the ephemeral panel is edited below
        service = self.service
        loaded = await service.load(cid.game_id)
        if cid.version > loaded.record.version:  # drawn from a state newer than the one held: moved elsewhere
            service.forget(cid.game_id)
            loaded = await service.load(cid.game_id)
        record = loaded.record
        seat = record.seat_of(interaction.user.id)
        lang = await self._lang(interaction)
        if seat is None:
            await self._say(interaction, t(lang, "You're not playing in this game."))
            return
        if record.status is not GameStatus.ACTIVE:
            await self.owner.answer(interaction, loaded, seat.seat, notice=t(lang, "This game is over."))
            return
        if seat.is_computer:
            await self._say(interaction, t(lang, "A computer player has taken over your seat in this game."))
            return
        if cid.version != record.version:
            if self._last_move_click.get(record.id) == self._click_key(interaction, cid):
                return  # a double click: the first one was applied, the second is dropped quietly
            await self.owner.answer(interaction, loaded, seat.seat, notice=out_of_date(lang))
            return
        selection = self._checked(interaction, loaded, seat.seat, cid, values)
        if selection is None:
            await self._say(interaction, invalid(lang))
            return
        adapter = service.adapter(record.kind)
        if cid.action in adapter.confirmations:  # cannot be undone: asked once, applied by bot.flows.confirm
            question = Question(HAND, cid.action, cid.arg)
            text = adapter.confirmations[cid.action][0]
            await self.confirmations.ask(interaction, record.id, record.version, question, text)
            return
        ctx = self.hands.context(loaded, seat.seat, selection=selection, lang=lang)
        if adapter.act_in_thread:
            await defer_now(interaction)  # an adapter that thinks in a thread may take a while
            act = functools.partial(adapter.on_action, ctx, cid.action, cid.arg, values, lang=lang)
            outcome = await asyncio.to_thread(act)
        else:
            outcome = adapter.on_action(ctx, cid.action, cid.arg, values, lang=lang)
        if isinstance(outcome, Redraw):
            await self.owner.answer(interaction, loaded, seat.seat, selection=outcome.selection, notice=outcome.notice)
        elif isinstance(outcome, Refuse):
            await self._say(interaction, outcome.reason)
        elif isinstance(outcome, Submit):
            await self._submit(interaction, loaded, seat.seat, outcome, self._click_key(interaction, cid))

    @staticmethod
    def _checked(
        interaction: discord.Interaction, loaded: Loaded, seat: int, cid: ComponentId, values: Sequence[str]
    ) -> frozenset[int] | None:
        """The selection a hand control carries, or None when what the client sent is not what the bot
        sent: select values the menu did not list, text longer than a modal holds (bot.kit.decode).

        The argument is a selection mask for Thirteen and Carousel but a card code for Sixty-Six
        (`play:Kh`), so one that does not decode is no selection, and each adapter keeps only the
        positions inside the hand and checks its own arguments."""
        try:
            selection = decode_mask(cid.arg) if cid.arg else frozenset()
        except ValueError:
            selection = frozenset()
        if any(len(value) > TEXT_LIMIT for value in values):
            return None
        data: dict[str, Any] = dict(interaction.data or {})
        is_select = data.get("component_type") in SELECT_TYPES
        shown = interaction.message.components if interaction.message is not None else []
        if is_select and not values_were_shown(shown, str(data.get("custom_id")), values):
            return None
        return selection

    async def _submit(
        self,
        interaction: discord.Interaction,
        loaded: Loaded,
        seat: int,
        outcome: Submit,
        click: tuple[int, int, str],
    ) -> None:
        service = self.service
        await defer_now(interaction)  # storing the move takes a while: acknowledged first (bot.kit.acks)
        # Handed to the reconciler before the move is stored: the pass the move asks for finds the clicked
        # hand already showing it, redrawn through this interaction, and edits it no second time.
        async with self.owner.clicked(interaction, loaded.record.id, seat) as clicked:
            twin = self._last_move_click.get(loaded.record.id) == click
            self._last_move_click[loaded.record.id] = click
            try:
                applied = await service.submit(
                    loaded.record.id, seat, outcome.move, expected_version=loaded.record.version, read=loaded
                )
            except IllegalMove as illegal:
                said = service.adapter(loaded.record.kind).refusal(illegal, lang=await self._lang(interaction))
                await clicked.show(loaded, selection=outcome.selection, notice=f"⚠️ {said}")
                return
            except NotYourTurn:
                seat_now = loaded.seat_at_turn()
                lang = await self._lang(interaction)
                if seat_now is None:
                    text = t(lang, "It's not your turn yet: someone else is playing.")
                else:
                    text = t(lang, "It's not your turn yet: {name} is playing.", name=shown_name(seat_now.display_name))
                await self._say(interaction, text)
                return
            except StaleVersion:
                if twin:  # two clicks that read the same version: the first was applied; drop this one
                    return
                notice = out_of_date(await self._lang(interaction))
                await clicked.show(await service.load(loaded.record.id), notice=notice)
                return
            except StorageFault as fault:  # nothing was stored: the hand stays as it is, and the same click works later
                log.warning("move in game %d not saved: %s", loaded.record.id, fault)
                self._last_move_click.pop(loaded.record.id, None)
                await self._say(interaction, not_saved(fault.reason, lang=quick_language(interaction)))
                return
            await clicked.show(applied.after)

    @staticmethod
    def _click_key(interaction: discord.Interaction, cid: ComponentId) -> tuple[int, int, str]:
        message_id = interaction.message.id if interaction.message is not None else 0
        return (interaction.user.id, message_id, cid.encode())
