"""Computer players for Sixty-Six (ai-notes §2.3). Each sees only its `SchnapsenView`.

- `EasyPlayer`: simple rules: declare marriages, keep trumps, take valuable tricks, lead low.
- `NormalPlayer`: better rules, a closing rule, and the exact alpha-beta solver once the talon is
  closed or used up (SX-7 play is then a small perfect-information problem once the few unseen
  cards are dealt out).
- `HardPlayer`: perfect-information Monte Carlo: deal the unseen cards in ways consistent with
  everything seen (cards played, marriages shown, the exchanged trump, SX-7 voids), search every
  layout with the solver (closing tried explicitly at every lead), and pick the move with the best
  mean game points. A time budget bounds it; `samples=` makes it fully deterministic for tests.

All randomness comes from the `rng` passed to `choose`, so a seeded game replays exactly. The
trump exchange (SX-9) is always taken when legal, also when offered at the opponent's close (pagat
66's `exchange_on_close`: it never costs anything), and a memory-mode claim (SX-11) is made as soon
as the player's own count reaches 66: a computer never forgets a card. At pagat 66's pause before
drawing (SX-10 `close_before_draw`) easy always draws, normal closes when its closing rule says so,
and hard compares drawing and closing by its PIMC search (the solver's `pending_draw` layouts).
"""

from __future__ import annotations

import logging
import random
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from games.cards import Card, Rank, Suit
from games.schnapsen.moves import Claim, Close, Draw, ExchangeTrump, Marriage, Move, PlayCard
from games.schnapsen.options import PRESETS, Options
from games.schnapsen.rules import WIN_POINTS, card_points, lowest_trump, marriage_suits, strength, trick_winner
from games.schnapsen.solver import (
    CLOSE,
    DRAW,
    SUITS,
    Layout,
    NodeBudgetExceeded,
    Solver,
    bits,
    card_of,
    index,
    mask_of,
)
from games.schnapsen.views import Phase, SchnapsenView

log = logging.getLogger(__name__)


def _options(view: SchnapsenView) -> Options:
    return view.options if view.options is not None else PRESETS.get(view.preset, PRESETS["santase"])


# Knowledge -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat can deduce from its view, as solver bitmasks."""

    seat: int
    hand: int
    unknown: int  # cards in the opponent's hand or face down in the talon
    opp_known: int  # cards certainly in the opponent's hand
    opp_forbidden: int  # cards the opponent certainly lacks (SX-7 voids)
    opp_size: int
    talon_down: int  # face-down talon cards
    trump_bit: int  # the face-up trump card in the talon, or -1
    points: tuple[int, int]  # trick points
    marriages: tuple[int, int]  # declared marriage points
    tricks: tuple[int, int]
    closer: int
    closer_opp_points: int
    closer_opp_tricks: int


