"""Swiss pairing for two-player matches, and its tie-breaks.

**Scoring.** A win is 1 point, a draw 1/2, a loss 0; a bye is worth a win (1 point). A forfeit is
recorded as the present player's win. Halves are exact in binary floating point, so points compare
exactly.

**Pairing** (`pair_round`). Active players are ranked by points, then rating, then sign-up order; a
*score group* is the players on equal points. The next round is the pairing that is best by these
criteria, in this order (each one only among the pairings the earlier ones leave):

1. No rematch: two players meet again only when no pairing avoids every rematch (then rematches are
   allowed, not counted, and the criteria below order the pairings).
2. The bye (odd count) goes to the lowest-ranked player who has had no bye, i.e. to the lowest score
   group holding such a player; a player has a second bye only when everyone has had one.
3. Seat balance: a player's *seat balance* is first seats minus second seats in the matches played.
   Two players whose balances are both +2 or more (or both -2 or less) are not paired, so after the
   round every balance stays within -2..+2 (see below). Relaxed only when no pairing allows it.
4. Score groups: the fewest crossings of score-group boundaries, counting a pair once per boundary
   between its two players' groups (the groups of the players being paired, the bye left out). A
   group with an odd count floats its lowest-ranked player down into the next group, where it meets
   that group's highest-ranked available player.
5. Within a group, Dutch-style: the top half meets the bottom half in order (1 v 5, 2 v 6 ... in a
   group of 8), trying the nearest alternatives first when a rematch or a seat clash forbids that.

The search is a depth-first search over the ranked players (the highest remaining player picks a
partner first) with the failed sub-problems remembered, run with a growing bound on crossings so the
first pairing found has the fewest. A bounded number of steps per attempt keeps it fast on 40 players:
beyond the bound, an attempt that has found no pairing counts as impossible (the next relaxation is
tried) and one that has keeps the fewest crossings found so far.

**Seats** (`seat`). In each match the player with the lower seat balance takes the first seat (deals or
leads first); on equal balances the one who had the second seat last time; when both had the same
seat last time, the higher-ranked player alternates and the other repeats; when neither has played,
the higher-ranked player on odd boards (1, 3, ...) and the lower-ranked on even boards. With criterion
3 held, the lower balance is at most +1 and the higher at least -1, so balances never leave -2..+2: a
player has at most floor(played / 2) + 1 first seats.

**Tie-breaks** (`tiebreaks`), after points:

- Buchholz: the sum of the final points of every opponent the player met.
- Sonneborn-Berger: the sum, over the player's matches, of the opponent's final points times the
  points the player scored against them (1 for a win, 1/2 for a draw, 0 for a loss).
- A bye counts as a draw against oneself: it adds the player's own final points to Buchholz and half
  of them to Sonneborn-Berger. A player who left keeps their points in their opponents' tie-breaks.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments.model import JSON, Bye, Format, Outcome, Pairing, Player, SwissRound

log = logging.getLogger(__name__)

WIN = 1.0
DRAW = 0.5
LOSS = 0.0
BYE_POINTS = WIN
SEAT_LIMIT = 2  # seat balances stay within -SEAT_LIMIT..+SEAT_LIMIT while criterion 3 holds
SEARCH_STEPS = 50_000  # per pairing attempt; dense Swiss graphs need a few hundred


@dataclass(frozen=True, slots=True)
class Record:
    """What one player has done so far, as the pairing needs it."""

    points: float = 0.0
    opponents: tuple[str, ...] = ()
    byes: int = 0
    balance: int = 0  # first seats minus second seats
    last_seat: int = 0  # +1 first seat last match, -1 second seat, 0 no match yet
    firsts: int = 0
    played: int = 0

    def after(self, opponent: str, first: bool, points: float) -> Record:
        step = 1 if first else -1
        return Record(
            self.points + points,
            (*self.opponents, opponent),
            self.byes,
            self.balance + step,
            step,
            self.firsts + (1 if first else 0),
            self.played + 1,
        )

    def after_bye(self) -> Record:
        return Record(
            self.points + BYE_POINTS,
            self.opponents,
            self.byes + 1,
            self.balance,
            self.last_seat,
            self.firsts,
            self.played,
        )


def match_points(outcome: Outcome) -> tuple[float, float]:
    """(first seat's points, second seat's points) for an outcome."""
    if outcome is Outcome.FIRST:
        return (WIN, LOSS)
    if outcome is Outcome.SECOND:
        return (LOSS, WIN)
    return (DRAW, DRAW)


def records(players: Iterable[Player], rounds: Iterable[SwissRound]) -> dict[str, Record]:
    """Every player's record over the rounds whose results are in (an unplayed match counts not yet)."""
    found = {p.id: Record() for p in players}
    for round_ in rounds:
        for pairing, outcome in zip(round_.pairings, round_.outcomes, strict=True):
            if outcome is None:
                continue
            first_points, second_points = match_points(outcome)
            found[pairing.first] = found[pairing.first].after(pairing.second, True, first_points)
            found[pairing.second] = found[pairing.second].after(pairing.first, False, second_points)
        if round_.bye is not None:
            found[round_.bye.player] = found[round_.bye.player].after_bye()
    return found


