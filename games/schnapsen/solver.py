"""A perfect-information Sixty-Six solver on bitmasks, for the computer players (ai-notes §2.3).

Given every card's place (a "layout": both hands and the talon order), `Solver.value` returns the
deal's outcome in signed game points for seat 0 (+3 .. -3) under the table's rules: tricks and
draws (SX-4, SX-5), the must-head rule once the talon is closed or used up (SX-7), marriages (SX-8,
declared whenever a K or Q of a held pair is led, which never hurts with all cards open), closing
(SX-10, tried at every lead where it is allowed), going out at 66 (SX-11, both players claim at
once) and the scoring of SX-12..SX-14.

Phase 2 is searched exactly with alpha-beta and a transposition table; phase 1 is searched to a
depth in tricks and then scored by `_estimate`, a hand-strength heuristic. The trump exchange
(SX-9) is not searched: the players always take it when it is legal.

Cards are bits 0..23: suit * 6 + rank, rank 0..5 = 9 J Q K 10 A (the SX-2 order), so a higher
bit within a suit is a stronger card.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def index(card: Card) -> int:
    """The bit number of a card."""
    assert card.suit is not None and card.rank is not None
    return SUITS.index(card.suit) * 6 + RANKS.index(card.rank)


def card_of(bit: int) -> Card:
    return Card(RANKS[bit % 6], SUITS[bit // 6])


def mask_of(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << index(card)
    return mask


def bits(mask: int) -> list[int]:
    """Bit numbers of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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


class NodeBudgetExceeded(Exception):
    """Raised when a search passes `Solver.node_limit`: a deterministic stand-in for a clock."""


