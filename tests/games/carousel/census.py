"""Where Carousel keeps its cards, for the engine-wide contract tests (tests/test_contract.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.cards import Card, rummy_deck


def hands(state: Any) -> list[set[Card]]:
    return [set(hand) for hand in state.hands]


def census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """CA-1: hands, stock and table hold the whole rummy deck."""
    cards = [card for hand in state.hands for card in hand] + list(state.stock)
    cards += [card.card for meld in state.table for card in meld.cards]
    return Counter(card.code for card in cards), Counter(card.code for card in rummy_deck(state.decks))
