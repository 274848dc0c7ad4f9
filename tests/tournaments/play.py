"""Shared helpers: entrants, seeded random results, and the checks every Swiss round must pass."""

from __future__ import annotations

import json
import math
import random
from typing import Any

from tournaments.model import Outcome, Placing, Player, SwissRound
from tournaments.swiss import SEAT_LIMIT, Record, SwissEvent, bye_order, records, seat_clash


def entrants(count: int, rng: random.Random | None = None) -> tuple[Player, ...]:
    """`count` players p0, p1, ...; ratings drawn from `rng` (ties possible), else strictly falling."""
    if rng is None:
        return tuple(Player(f"p{i}", 1600.0 - 10 * i, i) for i in range(count))
    return tuple(Player(f"p{i}", float(rng.choice(range(1400, 1700, 25))), i) for i in range(count))


def round_trip(event: Any) -> Any:
    """The event rebuilt from its JSON text, as storage would keep it."""
    return type(event).from_dict(json.loads(json.dumps(event.to_dict())))


def random_outcome(rng: random.Random, draws: bool = True) -> Outcome:
    return rng.choice(list(Outcome) if draws else [Outcome.FIRST, Outcome.SECOND])


def play_swiss_round(event: SwissEvent, rng: random.Random, draws: bool = True) -> SwissEvent:
    for board in range(len(event.rounds[-1].pairings)):
        event = event.record(board, random_outcome(rng, draws))
    return event


def random_placing(seats: tuple[str, ...], rng: random.Random) -> Placing:
    order = list(seats)
    rng.shuffle(order)
    return Placing(tuple(order))


def met(history: dict[str, Record], a: str, b: str) -> bool:
    return b in history[a].opponents


def check_swiss_round(event: SwissEvent, round_: SwissRound, before: dict[str, Record]) -> list[str]:
    """The invariants that hold for every round, whatever came before; returns what broke."""
    problems: list[str] = []
    active = {p.id for p in event.active}
    seen = list(round_.players)
    if len(seen) != len(set(seen)):
        problems.append(f"a player twice in a round: {seen}")
    if set(seen) != active:
        problems.append(f"paired {sorted(set(seen))} but active {sorted(active)}")
    if (round_.bye is not None) != (len(active) % 2 == 1):
        problems.append("a bye exactly when the count is odd")
    if round_.bye is not None:
        fewest = min(before[p].byes for p in active)
        if before[round_.bye.player].byes != fewest:
            problems.append(f"{round_.bye.player} has a second bye while others had none")
    return problems


def seat_balances(event: SwissEvent) -> dict[str, int]:
    return {pid: record.balance for pid, record in records(event.players, event.rounds).items()}


def seat_bound_holds(event: SwissEvent) -> bool:
    """The documented bound: balances within -2..+2, so at most floor(played/2) + 1 first seats, for every
    player who never sat in a forced seat clash (two balances both past +-2, paired because nothing else
    was allowed; a full round robin's last rounds can force one)."""
    clashed: set[str] = set()
    for number, round_ in enumerate(event.rounds):
        before = records(event.players, event.rounds[:number])
        for pairing in round_.pairings:
            if seat_clash(before[pairing.first], before[pairing.second]):
                clashed.update(pairing.players)
    history = records(event.players, event.rounds)
    return all(
        abs(r.balance) <= SEAT_LIMIT and r.firsts <= r.played // 2 + 1 <= math.ceil(len(event.rounds) / 2) + 1
        for pid, r in history.items()
        if pid not in clashed
    )


def lowest_eligible(event: SwissEvent, before: dict[str, Record]) -> str:
    return bye_order(event.active, before)[0].id
