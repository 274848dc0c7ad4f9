"""The card model every game shares: ranks, suits, jokers, physical copies, decks and notation.

Rank *order* and point values differ per game (Thirteen ranks 2 highest, Carousel has aces low or
high, Sixty-Six ranks 10 above K), so they live with each game; a `Card` only knows what is printed
on it, plus a copy number so that the two 7♥ of a two-deck Carousel game are distinct physical cards
(CA-1).

Notation (design §2): `3s 10h Qd Ac 2h`, `Ts` for ten, `Jk` for a joker, Unicode suits accepted
(`7♥`). A second physical copy is written with a `#1` suffix (`7h#1`, `Jk#1`); the suffix appears in
`Card.code` (machine text: logs, saved games) but not in `str(card)` (what a player reads).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import lru_cache
from typing import ClassVar, Literal, TypeAlias, TypeVar


class Suit(Enum):
    """The four suits. Declaration order is Thirteen's (TL-2: ♠ < ♣ < ♦ < ♥), but games keep their own."""

    SPADES = "s"
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def noun(self) -> str:
        """Singular English name, for sentences such as "You must follow with a higher heart"."""
        return self.name.lower()[:-1]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}


class Rank(IntEnum):
    """Printed ranks. The integer is the face number (ace 14); it is *not* a game's order."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        return _RANK_LABELS.get(self, str(int(self)))


_RANK_LABELS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
_LABEL_TO_RANK: dict[str, Rank] = {r.label.upper(): r for r in Rank}
_LABEL_TO_RANK["T"] = Rank.TEN

JOKER_CODE = "Jk"
JOKER_SYMBOL = "🃏"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical suited card: rank and suit are always present (jokers are `Joker`). `copy` tells
    duplicates apart (CA-1)."""

    rank: Rank
    suit: Suit
    copy: int = 0
    # A Literal tag rather than isinstance: `if card.is_joker:` narrows `AnyCard` for the type checker.
    is_joker: ClassVar[Literal[False]] = False

    def __post_init__(self) -> None:
        # Untyped callers (tests, saved data) could still pass None; a joker is `Joker(copy)` instead.
        if self.rank is None or self.suit is None:
            raise ValueError("a card has both a rank and a suit; a joker is Joker(copy)")
        if self.copy < 0:
            raise ValueError("copy must be 0 or more")

    @property
    def face(self) -> Card:
        """The same card as copy 0: what a player sees, ignoring which physical copy it is."""
        return self if self.copy == 0 else Card(self.rank, self.suit, 0)

    @property
    def code(self) -> str:
        """Machine notation, unique per physical card: `10h`, `7h#1`."""
        base = f"{self.rank.label}{self.suit.letter}"
        return base if self.copy == 0 else f"{base}#{self.copy}"

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __reduce__(self) -> tuple[Callable[[int, str, int], Card], tuple[int, str, int]]:
        """Pickled as three small values and unpickled from a table (`_unpickled`).

        Why: every hand and table picture is drawn in another process from a pickled view, dozens of
        cards each. A slotted dataclass pickles through Python calls per card and its enums by class and
        value; this is one global and a short tuple, and unpickling looks the card up."""
        return _unpickled, (int(self.rank), self.suit.value, self.copy)


@lru_cache(maxsize=1024)  # far more than two decks' cards: a bound, not a size that is ever reached
def _unpickled(rank: int, suit: str, copy: int) -> Card:
    """The card `Card.__reduce__` describes; cards are immutable, so equal ones are shared."""
    return Card(Rank(rank), Suit(suit), copy)


@dataclass(frozen=True, slots=True)
class Joker:
    """One physical joker (Carousel, CA-1): no rank, no suit; `copy` tells the jokers apart."""

    copy: int = 0
    is_joker: ClassVar[Literal[True]] = True
    rank: ClassVar[None] = None
    suit: ClassVar[None] = None

    def __post_init__(self) -> None:
        if self.copy < 0:
            raise ValueError("copy must be 0 or more")

    @property
    def face(self) -> Joker:
        """Copy 0: every joker looks the same to a player."""
        return self if self.copy == 0 else Joker(0)

    @property
    def code(self) -> str:
        """Machine notation: `Jk`, `Jk#1`."""
        return JOKER_CODE if self.copy == 0 else f"{JOKER_CODE}#{self.copy}"

    def __str__(self) -> str:
        return JOKER_SYMBOL

    def __repr__(self) -> str:
        return f"Card({self.code})"


AnyCard: TypeAlias = Card | Joker
"""A card of a deck that may hold jokers (Carousel); the other games deal only `Card`."""

_C = TypeVar("_C", Card, Joker, AnyCard)


