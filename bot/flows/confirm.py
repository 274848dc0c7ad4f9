"""One more tap for what cannot be undone: leaving a game, closing the stock, cancelling or ending a table.

The question is an ephemeral message with Yes and No; both are persistent components whose custom id
names what was asked (`cr:<game>:<version>:confirm:<what>`), so an answer works after a restart and
nothing about a pending question lives in memory. What the answer does is checked again against the
stored game when it arrives: a question asked before the game moved on or finished is answered
politely and changes nothing.

Asking needs nothing but the interaction (`ask`), so the lobby and the table commands ask directly;
acting on a Yes needs the game service, the endings (a player leaving), the hand drawer (what a hand
control means), the channels (the lobby message a cancel closes) and the reconciler's marks, handed to
`Confirmations` once (bot.kit.wiring).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.kit.acks import settle
from bot.kit.components import button, release, view_of
from bot.kit.ids import AnswerAction, ComponentId
from bot.kit.languages import quick_language, reader_language
from bot.kit.layout import notice_kwargs
from bot.kit.permissions import may_manage_game
from bot.kit.texts import ENDED_BY_HOST, ENDED_BY_MANAGER, end_reason
from bot.moves.adapters import Submit
from bot.moves.service import GameClosed, NotYourTurn, StaleVersion
from data import GameRecord, GameStatus, StorageFault
from games.base import IllegalMove
from locales import SOURCE, t

if TYPE_CHECKING:
    from bot.kit.wiring import Channels, Leaves, Marks
    from bot.moves.service import GameService
    from bot.projection.hands import HandMessages

log = logging.getLogger(__name__)

CONFIRM, DECLINE = AnswerAction.CONFIRM, AnswerAction.DECLINE
# What the table and the lobby ask about (the argument of a confirm id); a hand control asks with
# "hand.<action>[.<arg>]", its question given by the game's adapter (`GameAdapter.confirmations`).
LEAVE, CANCEL, END, HAND = "leave", "cancel", "end", "hand"

LEAVE_QUESTION = "Leave the game? It becomes unrated, and a computer player takes your seat."
CANCEL_QUESTION = "Cancel this table? The lobby closes for everyone seated."
END_QUESTION = "End this game now? Nobody wins and nothing is rated."
KEPT = "Nothing changed; carry on."
MOVED_ON = "The game has moved on since you were asked, so nothing was done."


def leave_question(lang: str) -> str:
    return t(lang, "Leave the game? It becomes unrated, and a computer player takes your seat.")


def cancel_question(lang: str) -> str:
    return t(lang, "Cancel this table? The lobby closes for everyone seated.")


def end_question(lang: str) -> str:
    return t(lang, "End this game now? Nobody wins and nothing is rated.")


def moved_on(lang: str) -> str:
    return t(lang, "The game has moved on since you were asked, so nothing was done.")


@dataclass(frozen=True, slots=True)
class Question:
    """What a Yes would do: a table action, or a hand action with its own argument."""

    what: str
    action: str = ""
    arg: str = ""

    def encode(self) -> str:
        if self.arg:
            return f"{self.what}.{self.action}.{self.arg}"
        return f"{self.what}.{self.action}" if self.action else self.what

    @classmethod
    def decode(cls, text: str) -> Question:
        what, _, rest = text.partition(".")
        action, _, arg = rest.partition(".")
        return cls(what, action, arg)


def answer_items(game_id: int, version: int, question: Question, lang: str = SOURCE) -> list[discord.ui.Item[Any]]:
    """Yes / No, carrying the question and the version it was asked at."""
    arg = question.encode()
    return [
        button(ComponentId(game_id, version, CONFIRM, arg), t(lang, "Yes"), style=discord.ButtonStyle.danger),
        button(ComponentId(game_id, version, DECLINE, arg), t(lang, "No"), style=discord.ButtonStyle.secondary),
    ]


async def ask(
    interaction: discord.Interaction, game_id: int, version: int, question: Question, text: str, lang: str = SOURCE
) -> None:
    """An ephemeral question, as the answer to the click or command (or its follow-up if deferred), its
    buttons in the asker's language `lang` (the question `text` comes written in it)."""
    view = view_of(answer_items(game_id, version, question, lang))
    try:
        if await settle(interaction):
            await interaction.followup.send(text, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)
    finally:
        release(view)


