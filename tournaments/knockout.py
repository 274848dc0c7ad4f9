"""Single elimination, seeded by strength (rating, then sign-up order).

**Two-player games** (`max_seats == 2`): a standard bracket. Seeds fill a bracket of the next power of
two in the usual order, so seed 1 meets the last seed, and 1 and 2 can only meet in the final
(16 players: 1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10, 3 v 14, 6 v 11). The empty places are
byes, so with 6 players seeds 1 and 2 go straight to round two. Each later round pairs the winners in
bracket order; the higher seed has the first seat. When both players of a future match have left,
the bracket closes up over the gap.

**Multi-player games**: each round the fewest top seeds needed to make the rest fit at tables, and
every later round too down to a final of `min_seats` to `max_seats`, go straight on (byes); the rest
sit at tables of `min_seats` to `max_seats` (sizes as in
`tournaments.tables.table_sizes`), dealt out snake-wise by seed so the top seeds are spread, and the
best `advance` of each table go on. Round one seeds by strength; later rounds by the place reached at
the previous table, then by strength. When no more than `max_seats` remain they play the final
table. A field that cannot play down to a final of `min_seats` or more (5 players at exactly four
seats, best two going on) is refused when the event is made; if players leaving make it so later,
drawing the final raises.

A bye is stored as a one-seat table already decided, so a round's tables keep the bracket's order.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.model import JSON, Format, Placing, Player, Table, TableRound, by_strength
from tournaments.tables import table_sizes


def bracket_order(size: int) -> tuple[int, ...]:
    """Seed numbers (1-based) in bracket order for a bracket of `size`, a power of two."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket of {size} is not a power of two")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1  # seeds that meet first add up to this
        order = [seed for top in order for seed in (top, total - top)]
    return tuple(order)


def _bye(player: str) -> tuple[Table, Placing]:
    return Table((player,)), Placing((player,))


def is_bye(table: Table) -> bool:
    return len(table.seats) == 1


