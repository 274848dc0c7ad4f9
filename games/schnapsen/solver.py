"""A perfect-information Sixty-Six solver on bitmasks, for the computer players (ai-notes §2.3).

Given every card's place (a "layout": both hands and the talon order), `Solver.value` returns the
deal's outcome in signed game points for seat 0 (+3 .. -3) under the table's rules: tricks and
draws (SX-4, SX-5), the must-head rule once the talon is closed or used up (SX-7), marriages (SX-8,
declared whenever a K or Q of a held pair is led, which never hurts with all cards open), closing
(SX-10, tried at every lead where it is allowed, and before drawing where pagat 66 allows it), the
opponent's trump exchange at a close (SX-9, pagat 66, always taken), going out at 66 (SX-11, both
players claim at once) and the scoring of SX-12..SX-14.

Phase 2 is searched exactly with alpha-beta and a transposition table; phase 1 is searched to a
depth in tricks and then scored by `_estimate`, a hand-strength heuristic. The leader's trump
exchange (SX-9) is not searched: the players always take it when it is legal.

Cards are bits 0..23: suit * 6 + rank, rank 0..5 = 9 J Q K 10 A (the SX-2 order), so a higher
bit within a suit is a stronger card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.bits import bits as bits  # re-exported for the computer players
from games.cards import Card, Rank, Suit
from games.schnapsen.options import Options

SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
RANK_POINTS = (0, 2, 3, 4, 10, 11)
POINTS = tuple(RANK_POINTS[i % 6] for i in range(24))
SUIT_MASK = tuple(0b111111 << (6 * s) for s in range(4))
QUEEN, KING = 2, 3
WIN = 66
INF = 99.0
CLOSE = -1  # the label of the close move in `move_values`
DRAW = -2  # the label of drawing at a pagat-66 pause before the draw (SX-10)

Close3 = tuple[int, int, int]  # (closer or -1, the opponent's points and tricks when closed: SX-13)
Talon = tuple[int, ...]


def index(card: Card) -> int:
    """The bit number of a card."""
    assert card.suit is not None and card.rank is not None
    return SUITS.index(card.suit) * 6 + RANKS.index(card.rank)


def card_of(bit: int) -> Card:
    return Card(RANKS[bit % 6], SUITS[bit // 6])


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << index(card)
    return mask



def beats(lead: int, follow: int, trump: int) -> bool:
    """True if the follower's card takes the trick (SX-4)."""
    if lead // 6 == follow // 6:
        return follow > lead
    return follow // 6 == trump