def alternating_suits(present: Iterable[Suit], last: Suit | None = None) -> list[Suit]:
    """The suits in `present` ordered for display so that black and red alternate as far as they can,
    `last` (a trump) at the end: a hand sorted this way never shows two suits of one colour side by side
    when some order avoids it (♠ ♥ ♣ ♦; with ♥ trumps ♠ ♦ ♣ ♥)."""
    suits = set(present)
    blacks = [suit for suit in (Suit.SPADES, Suit.CLUBS) if suit in suits and suit != last]
    reds = [suit for suit in (Suit.HEARTS, Suit.DIAMONDS) if suit in suits and suit != last]
    if last is not None and last in suits:
        # Built from the end: the trump, then the other colour, then the trump's colour, and so on.
        same, other = (reds, blacks) if last.is_red else (blacks, reds)
        backwards: list[Suit] = [last]
        while same or other:
            pool = other if len(backwards) % 2 == 1 else same
            backwards.append((pool or same or other).pop())
        return backwards[::-1]
    first, second = (blacks, reds) if len(blacks) >= len(reds) else (reds, blacks)
    ordered: list[Suit] = []
    while first or second:
        ordered.extend(pool.pop(0) for pool in (first, second) if pool)
    return ordered


def parse_card(token: str) -> AnyCard:
    """Parse one card in code or Unicode notation, jokers included. Raises ValueError naming the token."""
    text = token.strip()
    original = text
    copy = 0
    if "#" in text:
        text, _, copy_text = text.partition("#")
        if not copy_text.isdigit():
            raise ValueError(f"bad card {original!r}: the copy after '#' must be a number")
        copy = int(copy_text)
    if text.upper() in (JOKER_CODE.upper(), "JOKER") or text == JOKER_SYMBOL:
        return Joker(copy)
    if len(text) < 2:
        raise ValueError(f"bad card {original!r}: expected a rank and a suit, like 7h or 10♠")
    rank_text, suit_text = text[:-1], text[-1]
    rank = _LABEL_TO_RANK.get(rank_text.upper())
    if rank is None or rank_text.upper() == "1":
        raise ValueError(f"bad card {original!r}: unknown rank {rank_text!r}")
    suit = _SYMBOL_TO_SUIT.get(suit_text) or _letter_suit(suit_text.lower())
    if suit is None:
        raise ValueError(f"bad card {original!r}: unknown suit {suit_text!r}")
    return Card(rank, suit, copy)


def parse_suited(token: str) -> Card:
    """Parse one card of a deck without jokers (Thirteen, Sixty-Six, Gin): a joker is a ValueError."""
    card = parse_card(token)
    if card.is_joker:
        raise ValueError(f"bad card {token.strip()!r}: this game has no jokers")
    return card


def _letter_suit(letter: str) -> Suit | None:
    try:
        return Suit(letter)
    except ValueError:
        return None


def parse_cards(text: str | Iterable[str]) -> list[AnyCard]:
    """Parse whitespace- or comma-separated cards: `parse_cards("3s 10h Td Qc As 2h Jk")`."""
    return [parse_card(token) for token in _tokens(text)]


def parse_suited_cards(text: str | Iterable[str]) -> list[Card]:
    """`parse_cards` for a deck without jokers: `parse_suited_cards("3s 10h Td")`."""
    return [parse_suited(token) for token in _tokens(text)]


def _tokens(text: str | Iterable[str]) -> list[str]:
    return text.replace(",", " ").split() if isinstance(text, str) else list(text)


def format_cards(cards: Iterable[AnyCard], *, unicode: bool = True) -> str:
    """Space-separated cards: Unicode suits for people (`7♠ 10♥`), codes for machines."""
    return " ".join(str(card) if unicode else card.code for card in cards)


# Decks -------------------------------------------------------------------------------------------


def standard_deck(copy: int = 0) -> list[Card]:
    """52 cards, suits in declaration order, ranks 2..A."""
    return [Card(rank, suit, copy) for suit in Suit for rank in Rank]


def rummy_deck(decks: int = 1, jokers_per_deck: int = 1) -> list[AnyCard]:
    """Carousel's cards (CA-1): 52 + 1 joker per deck; copies numbered 0..decks-1."""
    cards: list[AnyCard] = []
    for copy in range(decks):
        cards.extend(standard_deck(copy))
        cards.extend(Joker(copy * jokers_per_deck + j) for j in range(jokers_per_deck))
    return cards


SCHNAPSEN_RANKS_24 = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
SCHNAPSEN_RANKS_20 = SCHNAPSEN_RANKS_24[1:]


def schnapsen_deck(size: int = 24) -> list[Card]:
    """24 cards (9 to A) or 20 cards (10 to A) for Sixty-Six / Schnapsen (SX-1)."""
    ranks: tuple[Rank, ...]
    if size == 24:
        ranks = SCHNAPSEN_RANKS_24
    elif size == 20:
        ranks = SCHNAPSEN_RANKS_20
    else:
        raise ValueError("a Schnapsen deck has 24 or 20 cards")
    return [Card(rank, suit) for suit in Suit for rank in ranks]


def shuffled(cards: Sequence[_C], rng: random.Random) -> list[_C]:
    """A shuffled copy; all randomness comes from the injected generator, so deals replay."""
    result = list(cards)
    rng.shuffle(result)
    return result
