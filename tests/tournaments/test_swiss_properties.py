"""Swiss pairing properties over random fields (2-40 players) and random results (tournaments.swiss).

Where a property only holds when the field allows it, the test proves the field allows it: at round t
every player has met at most t-1 others, so among m players left to pair each may still meet at least
m-t; when t <= m/2 that is at least half of them, and Dirac's theorem gives a Hamiltonian cycle, hence
a pairing with no rematch (for any bye, the lowest-ranked one included).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.play import (
    check_swiss_round,
    entrants,
    lowest_eligible,
    met,
    play_swiss_round,
    round_trip,
    seat_bound_holds,
)
from tournaments.standings import swiss_standings
from tournaments.swiss import SwissEvent, crossings, records

FIELDS = st.tuples(st.integers(2, 40), st.integers(0, 2**32), st.booleans())
PROFILE = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rounds_for(count: int, seed: int) -> int:
    """A Swiss length organisers use (about log2 of the field, up to two more), at least one."""
    base = max(1, (count - 1).bit_length())
    return min(base + seed % 3, max(1, count - 1))


def run(count: int, seed: int, drops: bool):
    """Play a seeded event round by round, yielding (event after pairing, the round, records before)."""
    rng = random.Random(seed)
    event = SwissEvent(entrants(count, rng), rounds_for(count, seed))
    while not event.finished:
        if drops and event.rounds and len(event.active) > 2 and rng.random() < 0.2:
            event = event.drop(rng.choice(event.active).id)
        before = records(event.players, event.rounds)
        event = event.pair_next()
        yield event, event.rounds[-1], before
        event = play_swiss_round(event, rng)


@PROFILE
@given(FIELDS)
def test_every_active_player_plays_once_a_round_and_byes_never_repeat(field):
    """No player twice in a round, every active player in it, a bye only for an odd count and never a
    second bye while someone has had none."""
    count, seed, drops = field
    for event, round_, before in run(count, seed, drops):
        assert check_swiss_round(event, round_, before) == []


@PROFILE
@given(FIELDS)
def test_no_rematch_while_the_field_allows_one(field):
    """No two players meet twice in a round t <= m/2 (m players to pair), where Dirac's bound proves a
    rematch-free pairing exists."""
    count, seed, drops = field
    for number, (event, round_, before) in enumerate(run(count, seed, drops), start=1):
        to_pair = len(event.active) - (1 if round_.bye else 0)
        if number <= max(1, to_pair // 2):
            assert not [p for p in round_.pairings if met(before, p.first, p.second)]


@PROFILE
@given(FIELDS)
def test_the_bye_goes_to_the_lowest_ranked_player_without_one(field):
    """The bye goes to the lowest score group holding a player with no bye, to its lowest-ranked player,
    whenever a rematch-free pairing of the rest exists (round t <= m/2)."""
    count, seed, drops = field
    for number, (event, round_, before) in enumerate(run(count, seed, drops), start=1):
        if round_.bye is None:
            continue
        eligible = [p.id for p in event.active if before[p.id].byes == 0]
        if eligible and number <= max(1, (len(event.active) - 1) // 2):
            assert round_.bye.player == lowest_eligible(event, before)
            assert before[round_.bye.player].points == min(before[p].points for p in eligible)


@PROFILE
@given(FIELDS)
def test_seat_balance_stays_within_two(field):
    """Seats balanced: first seats minus second seats stays within -2..+2, so nobody has the first seat
    more than floor(played/2) + 1 <= ceil(rounds/2) + 1 times (unless paired in a forced seat clash)."""
    count, seed, drops = field
    for event, _round, _before in run(count, seed, drops):
        assert seat_bound_holds(play_swiss_round(event, random.Random(seed)))


@settings(max_examples=150, deadline=None)
@given(st.integers(4, 40), st.integers(0, 2**32))
def test_round_two_floats_at_most_one_player_per_group(count, seed):
    """Score groups respected: after a first round without draws, round two crosses the one boundary
    between winners and losers only when the winners' group is odd (one player floats down)."""
    rng = random.Random(seed)
    event = SwissEvent(entrants(count, rng), 2).pair_next()
    event = play_swiss_round(event, rng, draws=False)
    before = records(event.players, event.rounds)
    event = event.pair_next()
    round_ = event.rounds[-1]
    paired = [p for pairing in round_.pairings for p in pairing.players]
    winners = sum(1 for p in paired if before[p].points == 1)
    assert crossings([pairing.players for pairing in round_.pairings], before, paired) == winners % 2


@PROFILE
@given(FIELDS)
def test_the_stored_event_pairs_the_same_next_round(field):
    """State is data: after every step the event survives JSON unchanged and pairs the same next round."""
    count, seed, drops = field
    for event, _round, _before in run(count, seed, drops):
        stored = round_trip(event)
        assert stored == event
        played = play_swiss_round(event, random.Random(seed))
        if not played.finished:
            assert round_trip(played).pair_next() == played.pair_next()


@settings(max_examples=60, deadline=None)
@given(FIELDS)
def test_standings_order_by_points_then_buchholz_then_sonneborn_berger(field):
    """After every round the rows run by points, then Buchholz, then Sonneborn-Berger, larger first;
    equal on all three means an equal rank, otherwise the rank is the row's place."""
    count, seed, drops = field
    for event, _round, _before in run(count, seed, drops):
        rows = swiss_standings(play_swiss_round(event, random.Random(seed)))
        keys = [(row.points, *row.tiebreaks) for row in rows]
        assert keys == sorted(keys, reverse=True)
        for place, (row, key) in enumerate(zip(rows, keys, strict=True)):
            assert row.rank == (rows[place - 1].rank if place and keys[place - 1] == key else place + 1)
