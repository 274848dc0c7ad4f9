"""Small helpers shared by the Thirteen tests."""

from __future__ import annotations

from games.base import IllegalMove
from games.cards import parse_cards
from games.thirteen import State
from games.thirteen.combos import Combo, classify
from games.thirteen.order import mask_of


def play(state: State, text: str) -> State:
    """Apply a move written in player notation."""
    return state.apply(state.parse_move(text))


def refusal(state: State, text: str) -> str:
    """The reason `check` gives for a move, or "" when it is legal."""
    try:
        state.check(state.parse_move(text))
    except IllegalMove as error:
        return error.reason
    return ""


def combo(text: str) -> Combo | None:
    """The combination some cards form, or None."""
    return classify(mask_of(parse_cards(text)))


def mask(text: str) -> int:
    """The card mask of some cards in player notation."""
    return mask_of(parse_cards(text))
