"""The confirmation question's custom-id argument round-trips what a Yes would do."""

from __future__ import annotations

from bot.confirm import HAND, LEAVE, Question, answer_items
from bot.ids import ComponentId


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