class Confirmations:
    """Asks, and acts on the answer."""

    def __init__(
        self, service: GameService, *, endings: Leaves, hands: HandMessages, channels: Channels, marks: Marks
    ) -> None:
        self.service = service
        self.endings = endings
        self.hands = hands
        self.channels = channels
        self.marks = marks

    async def ask(
        self, interaction: discord.Interaction, game_id: int, version: int, question: Question, text: str
    ) -> None:
        """An ephemeral question, as the answer to the click or command (or its follow-up if deferred)."""
        await ask(interaction, game_id, version, question, text, await self._lang(interaction))

    async def _lang(self, interaction: discord.Interaction) -> str:
        try:
            return await reader_language(self.service.db, interaction)
        except StorageFault:
            return quick_language(interaction)

    async def on_click(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        question = Question.decode(cid.arg)
        lang = await self._lang(interaction)
        if cid.action == DECLINE:
            await interaction.response.edit_message(content=t(lang, "Nothing changed; carry on."), view=None)
            return
        await interaction.response.defer()  # a deferred update of the question: the answer replaces it
        handler = {LEAVE: self._leave, CANCEL: self._cancel, END: self._end, HAND: self._hand}.get(question.what)
        if handler is None:
            text = t(lang, "That button isn't one Cardroom sent.")
        else:
            try:
                text = await handler(interaction, cid, question, lang)
            except GameClosed:
                text = t(lang, "This game is already over, so nothing was done.")
            except Exception:  # the question must never stay on screen as if nothing was tried
                log.exception("confirmed %s in game %d failed", cid.arg, cid.game_id)
                text = t(lang, "Something went wrong on my side; please try again.")
        await interaction.edit_original_response(content=text, view=None)

    async def _leave(self, interaction: discord.Interaction, cid: ComponentId, question: Question, lang: str) -> str:
        """Leaving does not depend on the cards, so a game that moved on still lets its player go."""
        loaded = await self.service.load(cid.game_id)
        seat = loaded.record.seat_of(interaction.user.id)
        if loaded.record.status is not GameStatus.ACTIVE:
            return t(lang, "This game is already over, so there is nothing to leave.")
        if seat is None or seat.is_computer:
            return t(lang, "You have already left this game.")
        await self.endings.leave(loaded, seat.seat, interaction.user.display_name)
        return t(lang, "You left the game; a computer player has your seat now. Thanks for playing!")

    async def _cancel(self, interaction: discord.Interaction, cid: ComponentId, question: Question, lang: str) -> str:
        service = self.service
        async with service.lock(cid.game_id):
            record = await service.db.games.get(cid.game_id)
            if record.status is not GameStatus.LOBBY:
                return t(lang, "This lobby has already closed.")
            if interaction.user.id != record.host_user_id:
                return t(lang, "Only the host can cancel this table.")
            reason = "Cancelled by the host."  # stored: no names in free text
            await service.db.games.abandon(record.id, at=service.clock(), reason=reason)
        service.ended(record.id)  # a lobby's thread is archived (bot.projection.threads)
        # The lobby message asked from (its id in the question): a lobby answered at once may not have
        # its message stored yet.
        message_id = record.table_message_id or (int(question.arg) if question.arg.isdigit() else None)
        table_lang = await service.table_language(record.guild_id)
        note = t(
            table_lang,
            "**{game}** · table #{number}: {reason}",
            game=service.adapter(record.kind).name(table_lang, record.options),
            number=record.id,
            reason=end_reason(table_lang, reason),
        )
        await self._edit_lobby(record.table_channel_id or record.channel_id, message_id, record.id, note)
        return t(lang, "The table is cancelled.")

    async def _end(self, interaction: discord.Interaction, cid: ComponentId, question: Question, lang: str) -> str:
        service = self.service
        record = await service.db.games.get(cid.game_id)
        if record.status not in (GameStatus.ACTIVE, GameStatus.LOBBY):
            return t(lang, "This game is already over.")
        if not await may_manage_game(service.db, interaction, record.host_user_id):
            return t(lang, "Only the host, server managers or the games-manager role can end this game.")
        by_host = interaction.user.id == record.host_user_id
        await end_game(service, self.channels, self.marks, record, by_host=by_host)
        return t(lang, "Game #{number} has been ended. Nothing was rated.", number=record.id)

    async def _hand(self, interaction: discord.Interaction, cid: ComponentId, question: Question, lang: str) -> str:
        """A hand control that asked first (Close the stock): applied only at the version it was asked at."""
        service = self.service
        loaded = await service.load(cid.game_id)
        record = loaded.record
        seat = record.seat_of(interaction.user.id)
        if record.status is not GameStatus.ACTIVE:
            return t(lang, "This game is already over, so nothing was done.")
        if seat is None or seat.is_computer:
            return t(lang, "You're not playing in this game.")
        if record.version != cid.version:
            return moved_on(lang)
        adapter = service.adapter(record.kind)
        ctx = self.hands.context(loaded, seat.seat, lang=lang)
        outcome = adapter.on_action(ctx, question.action, question.arg, (), lang=lang)
        if not isinstance(outcome, Submit):
            return getattr(outcome, "reason", "") or moved_on(lang)
        try:
            await service.submit(record.id, seat.seat, outcome.move, expected_version=cid.version, read=loaded)
        except (StaleVersion, NotYourTurn):
            return moved_on(lang)
        except IllegalMove as illegal:
            return f"⚠️ {adapter.refusal(illegal, lang=lang)}"
        return adapter.confirmations.get(question.action, ("", t(lang, "Done.")))[1]

    async def _edit_lobby(self, channel_id: int, message_id: int | None, game_id: int, text: str) -> None:
        if message_id is None:
            return
        channel = self.channels.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(message_id).edit(**notice_kwargs(text))
        except discord.HTTPException:
            log.info("could not close the lobby message of game %d", game_id)


async def end_game(
    service: GameService, channels: Channels, marks: Marks, record: GameRecord, *, by_host: bool
) -> None:
    """End a game or close a lobby for good (`/game end`, confirmed): unrated, and its messages say so."""
    # Stored without a name: the database keeps nobody's name in free text (delete-my-data).
    reason = ENDED_BY_HOST if by_host else ENDED_BY_MANAGER
    loaded = await service.abandon(record.id, reason)
    # The record as abandoned, not as read before: a lobby's message may have been recorded in between
    # (bot.flows.lobby.lobby_shown); one recorded after it finds the lobby closed and says so itself.
    record = loaded.record
    if loaded.state is not None:
        marks.mark_dirty(record.id)
    elif record.table_message_id is not None and record.table_channel_id is not None:
        message = channels.get_partial_messageable(record.table_channel_id).get_partial_message(record.table_message_id)
        lang = await service.table_language(record.guild_id)
        note = t(lang, "Table #{number} closed: {reason}.", number=record.id, reason=end_reason(lang, reason))
        try:
            await message.edit(**notice_kwargs(note))
        except discord.HTTPException:
            log.info("could not edit the lobby of game %d", record.id)
