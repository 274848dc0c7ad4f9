"""Every click arrives here, once (one dispatch path: no 40060 double acknowledgements).

Lobby buttons go to the lobby; table buttons (My hand, Rules, Leave) and hand controls are decided
here. A hand click is acknowledged at once with a deferred update, then checked in this order:
the game exists and is running, the clicker is seated, the control is current (else a fresh hand),
then the game's adapter turns it into an outcome and the service applies any move.

What a hand shows is not decided here: the click's interaction is handed to the reconciler (`owner`,
bot.reconciler), the one writer of every game message, which redraws the clicked hand through it.
Only ephemeral notes about the click itself (not your turn, not seated, not saved) are said here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.adapters import Redraw, Refuse, Submit
from bot.confirm import HAND, LEAVE, LEAVE_QUESTION, Confirmations, Question
from bot.decode import INVALID, TEXT_LIMIT, values_were_shown
from bot.hands import HandMessages
from bot.ids import AnswerAction, ComponentId, LobbyAction, TableAction, decode_mask, route
from bot.names import shown_name
from bot.service import GameClosed, GameService, Loaded, NotYourTurn, StaleVersion
from bot.texts import RESTARTING, not_saved, without_rule_ids
from data import GameNotFound, GameStatus, StorageFault
from games.base import IllegalMove

if TYPE_CHECKING:
    from bot.endings import Endings
    from bot.lobby import Lobby
    from bot.reconciler import Reconciler
    from bot.table import TableUpdater

log = logging.getLogger(__name__)
SELECT_TYPES = (3, 5, 6, 7, 8)  # Discord component types of the select menus

OUT_OF_DATE = "That hand was out of date, so here is the current one."


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

    async def dispatch(self, interaction: discord.Interaction, cid: ComponentId, values: Sequence[str]) -> None:
        if self.stopping():  # a click that arrives during a restart: nothing starts, the player is told
            await self._say(interaction, RESTARTING)
            return
        try:
            action = route(cid.action)
            if isinstance(action, LobbyAction):
                await self.lobby.on_click(interaction, cid)
                if action is LobbyAction.START:  # its answer made the lobby message the table (bot.table)
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
            await self._say(interaction, not_saved(fault.reason, "that"))
        except GameNotFound:
            await self._say(interaction, "This game no longer exists.")
        except GameClosed as closed:
            await self._say(interaction, str(closed) or "This game is over.")

    @staticmethod
    async def _say(interaction: discord.Interaction, text: str) -> None:
        """An ephemeral note, whether or not the interaction was already acknowledged."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # -- table buttons -----------------------------------------------------------------------------

    async def on_table(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        service = self.service
        if cid.action == TableAction.RULES:
            record = await service.db.games.get(cid.game_id)
            adapter = service.adapter(record.kind)
            text = without_rule_ids(adapter.rules_text(record.options))  # players read words, not rule ids
            await interaction.response.send_message(text[:2000], ephemeral=True)
            return
        loaded = await service.load(cid.game_id)
        seat = loaded.record.seat_of(interaction.user.id)
        if seat is None:
            await self._say(interaction, "You're not playing in this game; you can watch the table.")
            return
        if loaded.record.status is not GameStatus.ACTIVE:
            await self._say(interaction, "This game is over.")
            return
        if seat.is_computer:
            await self._say(interaction, "A computer player has taken over your seat in this game.")
            return
        if cid.action == TableAction.HAND:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.owner.show_panel(interaction, loaded, seat.seat)
        elif cid.action == TableAction.LEAVE:  # asked once first: leaving cannot be undone and unrates the game
            record = loaded.record
            await self.confirmations.ask(interaction, record.id, record.version, Question(LEAVE), LEAVE_QUESTION)

    # -- hand controls -----------------------------------------------------------------------------

    async def on_hand(self, interaction: discord.Interaction, cid: ComponentId, values: Sequence[str]) -> None:
        await interaction.response.defer()  # deferred update: the hand message is edited below
        service = self.service
        loaded = await service.load(cid.game_id)
        if cid.version > loaded.record.version:  # drawn from a state newer than the one held: moved elsewhere
            service.forget(cid.game_id)
            loaded = await service.load(cid.game_id)
        record = loaded.record
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            await self._say(interaction, "You're not playing in this game.")
            return
        if record.status is not GameStatus.ACTIVE:
            await self.owner.answer(interaction, loaded, seat.seat, notice="This game is over.")
            return
        if seat.is_computer:
            await self._say(interaction, "A computer player has taken over your seat in this game.")
            return
        if cid.version != record.version:
            if self._last_move_click.get(record.id) == self._click_key(interaction, cid):
                return  # a double click: the first one was applied, the second is dropped quietly
            await self.owner.answer(interaction, loaded, seat.seat, notice=OUT_OF_DATE)
            return
        selection = self._checked(interaction, loaded, seat.seat, cid, values)
        if selection is None:
            await self._say(interaction, INVALID)
            return
        adapter = service.adapter(record.kind)
        if cid.action in adapter.confirmations:  # cannot be undone: asked once, applied by bot.confirm
            question = Question(HAND, cid.action, cid.arg)
            text = adapter.confirmations[cid.action][0]
            await self.confirmations.ask(interaction, record.id, record.version, question, text)
            return
        ctx = self.hands.context(loaded, seat.seat, selection=selection)
        if adapter.act_in_thread:
            outcome = await asyncio.to_thread(adapter.on_action, ctx, cid.action, cid.arg, values)
        else:
            outcome = adapter.on_action(ctx, cid.action, cid.arg, values)
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
        sent: select values the menu did not list, text longer than a modal holds (bot.decode).

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
        # Handed to the reconciler before the move is stored: the pass the move asks for finds the clicked
        # hand already showing it, redrawn through this interaction, and edits it no second time.
        async with self.owner.clicked(interaction, loaded.record.id, seat) as clicked:
            twin = self._last_move_click.get(loaded.record.id) == click
            self._last_move_click[loaded.record.id] = click
            try:
                applied = await service.submit(
                    loaded.record.id, seat, outcome.move, expected_version=loaded.record.version
                )
            except IllegalMove as illegal:
                await clicked.show(loaded, selection=outcome.selection, notice=f"⚠️ {illegal.reason}")
                return
            except NotYourTurn:
                seat_now = loaded.seat_at_turn()
                who = shown_name(seat_now.display_name) if seat_now else "someone else"
                await self._say(interaction, f"It's not your turn yet: {who} is playing.")
                return
            except StaleVersion:
                if twin:  # two clicks that read the same version: the first was applied; drop this one
                    return
                await clicked.show(await service.load(loaded.record.id), notice=OUT_OF_DATE)
                return
            except StorageFault as fault:  # nothing was stored: the hand stays as it is, and the same click works later
                log.warning("move in game %d not saved: %s", loaded.record.id, fault)
                self._last_move_click.pop(loaded.record.id, None)
                await self._say(interaction, not_saved(fault.reason))
                return
            await clicked.show(applied.after)

    @staticmethod
    def _click_key(interaction: discord.Interaction, cid: ComponentId) -> tuple[int, int, str]:
        message_id = interaction.message.id if interaction.message is not None else 0
        return (interaction.user.id, message_id, cid.encode())
