"""Thirteen's card order (TL-2) as small integers, so the engine and computer players work on bitmasks.

`value = rank_index * 4 + suit_index`: ranks 3 4 5 6 7 8 9 10 J Q K A 2, suits ♠ < ♣ < ♦ < ♥, so 3♠ = 0 and
2♥ = 51. A set of cards is an int with bit `value` set per card; with one deck no two cards share a value.
The shared `games.cards.Card` stays the public type (views, moves, notation); these helpers convert.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.cards import Card, Rank, Suit

RANK_ORDER: tuple[Rank, ...] = (*sorted(r for r in Rank if r is not Rank.TWO), Rank.TWO)
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
TWO = 12  # rank index of the 2, the highest rank (TL-2)
ACE = 11
FULL_DECK = (1 << 52) - 1

CARDS: tuple[Card, ...] = tuple(Card(RANK_ORDER[v // 4], SUIT_ORDER[v % 4]) for v in range(52))
_VALUE: dict[Card, int] = {card: v for v, card in enumerate(CARDS)}
CODES: tuple[str, ...] = tuple(card.code for card in CARDS)
VALUE_BY_CODE: dict[str, int] = {code: v for v, code in enumerate(CODES)}  # the fast path for saved moves


def value(card: Card) -> int:
    """TL-2 value of a card; jokers and second copies do not exist in Thirteen (TL-1)."""
    try:
        return _VALUE[card]
    except KeyError:
        raise ValueError(f"{card} is not a Thirteen card (one 52-card deck, no jokers)") from None


def rank_of(v: int) -> int:
    return v >> 2


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a set of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << value(card)
    return mask


def values_of(mask: int) -> list[int]:
    """Card values in a mask, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    """Cards in a mask sorted by TL-2, lowest first (the order a hand is shown in)."""
    return tuple(CARDS[v] for v in values_of(mask))


def top_of(mask: int) -> int:
    """The highest card value in a non-empty mask."""
    return mask.bit_length() - 1


def lowest_of(mask: int) -> int:
    """The lowest card value in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def nibble(mask: int, rank: int) -> int:
    """The four suit bits of `rank` in `mask`."""
    return (mask >> (rank << 2)) & 0xF