def ranked(players: Iterable[Player], history: Mapping[str, Record]) -> tuple[Player, ...]:
    """Points, then rating, then sign-up order: the order score groups and boards follow."""
    return tuple(sorted(players, key=lambda p: (-history[p.id].points, -p.rating, p.seed)))


def bye_order(players: Sequence[Player], history: Mapping[str, Record]) -> tuple[Player, ...]:
    """Who may take the bye, first choice first: the lowest-ranked of those with the fewest byes."""
    fewest = min(history[p.id].byes for p in players)
    return tuple(p for p in reversed(ranked(players, history)) if history[p.id].byes == fewest)


def seat_clash(a: Record, b: Record) -> bool:
    """Both players must not take the same seat again (criterion 3): balances both >= +2 or both <= -2."""
    return (a.balance >= SEAT_LIMIT and b.balance >= SEAT_LIMIT) or (
        a.balance <= -SEAT_LIMIT and b.balance <= -SEAT_LIMIT
    )


def crossings(pairs: Iterable[tuple[str, str]], history: Mapping[str, Record], players: Iterable[str]) -> int:
    """Score-group boundaries crossed by the pairs (criterion 4), among the groups of `players`."""
    levels = sorted({history[p].points for p in players}, reverse=True)
    index = {points: i for i, points in enumerate(levels)}
    return sum(abs(index[history[a].points] - index[history[b].points]) for a, b in pairs)


class _OutOfSteps(Exception):
    """The search spent its step budget."""


def _bits(mask: int) -> list[int]:
    """The indices set in `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@dataclass(slots=True)
class _Search:
    """A depth-first search for a perfect matching of ranked players, crossing at most `budget` boundaries.

    Players are indices 0..n-1 in rank order; `group[i]` is the index of i's score group (0 = top);
    `allowed[i]` is the bit mask of i's allowed partners. Sets of players are bit masks.
    """

    group: Sequence[int]
    allowed: Sequence[int]
    steps: int = 0
    failed: dict[int, int] = field(default_factory=dict)  # mask -> highest budget known to fail
    members: list[int] = field(default_factory=list)  # group index -> mask of its players

    def __post_init__(self) -> None:
        self.members = [0] * (max(self.group, default=-1) + 1)
        for i, level in enumerate(self.group):
            self.members[level] |= 1 << i

    def lower_bound(self, mask: int) -> int:
        """Each boundary with an odd number of remaining players above it is crossed at least once."""
        bound = 0
        above = 0
        for members in self.members[:-1]:
            above += (mask & members).bit_count()
            bound += above % 2
        return bound

    def nearest_bound(self, mask: int, budget: int) -> int:
        """Each pair costs at least the larger of its players' distances to their nearest allowed partner,
        so the crossings are at least half the sum of those distances (more than `budget` when one has none
        within it)."""
        total = 0
        top = len(self.members) - 1
        for k in _bits(mask):
            options = self.allowed[k] & mask
            level = self.group[k]
            distance = 0
            while distance <= budget:
                near = self.members[level - distance] if level - distance >= 0 else 0
                if level + distance <= top:
                    near |= self.members[level + distance]
                if options & near:
                    break
                distance += 1
            total += distance
        return (total + 1) // 2

    def candidates(self, i: int, mask: int) -> list[int]:
        """i's partners, preferred first: its own group Dutch-style, then lower groups in rank order."""
        level = self.group[i]
        same = _bits(mask & self.members[level])
        ideal = len(same) // 2  # same[0] is i: the top half meets the bottom half
        own = [same[k] for k in sorted(range(1, len(same)), key=lambda k: (abs(k - ideal), k))]
        below = 0
        for members in self.members[level + 1 :]:
            below |= members
        return own + _bits(mask & below)

    def run(self, mask: int, budget: int) -> list[tuple[int, int]] | None:
        if mask == 0:
            return []
        if self.failed.get(mask, -1) >= budget or self.lower_bound(mask) > budget:
            return None
        if self.nearest_bound(mask, budget) > budget:
            self.failed[mask] = max(self.failed.get(mask, -1), budget)
            return None
        self.steps += 1
        if self.steps > SEARCH_STEPS:
            raise _OutOfSteps
        i = (mask & -mask).bit_length() - 1
        for j in self.candidates(i, mask):
            cost = self.group[j] - self.group[i]
            if cost > budget:
                break  # candidates come in order of cost
            if not self.allowed[i] >> j & 1:
                continue
            rest = self.run(mask & ~(1 << i) & ~(1 << j), budget - cost)
            if rest is not None:
                return [(i, j), *rest]
        self.failed[mask] = max(self.failed.get(mask, -1), budget)
        return None


