"""Where Thirteen keeps its cards, for the engine-wide contract tests (tests/test_contract.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.cards import Card


def hands(state: Any) -> list[set[Card]]:
    from games.thirteen.order import cards_of

    return [set(cards_of(mask)) for mask in state.hands]


def census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """TL-1: the dealt cards are in hands or played, each once; 13 per seat."""
    from games.thirteen.order import cards_of

    cards = Counter(card.code for mask in (*state.hands, state.played) for card in cards_of(mask))
    assert sum(cards.values()) == 13 * state.players
    return cards, Counter({code: 1 for code in cards})
