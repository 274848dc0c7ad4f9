"""Where Gin Rummy keeps its cards, for the engine-wide contract tests (tests/test_contract.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.cards import Card


def hands(state: Any) -> list[set[Card]]:
    from games.gin.cards import CARDS, bits

    return [{CARDS[i] for i in bits(mask)} for mask in state.hands]


def census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """GR-2: hands, stock, discard pile (and a knock's face-down card) hold the 52 cards."""
    from games.gin.cards import bits

    indices = [i for mask in state.hands for i in bits(mask)] + list(state.stock) + list(state.discard)
    if state.face_down is not None:
        indices.append(state.face_down)
    return Counter(str(i) for i in indices), Counter(str(i) for i in range(52))