def _best_matching(
    players: Sequence[Player], history: Mapping[str, Record], *, rematches: bool, strict_seats: bool
) -> list[tuple[Player, Player]] | None:
    """The pairing of `players` (even count, ranked) with the fewest crossings, or None if none is allowed."""
    if not players:
        return []
    levels = sorted({history[p.id].points for p in players}, reverse=True)
    group = [levels.index(history[p.id].points) for p in players]
    allowed = [
        sum(
            1 << j
            for j, b in enumerate(players)
            if a is not b
            and (rematches or b.id not in history[a.id].opponents)
            and not (strict_seats and seat_clash(history[a.id], history[b.id]))
        )
        for a in players
    ]
    search = _Search(group, allowed)
    full = (1 << len(players)) - 1
    try:
        found = search.run(full, len(players) * len(levels))
    except _OutOfSteps:
        log.warning("Swiss search ran out of steps on %d players; relaxing", len(players))
        return None
    if found is None:
        return None
    most = sum(group[j] - group[i] for i, j in found)
    for budget in range(search.lower_bound(full), most):
        try:
            better = search.run(full, budget)
        except _OutOfSteps:
            log.warning("Swiss search ran out of steps on %d players; keeping %d crossings", len(players), most)
            break
        if better is not None:
            found = better
            break
    return [(players[i], players[j]) for i, j in found]


def seat(
    a: Player, b: Player, history: Mapping[str, Record], board: int, rank: Mapping[str, int]
) -> Pairing:
    """The match of a and b with its first seat given as the module's docstring says."""
    ra, rb = history[a.id], history[b.id]
    higher_is_a = rank[a.id] < rank[b.id]
    if ra.balance != rb.balance:
        first_a = ra.balance < rb.balance
    elif ra.last_seat != rb.last_seat:
        first_a = ra.last_seat < rb.last_seat
    elif ra.last_seat != 0:
        first_a = higher_is_a == (ra.last_seat < 0)  # the higher-ranked player alternates
    else:
        first_a = higher_is_a if board % 2 == 0 else not higher_is_a
    return Pairing(a.id, b.id) if first_a else Pairing(b.id, a.id)