class Solver:
    """Searches layouts for one table's rules; keeps a transposition table for phase-2 nodes."""

    def __init__(self, options: Options, trump: Suit, phase1_depth: int = 2, node_limit: int | None = None) -> None:
        self.o = options
        self.trump = SUITS.index(trump)
        self.phase1_depth = phase1_depth
        self.node_limit = node_limit
        self.table: dict[tuple[object, ...], tuple[float, int]] = {}
        self.nodes = 0

    # Outcomes ---------------------------------------------------------------------------------

    @staticmethod
    def _eff(points: int, marriages: int, tricks: int) -> int:
        return points + marriages if tricks else points

    def _scale(self, points: int, tricks: int) -> int:
        if tricks == 0:
            return 3
        return 2 if points < 33 else 1

    def _penalty(self, closer_opp_tricks: int) -> int:
        return 3 if self.o.failed_close_always_three or closer_opp_tricks == 0 else 2

    def _claim(self, claimant: int, p: list[int], m: list[int], t: list[int], close: tuple[int, int, int]) -> float:
        """SX-11/SX-13: `claimant` goes out with 66 or more; signed for seat 0."""
        other = 1 - claimant
        closer, opp_points, opp_tricks = close
        if closer == claimant:
            if self.o.close_scoring == "at_close":
                value = self._scale(opp_points, opp_tricks)
            else:
                value = self._scale(self._eff(p[other], m[other], t[other]), t[other])
        elif closer >= 0:
            value = self._penalty(opp_tricks)
        else:
            value = self._scale(self._eff(p[other], m[other], t[other]), t[other])
        return float(value if claimant == 0 else -value)

    def _played_out(self, last: int, p: list[int], m: list[int], t: list[int], close: tuple[int, int, int]) -> float:
        """SX-13, SX-14, D-SX-2: every card played, the last-trick winner under 66."""
        closer = close[0]
        if closer >= 0:
            value, winner = self._penalty(close[2]), 1 - closer
        elif self.o.last_trick_wins_deal:
            value, winner = 1, last
        else:
            e0, e1 = self._eff(p[0], m[0], t[0]), self._eff(p[1], m[1], t[1])
            if e0 == e1:
                value, winner = 1, last
            else:
                winner = 0 if e0 > e1 else 1
                loser = 1 - winner
                value = self._scale(self._eff(p[loser], m[loser], t[loser]), t[loser])
        return float(value if winner == 0 else -value)

    def _estimate(self, hands: tuple[int, int], p: list[int], m: list[int], t: list[int], leader: int) -> float:
        """A phase-1 leaf: points so far plus hand strength, squashed into about -2..2 game points."""
        score = 0.0
        for seat in (0, 1):
            hand = hands[seat]
            strength = float(self._eff(p[seat], m[seat], 1) if t[seat] else p[seat] + 0.5 * m[seat])
            for bit in bits(hand):
                strength += POINTS[bit] * 0.6
                if bit // 6 == self.trump:
                    strength += 4 + POINTS[bit] * 0.4
            score += strength if seat == 0 else -strength
        score += 3 if leader == 0 else -3
        return max(-2.0, min(2.0, score / 25.0))

    # Search -----------------------------------------------------------------------------------

    def value(self, layout: Layout, depth: int | None = None) -> float:
        """Signed game points for seat 0 with best play by both (phase 1 cut at `depth` tricks)."""
        close = (layout.closer, layout.closer_opp_points, layout.closer_opp_tricks)
        return self._node(
            layout.hands,
            layout.talon,
            layout.closed,
            layout.leader,
            layout.lead,
            list(layout.points),
            list(layout.marriages),
            list(layout.tricks),
            close,
            self.phase1_depth if depth is None else depth,
            -INF,
            INF,
        )

    def _node(
        self,
        hands: tuple[int, int],
        talon: tuple[int, ...],
        closed: bool,
        leader: int,
        lead: int,
        p: list[int],
        m: list[int],
        t: list[int],
        close: tuple[int, int, int],
        depth: int,
        alpha: float,
        beta: float,
    ) -> float:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise NodeBudgetExceeded
        strict = closed or not talon
        if lead < 0 and not strict and depth <= 0:
            return self._estimate(hands, p, m, t, leader)
        key: tuple[object, ...] | None = None
        if strict:
            key = (hands, leader, lead, p[0], p[1], m[0], m[1], t[0] > 0, t[1] > 0, close, closed, len(talon))
            hit = self.table.get(key)
            if hit is not None:
                stored, flag = hit
                if flag == 0 or (flag == 1 and stored >= beta) or (flag == -1 and stored <= alpha):
                    return stored
        alpha0, beta0 = alpha, beta
        maximizing = (leader if lead < 0 else 1 - leader) == 0
        best = -INF if maximizing else INF
        for _, child in self._children(hands, talon, closed, leader, lead, p, m, t, close, depth):
            value = child(alpha, beta)
            if maximizing:
                if value > best:
                    best = value
                alpha = max(alpha, best)
            else:
                if value < best:
                    best = value
                beta = min(beta, best)
            if alpha >= beta:
                break
        if key is not None:
            flag = 0
            if best <= alpha0:
                flag = -1
            elif best >= beta0:
                flag = 1
            self.table[key] = (best, flag)
        return best

    def move_values(self, layout: Layout, depth: int | None = None) -> dict[int, float]:
        """The value (signed for seat 0) of every move of the player to act: card bit, or CLOSE."""
        close = (layout.closer, layout.closer_opp_points, layout.closer_opp_tricks)
        children = self._children(
            layout.hands,
            layout.talon,
            layout.closed,
            layout.leader,
            layout.lead,
            list(layout.points),
            list(layout.marriages),
            list(layout.tricks),
            close,
            self.phase1_depth if depth is None else depth,
        )
        return {label: child(-INF, INF) for label, child in children}

    def _children(self, hands, talon, closed, leader, lead, p, m, t, close, depth):  # type: ignore[no-untyped-def]
        """(label, closure) for each move, best-first for move ordering; the closure takes (alpha, beta)."""
        o = self.o
        trump = self.trump
        strict = closed or not talon
        if lead < 0:
            hand = hands[leader]
            order = sorted(bits(hand), key=lambda b: -POINTS[b] - (6 if b // 6 == trump else 0))
            children = []
            can_marry = (not strict or o.marriage_in_phase2) and (t[leader] or o.marriage_without_trick)
            for bit in order:
                bonus = 0
                rank = bit % 6
                if can_marry and (rank == KING or (rank == QUEEN and not o.marriage_king_lead)):
                    partner = bit + 1 if rank == QUEEN else bit - 1
                    if hand >> partner & 1:
                        bonus = 40 if bit // 6 == trump else 20
                children.append(
                    (bit, self._lead_child(hands, talon, closed, leader, bit, p, m, t, close, depth, bonus))
                )
            if (
                o.allow_close
                and not closed
                and talon
                and (len(talon) > 2 or o.close_with_two_left)
                and (t[0] + t[1] > 0 or o.close_on_first_lead)
            ):
                other = 1 - leader
                record = (leader, self._eff(p[other], m[other], t[other]), t[other])
                children.append(
                    (CLOSE, lambda a, b: self._node(hands, talon, True, leader, -1, p, m, t, record, depth, a, b))
                )
            return children
        follower = 1 - leader
        allowed = follow_mask(hands[follower], lead, trump, strict)
        wins = [b for b in bits(allowed) if beats(lead, b, trump)]
        loses = [b for b in bits(allowed) if not beats(lead, b, trump)]
        wins.sort(key=lambda b: POINTS[b])
        loses.sort(key=lambda b: POINTS[b])
        return [
            (b, self._follow_child(hands, talon, closed, leader, lead, b, p, m, t, close, depth)) for b in wins + loses
        ]

    def _lead_child(self, hands, talon, closed, leader, bit, p, m, t, close, depth, bonus):  # type: ignore[no-untyped-def]
        def run(alpha: float, beta: float) -> float:
            m2 = m
            if bonus:
                m2 = list(m)
                m2[leader] += bonus
                if t[leader] and p[leader] + m2[leader] >= WIN:  # SX-11: out on the marriage
                    return self._claim(leader, p, m2, t, close)
            new = (hands[0] & ~(1 << bit), hands[1]) if leader == 0 else (hands[0], hands[1] & ~(1 << bit))
            return self._node(new, talon, closed, leader, bit, p, m2, t, close, depth, alpha, beta)

        return run

    def _follow_child(self, hands, talon, closed, leader, lead, bit, p, m, t, close, depth):  # type: ignore[no-untyped-def]
        def run(alpha: float, beta: float) -> float:
            follower = 1 - leader
            winner = follower if beats(lead, bit, self.trump) else leader
            h = [hands[0], hands[1]]
            h[follower] &= ~(1 << bit)
            p2 = list(p)
            p2[winner] += POINTS[lead] + POINTS[bit]
            t2 = list(t)
            t2[winner] += 1
            new_talon = talon
            if talon and not closed:  # SX-5
                h[winner] |= 1 << talon[0]
                h[1 - winner] |= 1 << talon[1]
                new_talon = talon[2:]
            last = not h[0] and not h[1]
            if last and not closed:
                p2[winner] += self.o.last_trick_bonus
            if p2[winner] + (m[winner] if t2[winner] else 0) >= WIN:
                return self._claim(winner, p2, m, t2, close)
            if last:
                return self._played_out(winner, p2, m, t2, close)
            next_depth = depth - 1 if (talon and not closed) else depth
            return self._node((h[0], h[1]), new_talon, closed, winner, -1, p2, m, t2, close, next_depth, alpha, beta)

        return run
