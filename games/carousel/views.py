"""What one seat (or a spectator) may know about a Carousel game.

Renderers, message builders and computer players receive only these frozen views (design §2), so a
hidden card cannot leak by accident: the public view (`seat is None`) has an empty `hand`, and other
players' hands appear only as sizes until a hand ends, when `last_hand` reveals what everyone held
(the count is public at the end of a hand, CA-12).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from games.cards import AnyCard, alternating_suits
from games.carousel.melds import Meld, hand_value, low_position


class Phase(Enum):
    """Where the player to move is in the CA-4 turn.

    DRAW_1: the turn starts with a compulsory draw.
    MELD_1 / MELD_2: after the first / second draw: meld (the turn then ends) or draw again (declining).
    KNOCK: the turn is over and the hand totals ≤ knock_limit: knock or pass (CA-9, D-CA-1).
    OVER: the game is over (CA-13).
    """

    DRAW_1 = "draw_1"
    MELD_1 = "meld_1"
    MELD_2 = "meld_2"
    KNOCK = "knock"
    OVER = "over"

    @property
    def may_meld(self) -> bool:
        return self in (Phase.MELD_1, Phase.MELD_2)



def display_order(cards: Sequence[AnyCard]) -> list[AnyCard]:
    """The order a seat's hand is shown and clicked in: by suit, black and red alternating (♠ ♥ ♣ ♦ for
    a full hand), then rank with the ace low (its CA-8 value is 1), jokers last.

    The view's hand is already in this order, and selection masks on live messages index it, so the
    order is part of the engine's contract: pictures and buttons only follow it.
    """
    suits = {suit: index for index, suit in enumerate(alternating_suits({c.suit for c in cards if c.suit}))}

    def key(card: AnyCard) -> tuple[int, int, int]:
        if card.rank is None or card.suit is None:
            return (len(suits), 0, card.copy)
        return (suits[card.suit], low_position(card.rank), card.copy)

    return sorted(cards, key=key)


@dataclass(frozen=True, slots=True)
class GameEndSummary:
    """CA-13, D-CA-4: the end-of-game bonuses and the final standing."""

    totals_before: tuple[int, ...]
    target_bonus: tuple[int, ...]  # +100 for every player at or over the target
    hands_won_bonus: tuple[int, ...]  # +25 per hand won, for every player
    final: tuple[int, ...]
    winners: tuple[int, ...]  # highest final total; equal totals share the win


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One finished hand, scored as CA-12 says (counts revealed to everyone)."""

    hand_number: int
    hands: tuple[tuple[AnyCard, ...], ...]  # what each seat held at the end
    counts: tuple[int, ...]  # each seat's hand count (CA-8)
    knocker: int | None
    went_out: int | None
    stock_ran_out: bool  # CA-11, D-CA-3
    winners: tuple[int, ...]
    base_points: tuple[int, ...]  # Σ (c_p − c_w) for winners, 0 for losers
    knock_bonus: tuple[int, ...]  # +10 to a winner who is not the knocker
    out_bonus: tuple[int, ...]  # +25 to a winner who went out
    totals: tuple[int, ...]  # game totals after this hand (before any end-of-game bonus)
    game_end: GameEndSummary | None

    @property
    def points(self) -> tuple[int, ...]:
        """Points each seat scored this hand, bonuses included."""
        return tuple(b + k + o for b, k, o in zip(self.base_points, self.knock_bonus, self.out_bonus, strict=True))


# The log: one frozen record per public action, oldest first. Seats are indices and cards are cards;
# the words (`rendering.carousel.log_text`) name the players. A draw never names its card (CA-4).


@dataclass(frozen=True, slots=True)
class Drew:
    """`seat` drew its `nth` card of the turn (1, 2 or 3; CA-4)."""

    seat: int
    nth: int


@dataclass(frozen=True, slots=True)
class Melded:
    """`seat` laid `cards` from its hand onto the table (CA-6)."""

    seat: int
    cards: tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class WentOut:
    """CA-10: `seat` has no card left."""

    seat: int


@dataclass(frozen=True, slots=True)
class Knocked:
    """CA-9: `seat` knocked with a hand counting `count`."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class DeclinedKnock:
    """CA-9: `seat` stopped at the end of its turn and played on without knocking (whether or not its
    count allowed a knock: the record is the same either way)."""

    seat: int


@dataclass(frozen=True, slots=True)
class StockEmpty:
    """CA-11: `seat` had to draw from an empty stock, which ends the hand (D-CA-3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandWon:
    """CA-12: hand `number` was scored and won by `winners`."""

    number: int
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    """CA-13: the target was reached."""


LogEntry: TypeAlias = Drew | Melded | WentOut | Knocked | DeclinedKnock | StockEmpty | HandWon | GameOver


@dataclass(frozen=True, slots=True)
class CarouselView:
    """A seat's (or the public) picture of the game.

    `hand_sizes` are card counts; point counts of other hands are never shown until `last_hand`.
    `unseen` is how many physical cards the viewer cannot see (stock plus other hands), which the
    computer players sample from (ai-notes §4.2).
    """

    seat: int | None
    players: int
    to_move: int | None
    phase: Phase
    draws_this_turn: int
    hand: tuple[AnyCard, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Meld, ...]
    stock: int
    decks: int
    scores: tuple[int, ...]
    hands_won: tuple[int, ...]
    hand_number: int
    dealer: int
    target: int
    knock_limit: int
    log: tuple[LogEntry, ...]  # the last few actions, oldest first
    can_knock: bool
    is_over: bool
    last_hand: HandSummary | None
    hand_just_ended: bool  # no move has been made yet in the current hand since `last_hand` ended
    final: GameEndSummary | None
    # CA-6: what the latest meld step did to the table (public: every card it names is on the table).
    last_meld: LastMeld | None = None
    # CA-4: the card this seat drew last in this hand while it is still in its hand; only in that seat's
    # own view (the public view and the other seats' views hold None).
    drawn: AnyCard | None = None
    # D-CA-5: the game is exactly this many hands (0: it plays to `target`); public, so every text and
    # image can say "hand k of N" where it would otherwise name the target.
    fixed_deals: int = 0

    @property
    def last_action(self) -> LogEntry | None:
        return self.log[-1] if self.log else None

    @property
    def hand_value(self) -> int:
        return hand_value(self.hand)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.to_move

    @property
    def may_meld(self) -> bool:
        return self.my_turn and self.phase.may_meld


@dataclass(frozen=True, slots=True)
class MeldChange:
    """One meld of the new table that a meld step built or changed (CA-6).

    `index` is its place in `CarouselView.table`; `from_hand` are the cards the player laid from hand
    ("new"), `moved` the cards taken from other melds of the old table (jokers freed by CA-7 among them).
    Cards not named stayed in the meld they were in.
    """

    index: int
    from_hand: tuple[AnyCard, ...]
    moved: tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class LastMeld:
    """The latest meld step (CA-6): who made it and every meld of the resulting table it changed.

    Melds left exactly as they were are not listed. Computed by the engine from the move alone
    (`games.carousel.changes.meld_changes`), so it is the same in every view.
    """

    seat: int
    changes: tuple[MeldChange, ...]

    @property
    def from_hand(self) -> frozenset[AnyCard]:
        return frozenset(card for change in self.changes for card in change.from_hand)

    @property
    def moved(self) -> frozenset[AnyCard]:
        return frozenset(card for change in self.changes for card in change.moved)

    @property
    def changed(self) -> frozenset[int]:
        """Indices (in the table) of the melds this step built or changed."""
        return frozenset(change.index for change in self.changes)