def pair_round(players: Sequence[Player], history: Mapping[str, Record]) -> SwissRound:
    """The next round for `players` (the active ones) given their records; see the module docstring."""
    if len(players) < 2:
        raise ValueError("a Swiss round needs two players")
    order = ranked(players, history)
    rank = {p.id: i for i, p in enumerate(order)}
    byes: tuple[Player | None, ...] = bye_order(order, history) if len(order) % 2 else (None,)
    for rematches in (False, True):
        for bye in byes:
            rest = [p for p in order if p is not bye]
            for strict_seats in (True, False):
                pairs = _best_matching(rest, history, rematches=rematches, strict_seats=strict_seats)
                if pairs is None:
                    continue
                pairs.sort(key=lambda pair: rank[pair[0].id])
                pairings = tuple(seat(a, b, history, board, rank) for board, (a, b) in enumerate(pairs))
                return SwissRound(pairings, (None,) * len(pairings), None if bye is None else Bye(bye.id))
    raise AssertionError("with rematches and seats relaxed every even count pairs")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Tiebreaks:
    """A player's Swiss tie-breaks as the module docstring defines them."""

    buchholz: float
    sonneborn_berger: float


def tiebreaks(players: Iterable[Player], rounds: Sequence[SwissRound]) -> dict[str, Tiebreaks]:
    """Buchholz and Sonneborn-Berger of every player over the played rounds."""
    players = tuple(players)
    final = {pid: record.points for pid, record in records(players, rounds).items()}
    buchholz = dict.fromkeys(final, 0.0)
    sonneborn = dict.fromkeys(final, 0.0)
    for round_ in rounds:
        for pairing, outcome in zip(round_.pairings, round_.outcomes, strict=True):
            if outcome is None:
                continue
            scored = dict(zip(pairing.players, match_points(outcome), strict=True))
            for pid in pairing.players:
                other = pairing.opponent(pid)
                buchholz[pid] += final[other]
                sonneborn[pid] += final[other] * scored[pid]
        if round_.bye is not None:
            pid = round_.bye.player
            buchholz[pid] += final[pid]
            sonneborn[pid] += final[pid] * DRAW
    return {pid: Tiebreaks(buchholz[pid], sonneborn[pid]) for pid in final}


@dataclass(frozen=True, slots=True)
class SwissEvent:
    """A Swiss event's whole state: entrants, the planned number of rounds, the rounds so far, who left."""

    players: tuple[Player, ...]
    rounds_total: int
    rounds: tuple[SwissRound, ...] = ()
    dropped: frozenset[str] = frozenset()

    format = Format.SWISS

    def __post_init__(self) -> None:
        ids = [p.id for p in self.players]
        if len(set(ids)) != len(ids):
            raise ValueError("a player signed up twice")
        if self.rounds_total < 1:
            raise ValueError("a Swiss event has at least one round")

    @property
    def active(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.id not in self.dropped)

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.rounds_total and self.rounds[-1].complete

    def records(self) -> dict[str, Record]:
        return records(self.players, self.rounds)

    def pair_next(self) -> SwissEvent:
        """The event with its next round paired; the previous round must be complete."""
        if self.rounds and not self.rounds[-1].complete:
            raise ValueError("the current round is still being played")
        if len(self.rounds) >= self.rounds_total:
            raise ValueError("every round has been paired")
        round_ = pair_round(self.active, self.records())
        return SwissEvent(self.players, self.rounds_total, (*self.rounds, round_), self.dropped)

    def record(self, board: int, outcome: Outcome) -> SwissEvent:
        """The event with the current round's match on `board` decided."""
        current = self.rounds[-1].with_outcome(board, outcome)
        return SwissEvent(self.players, self.rounds_total, (*self.rounds[:-1], current), self.dropped)

    def drop(self, player: str) -> SwissEvent:
        """The event without `player` in later rounds (a match already paired is still theirs to play)."""
        return SwissEvent(self.players, self.rounds_total, self.rounds, self.dropped | {player})

    def to_dict(self) -> JSON:
        return {
            "format": self.format.value,
            "players": [p.to_dict() for p in self.players],
            "rounds_total": self.rounds_total,
            "rounds": [r.to_dict() for r in self.rounds],
            "dropped": sorted(self.dropped),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SwissEvent:
        if data["format"] != Format.SWISS.value:
            raise ValueError(f"not a Swiss event: {data['format']}")
        return cls(
            tuple(Player.from_dict(p) for p in data["players"]),
            int(data["rounds_total"]),
            tuple(SwissRound.from_dict(r) for r in data["rounds"]),
            frozenset(str(p) for p in data["dropped"]),
        )
