"""What one seat (or a spectator) may know of a Gin table (design §2).

A seat's view holds its own hand; the opponent's hand is only a count, except the cards they took from
the discard pile this hand and still hold (public: everyone saw them taken, GR-5). The whole discard
pile is public and kept in order, bottom first. A knock's discard goes face down (GR-6) and appears in
no view. Once a hand has been knocked, `last_hand` shows both arrangements, the lay-offs and the score;
a drawn hand (GR-10) shows no cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.cards import Card
from games.gin.cards import INDEX_BY_CARD, VALUES, cards_of, mask_of
from games.gin.melds import best_arrangement, deadwood, melded_mask
from games.gin.options import Options
from games.gin.scoring import GameTally, HandEnd, HandScore


class Phase(Enum):
    """Where the player to move stands in a turn."""

    UPCARD = "upcard"  # GR-4: take the upcard or pass
    DRAW = "draw"  # GR-5: draw from the stock or take the discard
    DISCARD = "discard"  # GR-5..GR-7: discard, knock or lay out big gin
    OVER = "over"  # the match is over


class Action(Enum):
    """A public event of a hand."""

    PASS = "pass"
    TAKE = "take"  # took the top of the discard pile: the card is public
    DRAW = "draw"  # drew from the stock: the card is hidden
    DISCARD = "discard"
    KNOCK = "knock"  # the discard goes face down: no card
    BIG_GIN = "big gin"


@dataclass(frozen=True, slots=True)
class Event:
    """One public action of the current hand; `card` is None where it is hidden (stock draw, knock)."""

    seat: int
    action: Action
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A finished hand as everyone may see it (GR-6..GR-10).

    For a knock: the knocker's melds and deadwood as the engine arranged them (D-GR-3), the defender's
    melds, the cards laid off onto each knocker meld (same order as `knocker_melds`), the defender's
    deadwood left, and the score. `booked` lists the games (0-based) the hand was booked in and
    `closed` those it closed (GR-13). A drawn hand has `end` DRAWN and no cards. No words here: seats
    are indices, and `rendering.gin.hand_text` says the score with the players' names.
    """

    number: int
    dealer: int
    end: HandEnd
    upcard: Card
    knock_limit: int
    doubled: bool
    knocker: int | None = None
    knocker_melds: tuple[tuple[Card, ...], ...] = ()
    knocker_deadwood: tuple[Card, ...] = ()
    knocker_count: int = 0
    defender_melds: tuple[tuple[Card, ...], ...] = ()
    layoffs: tuple[tuple[Card, ...], ...] = ()
    defender_deadwood: tuple[Card, ...] = ()
    defender_count: int = 0
    score: HandScore | None = None
    winner: int | None = None
    points: int = 0
    booked: tuple[int, ...] = ()
    closed: tuple[int, ...] = ()
    # GR-11, GR-13: each game this hand closed, as it closed (same order as `closed`), and whether the
    # match books into three games: what the words need to name every bonus (`rendering.gin.hand_text`).
    finals: tuple[GameTally, ...] = ()
    hollywood: bool = False


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand as the engine arranges it (GR-2, D-GR-3): melds lowest card first, then the deadwood."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    count: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card in display order: meld after meld, then the deadwood."""
        return tuple(card for meld in self.melds for card in meld) + self.deadwood


def arrange(cards: tuple[Card, ...]) -> Arrangement:
    """The least-deadwood arrangement of `cards`, the same one every time for the same cards."""
    mask = mask_of(cards)
    melds = sorted(best_arrangement(mask), key=lambda meld: meld & -meld)
    left = mask & ~melded_mask(tuple(melds))
    return Arrangement(tuple(cards_of(meld) for meld in melds), cards_of(left), deadwood(mask))


@dataclass(frozen=True, slots=True)
class GinView:
    """A seat's (or, with `seat=None`, the public) picture of the table.

    - hand: own cards by suit then rank (empty for the public view); hand_counts: cards per seat.
    - discard: the whole discard pile, bottom first (top is `discard[-1]`); stock_count: cards left.
    - upcard: the card turned at the deal (GR-3), which sets the Oklahoma knock limit (GR-12);
      knock_limit and doubled (Oklahoma spade upcard) apply to this hand.
    - taken[seat]: cards that seat took from the discard pile this hand, in order; known[seat]: those of
      them still in that seat's hand (public knowledge); just_taken: the card the player to move took
      this turn and may not discard (D-GR-2).
    - history: this hand's public events; discard_takes: cards taken from the pile this hand (D-GR-9).
    - tallies: one per game booked at once (three with Hollywood, GR-13); wins: hands won in the match.
    - last_hand: the previous hand's summary (the final one once `is_over`).
    """

    seat: int | None
    to_move: int | None
    phase: Phase
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int]
    discard: tuple[Card, ...]
    stock_count: int
    upcard: Card
    knock_limit: int
    doubled: bool
    taken: tuple[tuple[Card, ...], tuple[Card, ...]]
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    just_taken: Card | None
    history: tuple[Event, ...]
    discard_takes: int
    dealer: int
    hand_number: int
    tallies: tuple[GameTally, ...]
    wins: tuple[int, int]
    target: int
    last_hand: HandSummary | None
    is_over: bool
    options: Options

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.to_move

    @property
    def top(self) -> Card | None:
        """The card a player may take (§4.1: only the top of the pile)."""
        return self.discard[-1] if self.discard else None

    @property
    def arrangement(self) -> Arrangement:
        """The viewing seat's hand arranged into melds and deadwood (empty for the public view)."""
        return arrange(self.hand)

    @property
    def knocks(self) -> tuple[tuple[Card, int], ...]:
        """Each discard that may knock now (GR-6, GR-12, D-GR-2), with the deadwood it leaves, in hand order."""
        if not self.my_turn or self.phase is not Phase.DISCARD:
            return ()
        mask = mask_of(self.hand)
        found = []
        for card in self.hand:
            if card == self.just_taken:
                continue
            left = deadwood(mask ^ 1 << INDEX_BY_CARD[card])
            if left <= self.knock_limit:
                found.append((card, left))
        return tuple(found)

    @property
    def can_big_gin(self) -> bool:
        """D-GR-4: all eleven cards after drawing form melds."""
        if not self.my_turn or self.phase is not Phase.DISCARD or len(self.hand) != 11:
            return False
        return not deadwood(mask_of(self.hand))


def card_value(card: Card) -> int:
    """GR-1: ace 1, 2-10 face value, J Q K 10."""
    return VALUES[INDEX_BY_CARD[card]]

