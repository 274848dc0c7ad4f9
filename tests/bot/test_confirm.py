"""Confirmations (bot.flows.confirm): the question's custom id round-trips what a Yes would do, and a Yes or a
No is acted on against the stored game, with fake channels and marks: no Discord at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.flows.confirm import CANCEL, END, HAND, KEPT, LEAVE, MOVED_ON, Confirmations, Question, answer_items
from bot.kit.ids import AnswerAction, ComponentId
from bot.moves.service import GameService
from bot.projection.endings import Endings
from bot.projection.hands import HandMessages
from data import GameRecord, GameStatus
from tests.bot.fakes import (
    CHANNEL,
    TABLE,
    USERS,
    Channels,
    Interaction,
    Marks,
    closed,
    lobby_row,
    one_move,
    service_on,
    started,
)


def test_question_round_trips_a_table_and_a_hand_action() -> None:
    """leave, hand.close and cancel..<message id> decode to the question that was encoded."""
    for question in (
        Question(LEAVE),
        Question(HAND, "close"),
        Question(HAND, "play", "Kh"),
        Question("cancel", arg="123"),
    ):
        assert Question.decode(question.encode()) == question


def test_answer_buttons_carry_the_version_asked_at() -> None:
    """Yes and No carry the game's version, so a Yes after the game moved on is recognised."""
    ids = [ComponentId.parse(item.item.custom_id) for item in answer_items(7, 42, Question(HAND, "close"))]  # type: ignore[attr-defined]
    assert [(cid.game_id, cid.version, cid.action, cid.arg) for cid in ids if cid] == [
        (7, 42, "confirm", "hand.close"),
        (7, 42, "decline", "hand.close"),
    ]


# -- acting on the answer, with fake channels and marks around a real game service ---------------


class LobbyCards:
    """`bot.projection.endings.LobbyCards`: never asked for here (no rematch)."""

    async def card_for(self, record: GameRecord, notice: str = "") -> Any:
        raise AssertionError("no lobby card is drawn when answering a question")


@pytest.fixture
async def parts(tmp_path: Path):  # type: ignore[no-untyped-def]
    service = await service_on(tmp_path)
    marks, channels = Marks(), Channels()
    endings = Endings(service, lobby=LobbyCards(), marks=marks)  # type: ignore[arg-type]
    confirmations = Confirmations(
        service, endings=endings, hands=HandMessages(service), channels=channels, marks=marks  # type: ignore[arg-type]
    )
    yield service, confirmations, marks, channels
    await closed(service)


async def answer(
    confirmations: Confirmations, user_id: int, game_id: int, version: int, question: Question, *, yes: bool = True
) -> Interaction:
    """`user_id` presses Yes (or No) under `question`, asked at `version`; the clicked message is the question."""
    click = Interaction(user_id, 9999)
    action = AnswerAction.CONFIRM if yes else AnswerAction.DECLINE
    await confirmations.on_click(click, ComponentId(game_id, version, action, question.encode()))  # type: ignore[arg-type]
    return click


def answered(click: Interaction) -> str:
    """What the question turned into: the text the Yes left on it (its buttons gone)."""
    assert click.edits and click.edits[-1]["view"] is None
    return str(click.edits[-1]["content"])


async def a_lobby(service: GameService) -> GameRecord:
    record = await lobby_row(service, seed=3)
    await service.db.games.add_player(record.id, USERS[0], "Ann")
    await service.db.games.set_table_message(record.id, CHANNEL, TABLE)
    return await service.db.games.get(record.id)


async def test_no_keeps_everything_as_it_was(parts) -> None:  # type: ignore[no-untyped-def]
    """No under "Leave the game?": the question says nothing changed, and the player keeps the seat."""
    service, confirmations, marks, _ = parts
    loaded = await started(service)
    click = await answer(confirmations, USERS[1], loaded.record.id, loaded.record.version, Question(LEAVE), yes=False)
    assert click.response.edited == [{"content": KEPT, "view": None}]
    record = await service.db.games.get(loaded.record.id)
    assert not record.seats[1].is_computer and marks.marked == []


async def test_yes_to_leave_hands_the_seat_to_a_computer(parts) -> None:  # type: ignore[no-untyped-def]
    """Yes under "Leave the game?": a computer player takes the seat, the question says so."""
    service, confirmations, marks, _ = parts
    loaded = await started(service)
    click = await answer(confirmations, USERS[1], loaded.record.id, loaded.record.version, Question(LEAVE))
    assert answered(click).startswith("You left the game")
    record = await service.db.games.get(loaded.record.id)
    assert record.seats[1].is_computer and record.status is GameStatus.ACTIVE and marks.marked == [record.id]


