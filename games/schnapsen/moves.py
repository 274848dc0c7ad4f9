"""Sixty-Six moves and all their notation: frozen values, a short machine code, a human form, player text.

A lead may combine several acts (SX-9 exchange, SX-10 close, SX-8 marriage) before the card goes
down, so exchange and close are moves of their own that leave the same player on lead; a marriage is
declared together with the card it leads (SX-8: "lead one of the two"). `Claim` ends the deal
(SX-11); in memory mode a claim may come straight after a marriage, without leading (§3.3).

Two pauses of pagat 66 have moves of their own: with `close_before_draw` the trick's winner chooses
`Draw` or `Close` before the cards are drawn (SX-10), and with `exchange_on_close` the closer's
opponent answers a close with `ExchangeTrump` or `KeepTrump` (SX-9).

Codes (design §2, fit a 100-character Discord custom id many times over):
`Kh` play, `m:Kh` marriage leading the K♥, `x` exchange, `c` close, `d` draw, `d+` draw and stop
asking this deal, `k` keep the lowest trump, `claim`, `claim:h` claim with a marriage in hearts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.base import IllegalMove
from games.cards import Card, Rank, Suit, parse_suited


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
    """After a trick, when closing before drawing was possible: draw as usual (SX-5, SX-10).

    `unasked`: and draw without being asked for the rest of this deal (the seat gives up closing
    before drawing until the next deal; closing at a lead stays open to it)."""

    unasked: bool = False

    def encode(self) -> str:
        return "d+" if self.unasked else "d"

    def __str__(self) -> str:
        return "Draw from the talon, and this deal without asking" if self.unasked else "Draw from the talon"


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
        return parse_suited(text)
    except ValueError as error:
        raise IllegalMove(f"That is not a card: {error}.", "schnapsen.unreadable_code", text=text) from error


def decode_move(code: str, trump: Suit) -> Move:
    """Read a code written by `Move.encode` (the move log, custom ids); `trump` prices a marriage (SX-8)."""
    if code == "x":
        return ExchangeTrump()
    if code == "c":
        return Close()
    if code == "d":
        return Draw()
    if code == "d+":
        return Draw(unasked=True)
    if code == "k":
        return KeepTrump()
    if code == "claim":
        return Claim()
    if code.startswith("claim:"):
        suit = suit_from_letter(code[6:])
        return Claim(suit, marriage_points(trump, suit))
    if code.startswith("m:"):
        card = decode_card(code[2:])
        if card.suit is None:
            raise IllegalMove("A marriage is declared with a K or a Q.", "schnapsen.marriage_card")
        return Marriage(card, marriage_points(trump, card.suit))
    return PlayCard(decode_card(code))


def parse_move(text: str, trump: Suit) -> Move:
    """Player notation: `Kh`, `20 Kh`, `marriage Kh`, `40 Qs`, `exchange`, `close`, `draw`, `draw always`,
    `keep`, `claim`, `claim 20 Kh`."""
    words = text.strip().lower().replace(":", " ").split()
    if not words:
        raise IllegalMove("Type a card such as Kh, or marriage Kh, exchange, close or claim.", "schnapsen.type_move")
    head, rest = words[0], words[1:]
    if head in ("exchange", "x", "swap") and not rest:
        return ExchangeTrump()
    if head in ("close", "c") and not rest:
        return Close()
    if head in ("draw", "d") and not rest:
        return Draw()
    if head in ("draw", "d") and rest in (["always"], ["on"]):
        return Draw(unasked=True)
    if head in ("keep", "k") and not rest:
        return KeepTrump()
    if head in ("claim", "66"):
        if not rest:
            return Claim()
        marriage = _parse_marriage(rest, trump)
        return Claim(marriage.suit, marriage.points)
    if head in ("marriage", "m", "20", "40", "marry"):
        return _parse_marriage(words if head in ("20", "40") else rest, trump)
    if len(words) != 1:
        raise IllegalMove(
            f"I did not understand {text.strip()!r}; play one card such as Kh.", "schnapsen.one_card", text=text.strip()
        )
    try:
        return PlayCard(parse_suited(words[0]))
    except ValueError:
        raise IllegalMove(
            f"{text.strip()!r} is not a card or a move; try Kh, 20 Kh, exchange or close.",
            "schnapsen.unreadable",
            text=text.strip(),
        ) from None


def _parse_marriage(words: Sequence[str], trump: Suit) -> Marriage:
    said: int | None = None
    if words and words[0] in ("20", "40"):
        said, words = int(words[0]), words[1:]
    if len(words) != 1:
        raise IllegalMove(
            "Name the card to lead from the marriage, for example: marriage Kh.", "schnapsen.marriage_name"
        )
    try:
        card = parse_suited(words[0])
    except ValueError:
        raise IllegalMove(
            f"{words[0]!r} is not a card; name the K or Q to lead, such as Kh.",
            "schnapsen.marriage_unreadable",
            text=words[0],
        ) from None
    if card.rank not in (Rank.KING, Rank.QUEEN) or card.suit is None:
        raise IllegalMove("A marriage is declared with a K or a Q.", "schnapsen.marriage_card")
    points = marriage_points(trump, card.suit)
    if said is not None and said != points:
        raise IllegalMove(
            f"A marriage in {card.suit.name.lower()} is worth {points}, not {said}.",
            "schnapsen.marriage_worth",
            suit=card.suit,
            points=points,
        )
    return Marriage(card, points)


def marriage_points(trump: Suit, suit: Suit) -> int:
    """A marriage in trumps is worth 40, any other 20 (SX-8)."""
    return 40 if suit == trump else 20


def suit_from_letter(letter: str) -> Suit:
    try:
        return Suit(letter)
    except ValueError:
        raise IllegalMove(f"{letter!r} is not a suit.", "schnapsen.unreadable_code", text=letter) from None
