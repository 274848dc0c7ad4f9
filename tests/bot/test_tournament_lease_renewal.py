"""A tournament's lease is renewed while a step runs (bot.flows.tournaments `TournamentRunner._renewing`):
a step waiting on Discord longer than the lease lives keeps the tournament, and a step whose lease was
taken over meanwhile stops at its next check point instead of starting more matches beside the new holder.

The bot's clock is a `Clock` the test moves by hand; the renewal's cadence is the event loop's (a third of
a short lease), so the test waits for renewals to happen, never for time to pass."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.flows.tournaments import TournamentRunner, round_matches
from bot.moves.service import GameService, Loaded
from bot.process.config import Tuning
from data import TurnTimer
from data.tournaments import Step, TournamentState
from tests.bot.fakes import CHANNEL, GUILD, KIND, Clock, MatchThreads, closed, service_on
from tests.waiting import until
from tournaments.model import Player
from tournaments.swiss import SwissEvent

TTL = 0.3  # the lease's life: the renewal runs every third of it on the event loop's time
PLAYERS = (101, 102, 103, 104)  # a four-player Swiss: two matches in round one


class SlowTables:
    """The lobby's `begin` held up on Discord (rate limits, a busy machine) until the test lets it go."""

    def __init__(self) -> None:
        self.begun: list[int] = []
        self.waiting = asyncio.Event()
        self.go = asyncio.Event()

    async def begin(self, loaded: Loaded, interaction: object = None) -> str:
        self.waiting.set()
        await self.go.wait()
        self.begun.append(loaded.record.id)
        return "posted"


class Poster:
    async def post(self, channel_id: int, post: object) -> object:
        raise AssertionError("the test steps matches only")


@pytest.fixture
async def service(tmp_path: Path) -> Iterator[GameService]:  # type: ignore[misc]
    service = await service_on(tmp_path, Clock(), Tuning(drawing_processes=0, lease_ttl=TTL))
    yield service
    await closed(service)


async def running(service: GameService) -> int:
    """A one-round Swiss of PLAYERS, sign-up closed: two matches, neither started."""
    db, now = service.db, service.clock()
    made = await db.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=PLAYERS[0], kind=KIND, options={}, format="swiss",
        rounds=1, seats=2, field=len(PLAYERS), starts_at=now, timer=TurnTimer.LIVE, turn_seconds=600,
        computers=False, checkin_minutes=0, at=now,
    )  # fmt: skip
    for user in PLAYERS:
        await db.tournaments.join(made.id, user, f"P{user}", at=now)
    event = SwissEvent(tuple(Player(str(user), 0.0, n) for n, user in enumerate(PLAYERS)), 1).pair_next()
    step = Step(
        event.to_dict(), new_matches=[(0, b, p) for b, p in round_matches(event)], state=TournamentState.RUNNING
    )
    signup = await db.tournaments.get(made.id)
    assert signup is not None and await db.tournaments.begin(made.id, signup.version, step, [], at=now)
    return made.id


async def renewed(runner: TournamentRunner) -> None:
    """Until a renewal has run that began after this call (one in flight may have read the clock before)."""
    started = runner.renewals
    await until(lambda: runner.renewals >= started + 2, "the tournament lease renewed during the step")


@contextlib.asynccontextmanager
async def step_held_on_discord(service: GameService, tables: SlowTables) -> AsyncIterator[TournamentRunner]:
    """A step under way, its first table start held up on Discord until the block ends (then it finishes)."""
    runner = TournamentRunner(service, poster=Poster(), tables=tables, threads=MatchThreads(), owner=lambda: "here")
    stepping = asyncio.create_task(runner.step())
    try:
        await until(tables.waiting.is_set, "the step waiting on Discord")
        yield runner
    finally:
        tables.go.set()
        await stepping


async def test_a_step_longer_than_its_lease_keeps_the_tournament(service: GameService) -> None:
    tournament_id = await running(service)
    clock, key = service.clock, f"tournament:{tournament_id}"
    assert isinstance(clock, Clock)
    tables = SlowTables()
    async with step_held_on_discord(service, tables) as runner:
        taken = await service.db.leases.holder(key, now=clock())
        assert taken is not None and taken.owner == "here"
        for _ in range(3):  # three lease lives pass while the first table waits on Discord
            clock.now += TTL
            await renewed(runner)
        assert clock() > taken.expires_at
        assert await service.db.leases.acquire(key, "elsewhere", now=clock(), ttl=TTL) is None
    held = await service.db.leases.holder(key, now=clock())
    assert held is not None and (held.owner, held.token) == ("here", taken.token)
    assert len(tables.begun) == 2, "both matches started by the one step"


async def test_a_step_whose_lease_was_taken_over_starts_no_further_match(service: GameService) -> None:
    tournament_id = await running(service)
    clock, key = service.clock, f"tournament:{tournament_id}"
    tables = SlowTables()
    async with step_held_on_discord(service, tables) as runner:
        taken = await service.db.leases.holder(key, now=clock())
        assert taken is not None
        # Another process whose clock says the lease lapsed (this one was starved past it) takes it over.
        assert await service.db.leases.acquire(key, "elsewhere", now=taken.expires_at, ttl=3600.0) is not None
        await renewed(runner)
    first, second = await service.db.tournaments.matches(tournament_id)
    assert first.game_id is not None and second.game_id is None, "the second match is the new holder's"
    assert len(tables.begun) == 1
    holder = await service.db.leases.holder(key, now=clock())
    assert holder is not None and holder.owner == "elsewhere"


async def test_the_renewal_ends_with_the_pass(service: GameService) -> None:
    await running(service)
    tables = SlowTables()
    tables.go.set()
    runner = TournamentRunner(service, poster=Poster(), tables=tables, threads=MatchThreads(), owner=lambda: "here")
    await runner.step()
    assert len(tables.begun) == 2
    assert [task for task in asyncio.all_tasks() if task.get_name() == "tournament-leases"] == []
