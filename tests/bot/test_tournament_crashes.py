"""A match's start cut short by a crash at each of its steps (thread opened, lobby made, lobby linked and
seated, game dealt) is redone by the next runner as a restarted process runs it - its sweeper's due games
first, then the tournament step - and leaves one thread and one game for the match, dealt once, its table
posted: nothing the first attempt made is left behind as debris (bot.flows.tournaments `start_match`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.flows.tournaments import START_CLAIM_SECONDS, TournamentRunner, round_matches
from bot.moves.service import GameService, Loaded
from bot.process.sweeper import Sweeper
from data import GameStatus, TurnTimer
from data.tournaments import Step, TournamentState
from tests.bot.fakes import (
    CHANNEL,
    GUILD,
    KIND,
    USERS,
    Channels,
    Clock,
    Marks,
    MatchThreads,
    closed,
    service_on,
)
from tournaments.model import Player
from tournaments.swiss import SwissEvent


class Crash(Exception):
    """The process dies here."""


class Tables:
    """The lobby's `begin`: the games whose table was posted."""

    def __init__(self) -> None:
        self.begun: list[int] = []
        self.crash = False

    async def begin(self, loaded: Loaded, interaction: object = None) -> str:
        if self.crash:
            self.crash = False
            raise Crash
        self.begun.append(loaded.record.id)
        return "posted"


class Poster:
    async def post(self, channel_id: int, post: object) -> object:
        raise AssertionError("the test steps matches only")


@pytest.fixture
async def service(tmp_path: Path) -> Iterator[GameService]:  # type: ignore[misc]
    service = await service_on(tmp_path, Clock())
    yield service
    await closed(service)


async def running(service: GameService) -> int:
    """A one-round Swiss of the two USERS, sign-up closed: one match, not yet started."""
    db, now = service.db, service.clock()
    made = await db.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=USERS[0], kind=KIND, options={}, format="swiss",
        rounds=1, seats=2, field=2, starts_at=now, timer=TurnTimer.LIVE, turn_seconds=600, computers=False,
        checkin_minutes=0, at=now,
    )  # fmt: skip
    for user in USERS:
        await db.tournaments.join(made.id, user, f"P{user}", at=now)
    event = SwissEvent(tuple(Player(str(user), 0.0, n) for n, user in enumerate(USERS)), 1).pair_next()
    step = Step(
        event.to_dict(), new_matches=[(0, b, p) for b, p in round_matches(event)], state=TournamentState.RUNNING
    )
    signup = await db.tournaments.get(made.id)
    assert signup is not None and await db.tournaments.begin(made.id, signup.version, step, [], at=now)
    return made.id


def crash_once(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> None:
    """`owner.name` raises Crash after doing its work the first time it is called."""
    real = getattr(owner, name)
    calls = iter(range(1_000))

    async def crashing(*args: Any, **kwargs: Any) -> Any:
        result = await real(*args, **kwargs)
        if next(calls) == 0:
            raise Crash
        return result

    monkeypatch.setattr(owner, name, crashing)


async def restarted_step(service: GameService, threads: MatchThreads, tables: Tables, tournament_id: int) -> None:
    """One pass of a freshly started process: the sweeper's due games, then the tournament step."""
    await Sweeper(service, channels=Channels(), marks=Marks()).sweep()  # type: ignore[arg-type]
    runner = TournamentRunner(service, poster=Poster(), tables=tables, threads=threads, owner=lambda: "next")
    async with runner.lock(tournament_id):
        await runner.advance(tournament_id)


async def crash_then_restart(
    service: GameService, monkeypatch: pytest.MonkeyPatch, where: str, *, down_for: float
) -> tuple[int, MatchThreads, Tables]:
    """Start the match, crashing at `where`; the process is down `down_for` seconds; restarted, it steps
    until the match's game is dealt and its table posted."""
    tournament_id = await running(service)
    threads, tables = MatchThreads(), Tables()
    if where == "thread opened":
        crash_once(monkeypatch, service.db.games, "create_lobby")  # the thread is open, no lobby yet
    elif where == "lobby made":
        crash_once(monkeypatch, service.db.tournaments, "match_started")  # the lobby exists, not linked yet
    elif where == "lobby seated":
        crash_once(monkeypatch, service.db.games, "add_player")  # linked, the first player seated, not dealt
    else:
        tables.crash = True  # dealt, its table never posted
    first = TournamentRunner(service, poster=Poster(), tables=tables, threads=threads, owner=lambda: "first")
    with pytest.raises(Crash):
        async with first.lock(tournament_id):
            await first.advance(tournament_id)
    monkeypatch.undo()
    assert isinstance(service.clock, Clock)
    service.clock.now += down_for
    for _ in range(3):
        await restarted_step(service, threads, tables, tournament_id)
        if tables.begun:
            break
    return tournament_id, threads, tables


CRASHES = ["thread opened", "lobby made", "lobby seated", "dealt"]


@pytest.mark.parametrize("where", CRASHES)
async def test_a_start_redone_after_a_crash_leaves_one_thread_and_one_game(
    service: GameService, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    tournament_id, threads, tables = await crash_then_restart(
        service, monkeypatch, where, down_for=START_CLAIM_SECONDS + service.tuning.unseen_lobby_grace + 1
    )
    [match] = await service.db.tournaments.matches(tournament_id)
    games = await service.db.read("SELECT id, status, thread_id FROM games")
    assert len(threads.opened) == 1, "one thread per match"
    assert [(g["id"], g["status"], g["thread_id"]) for g in games] == [(match.game_id, "active", threads.opened[0])]
    assert tables.begun == [match.game_id]


async def test_a_lobby_closed_while_the_process_was_down_is_replaced_in_the_same_thread(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Down longer than a lobby waits: the sweeper closes the undealt lobby, and the match's new game plays
    in the thread the first attempt opened (no second thread); the closed lobby was never dealt."""
    tournament_id, threads, tables = await crash_then_restart(
        service, monkeypatch, "lobby seated", down_for=service.tuning.lobby_timeout + 1
    )
    [match] = await service.db.tournaments.matches(tournament_id)
    record = await service.db.games.get(match.game_id or 0)
    assert len(threads.opened) == 1 and record.thread_id == threads.opened[0]
    assert record.status is GameStatus.ACTIVE and tables.begun == [record.id]
    dealt = await service.db.read("SELECT COUNT(*) AS n FROM games WHERE started_at IS NOT NULL")
    assert dealt[0]["n"] == 1
