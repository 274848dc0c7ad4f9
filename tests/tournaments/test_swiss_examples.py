"""Worked Swiss examples written from the Dutch system's principles (top half meets bottom half within
a score group, the odd player floats down, colours alternate), plus this package's tie-break rules."""

from __future__ import annotations

import random

import pytest

from tests.tournaments.play import check_swiss_round, entrants, play_swiss_round, round_trip, seat_bound_holds
from tournaments.model import Bye, Outcome, Pairing, SwissRound
from tournaments.standings import BYE, swiss_standings
from tournaments.swiss import SwissEvent, records, tiebreaks

F, S, D = Outcome.FIRST, Outcome.SECOND, Outcome.DRAW


def boards(event: SwissEvent) -> list[tuple[str, str]]:
    return [(p.first, p.second) for p in event.rounds[-1].pairings]


def played(event: SwissEvent, *outcomes: Outcome) -> SwissEvent:
    for board, outcome in enumerate(outcomes):
        event = event.record(board, outcome)
    return event


def test_round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_first_seats():
    """Eight players by rating: 1 v 5, 2 v 6, 3 v 7, 4 v 8; the higher-rated has the first seat on
    boards 1 and 3, the lower-rated on boards 2 and 4."""
    event = SwissEvent(entrants(8), 4).pair_next()
    assert boards(event) == [("p0", "p4"), ("p5", "p1"), ("p2", "p6"), ("p7", "p3")]


def test_round_two_pairs_within_score_groups_and_alternates_seats():
    """After the top half all win: winners 1 v 3 and 2 v 4, losers 5 v 7 and 6 v 8; each player who had
    the first seat now has the second, where the pair allows it."""
    event = played(SwissEvent(entrants(8), 4).pair_next(), F, S, F, S)
    event = event.pair_next()
    assert {frozenset(pair) for pair in boards(event)} == {
        frozenset(pair) for pair in [("p0", "p2"), ("p1", "p3"), ("p4", "p6"), ("p5", "p7")]
    }
    # p0 and p2 both had the first seat: the higher-ranked p0 alternates to the second.
    assert boards(event)[0] == ("p2", "p0")
    # p1 (second seat in round one) meets p3 (second seat too): p1, higher-ranked, alternates to first.
    assert boards(event)[1] == ("p1", "p3")


def test_an_odd_group_floats_its_lowest_player_to_the_top_of_the_next_group():
    """Round one 1-0, draw, 1-0, 1-0 leaves groups {p0, p2, p3} on 1, {p1, p5} on 1/2, {p4, p6, p7} on 0:
    p0 meets p2, the lowest winner p3 floats down to the best of the half-point group (p1), whose other
    player p5 floats on to the best of the last group (p4), and p6 meets p7."""
    event = played(SwissEvent(entrants(8), 4).pair_next(), F, D, F, S)
    event = event.pair_next()
    assert {frozenset(pair) for pair in boards(event)} == {
        frozenset(pair) for pair in [("p0", "p2"), ("p3", "p1"), ("p5", "p4"), ("p6", "p7")]
    }


def test_the_bye_and_the_winners_make_one_group():
    """Seven players: round one's bye goes to the lowest-rated; in round two the three winners and the bye
    (four on one point) pair among themselves and the next bye goes to the zero-point group."""
    event = played(SwissEvent(entrants(7), 3).pair_next(), F, S, F)  # winners p0, p1, p2; bye p6
    assert event.rounds[0].bye == Bye("p6")
    event = event.pair_next()
    winners_group = {"p0", "p1", "p2", "p6"}
    pairs = [set(pair) for pair in boards(event)]
    assert sum(1 for pair in pairs if len(pair & winners_group) == 1) == 0
    assert event.rounds[-1].bye is not None and event.rounds[-1].bye.player not in winners_group


def test_a_rematch_is_avoided_by_pairing_across_score_groups():
    """Four players after two rounds (p0 met p2 and p1; p3 met p1 and p2): the leader p0 has met both
    players below it on one point, so it meets p3 on none, two groups down, rather than play again."""
    rounds = (
        SwissRound((Pairing("p0", "p2"), Pairing("p1", "p3")), (F, F)),
        SwissRound((Pairing("p1", "p0"), Pairing("p3", "p2")), (S, F)),
    )
    event = SwissEvent(entrants(4), 3, rounds).pair_next()
    assert {frozenset(pair) for pair in boards(event)} == {frozenset({"p0", "p3"}), frozenset({"p1", "p2"})}


def test_a_rematch_happens_only_when_every_pairing_has_one():
    """Three players, round three: the bye cannot repeat and every pair has met, so the pair left plays
    again while the only player without a bye takes it."""
    rounds = (
        SwissRound((Pairing("p0", "p1"),), (F,), Bye("p2")),
        SwissRound((Pairing("p2", "p0"),), (S,), Bye("p1")),
    )
    event = SwissEvent(entrants(3), 3, rounds).pair_next()
    assert event.rounds[-1].bye == Bye("p0")
    assert set(boards(event)[0]) == {"p1", "p2"}


def test_buchholz_counts_the_opponents_points_and_a_bye_as_oneself():
    """Three rounds, four players plus a bye: Buchholz sums the opponents' final points; a bye adds the
    player's own points (a draw against oneself)."""
    players = entrants(5)
    rounds = (
        SwissRound((Pairing("p0", "p2"), Pairing("p1", "p3")), (F, D), Bye("p4")),
        SwissRound((Pairing("p4", "p0"), Pairing("p2", "p1")), (S, S), Bye("p3")),
    )
    points = {pid: r.points for pid, r in records(players, rounds).items()}
    assert points == {"p0": 2.0, "p1": 1.5, "p2": 0.0, "p3": 1.5, "p4": 1.0}
    breaks = tiebreaks(players, rounds)
    assert breaks["p0"].buchholz == 0.0 + 1.0  # met p2 and p4
    assert breaks["p3"].buchholz == 1.5 + 1.5  # met p1, and the bye counts p3's own points
    assert breaks["p4"].buchholz == 1.0 + 2.0  # the bye (own 1 point) and p0


