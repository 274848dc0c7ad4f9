"""Thirteen moves: play a set of cards, or pass (TL-7). Frozen and hashable (design §2).

Encoding: card codes joined by dots, lowest first ("3s.4d.5c", at most 13 cards, so at most 51
characters and well inside Discord's 100-character custom ids); "p" is a pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import IllegalMove
from games.cards import Card, format_cards, parse_suited
from games.thirteen.order import CODES, VALUE_BY_CODE, cards_of, mask_of, values_of


@dataclass(frozen=True, slots=True)
class Play:
    """Play these cards. `mask` is the TL-2 bitmask (see `order`), so equal card sets are equal moves."""

    mask: int

    @classmethod
    def of(cls, cards: list[Card] | tuple[Card, ...]) -> Play:
        return cls(mask_of(cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, lowest first (TL-2)."""
        return cards_of(self.mask)

    def encode(self) -> str:
        return ".".join(CODES[v] for v in values_of(self.mask))

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: stay out until the table clears (TL-9)."""

    def encode(self) -> str:
        return "p"

    def __str__(self) -> str:
        return "pass"


Move = Play | Pass
PASS = Pass()
PASS_WORDS = frozenset({"p", "pass", "skip"})


def decode_move(code: str) -> Move:
    """Read `Move.encode()` text back; raises IllegalMove on anything else."""
    if code == "p":
        return PASS
    tokens = code.split(".")
    if all(token in VALUE_BY_CODE for token in tokens):  # exactly what encode() writes: no parsing needed
        mask = sum(1 << VALUE_BY_CODE[token] for token in tokens)
        if mask.bit_count() == len(tokens):
            return Play(mask)
    try:
        cards = [parse_suited(token) for token in code.split(".")]
        mask = mask_of(cards)
    except ValueError as error:
        raise IllegalMove(f"Unreadable move {code!r}: {error}.", "thirteen.unreadable_code", text=code) from None
    if mask.bit_count() != len(cards):
        raise IllegalMove(f"Unreadable move {code!r}: a card is listed twice.", "thirteen.unreadable_code", text=code)
    return Play(mask)


def parse_move(text: str) -> Move:
    """Read player notation: "7s 7h", "7♠,7♥", "pass"; raises IllegalMove with a readable sentence."""
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalMove("Type the cards to play, like `7s 7h`, or `pass`.", "thirteen.type_cards")
    if len(words) == 1 and words[0].lower() in PASS_WORDS:
        return PASS
    try:
        cards = [parse_suited(word) for word in words]
        mask = mask_of(cards)
    except ValueError as error:
        raise IllegalMove(
            f"I can't read that: {error}. Write cards like `7s 7h 10d`, or `pass`.",
            "thirteen.unreadable",
            text=text.strip(),
        ) from None
    if mask.bit_count() != len(cards):
        raise IllegalMove("You listed the same card twice.", "thirteen.twice")
    return Play(mask)
