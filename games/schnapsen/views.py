"""What one seat of a Sixty-Six table may know (design §2): renderers and computer players read only this.

`State.view(seat)` builds a `SchnapsenView`; `State.view(None)` is the public table (no hand, no
legal moves). Hidden information stays hidden: the opponent's hand and the talon order never appear.
The opponent's running points appear only in `auto` claim mode (SX-4, SX-11: in `memory` mode the
trick piles are face down); the cards of completed tricks are listed because everybody saw them
played, which is also what a computer player needs to count cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from games.cards import Card, Suit
from games.schnapsen.moves import Move
from games.schnapsen.options import Options


class Phase(Enum):
    """Where the current deal stands."""

    OPEN = "open"  # SX-6: talon open, no duty to follow
    CLOSED = "closed"  # SX-10: talon closed, SX-7 rules
    EXHAUSTED = "exhausted"  # SX-7: talon used up
    OVER = "over"  # the series has reached its target (SX-15)

    @property
    def strict(self) -> bool:
        """True when the follower must head the trick (SX-7)."""
        return self in (Phase.CLOSED, Phase.EXHAUSTED)


class Pause(Enum):
    """A decision between tricks that is not a lead (pagat 66 switches)."""

    DRAW = "draw"  # SX-10 `close_before_draw`: the trick's winner draws or closes before drawing
    EXCHANGE = "exchange"  # SX-9 `exchange_on_close`: the closer's opponent may exchange the lowest trump


class DealEnd(Enum):
    """Why a deal ended (the words say it: `rendering.schnapsen.deal_text`)."""

    CLAIM = "claim"  # SX-11 a correct claim of 66
    FALSE_CLAIM = "false_claim"  # SX-11 a claim under 66
    CLOSE_WON = "close_won"  # SX-13 the closer went out
    CLOSE_FAILED = "close_failed"  # SX-13 the closer did not
    LAST_TRICK = "last_trick"  # SX-14 played out: higher total, or 20-card last trick
    TIE_LAST_TRICK = "tie_last_trick"  # D-SX-2 65-65 goes to the last-trick winner


class Scale(Enum):
    """SX-12: how much a deal is worth by the loser's points and tricks."""

    SCHWARZ = "schwarz"  # the loser took no trick: 3
    SCHNEIDER = "schneider"  # the loser has under 33: 2
    SIMPLE = "simple"  # 1


class Penalty(Enum):
    """SX-13: why a close that failed scores what it does."""

    FAILED_CLOSE = "failed_close"  # 2, or always 3 with `failed_close_always_three`
    NO_TRICK_AT_CLOSE = "no_trick_at_close"  # 3: the opponent had no trick when the talon was closed
    NON_CLOSER_OUT = "non_closer_out"  # pagat 66: the non-closer reached 66 first, 2


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card on the table and the seat that played it."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A completed trick: leader's card first, and who took it."""

    cards: tuple[PlayedCard, PlayedCard]
    winner: int

    @property
    def points(self) -> int:
        from games.schnapsen.rules import card_points

        return sum(card_points(played.card) for played in self.cards)


@dataclass(frozen=True, slots=True)
class MarriageRecord:
    """A declared marriage (SX-8); `counted` is False while the declarer still has no trick (§3.3)."""

    seat: int
    suit: Suit
    points: int
    counted: bool


@dataclass(frozen=True, slots=True)
class ExchangeRecord:
    """A trump exchange (SX-9): everybody saw `seat` take `taken` and put down `given`."""

    seat: int
    taken: Card
    given: Card


@dataclass(frozen=True, slots=True)
class DealSummary:
    """How a finished deal was scored (SX-12..SX-14), for the end-of-deal message and image."""

    deal_number: int
    winner: int
    game_points: int
    reason: DealEnd
    card_points: tuple[int, int]  # trick points incl. the last-trick bonus
    marriage_points: tuple[int, int]  # counted marriages only
    tricks: tuple[int, int]
    closer: int | None
    claimant: int | None
    # What set the value, for the words (SX-11..SX-14): the scale and the loser's points it read (at
    # the close with `close_scoring="at_close"`), a close penalty, and the points a claim or the higher
    # total had. A deal won by the last trick alone (`last_trick_wins_deal`) has none of them.
    scale: Scale | None = None
    loser_points: int | None = None
    penalty: Penalty | None = None
    claimed: int | None = None

    @property
    def totals(self) -> tuple[int, int]:
        return (self.card_points[0] + self.marriage_points[0], self.card_points[1] + self.marriage_points[1])


# The log: one frozen record per public action, oldest first. Seats are indices and cards are cards;
# the words (`rendering.schnapsen.log_text`) name the players, so a name can never be mistaken for
# part of a sentence. Nothing here is hidden from anyone: a draw names no card (SX-5).


@dataclass(frozen=True, slots=True)
class Dealt:
    """Deal `number` is dealt by `dealer`; `trump_card` is turned face up under the talon (SX-3)."""

    number: int
    dealer: int
    trump_card: Card


