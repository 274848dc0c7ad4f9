"""Round times of a casual event (tournaments.schedule): the interval from the start, a late round that
starts at once without pushing the plan back, and the organiser moving a round with the later ones."""

from __future__ import annotations

import pytest

from tournaments.schedule import HOUR, due, moved, round_start, upcoming

START = 1_000_000.0


def test_d_tn3_round_k_plus_one_starts_k_intervals_after_the_start() -> None:
    assert [round_start((START,), 2 * HOUR, k) for k in range(4)] == [START + 2 * HOUR * k for k in range(4)]


def test_without_an_interval_a_round_is_due_at_once() -> None:
    assert due((START,), 0, 3, START - HOUR)


def test_a_round_waits_for_its_time() -> None:
    assert not due((START,), HOUR, 1, START + HOUR - 1)
    assert due((START,), HOUR, 1, START + HOUR)


def test_d_tn3_a_late_round_does_not_push_the_later_ones_back() -> None:
    """Round 2 paired long after its time starts at once; round 3 keeps its planned time."""
    assert due((START,), HOUR, 1, START + 5 * HOUR)
    assert round_start((START,), HOUR, 2) == START + 2 * HOUR


def test_d_tn3_a_moved_round_takes_the_later_rounds_with_it() -> None:
    pins = moved((START,), HOUR, 2, START + 3 * HOUR)
    assert pins == (START, START + HOUR, START + 3 * HOUR)
    assert [round_start(pins, HOUR, k) for k in range(5)] == [START + h * HOUR for h in (0, 1, 3, 4, 5)]


def test_moving_a_round_earlier_keeps_the_pins_before_it_and_drops_those_after() -> None:
    later = moved((START,), HOUR, 3, START + 10 * HOUR)
    earlier = moved(later, HOUR, 1, START + HOUR / 2)
    assert earlier == (START, START + HOUR / 2)
    assert round_start(earlier, HOUR, 3) == START + 2.5 * HOUR


def test_round_one_cannot_be_moved() -> None:
    with pytest.raises(ValueError):
        moved((START,), HOUR, 0, START)


def test_upcoming_lists_rounds_with_their_times() -> None:
    assert upcoming((START,), HOUR, 1, 2) == ((1, START + HOUR), (2, START + 2 * HOUR))
