"""Gin moves (GR-4..GR-7), frozen and hashable, with machine codes and human forms.

Codes (design §2; short enough for many in one 100-character custom id):
`d` draw from the stock, `t` take the top of the discard pile, `p` pass the upcard (GR-4),
`7h` discard the 7♥, `k:7h` knock discarding the 7♥ face down (GR-6; with no deadwood left that is
gin, GR-7), `g` big gin: lay out all eleven cards (D-GR-4).

Player notation (`parse_move`): "draw" / "stock", "take" / "upcard", "pass", "7h", "knock 7h",
"gin 7h" (a knock that must leave no deadwood), "big gin".
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import IllegalMove
from games.cards import Card, parse_suited
from games.gin.cards import CARDS, INDEX_BY_CODE, index_of


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the face-down stock (GR-5)."""

    def encode(self) -> str:
        return "d"

    def __str__(self) -> str:
        return "draw from the stock"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (GR-5; on the first turn the upcard, GR-4)."""

    def encode(self) -> str:
        return "t"

    def __str__(self) -> str:
        return "take the discard"


@dataclass(frozen=True, slots=True)
class PassUpcard:
    """Refuse the upcard on the first turn (GR-4)."""

    def encode(self) -> str:
        return "p"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card face up and end the turn (GR-5). `index` is the card's bit (games.gin.cards)."""

    index: int

    @classmethod
    def of(cls, card: Card) -> Discard:
        return cls(index_of(card))

    @property
    def card(self) -> Card:
        return CARDS[self.index]

    def encode(self) -> str:
        return self.card.code

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard `card` face down and lay out the hand (GR-6); with no deadwood left it is gin (GR-7)."""

    index: int

    @classmethod
    def of(cls, card: Card) -> Knock:
        return cls(index_of(card))

    @property
    def card(self) -> Card:
        return CARDS[self.index]

    def encode(self) -> str:
        return f"k:{self.card.code}"

    def __str__(self) -> str:
        return f"knock, {self.card} face down"


@dataclass(frozen=True, slots=True)
class BigGin:
    """Lay out all eleven cards without discarding (D-GR-4)."""

    def encode(self) -> str:
        return "g"

    def __str__(self) -> str:
        return "big gin"


Move = DrawStock | TakeDiscard | PassUpcard | Discard | Knock | BigGin
DRAW = DrawStock()
TAKE = TakeDiscard()
PASS = PassUpcard()
BIG_GIN = BigGin()
_SIMPLE: dict[str, Move] = {"d": DRAW, "t": TAKE, "p": PASS, "g": BIG_GIN}


def decode_move(code: str) -> Move:
    """Read `Move.encode()` text back; raises IllegalMove on anything else."""
    simple = _SIMPLE.get(code)
    if simple is not None:
        return simple
    if code.startswith("k:") and code[2:] in INDEX_BY_CODE:
        return Knock(INDEX_BY_CODE[code[2:]])
    if code in INDEX_BY_CODE:
        return Discard(INDEX_BY_CODE[code])
    raise IllegalMove(f"Unreadable Gin move {code!r}.", "gin.unreadable_code", text=code)


_WORDS: dict[str, Move] = {
    "d": DRAW, "draw": DRAW, "stock": DRAW, "s": DRAW,
    "t": TAKE, "take": TAKE, "upcard": TAKE, "discard": TAKE, "pile": TAKE,
    "p": PASS, "pass": PASS,
    "g": BIG_GIN, "big gin": BIG_GIN, "biggin": BIG_GIN,
}  # fmt: skip


def _card_index(text: str) -> int:
    try:
        return index_of(parse_suited(text))
    except ValueError as error:
        raise IllegalMove(
            f"I can't read {text!r}: {error}. Write a card like `7h` or `10♠`.", "gin.unreadable_card", text=text
        ) from None


def parse_move(text: str) -> tuple[Move, bool]:
    """Read player notation; returns the move and whether the player said "gin" (it must leave 0 deadwood).

    Raises IllegalMove with a readable sentence on nonsense.
    """
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise IllegalMove(
            "Type `draw`, `take`, `pass`, a card to discard like `7h`, `knock 7h` or `gin 7h`.", "gin.type_move"
        )
    joined = " ".join(words)
    if joined in _WORDS:
        return _WORDS[joined], False
    if len(words) == 2 and words[0] in ("knock", "k", "gin"):
        return Knock(_card_index(words[1])), words[0] == "gin"
    if len(words) == 1:
        return Discard(_card_index(text.strip())), False
    raise IllegalMove(
        f"I can't read {text!r}. Try `draw`, `take`, `7h`, `knock 7h` or `gin 7h`.", "gin.unreadable", text=text.strip()
    )
