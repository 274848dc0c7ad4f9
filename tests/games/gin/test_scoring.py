"""Scoring properties (GR-7, GR-9, GR-11, GR-12, GR-13, D-GR-5, D-GR-6, D-GR-8) checked with Hypothesis."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.gin.scoring import GameTally, HandEnd, book_hand, close_game, match_totals, score_hand

deadwoods = st.integers(min_value=0, max_value=98)
hand_sequences = st.lists(st.tuples(st.integers(0, 1), st.integers(1, 120)), min_size=1, max_size=60)


@given(knocker=st.integers(0, 10), defender=deadwoods, doubled=st.booleans())
def test_gr9_a_knock_wins_the_difference_or_is_undercut(knocker, defender, doubled):
    """GR-9, D-GR-5, GR-12: less deadwood wins the difference; otherwise the defender gets it plus 25."""
    score = score_hand(knocker, defender, HandEnd.KNOCK, doubled)
    factor = 2 if doubled else 1
    if knocker < defender:
        assert score.knocker_wins and score.end is HandEnd.KNOCK and score.points == (defender - knocker) * factor
    else:
        assert not score.knocker_wins and score.end is HandEnd.UNDERCUT
        assert score.points == (knocker - defender + 25) * factor
    assert score.points > 0


@given(defender=deadwoods, big=st.booleans(), doubled=st.booleans())
def test_gr7_gin_and_big_gin_are_never_undercut(defender, big, doubled):
    """GR-7, D-GR-4: gin scores the defender's deadwood plus 25 (big gin 31), even against 0."""
    score = score_hand(0, defender, HandEnd.BIG_GIN if big else HandEnd.GIN, doubled)
    assert score.knocker_wins
    assert score.points == (defender + (31 if big else 25)) * (2 if doubled else 1)


def test_gr7_gin_with_deadwood_is_refused():
    """GR-7: gin means no deadwood at all."""
    with pytest.raises(ValueError):
        score_hand(1, 20, HandEnd.GIN)


def play_out(hands, games, target=100):
    """Book `hands` (winner, points) until every game has closed; returns the bookings made."""
    tallies = tuple(GameTally() for _ in range(games))
    wins = [0, 0]
    bookings = []
    for winner, points in hands:
        if all(t.closed for t in tallies):
            break
        booking = book_hand(tallies, wins[winner], winner, points, target)
        bookings.append((winner, points, booking))
        tallies = booking.tallies
        wins[winner] += 1
    return tallies, bookings


@settings(max_examples=200)
@given(hands=hand_sequences, games=st.sampled_from([1, 3]))
def test_gr11_booking_is_zero_sum_in_difference_and_closed_games_never_change(hands, games):
    """GR-11, GR-13: a booked hand moves each game's difference by exactly its points to the winner, and a
    closed game is never touched again (its bonuses are counted once)."""
    tallies = tuple(GameTally() for _ in range(games))
    wins = [0, 0]
    for winner, points in hands:
        if all(t.closed for t in tallies):
            break
        booking = book_hand(tallies, wins[winner], winner, points, 100)
        for i, (before, after) in enumerate(zip(tallies, booking.tallies, strict=True)):
            if before.closed:
                assert after == before
            elif i in booking.booked:
                moved = (after.points[0] - after.points[1]) - (before.points[0] - before.points[1])
                assert moved == (points if winner == 0 else -points)
                assert after.points[1 - winner] == before.points[1 - winner]
            else:
                assert after == before
        tallies = booking.tallies
        wins[winner] += 1


@settings(max_examples=200)
@given(hands=hand_sequences, games=st.sampled_from([1, 3]), target=st.sampled_from([100, 150]))
def test_gr13_totals_are_the_booked_hands_plus_the_bonuses_once(hands, games, target):
    """GR-11, GR-13, D-GR-6, D-GR-8: each game's final total is the sum of the hands booked in it plus its
    game, line and shutout bonuses, once; the match total is the sum over the games."""
    tallies, bookings = play_out(hands, games, target)
    # an oracle written from the rule text: the n-th win goes into the first n games still open
    points = [[0, 0] for _ in range(games)]
    won = [[0, 0] for _ in range(games)]
    closed_by: dict[int, int] = {}
    wins = [0, 0]
    for winner, value, booking in bookings:
        wins[winner] += 1
        open_games = [g for g in range(games) if g not in closed_by]
        expected = open_games[: wins[winner]]
        assert list(booking.booked) == expected
        for g in expected:
            points[g][winner] += value
            won[g][winner] += 1
            if points[g][winner] >= target:
                closed_by[g] = winner
    expected_totals = [0, 0]
    for g, tally in enumerate(tallies):
        assert list(tally.points) == points[g] and list(tally.hands) == won[g]
        if g in closed_by:
            w = closed_by[g]
            final = [points[g][s] + 25 * won[g][s] + (100 if s == w else 0) for s in (0, 1)]
            if won[g][1 - w] == 0:
                final[w] *= 2
            assert tally.winner == w and list(tally.final) == final
        else:
            final = points[g]
            assert tally.final is None
        expected_totals[0] += final[0]
        expected_totals[1] += final[1]
    assert list(match_totals(tallies)) == expected_totals


def test_gr11_closing_a_game_twice_is_refused():
    """GR-11: bonuses are counted once; a closed game cannot be closed again."""
    closed = close_game(GameTally((100, 10), (2, 1)), 0)
    with pytest.raises(ValueError, match="already closed"):
        close_game(closed, 0)
