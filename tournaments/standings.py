"""The standings every format shows after a round: rank, player, points, tie-breaks, next match.

Rows are plain values for the standings image and message. Players equal on points and every
tie-break share a rank (the next rank skips, "1, 2, 2, 4"); the row order among them follows strength.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.knockout import KnockoutEvent, eliminated_in, is_bye
from tournaments.model import JSON, Player, TableRound, by_strength
from tournaments.swiss import SwissEvent, records, tiebreaks
from tournaments.tables import TablesEvent

BYE = "bye"  # `next` of a player who sits out the next round


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings.

    `tiebreaks` are named by the format's `TIEBREAKS` (Swiss: Buchholz, Sonneborn-Berger; tables: the
    opponents' sum; knockout: the round reached). `next` is who the player meets in the round paired but
    not yet finished (their opponents, or `BYE`), None when nothing is paired for them.
    """

    rank: int
    player: str
    points: float
    tiebreaks: tuple[float, ...]
    next: tuple[str, ...] | None
    dropped: bool = False

    def to_dict(self) -> JSON:
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "tiebreaks": list(self.tiebreaks),
            "next": None if self.next is None else list(self.next),
            "dropped": self.dropped,
        }


SWISS_TIEBREAKS = ("Buchholz", "Sonneborn-Berger")
TABLES_TIEBREAKS = ("Opponents",)
KNOCKOUT_TIEBREAKS = ("Place",)  # the place at the table a player went out at (0 while still in)


def _ranked_rows(
    players: Sequence[Player],
    key: Callable[[Player], tuple[float, ...]],
    row: Callable[[Player], tuple[float, tuple[float, ...]]],
    upcoming: dict[str, tuple[str, ...]],
    dropped: frozenset[str],
) -> tuple[Row, ...]:
    """Rows sorted by `key` (larger first, strength breaks ties), sharing ranks on equal keys."""
    order = sorted(by_strength(players), key=lambda p: tuple(-k for k in key(p)))
    rows: list[Row] = []
    for index, player in enumerate(order):
        rank = index + 1
        if rows and key(order[index - 1]) == key(player):
            rank = rows[-1].rank
        points, breaks = row(player)
        rows.append(Row(rank, player.id, points, breaks, upcoming.get(player.id), player.id in dropped))
    return tuple(rows)


def _upcoming_tables(round_: TableRound | None) -> dict[str, tuple[str, ...]]:
    if round_ is None or round_.complete:
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for table, placing in zip(round_.tables, round_.placings, strict=True):
        for pid in table.seats:
            if is_bye(table):
                found[pid] = (BYE,)
            elif placing is None:
                found[pid] = tuple(other for other in table.seats if other != pid)
    for bye in round_.byes:
        found[bye.player] = (BYE,)
    return found


def swiss_standings(event: SwissEvent) -> tuple[Row, ...]:
    """Points, then Buchholz, then Sonneborn-Berger (tournaments.swiss defines them)."""
    played = tuple(r for r in event.rounds if r.complete)
    points = {pid: record.points for pid, record in records(event.players, played).items()}
    breaks = tiebreaks(event.players, played)
    upcoming: dict[str, tuple[str, ...]] = {}
    if event.rounds and not event.rounds[-1].complete:
        current = event.rounds[-1]
        for pairing, outcome in zip(current.pairings, current.outcomes, strict=True):
            if outcome is None:
                for pid in pairing.players:
                    upcoming[pid] = (pairing.opponent(pid),)
        if current.bye is not None:
            upcoming[current.bye.player] = (BYE,)

    def key(p: Player) -> tuple[float, ...]:
        return (points[p.id], breaks[p.id].buchholz, breaks[p.id].sonneborn_berger)

    return _ranked_rows(event.players, key, lambda p: (key(p)[0], key(p)[1:]), upcoming, event.dropped)


def tables_standings(event: TablesEvent) -> tuple[Row, ...]:
    """Total place points, then the sum of opponents' totals."""
    totals, opponents = event.totals(), event.opponents_sum()

    def key(p: Player) -> tuple[float, ...]:
        return (float(totals[p.id]), float(opponents[p.id]))

    current = event.rounds[-1] if event.rounds else None
    return _ranked_rows(
        event.players, key, lambda p: (key(p)[0], key(p)[1:]), _upcoming_tables(current), event.dropped
    )


def knockout_standings(event: KnockoutEvent) -> tuple[Row, ...]:
    """The champion first, then by the round a player went out in (later is better), then by the place at
    that table; players still in rank together above everyone out. `points` is the rounds survived
    (rounds played while still in), the tie-break the place (1-based) at the table they went out at."""
    out = eliminated_in(event)
    place: dict[str, int] = {}
    for round_ in event.rounds:
        for placing in round_.placings:
            if placing is not None:
                for k, pid in enumerate(placing.order):
                    place[pid] = k
    champion = event.champion
    still_in = len(event.rounds) + 1

    def key(p: Player) -> tuple[float, ...]:
        if p.id == champion:
            return (float(still_in + 1), 0.0)
        reached = out.get(p.id, still_in)
        return (float(reached), -float(place.get(p.id, 0)) if p.id in out else 0.0)

    current = event.rounds[-1] if event.rounds else None
    def row(p: Player) -> tuple[float, tuple[float, ...]]:
        survived = float(out.get(p.id, sum(r.complete for r in event.rounds)))
        return (survived, (float(place[p.id] + 1) if p.id in out else 0.0,))

    return _ranked_rows(event.players, key, row, _upcoming_tables(current), event.dropped)
