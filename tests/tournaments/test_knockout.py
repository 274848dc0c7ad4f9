"""Knockouts (tournaments.knockout): bracket order, byes to the top seeds, tables for multi-player games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.play import entrants, random_placing, round_trip
from tournaments.knockout import KnockoutEvent, bracket_order, is_bye
from tournaments.model import Placing, by_strength
from tournaments.standings import BYE, knockout_standings


def test_a_sixteen_bracket_runs_one_v_sixteen_eight_v_nine():
    """Seeds that meet first add up to 17, and 1 and 2 sit in opposite halves."""
    order = bracket_order(16)
    assert order == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
    assert all(a + b == 17 for a, b in zip(order[::2], order[1::2], strict=True))
    assert 2 in order[8:]


def test_a_bracket_needs_a_power_of_two():
    with pytest.raises(ValueError):
        bracket_order(6)


def play(event: KnockoutEvent, rng: random.Random) -> KnockoutEvent:
    for index, (table, placing) in enumerate(zip(event.rounds[-1].tables, event.rounds[-1].placings, strict=True)):
        if placing is None:
            event = event.record(index, random_placing(table.seats, rng))
    return event


def run(event: KnockoutEvent, rng: random.Random, drops: bool = False):
    """Play to the end, yielding (the freshly drawn event, the same event played)."""
    while not event.finished:
        if drops and event.rounds and rng.random() < 0.2:
            event = event.drop(rng.choice(event.players).id)
        drawn = event.pair_next()
        event = play(drawn, rng)
        yield drawn, event


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 40), st.integers(0, 2**32))
def test_a_bracket_gives_its_byes_to_the_top_seeds_and_crowns_one_unbeaten_champion(count, seed):
    """Round one has (next power of two - n) byes, all to seeds 1, 2, ...; each real match pairs seeds
    adding up to the bracket size + 1; each round leaves half the bracket; no one plays twice in a round and a
    loser never returns; the champion won every match played."""
    rng = random.Random(seed)
    start = KnockoutEvent(entrants(count, rng))
    seeds = {p.id: k + 1 for k, p in enumerate(by_strength(start.players))}
    size = 1 << (count - 1).bit_length()
    out: set[str] = set()
    alive = count
    event = start
    for drawn, event in run(start, rng):
        round_ = drawn.rounds[-1]
        assert len(round_.players) == len(set(round_.players)) == alive
        assert not out & set(round_.players)
        if len(drawn.rounds) == 1:
            byes = sorted(seeds[t.seats[0]] for t in round_.tables if is_bye(t))
            assert byes == list(range(1, size - count + 1))
            assert all(seeds[a] + seeds[b] == size + 1 for a, b in (t.seats for t in round_.tables if not is_bye(t)))
        going = set(event.advancing(event.rounds[-1]))
        out |= set(round_.players) - going
        alive = len(going)
        assert alive == size >> len(drawn.rounds)  # a full bracket's half, whatever the byes
    assert len(event.rounds) == (count - 1).bit_length()
    assert event.champion is not None and event.champion not in out
    assert len(out) == count - 1


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 40), st.integers(0, 2**32))
def test_a_player_who_leaves_gives_the_next_opponent_a_walkover(count, seed):
    """Players leaving between rounds never appear again; their next opponent goes through on a bye."""
    rng = random.Random(seed)
    start = KnockoutEvent(entrants(count, rng))
    event = start
    for drawn, event in run(start, rng, drops=True):
        assert not set(drawn.rounds[-1].players) & drawn.dropped
        assert round_trip(event) == event


@settings(max_examples=100, deadline=None)
@given(
    st.integers(4, 40),
    st.sampled_from([(4, 4, 4, 2), (4, 4, 4, 1), (3, 5, 4, 1), (2, 4, 4, 1)]),
    st.integers(0, 2**32),
)
def test_multi_player_tables_send_the_best_of_each_table_on(count, seats, seed):
    """Tables within the seat range, byes only to the top seeds, the best `advance` of each table go on,
    the field shrinks every round and the final is one table."""
    low, high, preferred, advance = seats
    rng = random.Random(seed)
    try:
        start = KnockoutEvent(entrants(count, rng), low, high, preferred, advance)
    except ValueError:
        assert high == low  # only a fixed table size can leave a field with no final
        return
    seeds = {p.id: k for k, p in enumerate(by_strength(start.players))}
    alive = count
    event = start
    for drawn, event in run(start, rng):
        round_ = drawn.rounds[-1]
        real = [t for t in round_.tables if not is_bye(t)]
        assert all(low <= len(t.seats) <= high for t in real)
        if len(drawn.rounds) == 1:
            bye_seeds = sorted(seeds[t.seats[0]] for t in round_.tables if is_bye(t))
            assert bye_seeds == list(range(len(bye_seeds)))
        assert len(round_.players) == len(set(round_.players)) == alive
        going = event.advancing(event.rounds[-1])
        for table, placing in zip(round_.tables, event.rounds[-1].placings, strict=True):
            assert placing is not None
            best = placing.order[: 1 if is_bye(table) else advance]
            assert [p for p in going if p in table.seats] == list(best)
        assert len(going) < alive or len(round_.tables) == 1
        alive = len(going)
    assert event.champion is not None


def test_a_field_that_cannot_reach_a_final_is_refused():
    """Five players at exactly four seats, best two going on, would leave a final of three."""
    with pytest.raises(ValueError):
        KnockoutEvent(entrants(5), 4, 4, 4, 2)


def test_six_players_give_byes_to_seeds_one_and_two():
    """A bracket of 8 for 6: seeds 1 and 2 go straight to round two; 3 v 6 and 4 v 5 play."""
    event = KnockoutEvent(entrants(6)).pair_next()
    tables = [t.seats for t in event.rounds[0].tables]
    assert tables == [("p0",), ("p3", "p4"), ("p1",), ("p2", "p5")]


def test_sixteen_players_at_four_seats_spread_the_top_seeds_snake_wise():
    """Four tables of four, best two go on: table one holds seeds 1, 8, 9 and 16."""
    event = KnockoutEvent(entrants(16), 4, 4, 4, 2).pair_next()
    assert event.rounds[0].tables[0].seats == ("p0", "p7", "p8", "p15")
    assert [len(t.seats) for t in event.rounds[0].tables] == [4, 4, 4, 4]


@pytest.mark.parametrize("seed", range(5))
def test_an_eight_player_knockout_played_with_seeded_results(seed):
    """Scenario: 8 players, three rounds (4, 2, 1 matches), stored and replayed at every step; the champion
    ranks first and the final's loser second, the semi-final losers share third."""
    rng = random.Random(seed)
    event = KnockoutEvent(entrants(8, rng))
    matches = []
    while not event.finished:
        event = round_trip(event.pair_next())
        matches.append(len(event.rounds[-1].tables))
        rows = {row.player: row.next for row in knockout_standings(event)}
        for table in event.rounds[-1].tables:
            for player in table.seats:
                assert rows[player] == tuple(p for p in table.seats if p != player)
        event = round_trip(play(event, rng))
    assert matches == [4, 2, 1]
    rows = knockout_standings(event)
    final = event.rounds[-1].placings[0]
    assert final is not None
    assert [rows[0].player, rows[1].player] == list(final.order)
    assert rows[0].player == event.champion
    assert [row.rank for row in rows] == [1, 2, 3, 3, 5, 5, 5, 5]


def test_a_bye_shows_as_the_next_match_in_the_standings():
    event = KnockoutEvent(entrants(3)).pair_next()
    assert {row.player: row.next for row in knockout_standings(event)}["p0"] == (BYE,)


def test_a_draw_cannot_decide_a_knockout_table():
    """A placing must name every seated player once: a knockout match always has a winner."""
    event = KnockoutEvent(entrants(2)).pair_next()
    with pytest.raises(ValueError):
        event.record(0, Placing(("p0",)))