@dataclass(frozen=True, slots=True)
class Led:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Followed:
    """The second card of a trick and who took the trick (SX-4)."""

    seat: int
    card: Card
    winner: int


@dataclass(frozen=True, slots=True)
class Declared:
    """A marriage (SX-8); `pending` while the declarer has no trick yet, so it does not count yet."""

    seat: int
    suit: Suit
    points: int
    pending: bool


@dataclass(frozen=True, slots=True)
class Exchanged:
    """SX-9: `seat` put down `given` (the lowest trump) and took the face-up `taken`."""

    seat: int
    given: Card
    taken: Card


@dataclass(frozen=True, slots=True)
class ClosedTalon:
    """SX-10: `seat` closed the talon, `before_drawing` in pagat 66's pause."""

    seat: int
    before_drawing: bool = False


@dataclass(frozen=True, slots=True)
class Drew:
    """SX-10 pause: the trick's winner drew as usual (the card stays hidden)."""

    seat: int


@dataclass(frozen=True, slots=True)
class KeptTrump:
    """SX-9 pause: `seat` went on without exchanging."""

    seat: int


@dataclass(frozen=True, slots=True)
class Scored:
    """A deal was scored (SX-12..SX-14)."""

    deal: DealSummary


@dataclass(frozen=True, slots=True)
class SeriesWon:
    """SX-15: `winner` reached the target; `game_points` per seat."""

    winner: int
    game_points: tuple[int, int]


LogEntry: TypeAlias = (
    Dealt | Led | Followed | Declared | Exchanged | ClosedTalon | Drew | KeptTrump | Scored | SeriesWon
)


@dataclass(frozen=True, slots=True)
class SchnapsenView:
    """One seat's knowledge of the table (`seat` None: the public view, no hand)."""

    seat: int | None
    players: int
    preset: str
    phase: Phase
    to_move: int | None
    dealer: int
    deal_number: int
    hand: tuple[Card, ...]  # own cards (empty in the public view)
    hand_sizes: tuple[int, int]
    trump: Suit
    trump_card: Card | None  # face-up trump under the talon; None once taken (SX-5)
    talon_size: int  # face-down cards plus the trump card
    closed: bool
    closed_by: int | None
    closed_at_trick: int | None  # tricks completed when the talon was closed (SX-13)
    trick: tuple[PlayedCard, ...]  # the trick in progress (0 or 1 card)
    last_trick: TrickRecord | None
    tricks: tuple[TrickRecord, ...]  # every completed trick of this deal, in order
    tricks_won: tuple[int, int]
    marriages: tuple[MarriageRecord, ...]
    exchanges: tuple[ExchangeRecord, ...]
    points: tuple[int | None, int | None]  # running points; hidden entries are None
    game_points: tuple[int, int]
    target: int
    claim_mode: str  # "auto" or "memory" (D-SX-3)
    log: tuple[LogEntry, ...]  # the last few actions, oldest first
    legal_moves: tuple[Move, ...]  # only in the view of the seat to move
    playable: tuple[Card, ...]  # cards that may go on the table now (buttons)
    marriage_suits: tuple[Suit, ...]  # marriages that may be declared now
    can_exchange: bool
    can_close: bool
    can_claim: bool
    last_deal: DealSummary | None  # the most recently finished deal
    deal_just_ended: bool  # True until the first move of the next deal
    is_over: bool
    winner: int | None  # the series winner once is_over
    options: Options | None = None  # the table's rule switches (public; computer players read them)
    # SX-10 (pagat 66): the trick is over and its winner chooses Draw or Close before anyone draws.
    # Public, like the pause itself: both players see that the winner has not drawn yet.
    drawing_pending: bool = False
    # SX-9 (pagat 66): the talon was just closed and the closer's opponent may exchange the lowest
    # trump (or keep it). Public: the table waits for that player.
    exchange_pending: bool = False
    can_draw: bool = False  # this seat may press Draw now (only in its own view during the pause)
    can_keep: bool = False  # this seat may decline the exchange now
    # SX-9: on tables stored before `exchange_offer_always`, the seat that declined the exchange at a
    # close: the offer went to holders only, so everybody knew it held the lowest trump. None otherwise.
    trump_kept_by: int | None = None
    # SX-5: the card this seat drew after the last trick, while it still holds it. Only in that seat's
    # own view: the public view and the opponent's view hold None (the face-up trump included, though
    # everybody saw who took it, so no view ever names another seat's draw).
    drawn: Card | None = None

    @property
    def last_action(self) -> LogEntry | None:
        return self.log[-1] if self.log else None

    @property
    def opponent(self) -> int | None:
        return None if self.seat is None else 1 - self.seat

    @property
    def paused(self) -> bool:
        """True while the table waits for a draw-or-close or an exchange-or-keep choice."""
        return self.drawing_pending or self.exchange_pending

    @property
    def leading(self) -> bool:
        """True when the seat to move is about to lead (marriages, exchange and close happen now)."""
        return not self.trick and self.to_move is not None and not self.paused
