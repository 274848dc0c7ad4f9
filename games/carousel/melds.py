"""Carousel's cards on the table: jokers with declarations, melds, the meld checker and card values.

A meld is a tuple of `TableCard`s in display order. A `TableCard` is one physical card (copy ids
tell the two 7♥ of a two-deck game apart, CA-1) plus, for a joker, the card it was declared as
(CA-7.1). Everything that judges a meld works on *faces* (the declared card for a joker, the card
itself otherwise), so a joker declared 7♥ is simply one more 7♥ to the checker and the solver.

The checker returns a reason a player can read rather than a bare bool, because the engine turns
it straight into `IllegalMove` (CA-6: a rejected step says why).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from games.cards import JOKER_SYMBOL, AnyCard, Card, Rank, Suit, format_cards, parse_card, rummy_deck

JOKER_VALUE = 25
MAX_GROUP = 4  # CA-5: never more than 4 cards in a group
MAX_SEQUENCE = 13  # CA-5: A..K or 2..A at most


def card_value(card: AnyCard) -> int:
    """CA-8: joker 25, K/Q/J 10, number cards at face value, ace 1."""
    if card.rank is None:
        return JOKER_VALUE
    if card.rank is Rank.ACE:
        return 1
    return min(int(card.rank), 10)


def hand_value(cards: Iterable[AnyCard]) -> int:
    """A hand's count (CA-8), used for knocking (CA-9) and scoring (CA-12)."""
    return sum(card_value(card) for card in cards)


@functools.cache
def lowest_count(size: int, decks: int) -> int:
    """The smallest count any hand of `size` cards could have with `decks` decks (CA-8): the cheapest
    cards of the deck. A public fact, so a pause decided by it reveals nothing about a hand (CA-9)."""
    values = sorted(card_value(card) for card in rummy_deck(decks))
    return sum(values[:size])


def low_position(rank: Rank) -> int:
    """Sequence position with the ace low: A=1, 2..K = 2..13 (ace high is 14, CA-5)."""
    return 1 if rank is Rank.ACE else int(rank)


@dataclass(frozen=True, slots=True)
class TableCard:
    """A physical card on the table; a joker carries the card it stands for (CA-7.1).

    `declared` is always copy 0: a declaration names a card, not one of its physical copies.
    """

    card: AnyCard
    declared: Card | None = None
    # Computed once: the solver and the checkers read faces millions of times in playouts.
    _face: Card = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.card.is_joker:
            if self.declared is None or self.declared.is_joker:
                raise ValueError("a joker on the table must be declared as a card, like Jk=7h")
            if self.declared.copy != 0:
                object.__setattr__(self, "declared", self.declared.face)
            object.__setattr__(self, "_face", self.declared.face)
        elif self.declared is not None:
            raise ValueError(f"only a joker can be declared; {self.card} is a natural card")
        else:
            object.__setattr__(self, "_face", self.card.face)

    @property
    def face(self) -> Card:
        """The card this stands for: the declaration for a joker, the card itself (copy 0) otherwise."""
        return self._face

    @property
    def is_joker(self) -> bool:
        return self.card.is_joker

    @property
    def code(self) -> str:
        """Machine notation: `7h`, `7h#1`, `Jk=7h`, `Jk#1=7h`."""
        if self.declared is None:
            return self.card.code
        return f"{self.card.code}={self.declared.code}"

    def __str__(self) -> str:
        if self.declared is None:
            return str(self.card)
        return f"{JOKER_SYMBOL}={self.declared}"

    @classmethod
    def parse(cls, token: str) -> TableCard:
        """`7h`, `Jk=7h`, `Jk#1=7♥`; raises ValueError naming the token."""
        text, sep, declared = token.partition("=")
        card = parse_card(text)
        if not sep:
            if card.is_joker:
                raise ValueError(f"the joker {token!r} needs a declaration, like Jk=7h")
            return cls(card)
        if not card.is_joker:
            raise ValueError(f"only a joker can be declared: {token!r}")
        declared_card = parse_card(declared)
        if declared_card.is_joker:
            raise ValueError(f"a joker must be declared as a real card, not {declared!r}")
        return cls(card, declared_card.face)