@dataclass(frozen=True, slots=True)
class KnockoutEvent:
    """A knockout's whole state: entrants, seats, how many go on from a table, the rounds, who left."""

    players: tuple[Player, ...]
    min_seats: int = 2
    max_seats: int = 2
    preferred_seats: int = 2
    advance: int = 1
    rounds: tuple[TableRound, ...] = ()
    dropped: frozenset[str] = frozenset()

    format = Format.KNOCKOUT

    def __post_init__(self) -> None:
        ids = [p.id for p in self.players]
        if len(set(ids)) != len(ids):
            raise ValueError("a player signed up twice")
        table_sizes(self.min_seats, self.min_seats, self.max_seats, self.preferred_seats)  # checks the range
        if not 1 <= self.advance < self.min_seats:
            raise ValueError(f"{self.advance} cannot go on from tables of {self.min_seats}")
        if len(self.players) < 2:
            raise ValueError("a knockout needs two players")
        if not self.rounds and not self.reaches_a_final(len(self.players)):
            seats = f"{self.min_seats}-{self.max_seats}"
            raise ValueError(f"{len(self.players)} players cannot play down to a final of {seats}")

    @property
    def bracket(self) -> bool:
        return self.max_seats == 2

    @property
    def strength(self) -> dict[str, int]:
        """Seed numbers from 0: the order of strength."""
        return {p.id: i for i, p in enumerate(by_strength(self.players))}

    def advancing(self, round_: TableRound) -> tuple[str, ...]:
        """Who goes on from a finished round, in table order (bye players too)."""
        found: list[str] = []
        for table, placing in zip(round_.tables, round_.placings, strict=True):
            if placing is None:
                raise ValueError("the round is still being played")
            found.extend(placing.order[: 1 if is_bye(table) else self.advance])
        return tuple(found)

    @property
    def finished(self) -> bool:
        return bool(self.rounds) and self.rounds[-1].complete and self.is_final(self.rounds[-1])

    def is_final(self, round_: TableRound) -> bool:
        """One table left (a lone bye table when everyone else has left)."""
        return len(round_.tables) == 1

    @property
    def champion(self) -> str | None:
        if not self.finished:
            return None
        placing = self.rounds[-1].placings[0]
        return None if placing is None else placing.order[0]

    def pair_next(self) -> KnockoutEvent:
        """The event with its next round drawn; the previous round must be complete."""
        if self.rounds and not self.rounds[-1].complete:
            raise ValueError("the current round is still being played")
        if self.finished:
            raise ValueError("the knockout is over")
        round_ = self._next_bracket_round() if self.bracket else self._next_table_round()
        return self._with_rounds((*self.rounds, round_))

    def _next_bracket_round(self) -> TableRound:
        strength = self.strength
        slots: list[str | None]
        if not self.rounds:
            seeds = [p.id for p in by_strength(self.players) if p.id not in self.dropped]
            size = 1
            while size < len(seeds):
                size *= 2
            slots = [seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)]
        else:
            slots = [None if p in self.dropped else p for p in self.advancing(self.rounds[-1])]
            if len(slots) % 2:
                slots.append(None)
        tables: list[Table] = []
        placings: list[Placing | None] = []
        for a, b in zip(slots[::2], slots[1::2], strict=True):
            if a is not None and b is not None:
                tables.append(Table(tuple(sorted((a, b), key=strength.__getitem__))))
                placings.append(None)
            elif a is not None or b is not None:
                table, placing = _bye(a if a is not None else str(b))
                tables.append(table)
                placings.append(placing)
        return TableRound(tuple(tables), tuple(placings))

    def _next_table_round(self) -> TableRound:
        strength = self.strength
        if not self.rounds:
            order = [p.id for p in by_strength(self.players) if p.id not in self.dropped]
        else:
            last = self.rounds[-1]
            place = {
                pid: k
                for placing in last.placings
                if placing is not None
                for k, pid in enumerate(placing.order)
            }
            going = [p for p in self.advancing(last) if p not in self.dropped]
            order = sorted(going, key=lambda p: (place[p], strength[p]))
        if len(order) <= self.max_seats:
            if len(order) < self.min_seats:
                if len(order) == 1:
                    table, placing = Table((order[0],)), Placing((order[0],))
                    return TableRound((table,), (placing,))
                raise ValueError(f"{len(order)} players cannot sit a final of {self.min_seats}-{self.max_seats}")
            return TableRound((Table(tuple(order)),), (None,))
        byes, sizes = self._split(len(order))
        seated = order[byes:]
        groups: list[list[str]] = [[] for _ in sizes]
        forward = True
        index = 0
        for pid in seated:
            while len(groups[index]) >= sizes[index]:
                index, forward = _snake(index, forward, len(sizes))
            groups[index].append(pid)
            index, forward = _snake(index, forward, len(sizes))
        tables = [Table(tuple(sorted(g, key=strength.__getitem__))) for g in groups]
        bye_tables = [_bye(pid) for pid in order[:byes]]
        return TableRound(
            tuple(t for t, _ in bye_tables) + tuple(tables),
            tuple(p for _, p in bye_tables) + (None,) * len(tables),
        )

    def _split(self, count: int) -> tuple[int, tuple[int, ...]]:
        """The fewest byes, and the table sizes, for `count` players, such that every later round can be
        seated too and the final has `min_seats` to `max_seats` players (when any split allows that)."""
        fallback: tuple[int, tuple[int, ...]] | None = None
        for byes in range(count):
            sizes = table_sizes(count - byes, self.min_seats, self.max_seats, self.preferred_seats)
            if sizes is None:
                continue
            if fallback is None:
                fallback = (byes, sizes)
            going = byes + self.advance * len(sizes)
            if going < count and self.reaches_a_final(going):
                return byes, sizes
        if fallback is None:  # pragma: no cover - tables of min_seats always fit some count below
            raise ValueError(f"{count} players cannot be seated at {self.min_seats}-{self.max_seats}")
        return fallback

    def reaches_a_final(self, count: int) -> bool:
        """Whether `count` players can play down to a final table of `min_seats` to `max_seats` (always for
        two-player games; not for, say, 5 players at exactly four seats)."""
        return _reaches_a_final(count, self.min_seats, self.max_seats, self.preferred_seats, self.advance)

    def record(self, table: int, placing: Placing) -> KnockoutEvent:
        """The event with the current round's `table` decided (`placing` winner first)."""
        return self._with_rounds((*self.rounds[:-1], self.rounds[-1].with_placing(table, placing)))

    def drop(self, player: str) -> KnockoutEvent:
        """The event without `player` in later rounds (their next opponent goes through)."""
        return KnockoutEvent(
            self.players, self.min_seats, self.max_seats, self.preferred_seats, self.advance, self.rounds,
            self.dropped | {player},
        )  # fmt: skip

    def _with_rounds(self, rounds: tuple[TableRound, ...]) -> KnockoutEvent:
        return KnockoutEvent(
            self.players, self.min_seats, self.max_seats, self.preferred_seats, self.advance, rounds, self.dropped
        )

    def to_dict(self) -> JSON:
        return {
            "format": self.format.value,
            "players": [p.to_dict() for p in self.players],
            "seats": [self.min_seats, self.max_seats, self.preferred_seats],
            "advance": self.advance,
            "rounds": [r.to_dict() for r in self.rounds],
            "dropped": sorted(self.dropped),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> KnockoutEvent:
        if data["format"] != Format.KNOCKOUT.value:
            raise ValueError(f"not a knockout: {data['format']}")
        low, high, preferred = (int(s) for s in data["seats"])
        return cls(
            tuple(Player.from_dict(p) for p in data["players"]),
            low,
            high,
            preferred,
            int(data["advance"]),
            tuple(TableRound.from_dict(r) for r in data["rounds"]),
            frozenset(str(p) for p in data["dropped"]),
        )


@functools.cache
def _reaches_a_final(count: int, min_seats: int, max_seats: int, preferred: int, advance: int) -> bool:
    """KnockoutEvent.reaches_a_final, remembered per field size (each count is asked once per shape)."""
    if count <= max_seats:
        return count >= min_seats or count == 1
    for byes in range(count):
        sizes = table_sizes(count - byes, min_seats, max_seats, preferred)
        if sizes is None:
            continue
        going = byes + advance * len(sizes)
        if going < count and _reaches_a_final(going, min_seats, max_seats, preferred, advance):
            return True
    return False


def _snake(index: int, forward: bool, count: int) -> tuple[int, bool]:
    """The next table when dealing seeds out 0, 1, ..., n-1, n-1, ..., 0, 0, 1, ..."""
    if forward:
        return (index + 1, True) if index + 1 < count else (index, False)
    return (index - 1, False) if index > 0 else (index, True)


def eliminated_in(event: KnockoutEvent) -> Mapping[str, int]:
    """The round (0-based) each knocked-out player lost in; players still in are absent."""
    found: dict[str, int] = {}
    for number, round_ in enumerate(event.rounds):
        if not round_.complete:
            continue
        going = set(event.advancing(round_))
        for pid in round_.players:
            if pid not in going:
                found[pid] = number
    return found


def seeds_of(players: Sequence[Player]) -> dict[str, int]:
    """1-based seed numbers by strength."""
    return {p.id: i + 1 for i, p in enumerate(by_strength(players))}