async def test_yes_to_leave_from_someone_not_seated_changes_nothing(parts) -> None:  # type: ignore[no-untyped-def]
    """A Yes from someone who is not playing (a forwarded question): nobody's seat changes."""
    service, confirmations, marks, _ = parts
    loaded = await started(service)
    click = await answer(confirmations, 999, loaded.record.id, loaded.record.version, Question(LEAVE))
    assert answered(click) == "You have already left this game."
    record = await service.db.games.get(loaded.record.id)
    assert not any(seat.is_computer for seat in record.seats) and marks.marked == []


async def test_a_hand_question_answered_after_the_game_moved_on_does_nothing(parts) -> None:  # type: ignore[no-untyped-def]
    """Yes to a hand question asked at an earlier version (expired): "moved on", and no move is stored."""
    service, confirmations, *_ = parts
    loaded = await started(service)
    after = await one_move(service, loaded)
    seat = after.seat_at_turn()
    assert seat is not None and seat.user_id is not None
    click = await answer(confirmations, seat.user_id, loaded.record.id, loaded.record.version, Question(HAND, "pass"))
    assert answered(click) == MOVED_ON
    assert len((await service.db.games.load(loaded.record.id)).moves) == 1


async def test_a_hand_question_answered_by_someone_else_is_refused(parts) -> None:  # type: ignore[no-untyped-def]
    """Yes to a hand question from someone who is not playing: refused, nothing stored."""
    service, confirmations, *_ = parts
    loaded = await started(service)
    click = await answer(confirmations, 999, loaded.record.id, loaded.record.version, Question(HAND, "pass"))
    assert answered(click) == "You're not playing in this game."
    assert not (await service.db.games.load(loaded.record.id)).moves


async def test_yes_to_cancel_closes_the_lobby_and_its_message(parts) -> None:  # type: ignore[no-untyped-def]
    """The host's Yes under "Cancel this table?": the lobby is abandoned and its message says so."""
    service, confirmations, _, channels = parts
    record = await a_lobby(service)
    click = await answer(confirmations, USERS[0], record.id, 0, Question(CANCEL, arg=str(TABLE)))
    assert answered(click) == "The table is cancelled."
    assert (await service.db.games.get(record.id)).status is GameStatus.ABANDONED
    assert channels.requests == [("edit", TABLE)]


async def test_yes_to_cancel_from_someone_else_is_refused(parts) -> None:  # type: ignore[no-untyped-def]
    """Someone other than the host presses Yes under the host's Cancel question: the lobby stays open."""
    service, confirmations, _, channels = parts
    record = await a_lobby(service)
    click = await answer(confirmations, USERS[1], record.id, 0, Question(CANCEL, arg=str(TABLE)))
    assert answered(click) == "Only the host can cancel this table."
    assert (await service.db.games.get(record.id)).status is GameStatus.LOBBY and channels.requests == []


async def test_yes_to_cancel_after_the_lobby_closed_does_nothing(parts) -> None:  # type: ignore[no-untyped-def]
    """A Cancel question answered after its lobby already closed (expired): told so, no message edited."""
    service, confirmations, _, channels = parts
    record = await a_lobby(service)
    await service.abandon(record.id, "timed out")
    click = await answer(confirmations, USERS[0], record.id, 0, Question(CANCEL, arg=str(TABLE)))
    assert answered(click) == "This lobby has already closed." and channels.requests == []


async def test_the_host_ending_a_game_ends_it_unrated(parts) -> None:  # type: ignore[no-untyped-def]
    """The host's Yes under "End this game now?": abandoned, and its messages are asked to follow."""
    service, confirmations, marks, _ = parts
    loaded = await started(service)
    click = await answer(confirmations, USERS[0], loaded.record.id, loaded.record.version, Question(END))
    assert answered(click) == f"Game #{loaded.record.id} has been ended. Nothing was rated."
    assert (await service.db.games.get(loaded.record.id)).status is GameStatus.ABANDONED
    assert marks.marked == [loaded.record.id]


async def test_a_player_who_is_not_the_host_cannot_end_the_game(parts) -> None:  # type: ignore[no-untyped-def]
    """A seated player who is neither host nor games manager presses Yes under End: refused."""
    service, confirmations, marks, _ = parts
    loaded = await started(service)
    click = await answer(confirmations, USERS[1], loaded.record.id, loaded.record.version, Question(END))
    assert answered(click).startswith("Only the host, server managers")
    assert (await service.db.games.get(loaded.record.id)).status is GameStatus.ACTIVE and marks.marked == []
