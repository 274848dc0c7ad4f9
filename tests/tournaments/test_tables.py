"""The tables format (tournaments.tables): sizes, seating by score, first seats, points and tie-breaks."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.play import entrants, random_placing, round_trip
from tournaments.model import Placing
from tournaments.standings import BYE, tables_standings
from tournaments.tables import FirstRound, TablesEvent, table_sizes

SEAT_RANGES = [(4, 4, 4), (3, 5, 4), (2, 4, 4), (3, 5, 5), (3, 4, 3)]


@pytest.mark.parametrize(
    ("count", "seats", "sizes"),
    [
        (16, (4, 4, 4), (4, 4, 4, 4)),
        (10, (3, 5, 4), (4, 3, 3)),
        (10, (3, 5, 5), (5, 5)),
        (7, (3, 5, 4), (4, 3)),
        (9, (3, 5, 4), (5, 4)),
        (12, (3, 5, 4), (4, 4, 4)),
        (11, (4, 4, 4), None),
        (2, (3, 5, 4), None),
    ],
)
def test_table_sizes_are_even_and_prefer_the_games_size(count, seats, sizes):
    """Even splits (sizes differ by at most one), most tables at the preferred size, then fewest tables."""
    assert table_sizes(count, *seats) == sizes


def play(event: TablesEvent, rng: random.Random) -> TablesEvent:
    for index, table in enumerate(event.rounds[-1].tables):
        event = event.record(index, random_placing(table.seats, rng))
    return event


def run(count: int, seats: tuple[int, int, int], rounds: int, seed: int, shuffled: bool = False):
    """Play a seeded event, yielding (event before pairing, event after pairing)."""
    rng = random.Random(seed)
    first = FirstRound.SHUFFLED if shuffled else FirstRound.BY_STRENGTH
    event = TablesEvent(entrants(count, rng), rounds, *seats, first_round=first, seed=seed)
    while not event.finished:
        if event.rounds and len(event.active) > seats[0] + 1 and rng.random() < 0.15:
            event = event.drop(rng.choice(event.active).id)
        paired = event.pair_next()
        yield event, paired
        event = play(paired, rng)


FIELDS = st.tuples(st.integers(4, 40), st.sampled_from(SEAT_RANGES), st.integers(1, 5), st.integers(0, 2**32))


@settings(max_examples=150, deadline=None)
@given(FIELDS)
def test_every_active_player_sits_once_a_round_at_a_table_in_the_seat_range(field):
    """No player twice in a round, every active player seated or sitting out, tables within the range,
    sitting out only when no split fits, and then the fewest players."""
    count, seats, rounds, seed = field
    for before, after in run(count, seats, rounds, seed):
        round_ = after.rounds[-1]
        seen = round_.players
        assert len(seen) == len(set(seen))
        assert set(seen) == {p.id for p in before.active}
        assert all(seats[0] <= len(t.seats) <= seats[1] for t in round_.tables)
        assert max(len(t.seats) for t in round_.tables) - min(len(t.seats) for t in round_.tables) <= 1
        out = len(round_.byes)
        assert table_sizes(len(seen) - out, *seats) is not None
        assert all(table_sizes(len(seen) - fewer, *seats) is None for fewer in range(out))


@settings(max_examples=150, deadline=None)
@given(FIELDS)
def test_after_round_one_the_strongest_sit_together(field):
    """Tables fill in standing order: nobody at a table has fewer points than anyone at a later table,
    and on equal points the higher opponents' sum sits higher."""
    count, seats, rounds, seed = field
    for before, after in run(count, seats, rounds, seed):
        if not before.rounds:
            continue
        totals, opponents = before.totals(), before.opponents_sum()
        tables = after.rounds[-1].tables
        for upper, lower in itertools.pairwise(tables):
            assert min((totals[p], opponents[p]) for p in upper.seats) >= max(
                (totals[p], opponents[p]) for p in lower.seats
            )


@settings(max_examples=150, deadline=None)
@given(FIELDS)
def test_the_first_seat_goes_to_who_has_had_it_least_at_the_table(field):
    """Seats balanced: each table's first seat goes to a player with the fewest first seats there."""
    count, seats, rounds, seed = field
    for before, after in run(count, seats, rounds, seed):
        firsts = before.first_seats()
        for table in after.rounds[-1].tables:
            assert firsts[table.seats[0]] == min(firsts[p] for p in table.seats)


@settings(max_examples=100, deadline=None)
@given(FIELDS)
def test_points_follow_places_and_standings_order_by_total_then_opponents(field):
    """Each table hands out its place points; rows run by total, then the opponents' sum."""
    count, seats, rounds, seed = field
    event = None
    for _before, after in run(count, seats, rounds, seed):
        event = after
    assert event is not None
    event = play(event, random.Random(seed))
    totals = event.totals()
    handed = sum(
        sum(event.points_for(k, len(t.seats)) for k in range(len(t.seats))) for r in event.rounds for t in r.tables
    ) + sum(event.sit_out_value * len(r.byes) for r in event.rounds)
    assert sum(totals.values()) == handed
    rows = tables_standings(event)
    keys = [(row.points, *row.tiebreaks) for row in rows]
    assert keys == sorted(keys, reverse=True)


