"""ThirteenAdapter's words: what the table message, the hand and the rules say to a player."""

from __future__ import annotations

from cogs.thirteen.adapter import ThirteenAdapter
from games.thirteen import State
from games.thirteen.state import position

ADAPTER = ThirteenAdapter()
NAMES = ("Alice", "Ada", "Bob")


def _moves(state: State, *moves: str) -> State:
    for move in moves:
        state = state.apply(state.parse_move(move))
    return state


def _round_cleared() -> State:
    """Alice's K♠ K♣ stands, Ada and Bob pass: the round clears and Alice leads a new one (TL-10)."""
    return _moves(position(["Ks Kc 3d 4d", "4s 5h", "6c 7d"], to_move=0), "Ks Kc", "pass", "pass")


def test_the_table_text_keeps_the_passes_that_ended_a_round():
    """After a round clears the table message still says who passed, then who leads the new round."""
    header = ADAPTER.table_header(_round_cleared().view(None), NAMES)
    assert header.splitlines() == ["Nobody beat Alice's K♠ K♣: Ada passed, Bob passed.", "Alice leads a new round"]


def test_the_finished_round_leaves_the_table_text_at_the_next_play():
    """The leader's play starts the new round: the old round's passes are no longer news."""
    header = ADAPTER.table_header(_moves(_round_cleared(), "3d").view(None), NAMES)
    assert header == "Alice played 3♦ (single 3♦)"
