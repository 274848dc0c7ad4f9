"""Stored events come back as the same value, whatever the format (tournaments.events)."""

from __future__ import annotations

import json
import random

import pytest

from tests.tournaments.play import entrants, play_swiss_round, random_placing
from tournaments.events import load, standings
from tournaments.knockout import KnockoutEvent
from tournaments.model import Outcome
from tournaments.swiss import SwissEvent
from tournaments.tables import FirstRound, TablesEvent


def played_tables(event):
    for index, table in enumerate(event.rounds[-1].tables):
        if event.rounds[-1].placings[index] is None:
            event = event.record(index, random_placing(table.seats, random.Random(index)))
    return event


EVENTS = [
    play_swiss_round(SwissEvent(entrants(7), 3).pair_next(), random.Random(1)).drop("p3").pair_next(),
    played_tables(TablesEvent(entrants(10), 2, 3, 5, 4, first_round=FirstRound.SHUFFLED, seed=9).pair_next()),
    played_tables(KnockoutEvent(entrants(16), 2, 4, 4, 1).pair_next()).pair_next(),
]


@pytest.mark.parametrize("event", EVENTS, ids=["swiss", "tables", "knockout"])
def test_a_stored_event_loads_back_equal_and_ranks_the_same(event):
    """to_dict is plain JSON text; load gives the identical event, its standings and its next step."""
    stored = json.loads(json.dumps(event.to_dict()))
    again = load(stored)
    assert again == event
    assert standings(again) == standings(event)
    assert again.to_dict() == stored


def test_a_result_recorded_after_loading_matches_one_recorded_before():
    """Replaying from storage mid-round: recording the same result gives the same event."""
    event = SwissEvent(entrants(6), 3).pair_next()
    assert load(event.to_dict()).record(0, Outcome.DRAW) == event.record(0, Outcome.DRAW)
