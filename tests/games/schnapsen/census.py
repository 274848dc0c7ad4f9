"""Where Schnapsen keeps its cards, for the engine-wide contract tests (tests/test_contract.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.cards import Card, schnapsen_deck


def hands(state: Any) -> list[set[Card]]:
    return [set(hand) for hand in state.hands]


def census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """SX-2: hands, talon, the trick on the table and the won tricks hold the deck."""
    played = [p.card for record in state.tricks for p in record.cards]
    cards = [*state.hands[0], *state.hands[1], *state.talon, *state.trick, *played]
    deck = schnapsen_deck(state.options.deck_size)
    return Counter(card.code for card in cards), Counter(card.code for card in deck)