def test_a_place_is_worth_the_players_behind_by_default_and_the_list_given_otherwise():
    """Default: 3, 2, 1, 0 at four seats and 2, 1, 0 at three; a given list applies at every table."""
    default = TablesEvent(entrants(4), 1, 3, 4, 4)
    assert [default.points_for(k, 4) for k in range(4)] == [3, 2, 1, 0]
    assert [default.points_for(k, 3) for k in range(3)] == [2, 1, 0]
    given_points = TablesEvent(entrants(4), 1, 3, 4, 4, place_points=(5, 3, 1, 0))
    assert [given_points.points_for(k, 3) for k in range(3)] == [5, 3, 1]


def test_round_one_seats_by_strength_or_a_seeded_shuffle():
    """By strength, the four strongest share table one; shuffled, the seed alone decides (same seed,
    same tables)."""
    event = TablesEvent(entrants(8), 2, 4, 4, 4).pair_next()
    assert set(event.rounds[0].tables[0].seats) == {"p0", "p1", "p2", "p3"}
    shuffled = [TablesEvent(entrants(8), 2, 4, 4, 4, first_round=FirstRound.SHUFFLED, seed=7) for _ in range(2)]
    assert shuffled[0].pair_next() == shuffled[1].pair_next()
    assert shuffled[0].pair_next().rounds[0].tables != event.rounds[0].tables


def test_ties_on_points_go_to_the_higher_sum_of_opponents_totals():
    """Two players on equal points: the one whose table-mates scored more ranks higher."""
    event = TablesEvent(entrants(8), 2, 4, 4, 4).pair_next()
    event = event.record(0, Placing(("p0", "p1", "p2", "p3")))
    event = event.record(1, Placing(("p4", "p5", "p6", "p7")))
    event = event.pair_next()  # p0, p4, p1, p5 | p2, p6, p3, p7
    assert set(event.rounds[1].tables[0].seats) == {"p0", "p4", "p1", "p5"}
    event = event.record(0, Placing(("p1", "p0", "p5", "p4")))
    event = event.record(1, Placing(("p6", "p2", "p7", "p3")))
    totals = event.totals()
    assert totals["p0"] == totals["p1"] == 5
    rows = {row.player: row for row in tables_standings(event)}
    assert rows["p0"].tiebreaks[0] == rows["p1"].tiebreaks[0]  # same table-mates in both rounds
    assert totals["p4"] == totals["p5"] == totals["p2"] == 3
    # p4 met p5, p6, p7 then p0, p1, p5: 3 + 4 + 1 + 5 + 5 + 3; p2 met p0, p1, p3 then p6, p3, p7: 5 + 5 + 0 + 4 + 0 + 1
    assert rows["p4"].tiebreaks == (21.0,) and rows["p2"].tiebreaks == (15.0,)
    assert rows["p4"].rank < rows["p2"].rank
    # p4 and p5 met the same players (each other aside): equal on both, they share a rank, strength orders
    assert rows["p4"].rank == rows["p5"].rank
    order = [row.player for row in tables_standings(event)]
    assert order.index("p4") < order.index("p5")


@pytest.mark.parametrize("seed", range(5))
def test_a_sixteen_player_four_seat_event_over_four_rounds(seed):
    """Scenario: 16 players, four-seat tables, 4 rounds, seeded random places: four tables a round, every
    player once, the state stored and replayed at every step, 16 standings rows with 24 points a round."""
    rng = random.Random(seed)
    event = TablesEvent(entrants(16, rng), 4, 4, 4, 4)
    while not event.finished:
        event = round_trip(event.pair_next())
        round_ = event.rounds[-1]
        assert [len(t.seats) for t in round_.tables] == [4, 4, 4, 4] and not round_.byes
        assert sorted(round_.players) == sorted(p.id for p in event.players)
        event = round_trip(play(event, rng))
    rows = tables_standings(event)
    assert len(rows) == 16 and sum(row.points for row in rows) == 4 * 4 * 6
    assert rows[0].rank == 1


def test_a_player_who_cannot_be_seated_sits_out_and_scores_second_place():
    """Fifteen players at four seats only: the three lowest-ranked sit out, shown as a bye, worth 2 points."""
    event = TablesEvent(entrants(15), 2, 4, 4, 4).pair_next()
    assert {b.player for b in event.rounds[0].byes} == {"p12", "p13", "p14"}
    assert {row.player: row.next for row in tables_standings(event)}["p14"] == (BYE,)
    for index in range(len(event.rounds[0].tables)):
        event = event.record(index, Placing(event.rounds[0].tables[index].seats))
    assert event.totals()["p14"] == 2