def follow_mask(hand: int, lead: int, trump: int, strict: bool) -> int:
    """The cards that may follow `lead` (SX-6, SX-7)."""
    if not strict:
        return hand
    same = hand & SUIT_MASK[lead // 6]
    if same:
        higher = same & ~((2 << lead) - 1)
        return higher or same
    trumps = hand & SUIT_MASK[trump]
    return trumps or hand


@dataclass(frozen=True, slots=True)
class Layout:
    """One complete deal as the solver sees it, seat 0 and seat 1 in table order."""

    hands: tuple[int, int]
    talon: tuple[int, ...]  # face-down cards top first, face-up trump last; () when used up
    closed: bool
    leader: int
    lead: int  # card led to the current trick, or -1
    points: tuple[int, int]  # trick points
    marriages: tuple[int, int]  # declared marriage points (count once a trick is won)
    tricks: tuple[int, int]
    closer: int = -1
    closer_opp_points: int = 0  # SX-13: the non-closer's points and tricks when closed
    closer_opp_tricks: int = 0
    pending_draw: bool = False  # SX-10 pagat 66: the trick is over and its winner may close before drawing


class NodeBudgetExceeded(Exception):
    """Raised when a search passes `Solver.node_limit`: a deterministic stand-in for a clock."""


class Solver:
    """Searches layouts for one table's rules; keeps a transposition table for phase-2 nodes.

    The search is one recursive method over plain ints (hands, points, marriages and tricks per
    seat) rather than objects or closures: a computer move searches tens of thousands of nodes in
    pure Python, and the per-node cost is what sets the hard player's think time (its target: p95
    <= 1 s). Move order is fixed (see `_lead_order`, `_follow_order`), so a node budget cuts every
    search at the same place on every machine.
    """

    def __init__(self, options: Options, trump: Suit, phase1_depth: int = 2, node_limit: int | None = None) -> None:
        self.o = options
        self.trump = SUITS.index(trump)
        self.phase1_depth = phase1_depth
        self.node_limit = node_limit
        self.table: dict[tuple[object, ...], tuple[float, int]] = {}
        self.nodes = 0
        self._limit = node_limit if node_limit is not None else 1 << 62
        # Switches read once. The pagat-66 ones (SX-9, SX-10, SX-13) default to off for options
        # objects that predate them.
        self._bonus = options.last_trick_bonus
        self._marry_phase2 = options.marriage_in_phase2
        self._marry_untricked = options.marriage_without_trick
        self._queen_leads = not options.marriage_king_lead
        self._close_ok = options.allow_close
        self._close_two = options.close_with_two_left
        self._close_first = options.close_on_first_lead
        # A seat that answered "draw, don't ask again this deal" (`Draw(unasked=True)`) is still searched
        # as if it could close before drawing: a slightly cautious model of that opponent, never a wrong move.
        self._close_before_draw = bool(getattr(options, "close_before_draw", False))
        self._exchange_on_close = bool(getattr(options, "exchange_on_close", False))
        self._non_closer_two = bool(getattr(options, "non_closer_out_two", False))
        self._low_trump = self.trump * 6 + (0 if options.deck_size == 24 else 1)  # SX-9: the 9, or the J
        self._lead_orders: dict[int, tuple[int, ...]] = {}
        self._follow_orders: dict[tuple[int, int], tuple[int, ...]] = {}

    # Outcomes ---------------------------------------------------------------------------------

    def _scale(self, points: int, tricks: int) -> int:
        """SX-12: 1, 2 (Schneider) or 3 (Schwarz)."""
        if tricks == 0:
            return 3
        return 2 if points < 33 else 1

    def _penalty(self, closer_opp_tricks: int) -> int:
        """SX-13: a failed close."""
        return 3 if self.o.failed_close_always_three or closer_opp_tricks == 0 else 2

    def _claim(self, claimant: int, p0: int, p1: int, m0: int, m1: int, t0: int, t1: int, close: Close3) -> float:
        """SX-11/SX-13: `claimant` goes out with 66 or more; signed for seat 0."""
        closer, opp_points, opp_tricks = close
        if closer == claimant:
            if self.o.close_scoring == "at_close":
                value = self._scale(opp_points, opp_tricks)
            elif claimant == 0:
                value = self._scale(p1 + m1 if t1 else p1, t1)
            else:
                value = self._scale(p0 + m0 if t0 else p0, t0)
        elif closer >= 0:  # the non-closer went out first
            value = 2 if self._non_closer_two else self._penalty(opp_tricks)
        elif claimant == 0:
            value = self._scale(p1 + m1 if t1 else p1, t1)
        else:
            value = self._scale(p0 + m0 if t0 else p0, t0)
        return float(value if claimant == 0 else -value)

    def _played_out(self, last: int, p0: int, p1: int, m0: int, m1: int, t0: int, t1: int, close: Close3) -> float:
        """SX-13, SX-14, D-SX-2: every card played, the last-trick winner under 66."""
        closer = close[0]
        if closer >= 0:
            value, winner = self._penalty(close[2]), 1 - closer
        elif self.o.last_trick_wins_deal:
            value, winner = 1, last
        else:
            e0 = p0 + m0 if t0 else p0
            e1 = p1 + m1 if t1 else p1
            if e0 == e1:
                value, winner = 1, last
            elif e0 > e1:
                value, winner = self._scale(e1, t1), 0
            else:
                value, winner = self._scale(e0, t0), 1
        return float(value if winner == 0 else -value)

    def _estimate(self, h0: int, h1: int, p0: int, p1: int, m0: int, m1: int, t0: int, t1: int, leader: int) -> float:
        """A phase-1 leaf: points so far plus hand strength, squashed into about -2..2 game points."""
        score = 0.0
        for seat, hand, p, m, t in ((0, h0, p0, m0, t0), (1, h1, p1, m1, t1)):
            strength = float(p + m if t else p + 0.5 * m)
            for bit in bits(hand):
                strength += POINTS[bit] * 0.6
                if bit // 6 == self.trump:
                    strength += 4 + POINTS[bit] * 0.4
            score += strength if seat == 0 else -strength
        score += 3 if leader == 0 else -3
        return max(-2.0, min(2.0, score / 25.0))

    # Move order ---------------------------------------------------------------------------------

    def _lead_order(self, hand: int) -> tuple[int, ...]:
        """Leads, high points and trumps first (cut-offs come sooner)."""
        order = self._lead_orders.get(hand)
        if order is None:
            trump = self.trump
            order = tuple(sorted(bits(hand), key=lambda b: -POINTS[b] - (6 if b // 6 == trump else 0)))
            self._lead_orders[hand] = order
        return order

    def _follow_order(self, allowed: int, lead: int) -> tuple[int, ...]:
        """Follows: the cheapest winners first, then the cheapest losers."""
        key = (allowed, lead)
        order = self._follow_orders.get(key)
        if order is None:
            cards = bits(allowed)
            wins = sorted((b for b in cards if beats(lead, b, self.trump)), key=POINTS.__getitem__)
            loses = sorted((b for b in cards if not beats(lead, b, self.trump)), key=POINTS.__getitem__)
            order = (*wins, *loses)
            self._follow_orders[key] = order
        return order

    def _can_close(self, talon_len: int, tricks: int) -> bool:
        """SX-10 for the player about to lead, talon open."""
        return self._close_ok and (talon_len > 2 or self._close_two) and (tricks > 0 or self._close_first)

    def _closing(
        self, h0: int, h1: int, talon: Talon, closer: int, p0: int, p1: int, m0: int, m1: int, t0: int, t1: int
    ) -> tuple[int, int, Close3]:
        """The hands once `closer` closes, and the SX-13 record (the opponent's points and tricks now).

        SX-9 pagat 66 lets the opponent exchange the 9 at that moment: always taken here, since a higher
        trump for the lowest one never hurts once nobody draws."""
        if self._exchange_on_close:
            low = 1 << self._low_trump
            if closer == 0 and h1 & low:
                h1 = (h1 & ~low) | (1 << talon[-1])
            elif closer == 1 and h0 & low:
                h0 = (h0 & ~low) | (1 << talon[-1])
        if closer == 0:
            return h0, h1, (0, p1 + m1 if t1 else p1, t1)
        return h0, h1, (1, p0 + m0 if t0 else p0, t0)

    # Search -----------------------------------------------------------------------------------

    def value(self, layout: Layout, depth: int | None = None) -> float:
        """Signed game points for seat 0 with best play by both (phase 1 cut at `depth` tricks)."""
        values = self.move_values(layout, depth)
        maximizing = (layout.leader if layout.lead < 0 else 1 - layout.leader) == 0
        return max(values.values()) if maximizing else min(values.values())

    def move_values(self, layout: Layout, depth: int | None = None) -> dict[int, float]:
        """The value (signed for seat 0) of every move of the player to act: card bit, CLOSE or DRAW."""
        depth = self.phase1_depth if depth is None else depth
        h0, h1 = layout.hands
        talon, closed, leader, lead = layout.talon, layout.closed, layout.leader, layout.lead
        p0, p1 = layout.points
        m0, m1 = layout.marriages
        t0, t1 = layout.tricks
        close = (layout.closer, layout.closer_opp_points, layout.closer_opp_tricks)
        search = self._search
        if layout.pending_draw:  # SX-10 pagat 66: the trick's winner may close before drawing
            d0, d1 = (
                (h0 | 1 << talon[0], h1 | 1 << talon[1]) if leader == 0 else (h0 | 1 << talon[1], h1 | 1 << talon[0])
            )
            values = {
                DRAW: search(d0, d1, talon[2:], False, leader, -1, p0, p1, m0, m1, t0, t1, close, depth - 1, -INF, INF)
            }
            c0, c1, record = self._closing(h0, h1, talon, leader, p0, p1, m0, m1, t0, t1)
            values[CLOSE] = search(c0, c1, talon, True, leader, -1, p0, p1, m0, m1, t0, t1, record, depth, -INF, INF)
            return values
        if lead >= 0:
            follower = 1 - leader
            allowed = follow_mask(h1 if follower else h0, lead, self.trump, closed or not talon)
            return {
                bit: self._trick(
                    h0, h1, talon, closed, leader, lead, bit, p0, p1, m0, m1, t0, t1, close, depth, -INF, INF
                )
                for bit in self._follow_order(allowed, lead)
            }
        values = {
            bit: self._lead(h0, h1, talon, closed, leader, bit, p0, p1, m0, m1, t0, t1, close, depth, -INF, INF)
            for bit in self._lead_order(h1 if leader else h0)
        }
        if not closed and talon and self._can_close(len(talon), t0 + t1):
            c0, c1, record = self._closing(h0, h1, talon, leader, p0, p1, m0, m1, t0, t1)
            values[CLOSE] = search(c0, c1, talon, True, leader, -1, p0, p1, m0, m1, t0, t1, record, depth, -INF, INF)
        return values

    def _lead(
        self, h0: int, h1: int, talon: Any, closed: Any, leader: int, bit: int, p0: int, p1: int,
        m0: int, m1: int, t0: int, t1: int, close: Any, depth: int, alpha: float, beta: float,
    ) -> float:
        """Lead `bit`, declaring its marriage when it is one (SX-8: never a loss with open cards)."""
        strict = closed or not talon
        rank = bit % 6
        if (rank == KING or (rank == QUEEN and self._queen_leads)) and (not strict or self._marry_phase2):
            partner = bit + 1 if rank == QUEEN else bit - 1
            if leader == 0:
                if (t0 or self._marry_untricked) and h0 >> partner & 1:
                    m0 += 40 if bit // 6 == self.trump else 20
                    if t0 and p0 + m0 >= WIN:  # SX-11: out on the marriage
                        return self._claim(0, p0, p1, m0, m1, t0, t1, close)
            elif (t1 or self._marry_untricked) and h1 >> partner & 1:
                m1 += 40 if bit // 6 == self.trump else 20
                if t1 and p1 + m1 >= WIN:
                    return self._claim(1, p0, p1, m0, m1, t0, t1, close)
        if leader == 0:
            h0 &= ~(1 << bit)
        else:
            h1 &= ~(1 << bit)
        return self._search(h0, h1, talon, closed, leader, bit, p0, p1, m0, m1, t0, t1, close, depth, alpha, beta)

    def _trick(
        self, h0: int, h1: int, talon: Any, closed: Any, leader: int, lead: int, bit: int, p0: int, p1: int,
        m0: int, m1: int, t0: int, t1: int, close: Any, depth: int, alpha: float, beta: float,
    ) -> float:
        """Follow `lead` with `bit`, settle the trick (SX-4), draw (SX-5) and go on."""
        trump = self.trump
        if lead // 6 == bit // 6:
            winner = 1 - leader if bit > lead else leader
        else:
            winner = 1 - leader if bit // 6 == trump else leader
        if leader == 0:
            h1 &= ~(1 << bit)
        else:
            h0 &= ~(1 << bit)
        gained = POINTS[lead] + POINTS[bit]
        if winner == 0:
            p0 += gained
            t0 += 1
        else:
            p1 += gained
            t1 += 1
        if talon and not closed:
            if (p0 + m0 if winner == 0 else p1 + m1) >= WIN:  # SX-11 (the winner has a trick now)
                return self._claim(winner, p0, p1, m0, m1, t0, t1, close)
            first, second = 1 << talon[0], 1 << talon[1]
            d0, d1 = (h0 | first, h1 | second) if winner == 0 else (h0 | second, h1 | first)
            if self._close_before_draw and self._can_close(len(talon), 1):
                # SX-10 pagat 66: before drawing, the winner may close instead.
                c0, c1, record = self._closing(h0, h1, talon, winner, p0, p1, m0, m1, t0, t1)
                drawn = self._search(
                    d0, d1, talon[2:], False, winner, -1, p0, p1, m0, m1, t0, t1, close, depth - 1, alpha, beta
                )
                if winner == 0:
                    if drawn >= beta:
                        return drawn
                    shut = self._search(
                        c0, c1, talon, True, 0, -1, p0, p1, m0, m1, t0, t1, record, depth, max(alpha, drawn), beta
                    )
                    return max(drawn, shut)
                if drawn <= alpha:
                    return drawn
                shut = self._search(
                    c0, c1, talon, True, 1, -1, p0, p1, m0, m1, t0, t1, record, depth, alpha, min(beta, drawn)
                )
                return min(drawn, shut)
            return self._search(
                d0, d1, talon[2:], False, winner, -1, p0, p1, m0, m1, t0, t1, close, depth - 1, alpha, beta
            )
        last = not h0 and not h1
        if last and not closed:  # SX-14 (no bonus after a close, SX-10)
            if winner == 0:
                p0 += self._bonus
            else:
                p1 += self._bonus
        if (p0 + m0 if winner == 0 else p1 + m1) >= WIN:
            return self._claim(winner, p0, p1, m0, m1, t0, t1, close)
        if last:
            return self._played_out(winner, p0, p1, m0, m1, t0, t1, close)
        return self._search(h0, h1, talon, closed, winner, -1, p0, p1, m0, m1, t0, t1, close, depth, alpha, beta)

    def _search(
        self, h0: int, h1: int, talon: Any, closed: Any, leader: int, lead: int, p0: int, p1: int,
        m0: int, m1: int, t0: int, t1: int, close: Any, depth: int, alpha: float, beta: float,
    ) -> float:
        """Alpha-beta over one node: the leader about to lead (`lead` < 0) or the follower to answer."""
        self.nodes += 1
        if self.nodes > self._limit:
            raise NodeBudgetExceeded
        strict = closed or not talon
        if lead < 0 and not strict and depth <= 0:
            return self._estimate(h0, h1, p0, p1, m0, m1, t0, t1, leader)
        key: tuple[object, ...] | None = None
        if strict:
            key = (h0, h1, leader, lead, p0, p1, m0, m1, t0 > 0, t1 > 0, close, closed, len(talon))
            hit = self.table.get(key)
            if hit is not None:
                stored, flag = hit
                if flag == 0 or (flag == 1 and stored >= beta) or (flag == -1 and stored <= alpha):
                    return stored
        alpha0, beta0 = alpha, beta
        if lead < 0:
            maximizing = leader == 0
            moves = self._lead_order(h1 if leader else h0)
            closable = not strict and self._can_close(len(talon), t0 + t1)
        else:
            maximizing = leader == 1
            moves = self._follow_order(follow_mask(h1 if leader == 0 else h0, lead, self.trump, strict), lead)
            closable = False
        best = -INF if maximizing else INF
        for bit in moves:
            if lead < 0:
                value = self._lead(
                    h0, h1, talon, closed, leader, bit, p0, p1, m0, m1, t0, t1, close, depth, alpha, beta
                )
            else:
                value = self._trick(
                    h0, h1, talon, closed, leader, lead, bit, p0, p1, m0, m1, t0, t1, close, depth, alpha, beta
                )
            if maximizing:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        else:
            if closable:  # SX-10: closing is tried last, after every lead
                c0, c1, record = self._closing(h0, h1, talon, leader, p0, p1, m0, m1, t0, t1)
                value = self._search(
                    c0, c1, talon, True, leader, -1, p0, p1, m0, m1, t0, t1, record, depth, alpha, beta
                )
                best = max(best, value) if maximizing else min(best, value)
        if key is not None:
            flag = 0
            if best <= alpha0:
                flag = -1
            elif best >= beta0:
                flag = 1
            self.table[key] = (best, flag)
        return best
