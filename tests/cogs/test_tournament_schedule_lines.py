"""The round times a tournament's card lists (D-TN-3): none without an interval or with a single round,
round two onwards before the start, and from the round under way once it runs."""

from __future__ import annotations

import dataclasses

from cogs.tournament import schedule_lines
from data import TurnTimer
from data.tournaments import Tournament, TournamentState
from tournaments.model import Player
from tournaments.swiss import SwissEvent

START = 1_800_000_000.0
HOUR = 3600

SIGNUP = Tournament(
    id=1, guild_id=1, channel_id=1, organiser_id=1, kind="any", options={}, format="swiss", rounds=3, seats=2,
    field=0, starts_at=START, timer=TurnTimer.CASUAL, turn_seconds=3600, computers=False, checkin_minutes=0,
    role_id=None, state=TournamentState.SIGNUP, event=None, version=0, message_id=None, shown_version=0,
    created_at=START - HOUR, champion=None, round_seconds=2 * HOUR,
)  # fmt: skip


def stamp(at: float) -> str:
    return f"<t:{int(at)}:f>"


def test_d_tn3_before_the_start_the_card_lists_rounds_two_onwards() -> None:
    lines = schedule_lines("en", SIGNUP)
    assert [line.split(":", 1)[0] for line in lines[1:]] == ["Round 2", "Round 3"]
    assert stamp(START + 2 * HOUR) in lines[1] and stamp(START + 4 * HOUR) in lines[2]


def test_d_tn3_no_interval_or_a_single_round_lists_nothing() -> None:
    assert schedule_lines("en", dataclasses.replace(SIGNUP, round_seconds=0)) == []
    assert schedule_lines("en", dataclasses.replace(SIGNUP, rounds=1)) == []


def test_d_tn3_a_running_event_lists_from_the_round_under_way_with_its_moves() -> None:
    players = tuple(Player(str(n), 0.0, n) for n in range(4))
    event = SwissEvent(players, 3).pair_next()  # round one under way
    running = dataclasses.replace(
        SIGNUP, state=TournamentState.RUNNING, event=event.to_dict(), round_times=(START, START + 5 * HOUR)
    )
    lines = schedule_lines("en", running)
    assert [line.split(":", 1)[0] for line in lines[1:]] == ["Round 1", "Round 2", "Round 3"]
    assert stamp(START + 5 * HOUR) in lines[2] and stamp(START + 7 * HOUR) in lines[3]
