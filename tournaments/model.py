"""The values every format shares: players, pairings, tables, byes, results and rounds.

All are frozen; each has `to_dict()` / `from_dict()` over plain JSON types (str, int, float, list,
dict, None), so an event's state is data that storage keeps and a restart reads back unchanged.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


class Format(enum.Enum):
    """How an event pairs its players."""

    SWISS = "swiss"  # two-player matches, a fixed number of rounds, pairs within score groups
    TABLES = "tables"  # multi-player tables seated by score, place points add up
    KNOCKOUT = "knockout"  # single elimination


@dataclass(frozen=True, slots=True)
class Player:
    """One entrant. `seed` is the sign-up order (0 signed up first): it breaks rating ties everywhere."""

    id: str
    rating: float
    seed: int

    def to_dict(self) -> JSON:
        return {"id": self.id, "rating": self.rating, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Player:
        return cls(str(data["id"]), float(data["rating"]), int(data["seed"]))


def by_strength(players: Iterable[Player]) -> tuple[Player, ...]:
    """Strongest first: higher rating, then earlier sign-up. The order seeds brackets and first rounds."""
    return tuple(sorted(players, key=lambda p: (-p.rating, p.seed)))


def finishing_order(places: Iterable[tuple[str, int]], players: Iterable[Player]) -> tuple[str, ...]:
    """D-TN-2: a match's players, winner first, from each one's place in its game (1 first); players who
    share a place (level totals) are ordered by the event's seeding (`by_strength`), so a knockout always
    has one player going on and a table a full finishing order. Players unknown to the event go last."""
    seeding = {player.id: n for n, player in enumerate(by_strength(players))}
    ranked = sorted(places, key=lambda item: (item[1], seeding.get(item[0], len(seeding))))
    return tuple(player for player, _ in ranked)


class Outcome(enum.Enum):
    """The result of a two-player match, seen from its seats."""

    FIRST = "first"  # the first seat won
    SECOND = "second"  # the second seat won
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Pairing:
    """A two-player match. `first` has the first seat: deals or leads first in the match's first game."""

    first: str
    second: str

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"{self.first} cannot play themselves")

    @property
    def players(self) -> tuple[str, str]:
        return (self.first, self.second)

    def opponent(self, player: str) -> str:
        """The other player of the match."""
        if player == self.first:
            return self.second
        if player == self.second:
            return self.first
        raise KeyError(player)

    def to_dict(self) -> JSON:
        return {"first": self.first, "second": self.second}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Pairing:
        return cls(str(data["first"]), str(data["second"]))


@dataclass(frozen=True, slots=True)
class Bye:
    """A player with no match this round (an odd count): scored as the format says."""

    player: str

    def to_dict(self) -> JSON:
        return {"player": self.player}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Bye:
        return cls(str(data["player"]))


@dataclass(frozen=True, slots=True)
class Table:
    """A multi-player table. `seats[0]` leads (or deals) first; play goes on in seat order."""

    seats: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"a player sits twice at {self.seats}")

    def to_dict(self) -> JSON:
        return {"seats": list(self.seats)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        return cls(tuple(str(s) for s in data["seats"]))


@dataclass(frozen=True, slots=True)
class Placing:
    """A table's finishing order, winner first. Every seated player appears exactly once."""

    order: tuple[str, ...]

    def to_dict(self) -> JSON:
        return {"order": list(self.order)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Placing:
        return cls(tuple(str(s) for s in data["order"]))


@dataclass(frozen=True, slots=True)
class SwissRound:
    """One Swiss round: the matches in board order, their outcomes (None until played), and the bye."""

    pairings: tuple[Pairing, ...]
    outcomes: tuple[Outcome | None, ...]
    bye: Bye | None = None

    def __post_init__(self) -> None:
        if len(self.outcomes) != len(self.pairings):
            raise ValueError("one outcome per pairing")
        seen = [p for pairing in self.pairings for p in pairing.players]
        if self.bye is not None:
            seen.append(self.bye.player)
        if len(set(seen)) != len(seen):
            raise ValueError("a player appears twice in one round")

    @property
    def complete(self) -> bool:
        return all(outcome is not None for outcome in self.outcomes)

    @property
    def players(self) -> tuple[str, ...]:
        seated = tuple(p for pairing in self.pairings for p in pairing.players)
        return (*seated, self.bye.player) if self.bye is not None else seated

    def with_outcome(self, board: int, outcome: Outcome) -> SwissRound:
        outcomes = list(self.outcomes)
        outcomes[board] = outcome
        return SwissRound(self.pairings, tuple(outcomes), self.bye)

    def to_dict(self) -> JSON:
        return {
            "pairings": [p.to_dict() for p in self.pairings],
            "outcomes": [None if o is None else o.value for o in self.outcomes],
            "bye": None if self.bye is None else self.bye.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SwissRound:
        return cls(
            tuple(Pairing.from_dict(p) for p in data["pairings"]),
            tuple(None if o is None else Outcome(o) for o in data["outcomes"]),
            None if data["bye"] is None else Bye.from_dict(data["bye"]),
        )


@dataclass(frozen=True, slots=True)
class TableRound:
    """One round of tables (the tables format, or a knockout round): tables, placings (None until played),
    and the players who sit out (a tables bye, or a knockout bye that goes straight on)."""

    tables: tuple[Table, ...]
    placings: tuple[Placing | None, ...]
    byes: tuple[Bye, ...] = ()

    def __post_init__(self) -> None:
        if len(self.placings) != len(self.tables):
            raise ValueError("one placing per table")
        seen = self.players
        if len(set(seen)) != len(seen):
            raise ValueError("a player appears twice in one round")
        for table, placing in zip(self.tables, self.placings, strict=True):
            if placing is not None and sorted(placing.order) != sorted(table.seats):
                raise ValueError(f"the placing {placing.order} is not the table {table.seats}")

    @property
    def complete(self) -> bool:
        return all(placing is not None for placing in self.placings)

    @property
    def players(self) -> tuple[str, ...]:
        return (*(p for table in self.tables for p in table.seats), *(bye.player for bye in self.byes))

    def with_placing(self, table: int, placing: Placing) -> TableRound:
        placings = list(self.placings)
        placings[table] = placing
        return TableRound(self.tables, tuple(placings), self.byes)

    def to_dict(self) -> JSON:
        return {
            "tables": [t.to_dict() for t in self.tables],
            "placings": [None if p is None else p.to_dict() for p in self.placings],
            "byes": [b.to_dict() for b in self.byes],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableRound:
        return cls(
            tuple(Table.from_dict(t) for t in data["tables"]),
            tuple(None if p is None else Placing.from_dict(p) for p in data["placings"]),
            tuple(Bye.from_dict(b) for b in data["byes"]),
        )