class MeldKind(Enum):
    """CA-5: the two kinds of meld."""

    GROUP = "group"
    SEQUENCE = "sequence"


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld on the table, cards in display order. Validity is checked by `meld_problem`, not here,
    so that a submitted (possibly wrong) table can still be represented and rejected with a reason."""

    cards: tuple[TableCard, ...]
    _faces: tuple[Card, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_faces", tuple(card.face for card in self.cards))

    @classmethod
    def of(cls, cards: Iterable[TableCard | AnyCard]) -> Meld:
        return cls(tuple(card if isinstance(card, TableCard) else TableCard(card) for card in cards))

    @classmethod
    def parse(cls, text: str) -> Meld:
        """`6h Jk=7h 8h` (codes or Unicode suits). Copy ids (`#1`) are kept as written."""
        return cls(tuple(TableCard.parse(token) for token in text.replace(",", " ").split()))

    @property
    def faces(self) -> tuple[Card, ...]:
        return self._faces

    @property
    def physical(self) -> tuple[AnyCard, ...]:
        return tuple(card.card for card in self.cards)

    @property
    def kind(self) -> MeldKind | None:
        """GROUP, SEQUENCE, or None when the cards are not a valid meld."""
        return classify(self.faces)

    @property
    def code(self) -> str:
        return " ".join(card.code for card in self.cards)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def in_display_order(self) -> Meld:
        """Sequences low to high (ace where it plays), groups in suit order; identity otherwise."""
        kind = self.kind
        if kind is MeldKind.GROUP:
            ordered = tuple(sorted(self.cards, key=lambda c: _SUIT_ORDER[c.face.suit]))
        elif kind is MeldKind.SEQUENCE:
            high = _ace_plays_high(self.faces)
            ordered = tuple(sorted(self.cards, key=lambda c: _position(c.face, high)))
        else:
            return self
        return self if ordered == self.cards else Meld(ordered)


_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


def _position(face: AnyCard, ace_high: bool) -> int:
    assert face.rank is not None
    if face.rank is Rank.ACE:
        return 14 if ace_high else 1
    return int(face.rank)


def _ace_plays_high(faces: Sequence[AnyCard]) -> bool:
    """An ace in a sequence plays high unless the sequence contains a 2 (CA-5: never both)."""
    return not any(face.rank is Rank.TWO for face in faces)


def sequence_problem(faces: Sequence[AnyCard]) -> str | None:
    """Why these faces are not one CA-5 sequence, or None when they are."""
    if len({face.suit for face in faces}) != 1:
        return "a sequence must be all one suit"
    ranks = [face.rank for face in faces]
    if len(set(ranks)) != len(ranks):
        return "a sequence cannot hold the same card twice"
    if len(faces) > MAX_SEQUENCE:
        return "a sequence has at most 13 cards"
    high = _ace_plays_high(faces)
    positions = sorted(_position(face, high) for face in faces)
    if positions[-1] - positions[0] != len(positions) - 1:
        if Rank.ACE in ranks and Rank.TWO in ranks and Rank.KING in ranks:
            return "an ace is low or high in a sequence, never both, and K-A-2 does not wrap"
        return "a sequence must have consecutive ranks"
    return None


def group_problem(faces: Sequence[AnyCard]) -> str | None:
    """Why these faces are not one CA-5 group, or None when they are."""
    if len({face.rank for face in faces}) != 1:
        return "a group must be all one rank"
    if len(faces) > MAX_GROUP:
        return "a group has at most 4 cards"
    if len({face.suit for face in faces}) != len(faces):
        return "a group needs different suits (two decks still give no duplicates in a group)"
    return None


def classify(faces: Sequence[AnyCard]) -> MeldKind | None:
    """The meld kind of these faces (jokers already resolved to their declarations), or None."""
    if len(faces) < 3 or any(face.is_joker for face in faces):
        return None
    if group_problem(faces) is None:
        return MeldKind.GROUP
    if sequence_problem(faces) is None:
        return MeldKind.SEQUENCE
    return None


def meld_problem(meld: Meld | Sequence[TableCard]) -> str | None:
    """Why this is not a valid meld (CA-5, CA-7, D-CA-2), or None when it is.

    The reason names the cards, so a rejected table step tells the player which meld is wrong.
    """
    cards = meld.cards if isinstance(meld, Meld) else tuple(meld)
    shown = " ".join(str(card) for card in cards)
    if len(cards) < 3:
        return f"[{shown}] is too short: a meld needs at least 3 cards"
    if all(card.is_joker for card in cards):
        return f"[{shown}] needs at least one natural card"
    faces = [card.face for card in cards]
    reason = group_problem(faces) if len({face.rank for face in faces}) == 1 else _mixed_problem(faces)
    return None if reason is None else f"[{shown}]: {reason}"


def _mixed_problem(faces: Sequence[AnyCard]) -> str | None:
    """Why cards of several ranks are no meld: judged as the group it looks like when more cards share
    a rank than share a suit, else as a sequence.

    K♠ K♣ K♥ 10♣ is three kings and a stray ten; judged as a sequence it would be refused for its
    suits, which is not what the player got wrong.
    """
    ranks = Counter(face.rank for face in faces)
    rank, most = ranks.most_common(1)[0]
    if rank is None or most <= max(Counter(face.suit for face in faces).values()):
        return sequence_problem(faces)
    strays = [face for face in faces if face.rank is not rank]
    verb = "is" if len(strays) == 1 else "are"
    article = "an" if rank in (Rank.ACE, Rank.EIGHT) else "a"
    return f"a group must be all one rank, and {format_cards(strays)} {verb} not {article} {rank.label}"
