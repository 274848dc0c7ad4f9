"""Sixty-Six moves: frozen values with a short machine code and a human form.

A lead may combine several acts (SX-9 exchange, SX-10 close, SX-8 marriage) before the card goes
down, so exchange and close are moves of their own that leave the same player on lead; a marriage is
declared together with the card it leads (SX-8: "lead one of the two"). `Claim` ends the deal
(SX-11); in memory mode a claim may come straight after a marriage, without leading (§3.3).

Two pauses of pagat 66 have moves of their own: with `close_before_draw` the trick's winner chooses
`Draw` or `Close` before the cards are drawn (SX-10), and with `exchange_on_close` the closer's
opponent answers a close with `ExchangeTrump` or `KeepTrump` (SX-9).

Codes (design §2, fit a 100-character Discord custom id many times over):
`Kh` play, `m:Kh` marriage leading the K♥, `x` exchange, `c` close, `d` draw, `k` keep the lowest
trump, `claim`, `claim:h` claim with a marriage in hearts.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import IllegalMove
from games.cards import Card, Suit, parse_card


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Lead or follow with one card."""

    card: Card

    def encode(self) -> str:
        return self.card.code

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Marriage:
    """Declare the K-Q of `card`'s suit and lead `card` (SX-8). `points` is 20, or 40 in trumps."""

    card: Card
    points: int

    @property
    def suit(self) -> Suit:
        assert self.card.suit is not None
        return self.card.suit

    def encode(self) -> str:
        return f"m:{self.card.code}"

    def __str__(self) -> str:
        return f"{self.card} (marriage {self.points})"


@dataclass(frozen=True, slots=True)
class ExchangeTrump:
    """Swap the lowest trump for the face-up trump card (SX-9)."""

    def encode(self) -> str:
        return "x"

    def __str__(self) -> str:
        return "Exchange the trump card"


@dataclass(frozen=True, slots=True)
class Close:
    """Turn the trump card face down: no more drawing, phase-2 rules (SX-10)."""

    def encode(self) -> str:
        return "c"

    def __str__(self) -> str:
        return "Close the talon"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim 66 (SX-11, memory mode). With `marriage` set, declare that marriage first and claim at once."""

    marriage: Suit | None = None
    points: int = 0

    def encode(self) -> str:
        return "claim" if self.marriage is None else f"claim:{self.marriage.letter}"

    def __str__(self) -> str:
        if self.marriage is None:
            return "Claim 66"
        return f"Claim 66 after marriage {self.points} ({self.marriage.symbol})"


@dataclass(frozen=True, slots=True)
class Draw:
    """After a trick, when closing before drawing was possible: draw as usual (SX-5, SX-10)."""

    def encode(self) -> str:
        return "d"

    def __str__(self) -> str:
        return "Draw from the talon"


@dataclass(frozen=True, slots=True)
class KeepTrump:
    """Decline the exchange offered when the opponent closes (SX-9, pagat 66): keep the lowest trump."""

    def encode(self) -> str:
        return "k"

    def __str__(self) -> str:
        return "Keep the lowest trump"


Move = PlayCard | Marriage | ExchangeTrump | Close | Claim | Draw | KeepTrump


def decode_card(text: str) -> Card:
    """A card from a move code, as IllegalMove (not ValueError) so a corrupt log reads as a refused move."""
    try:
        return parse_card(text)
    except ValueError as error:
        raise IllegalMove(f"That is not a card: {error}.") from error
