"""For fields of up to 8 players, every Swiss pairing is checked against all possible pairings.

The brute force enumerates every bye and every perfect matching of the rest, and scores each by the
criteria of tournaments.swiss in order: (any rematch, bye choice, any seat clash, score-group boundaries
crossed). The round `pair_round` makes must score the minimum: so a rematch happens only when every
pairing has one, the bye goes lower whenever it can, and the floats are as few as they can be. Events
run past n - 1 rounds so that rematches become unavoidable and the fallbacks are exercised too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.play import entrants, play_swiss_round, seat_bound_holds
from tournaments.model import SwissRound
from tournaments.swiss import Record, SwissEvent, crossings, records, seat_clash


def matchings(players: list[str]) -> Iterator[list[tuple[str, str]]]:
    """Every perfect matching of an even list, the first player paired first."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, partner in enumerate(rest):
        for tail in matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, partner), *tail]


def key(pairs, bye: str | None, order: list[str | None], history: dict[str, Record]) -> tuple[int, int, int, int]:
    paired = [p for pair in pairs for p in pair]
    return (
        int(any(b in history[a].opponents for a, b in pairs)),
        order.index(bye),
        int(any(seat_clash(history[a], history[b]) for a, b in pairs)),
        crossings(pairs, history, paired),
    )


def best_key(active: list[str], order: list[str | None], history: dict[str, Record]) -> tuple[int, int, int, int]:
    return min(
        key(pairs, bye, order, history)
        for bye in order
        for pairs in matchings([p for p in active if p != bye])
    )


def chosen_key(round_: SwissRound, order: list[str | None], history: dict[str, Record]):
    pairs = [pairing.players for pairing in round_.pairings]
    return key(pairs, None if round_.bye is None else round_.bye.player, order, history)


def bye_choices(event: SwissEvent, history: dict[str, Record]) -> list[str | None]:
    """Who may take the bye, best first: fewest byes so far, then lowest points, rating, latest sign-up."""
    if len(event.active) % 2 == 0:
        return [None]
    fewest = min(history[p.id].byes for p in event.active)
    eligible = [p for p in event.active if history[p.id].byes == fewest]
    return [p.id for p in sorted(eligible, key=lambda p: (history[p.id].points, p.rating, -p.seed))]


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32), st.integers(0, 3))
def test_each_round_is_the_best_pairing_of_all(count, seed, extra_rounds):
    """No rematch where avoidable, bye to the lowest eligible, seats, fewest floats: proven by brute force."""
    rng = random.Random(seed)
    event = SwissEvent(entrants(count, rng), count - 1 + extra_rounds)
    while not event.finished:
        if event.rounds and len(event.active) > 2 and rng.random() < 0.1:
            event = event.drop(rng.choice(event.active).id)
        history = records(event.players, event.rounds)
        active = [p.id for p in event.active]
        order = bye_choices(event, history)
        event = event.pair_next()
        assert chosen_key(event.rounds[-1], order, history) == best_key(active, order, history)
        event = play_swiss_round(event, rng)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32))
def test_seats_stay_within_two_unless_a_clash_is_forced(count, seed):
    """Through a full round robin, seat balances stay within -2..+2 for everyone never paired in a seat
    clash (and the best-pairing test shows a clash is paired only when every allowed pairing has one)."""
    rng = random.Random(seed)
    event = SwissEvent(entrants(count, rng), count - 1 if count % 2 == 0 else count)
    while not event.finished:
        event = play_swiss_round(event.pair_next(), rng)
        assert seat_bound_holds(event)
