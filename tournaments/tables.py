"""The tables format for multi-player games: each round seats players at tables by score.

**Table sizes** (`table_sizes`): the split into tables of `min_seats` to `max_seats` is even (the
largest and smallest table differ by at most one: whenever some split into t tables fits, the even one
does too); among the even splits, the one with the most tables at the game's preferred size, then the
fewest tables.
So 10 players at 3-5 seats with 4 preferred sit 4+3+3, and at 5 preferred 5+5; 16 at four seats sit
4+4+4+4. When no split fits (11 players at exactly four seats), the fewest players sit out: those
ranked lowest who have sat out least often (`sit_out`).

**Seating**: round one by strength (rating, then sign-up order), or shuffled from the event's seed
(`FirstRound.SHUFFLED`); later rounds by standing (points, then the opponents' sum below, then
strength). The ranked players fill the tables in order, largest tables first, so the strongest sit
together. At each table the first seat (who leads or deals first) goes to the player who has had it
least often, then to the one ranked higher; the others follow in rank order.

**Points**: `place_points[k]` for finishing (k+1)-th, read for as many places as the table has seats.
By default a place is worth the players finished behind (4 seats: 3, 2, 1, 0; 3 seats: 2, 1, 0). A
sit-out is worth `sit_out_points` (by default the second place of the preferred size: 2 at four seats).

**Ranking**: total points, then the sum of opponents' totals (every player met at a table, once per
meeting), then strength.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.model import JSON, Bye, Format, Placing, Player, Table, TableRound, by_strength


class FirstRound(enum.Enum):
    """How round one seats players, before anyone has points."""

    BY_STRENGTH = "strength"
    SHUFFLED = "shuffled"


def table_sizes(count: int, min_seats: int, max_seats: int, preferred: int) -> tuple[int, ...] | None:
    """The table sizes for `count` players, largest first (see the module docstring), or None if none fit."""
    if not 2 <= min_seats <= preferred <= max_seats:
        raise ValueError(f"seats {min_seats}-{max_seats} with {preferred} preferred")
    best: tuple[tuple[int, int], tuple[int, ...]] | None = None
    for tables in range(1, count // min_seats + 1):
        # the even split into `tables` tables: sizes differ by at most one
        small, extra = divmod(count, tables)
        sizes = (small + 1,) * extra + (small,) * (tables - extra)
        if not all(min_seats <= s <= max_seats for s in sizes):
            continue
        key = (-sizes.count(preferred), tables)
        if best is None or key < best[0]:
            best = (key, sizes)
    return None if best is None else best[1]


def default_place_points(seats: int) -> tuple[int, ...]:
    """A place is worth the number of players finished behind it."""
    return tuple(range(seats - 1, -1, -1))


@dataclass(frozen=True, slots=True)
class TablesEvent:
    """A tables event's whole state: entrants, seats, scoring, the rounds so far, who left.

    `place_points` empty means the default (players finished behind); `sit_out_points` None means the
    second place of the preferred size.
    """

    players: tuple[Player, ...]
    rounds_total: int
    min_seats: int
    max_seats: int
    preferred_seats: int
    place_points: tuple[int, ...] = ()
    sit_out_points: int | None = None
    first_round: FirstRound = FirstRound.BY_STRENGTH
    seed: int = 0
    rounds: tuple[TableRound, ...] = ()
    dropped: frozenset[str] = frozenset()

    format = Format.TABLES

    def __post_init__(self) -> None:
        ids = [p.id for p in self.players]
        if len(set(ids)) != len(ids):
            raise ValueError("a player signed up twice")
        if self.rounds_total < 1:
            raise ValueError("a tables event has at least one round")
        table_sizes(self.min_seats, self.min_seats, self.max_seats, self.preferred_seats)  # checks the range
        if self.place_points and len(self.place_points) < self.max_seats:
            raise ValueError("place points for every place of the largest table")

    @property
    def active(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.id not in self.dropped)

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.rounds_total and self.rounds[-1].complete

    def points_for(self, place: int, seats: int) -> int:
        """Points for finishing `place` (0 = first) at a table of `seats`."""
        return (self.place_points or default_place_points(seats))[place]

    @property
    def sit_out_value(self) -> int:
        if self.sit_out_points is not None:
            return self.sit_out_points
        return self.points_for(1, self.preferred_seats)

    def totals(self) -> dict[str, int]:
        """Every player's points over the placings recorded so far."""
        found = {p.id: 0 for p in self.players}
        for round_ in self.rounds:
            for table, placing in zip(round_.tables, round_.placings, strict=True):
                if placing is not None:
                    for place, pid in enumerate(placing.order):
                        found[pid] += self.points_for(place, len(table.seats))
            if round_.complete:
                for bye in round_.byes:
                    found[bye.player] += self.sit_out_value
        return found

    def opponents_sum(self) -> dict[str, int]:
        """The sum of each player's opponents' totals, once per table shared (the tie-break)."""
        totals = self.totals()
        found = dict.fromkeys(totals, 0)
        for round_ in self.rounds:
            for table, placing in zip(round_.tables, round_.placings, strict=True):
                if placing is None:
                    continue
                for pid in table.seats:
                    found[pid] += sum(totals[other] for other in table.seats if other != pid)
        return found

    def ranked(self, players: Iterable[Player]) -> tuple[Player, ...]:
        """By total, then opponents' sum, then strength."""
        totals, opponents = self.totals(), self.opponents_sum()
        return tuple(sorted(players, key=lambda p: (-totals[p.id], -opponents[p.id], -p.rating, p.seed)))

    def first_seats(self) -> dict[str, int]:
        """How often each player has had a table's first seat."""
        found = {p.id: 0 for p in self.players}
        for round_ in self.rounds:
            for table in round_.tables:
                found[table.seats[0]] += 1
        return found

    def sit_outs(self) -> dict[str, int]:
        found = {p.id: 0 for p in self.players}
        for round_ in self.rounds:
            for bye in round_.byes:
                found[bye.player] += 1
        return found

    def order_for_next_round(self) -> tuple[Player, ...]:
        """The active players in the order they fill the tables."""
        if self.rounds:
            return self.ranked(self.active)
        strongest = by_strength(self.active)
        if self.first_round is FirstRound.BY_STRENGTH:
            return strongest
        shuffled = list(strongest)
        random.Random(self.seed).shuffle(shuffled)
        return tuple(shuffled)

    def pair_next(self) -> TablesEvent:
        """The event with its next round seated; the previous round must be complete."""
        if self.rounds and not self.rounds[-1].complete:
            raise ValueError("the current round is still being played")
        if len(self.rounds) >= self.rounds_total:
            raise ValueError("every round has been seated")
        order = list(self.order_for_next_round())
        sitting_out = sit_out(order, self.sit_outs(), self.min_seats, self.max_seats, self.preferred_seats)
        seated = [p for p in order if p not in sitting_out]
        sizes = table_sizes(len(seated), self.min_seats, self.max_seats, self.preferred_seats)
        if sizes is None:
            raise ValueError(f"{len(order)} players cannot be seated at {self.min_seats}-{self.max_seats} seats")
        firsts = self.first_seats()
        rank = {p.id: i for i, p in enumerate(order)}
        tables = []
        start = 0
        for size in sizes:
            group = seated[start : start + size]
            start += size
            leader = min(group, key=lambda p: (firsts[p.id], rank[p.id]))
            tables.append(Table((leader.id, *(p.id for p in group if p is not leader))))
        round_ = TableRound(tuple(tables), (None,) * len(tables), tuple(Bye(p.id) for p in sitting_out))
        return self._with_rounds((*self.rounds, round_))

    def record(self, table: int, placing: Placing) -> TablesEvent:
        """The event with the current round's `table` finished in `placing` order."""
        return self._with_rounds((*self.rounds[:-1], self.rounds[-1].with_placing(table, placing)))

    def drop(self, player: str) -> TablesEvent:
        """The event without `player` in later rounds."""
        return TablesEvent(
            self.players, self.rounds_total, self.min_seats, self.max_seats, self.preferred_seats,
            self.place_points, self.sit_out_points, self.first_round, self.seed, self.rounds,
            self.dropped | {player},
        )  # fmt: skip

    def _with_rounds(self, rounds: tuple[TableRound, ...]) -> TablesEvent:
        return TablesEvent(
            self.players, self.rounds_total, self.min_seats, self.max_seats, self.preferred_seats,
            self.place_points, self.sit_out_points, self.first_round, self.seed, rounds, self.dropped,
        )  # fmt: skip

    def to_dict(self) -> JSON:
        return {
            "format": self.format.value,
            "players": [p.to_dict() for p in self.players],
            "rounds_total": self.rounds_total,
            "seats": [self.min_seats, self.max_seats, self.preferred_seats],
            "place_points": list(self.place_points),
            "sit_out_points": self.sit_out_points,
            "first_round": self.first_round.value,
            "seed": self.seed,
            "rounds": [r.to_dict() for r in self.rounds],
            "dropped": sorted(self.dropped),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TablesEvent:
        if data["format"] != Format.TABLES.value:
            raise ValueError(f"not a tables event: {data['format']}")
        low, high, preferred = (int(s) for s in data["seats"])
        return cls(
            tuple(Player.from_dict(p) for p in data["players"]),
            int(data["rounds_total"]),
            low,
            high,
            preferred,
            tuple(int(p) for p in data["place_points"]),
            None if data["sit_out_points"] is None else int(data["sit_out_points"]),
            FirstRound(data["first_round"]),
            int(data["seed"]),
            tuple(TableRound.from_dict(r) for r in data["rounds"]),
            frozenset(str(p) for p in data["dropped"]),
        )


def sit_out(
    order: Sequence[Player], sat_out: Mapping[str, int], min_seats: int, max_seats: int, preferred: int
) -> tuple[Player, ...]:
    """The fewest players who must sit out so the rest fit at tables: the lowest-ranked of those who have
    sat out least often."""
    for count in range(len(order) + 1):
        if table_sizes(len(order) - count, min_seats, max_seats, preferred) is not None:
            chosen = sorted(reversed(order), key=lambda p: sat_out[p.id])[:count]  # stable: lowest first
            return tuple(p for p in order if p in chosen)
    return tuple(order)