def test_sonneborn_berger_weighs_opponents_by_the_points_taken_from_them():
    """A win adds the opponent's points, a draw half of them, a loss nothing, a bye half one's own."""
    players = entrants(5)
    rounds = (
        SwissRound((Pairing("p0", "p2"), Pairing("p1", "p3")), (F, D), Bye("p4")),
        SwissRound((Pairing("p4", "p0"), Pairing("p2", "p1")), (S, S), Bye("p3")),
    )
    breaks = tiebreaks(players, rounds)
    assert breaks["p0"].sonneborn_berger == 0.0 + 1.0  # beat p2 (0) and p4 (1)
    assert breaks["p1"].sonneborn_berger == 0.5 * 1.5 + 0.0  # drew p3 (1.5), beat p2 (0)
    assert breaks["p3"].sonneborn_berger == 0.5 * 1.5 + 0.5 * 1.5  # drew p1, and the bye
    assert breaks["p4"].sonneborn_berger == 0.5 * 1.0 + 0.0  # the bye, lost to p0


def test_standings_rank_by_points_then_buchholz_and_show_the_next_match():
    """p3 and p1 tie on 1.5 points and Buchholz decides (3.0 with the bye counted as p3 itself, against
    1.5); the next round's opponents show on each row."""
    players = entrants(5)
    rounds = (
        SwissRound((Pairing("p0", "p2"), Pairing("p1", "p3")), (F, D), Bye("p4")),
        SwissRound((Pairing("p4", "p0"), Pairing("p2", "p1")), (S, S), Bye("p3")),
    )
    event = SwissEvent(players, 3, rounds).pair_next()
    rows = swiss_standings(event)
    assert [row.player for row in rows] == ["p0", "p3", "p1", "p4", "p2"]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5]
    assert rows[1].tiebreaks == (3.0, 1.5) and rows[2].tiebreaks == (1.5, 0.75)
    upcoming = {row.player: row.next for row in rows}
    current = event.rounds[-1]
    for pairing in current.pairings:
        assert upcoming[pairing.first] == (pairing.second,)
    assert current.bye is not None and upcoming[current.bye.player] == (BYE,)


def test_players_equal_on_everything_share_a_rank():
    """Before any round, everyone has 0 points and 0 tie-breaks: all rank 1, listed by strength."""
    rows = swiss_standings(SwissEvent(entrants(4), 2))
    assert [row.rank for row in rows] == [1, 1, 1, 1]
    assert [row.player for row in rows] == ["p0", "p1", "p2", "p3"]


@pytest.mark.parametrize("seed", range(5))
def test_an_eight_player_four_round_swiss_played_with_seeded_results(seed):
    """Scenario: 8 players, 4 rounds, seeded random results: every round valid, no rematch at all (4 <= 8/2),
    seats within the bound, the state stored and replayed at every step."""
    rng = random.Random(seed)
    event = SwissEvent(entrants(8, rng), 4)
    while not event.finished:
        before = records(event.players, event.rounds)
        event = round_trip(event.pair_next())
        assert check_swiss_round(event, event.rounds[-1], before) == []
        assert not [p for p in event.rounds[-1].pairings if p.second in before[p.first].opponents]
        event = round_trip(play_swiss_round(event, rng))
        assert seat_bound_holds(event)
    assert len(swiss_standings(event)) == 8


@pytest.mark.parametrize("seed", range(5))
def test_a_seven_player_swiss_gives_a_different_player_the_bye_each_round(seed):
    """Scenario: 7 players, 4 rounds, a player leaving after round two: one bye a round, never the same
    player twice, always to the lowest score group holding a player without one."""
    rng = random.Random(seed)
    event = SwissEvent(entrants(7, rng), 4)
    byes: list[str] = []
    while not event.finished:
        if len(event.rounds) == 2:
            event = event.drop(event.active[rng.randrange(len(event.active))].id)
        before = records(event.players, event.rounds)
        event = event.pair_next()
        round_ = event.rounds[-1]
        assert check_swiss_round(event, round_, before) == []
        if round_.bye is not None:
            eligible = [p.id for p in event.active if before[p.id].byes == 0]
            assert before[round_.bye.player].points == min(before[p].points for p in eligible)
            byes.append(round_.bye.player)
        event = play_swiss_round(event, rng)
    assert len(byes) == len(set(byes)) == 2  # 7 players in rounds 1-2, 6 after the leaver
    assert all(record.byes <= 1 for record in records(event.players, event.rounds).values())


def test_a_player_who_left_keeps_their_row_marked_and_is_not_paired_again():
    """After leaving, a player is in no later pairing, still has a standings row (marked as left), and
    their points still count in their past opponents' Buchholz."""
    event = played(SwissEvent(entrants(6), 3).pair_next(), D, F, F)
    leaver = event.rounds[0].pairings[0].second
    opponent = event.rounds[0].pairings[0].first
    event = event.drop(leaver).pair_next()
    assert leaver not in event.rounds[-1].players
    rows = {row.player: row for row in swiss_standings(event)}
    assert rows[leaver].dropped and rows[leaver].next is None
    assert not rows[opponent].dropped
    assert rows[opponent].tiebreaks[0] == rows[leaver].points == 0.5