def deduce(view: SchnapsenView) -> Knowledge:
    """Count the cards: everything not in hand, not played and not face up is unknown."""
    assert view.seat is not None
    seat, opp = view.seat, 1 - view.seat
    options = _options(view)
    trump = SUITS.index(view.trump)
    deck = mask_of(card for card in _deck(options.deck_size))
    hand = mask_of(view.hand)
    played = 0
    for record in view.tricks:
        for played_card in record.cards:
            played |= 1 << index(played_card.card)
    for played_card in view.trick:
        played |= 1 << index(played_card.card)
    trump_bit = index(view.trump_card) if view.trump_card is not None and view.talon_size else -1
    visible = hand | played | (1 << trump_bit if trump_bit >= 0 else 0)
    opp_known = 0
    for marriage in view.marriages:
        if marriage.seat == opp:
            opp_known |= mask_of((Card(Rank.KING, marriage.suit), Card(Rank.QUEEN, marriage.suit)))
    for exchange in view.exchanges:
        if exchange.seat == opp:
            opp_known |= 1 << index(exchange.taken)
    if view.trump_kept_by == opp:  # SX-9: offered the exchange at a close, the opponent kept the 9 (or J)
        opp_known |= 1 << index(lowest_trump(options.deck_size, view.trump))
    opp_known &= ~visible
    forbidden = 0
    strict_from = _strict_from(view, options)
    for number, record in enumerate(view.tricks):
        lead, follow = record.cards
        if number < strict_from or follow.seat != opp:
            continue
        lead_bit, follow_bit = index(lead.card), index(follow.card)
        suit_mask = 0b111111 << (6 * (lead_bit // 6))
        if follow_bit // 6 == lead_bit // 6:
            if follow_bit < lead_bit:
                forbidden |= suit_mask & ~((2 << lead_bit) - 1)
        else:
            forbidden |= suit_mask
            if follow_bit // 6 != trump:
                forbidden |= 0b111111 << (6 * trump)
    unknown = deck & ~visible & ~opp_known
    marriages = [0, 0]
    for marriage in view.marriages:
        marriages[marriage.seat] += marriage.points
    points = [0, 0]
    for who in (0, 1):
        shown = view.points[who]
        if shown is not None:
            points[who] = shown - (marriages[who] if view.tricks_won[who] else 0)
        else:
            points[who] = sum(r.points for r in view.tricks if r.winner == who)
    closer, closer_opp_points, closer_opp_tricks = -1, 0, 0
    if view.closed_by is not None:
        closer = view.closed_by
        other = 1 - closer
        before = view.tricks[: view.closed_at_trick or 0]
        closer_opp_tricks = sum(1 for r in before if r.winner == other)
        if len(view.tricks) < sum(view.tricks_won):  # a hand-built position without trick records
            closer_opp_tricks = view.tricks_won[other]
        closer_opp_points = sum(r.points for r in before if r.winner == other)
        if closer_opp_tricks:
            closer_opp_points += marriages[other]
    return Knowledge(
        seat=seat,
        hand=hand,
        unknown=unknown,
        opp_known=opp_known,
        opp_forbidden=forbidden & unknown,
        opp_size=view.hand_sizes[opp],
        talon_down=max(0, view.talon_size - 1),
        trump_bit=trump_bit,
        points=(points[0], points[1]),
        marriages=(marriages[0], marriages[1]),
        tricks=view.tricks_won,
        closer=closer,
        closer_opp_points=closer_opp_points,
        closer_opp_tricks=closer_opp_tricks,
    )


def _deck(size: int) -> list[Card]:
    from games.cards import schnapsen_deck

    return schnapsen_deck(size)


def _strict_from(view: SchnapsenView, options: Options) -> int:
    """The number of the first trick played under SX-7 in this deal."""
    exhausted_after = (options.deck_size - 2 * options.hand_size) // 2
    if view.closed_at_trick is not None:
        return min(view.closed_at_trick, exhausted_after)
    return exhausted_after


def sample_layout(view: SchnapsenView, know: Knowledge, rng: random.Random) -> Layout:
    """One way the unseen cards may lie, consistent with `know` (ai-notes §2.3 step 2)."""
    free = bits(know.unknown & ~know.opp_forbidden)
    rng.shuffle(free)
    need = know.opp_size - bin(know.opp_known).count("1")
    opp = know.opp_known
    chosen = free[:need]
    if len(chosen) < need:  # an inconsistent deduction (hand-built position): relax the voids
        rest = bits(know.unknown & ~mask_of(card_of(b) for b in chosen))
        rng.shuffle(rest)
        chosen += rest[: need - len(chosen)]
    for bit in chosen:
        opp |= 1 << bit
    talon_cards = bits(know.unknown & ~opp)
    rng.shuffle(talon_cards)
    talon: tuple[int, ...] = ()
    if know.trump_bit >= 0:
        talon = (*talon_cards[: know.talon_down], know.trump_bit)
    hands = (know.hand, opp) if know.seat == 0 else (opp, know.hand)
    lead = index(view.trick[0].card) if view.trick else -1
    leader = view.trick[0].seat if view.trick else know.seat
    return Layout(
        hands=hands,
        talon=talon,
        closed=view.closed,
        leader=leader,
        lead=lead,
        points=know.points,
        marriages=know.marriages,
        tricks=know.tricks,
        closer=know.closer,
        closer_opp_points=know.closer_opp_points,
        closer_opp_tricks=know.closer_opp_tricks,
        pending_draw=view.drawing_pending,  # SX-10: the trick is over, its winner draws or closes
    )


# Shared decisions ------------------------------------------------------------------------------


def _counted_points(view: SchnapsenView, know: Knowledge) -> int:
    seat = know.seat
    return know.points[seat] + (know.marriages[seat] if know.tricks[seat] else 0)


def _forced(view: SchnapsenView, know: Knowledge) -> Move | None:
    """Moves every level makes at once: claim with 66 (SX-11), take the trump exchange (SX-9), also the one
    offered when the opponent closes (it never costs: the face-up trump is worth more than the 9 or J)."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    if view.can_claim and know.tricks[know.seat]:
        mine = _counted_points(view, know)
        if mine >= WIN_POINTS:
            return Claim()
        for move in moves:
            if isinstance(move, Claim) and move.marriage is not None and mine + move.points >= WIN_POINTS:
                return move
    if view.can_exchange:
        return ExchangeTrump()
    return None


def _card_move(view: SchnapsenView, card: Card) -> Move:
    """Lead `card` as a marriage when that is legal (a marriage never costs anything), else plainly."""
    best: Move = PlayCard(card)
    for move in view.legal_moves:
        if isinstance(move, Marriage) and move.card == card:
            best = move
    return best


def _value(card: Card) -> int:
    return card_points(card)


def _cheapest(cards: list[Card], view: SchnapsenView, rng: random.Random) -> Move:
    """The card that costs least to give up: low points, not a trump, not half of a marriage (SX-8)."""
    pairs = set(marriage_suits(cards))

    def cost(card: Card) -> tuple[int, float]:
        penalty = _value(card)
        if card.suit == view.trump:
            penalty += 12
        if card.suit in pairs and card.rank in (Rank.KING, Rank.QUEEN):
            penalty += 15  # keep the marriage together
        return penalty, rng.random()

    return PlayCard(min(cards, key=cost))


# Easy ------------------------------------------------------------------------------------------


class EasyPlayer:
    """Simple rules: marriages first, lead low, take valuable tricks, save trumps for aces and tens."""

    level = "easy"

    def choose(self, view: SchnapsenView, rng: random.Random) -> Move:
        know = deduce(view)
        forced = _forced(view, know)
        if forced is not None:
            return forced
        if view.drawing_pending:
            return Draw()  # SX-10: easy never closes, before drawing or after
        if view.leading:
            return self.lead(view, rng)
        return self.follow(view, rng)

    def lead(self, view: SchnapsenView, rng: random.Random) -> Move:
        marriages = [m for m in view.legal_moves if isinstance(m, Marriage)]
        if marriages:
            return max(marriages, key=lambda m: (m.points, m.card.rank is Rank.QUEEN))
        cards = list(view.playable)
        plain = [c for c in cards if c.suit != view.trump] or cards
        low = min(_value(c) for c in plain)
        return PlayCard(rng.choice([c for c in plain if _value(c) == low]))

    def follow(self, view: SchnapsenView, rng: random.Random) -> Move:
        lead = view.trick[0].card
        cards = list(view.playable)
        winners = [c for c in cards if trick_winner(lead, c, view.trump) == 1]
        same = [c for c in winners if c.suit == lead.suit]
        if same:
            return PlayCard(min(same, key=strength))
        if _value(lead) >= 10 and winners:
            return PlayCard(min(winners, key=strength))
        plain = [c for c in cards if c.suit != view.trump] or cards
        return PlayCard(min(plain, key=lambda c: (_value(c), rng.random())))


# Normal ----------------------------------------------------------------------------------------


class NormalPlayer(EasyPlayer):
    """Better rules in phase 1, a closing rule, and the exact solver once SX-7 applies."""

    level = "normal"
    endgame_samples = 12

    def choose(self, view: SchnapsenView, rng: random.Random) -> Move:
        know = deduce(view)
        forced = _forced(view, know)
        if forced is not None:
            return forced
        if view.drawing_pending:
            return self.draw_or_close(view, know)
        if view.phase in (Phase.CLOSED, Phase.EXHAUSTED):
            return self.solve(view, know, rng)
        if view.leading:
            if view.can_close and self.should_close(view, know):
                return Close()
            return self.lead(view, rng)
        return self.follow(view, rng)

    def solve(self, view: SchnapsenView, know: Knowledge, rng: random.Random) -> Move:
        """Exact alpha-beta over a few deals of the unseen cards (one when none are unseen)."""
        options = _options(view)
        solver = Solver(options, view.trump, phase1_depth=99)
        count = 1 if not know.talon_down else self.endgame_samples
        totals: dict[int, float] = defaultdict(float)
        for _ in range(count):
            values = solver.move_values(sample_layout(view, know, rng))
            for label, value in values.items():
                totals[label] += value if know.seat == 0 else -value
        return self._pick(view, totals, rng)

    @staticmethod
    def _pick(view: SchnapsenView, totals: dict[int, float], rng: random.Random) -> Move:
        best = max(totals.values())
        labels = sorted(label for label, value in totals.items() if value >= best - 1e-9)
        label = labels[0] if len(labels) == 1 else rng.choice(labels)
        if label == CLOSE:
            return Close()
        if label == DRAW:
            return Draw()
        return _card_move(view, card_of(label))

    def draw_or_close(self, view: SchnapsenView, know: Knowledge) -> Move:
        """SX-10 `close_before_draw`: close now when the closing rule already holds without the card to
        draw (the opponent's next card is then never drawn either), else draw as usual."""
        if view.can_close and self.should_close(view, know):
            return Close()
        return Draw()

    def should_close(self, view: SchnapsenView, know: Knowledge) -> bool:
        """SX-10: close when points in hand and top trumps surely reach 66."""
        if not know.tricks[know.seat]:
            return False
        mine = _counted_points(view, know)
        sure = 0
        trump_cards = sorted((c for c in view.hand if c.suit == view.trump), key=strength, reverse=True)
        outstanding = [
            card_of(b) for b in bits(know.unknown | know.opp_known) if card_of(b).suit == view.trump
        ]
        for card in trump_cards:
            if all(strength(card) > strength(o) for o in outstanding):
                sure += _value(card) + 3  # a top trump wins a trick with at least a low card
                outstanding = [o for o in outstanding if o != card]
            else:
                break
        for suit in self._marriages_when_closed(view):
            sure += 40 if suit == view.trump else 20
        return mine + sure >= WIN_POINTS

    @staticmethod
    def _marriages_when_closed(view: SchnapsenView) -> list[Suit]:
        """The marriages counted by the closing rule: those legal now at a lead; before drawing (no lead
        yet) those in hand that may still be declared once the talon is closed (SX-8 by preset)."""
        if view.leading:
            return list(view.marriage_suits)
        options = _options(view)
        return marriage_suits(view.hand) if options.marriage_in_phase2 else []

    def lead(self, view: SchnapsenView, rng: random.Random) -> Move:
        marriages = [m for m in view.legal_moves if isinstance(m, Marriage)]
        if marriages:
            return max(marriages, key=lambda m: (m.points, m.card.rank is Rank.QUEEN))
        return _cheapest(list(view.playable), view, rng)

    def follow(self, view: SchnapsenView, rng: random.Random) -> Move:
        lead = view.trick[0].card
        cards = list(view.playable)
        winners = [c for c in cards if trick_winner(lead, c, view.trump) == 1]
        same = [c for c in winners if c.suit == lead.suit]
        if same and (_value(lead) >= 3 or any(_value(c) >= 10 for c in same)):
            top = max(same, key=strength)
            return PlayCard(top if _value(top) >= 10 else min(same, key=strength))
        if _value(lead) >= 10 and winners:
            return PlayCard(min(winners, key=strength))
        return _cheapest(cards, view, rng)


# Hard ------------------------------------------------------------------------------------------


class HardPlayer(NormalPlayer):
    """PIMC over sampled layouts, solved by alpha-beta; closing evaluated explicitly (ai-notes §2.3).

    Early in phase 1 (more than 4 cards in the talon) it plays `NormalPlayer`'s rules but decides
    closing by solving the closed deal on every layout (`close_threshold` expected game points);
    `early="search"` searches those moves too (measured weaker: the phase-1 leaf heuristic is crude).
    From 4 talon cards on, and in phase 2, every move is chosen by PIMC search. Pagat 66's pause
    before drawing (SX-10) is decided the same way: the whole deal searched when 4 or fewer cards will
    be left after the draw, else closing only when the closed deal is worth `close_threshold`.

    Budgets: `node_limit` (solver nodes per move, deterministic; ~0.6 s on a loaded core) and
    `time_budget` (seconds, a safety net that reads the clock); `samples` fixes the number of
    layouts and ignores the clock, so tests are reproducible to the bit.
    """

    level = "hard"

    def __init__(
        self,
        time_budget: float = 0.8,
        samples: int | None = None,
        max_samples: int = 60,
        early: str = "rules",
        close_threshold: float = 1.0,
        node_limit: int = 60_000,
    ) -> None:
        self.node_limit = node_limit
        self.time_budget = time_budget
        self.samples = samples
        self.max_samples = max_samples
        self.early = early
        self.close_threshold = close_threshold

    def choose(self, view: SchnapsenView, rng: random.Random) -> Move:
        know = deduce(view)
        forced = _forced(view, know)
        if forced is not None:
            return forced
        if view.drawing_pending:
            return self._draw_or_close(view, know, rng)
        late = view.talon_size <= 4 or view.phase.strict
        if late or self.early == "search":
            # Two tricks or fewer before the talon runs out: the whole deal is searched per layout.
            depth = 99 if late else (2 if view.talon_size <= 8 else 1)
            totals = self._sampled(view, know, rng, depth)
            if totals["count"]:
                return self._pick(view, totals, rng)
            return NormalPlayer.choose(self, view, rng)  # not one layout searched within the node budget
        if view.leading and view.can_close:
            # SX-10 evaluated explicitly: solve the closed deal exactly on every layout.
            totals = self._sampled(view, know, rng, 0)
            count = totals.pop("count")
            if count and totals[CLOSE] / count >= self.close_threshold:
                return Close()
        return NormalPlayer.lead(self, view, rng) if view.leading else NormalPlayer.follow(self, view, rng)

    def _draw_or_close(self, view: SchnapsenView, know: Knowledge, rng: random.Random) -> Move:
        """SX-10 `close_before_draw`, decided as at a lead: with 4 or fewer cards left after the draw the
        whole deal is searched and the better of Draw and Close taken; earlier, close only when the closed
        deal (solved exactly on every layout) is worth `close_threshold` game points on average."""
        if not view.can_close:
            return Draw()
        late = view.talon_size - 2 <= 4
        totals = self._sampled(view, know, rng, 99 if late else 0)
        count = totals.pop("count")
        if not count:  # not one layout searched within the node budget
            return NormalPlayer.draw_or_close(self, view, know)
        if late:
            return self._pick(view, totals, rng)
        return Close() if totals[CLOSE] / count >= self.close_threshold else Draw()

    def _sampled(self, view: SchnapsenView, know: Knowledge, rng: random.Random, depth: int) -> dict[Any, float]:
        """Sum of each root move's value (for this seat) over sampled layouts; "count" holds the number."""
        solver = Solver(_options(view), view.trump, phase1_depth=depth, node_limit=self.node_limit)
        totals: dict[Any, float] = defaultdict(float)
        start = time.perf_counter()
        limit = self.samples if self.samples is not None else self.max_samples
        exact = view.phase.strict and not know.talon_down
        done = 0
        while done < (1 if exact else limit):
            layout = sample_layout(view, know, rng)
            try:
                values = solver.move_values(layout)
            except NodeBudgetExceeded:
                break
            for label, value in values.items():
                totals[label] += value if know.seat == 0 else -value
            done += 1
            if self.samples is None and time.perf_counter() - start > self.time_budget:
                break
        totals["count"] = done
        return totals

    @staticmethod
    def _pick(view: SchnapsenView, totals: dict[Any, float], rng: random.Random) -> Move:
        totals.pop("count", None)
        return NormalPlayer._pick(view, totals, rng)


def computer_player(level: str) -> EasyPlayer:
    """A computer player for one of ENGINE.levels."""
    players = {"easy": EasyPlayer, "normal": NormalPlayer, "hard": HardPlayer}
    if level not in players:
        raise ValueError(f"Unknown level {level!r}; choose easy, normal or hard.")
    return players[level]()
