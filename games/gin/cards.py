"""Gin's card indices: 52 bits, suit-major, ace low (GR-1, GR-2), so hands are plain int bitmasks.

Index `suit * 13 + (rank - 1)` with rank 1 (ace) .. 13 (king) and suits in `Suit` order. Runs are
then runs of adjacent bits inside one suit's 13-bit block, and the lowest set bit of a meld is its
lowest card, which the arrangement search relies on (see `melds`). The public surface still speaks
`games.cards.Card`; these helpers convert at the edges.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bits import bits as bits  # re-exported: hands are bitmasks here
from games.cards import Card, Rank, Suit

SUITS: tuple[Suit, ...] = tuple(Suit)
FULL = (1 << 52) - 1


def rank_of(index: int) -> int:
    """Ace 1 .. king 13 (GR-2: ace low only)."""
    return index % 13 + 1


def suit_of(index: int) -> int:
    return index // 13


def card_value(index: int) -> int:
    """GR-1: ace 1, 2-10 face value, J Q K 10."""
    return min(index % 13 + 1, 10)


VALUES: tuple[int, ...] = tuple(card_value(i) for i in range(52))


def _card(index: int) -> Card:
    rank = index % 13 + 1
    return Card(Rank.ACE if rank == 1 else Rank(rank), SUITS[index // 13])


CARDS: tuple[Card, ...] = tuple(_card(i) for i in range(52))
CODES: tuple[str, ...] = tuple(card.code for card in CARDS)
INDEX_BY_CODE: dict[str, int] = {code: i for i, code in enumerate(CODES)}


INDEX_BY_CARD: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}


def index_of(card: Card) -> int:
    """The index of a printed card; ValueError for a joker or a second copy (Gin has one deck, GR-1)."""
    index = INDEX_BY_CARD.get(card)
    if index is None:
        raise ValueError(f"{card} is not a card of Gin's single 52-card deck")
    return index



def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        index = INDEX_BY_CARD.get(card)
        if index is None:
            raise ValueError(f"{card} is not a card of Gin's single 52-card deck")
        mask |= 1 << index
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of `mask`, by suit then rank (ace low): the order a Gin hand is shown in."""
    return tuple(CARDS[i] for i in bits(mask))


def mask_value(mask: int) -> int:
    """Sum of the GR-1 values of the cards in `mask`."""
    return sum(VALUES[i] for i in bits(mask))
