"""Gin's hand summaries take the players' names as data: a person named "Player 2" in seat 1, or a
name full of pattern characters, reads as exactly that in the summary, the header and the image."""

from __future__ import annotations

import random

from cogs.gin.words import hand_end_lines
from games.gin import ENGINE, HandSummary
from rendering import gin
from rendering.gin import hand_sentences, hand_text
from rendering.measure import recording

NAMES = ("Player 2", r"a+b \1")


def _first_knock() -> tuple[HandSummary, object]:
    rng, state = random.Random(1), ENGINE.new_game(2, 1)
    computer = ENGINE.computer("easy")
    while state.last_hand is None or state.last_hand.knocker is None:
        state = state.apply(computer.choose(state.view(state.to_move), rng))
    return state.last_hand, state.view(None)


def test_gr7_a_player_named_player_2_in_seat_1_is_named_as_themselves() -> None:
    """GR-7: the score sentence names the knocker and the winner by their own seats' names."""
    summary, _ = _first_knock()
    assert summary.knocker is not None and summary.winner is not None
    text = hand_text(summary, NAMES)
    assert f"{NAMES[summary.winner]} scores {summary.points}." in text
    assert NAMES[summary.knocker] in hand_sentences(summary, NAMES)[0]
    assert hand_end_lines(summary, NAMES)[-1] == text


def test_gr7_the_table_image_draws_the_worded_score() -> None:
    """GR-7: right after a knock the table image draws the score sentence with the names given."""
    summary, view = _first_knock()
    with recording() as drawn:
        gin.render_table(view, NAMES)
    texts = " ".join(item.text for item in drawn)
    assert f"scores {summary.points}." in texts and "Player 1" not in texts
