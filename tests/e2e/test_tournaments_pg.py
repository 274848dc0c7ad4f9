"""Tournaments on two shard processes (shards 0 and 1 of 2, two CardBots in this process, each with its
own Database object) on one PostgreSQL, for each format: an 8-player Santase Swiss, a 16-player Thirteen
tables event and an 8-player Gin knockout run from sign-up to champion.

Shard 0 serves the tournament's guild (sign-up, clicks); both processes' sweepers step the tournament,
one at a time under its lease. Alice leaves her first game (a computer finishes it for her, she is
dropped from later rounds); Bob never plays, so his turns run out and he forfeits. While round 2 plays
the process holding the tournament's lease stops without handing its leases back (once more for the
Swiss: shard 0 stops, so the guild has no gateway session left); once they lapse the other takes the
tournament and its games over and finishes them: each match gets one game, each post appears once, one
champion."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bench.players.common import click, confirm, start_bot
from bot.process.bot import CardBot
from bot.process.shards import ShardedCardBot
from data.tournaments import EntrantState, TournamentState
from fakediscord import FakeDiscord, SimUser
from harness.offline import BotHarness
from tests.e2e.test_tournaments import (
    CHAMPION,
    TUNING,
    _started,
    behind_the_computers,
    match_of,
    open_event,
    posts,
)
from tests.waiting import until

# They need the PostgreSQL server (tests/pgserver.py; CI starts one, so there they always run). Two bots
# each: the three share one xdist group, so one worker runs them one after the other (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("tournaments-pg")

# Leases of three seconds, looked at every 50 ms: a stopped process's tournament and games move on within
# seconds. Not shorter: with the suite beside other CPU-bound work a process's loop can lag past a second,
# and leases that lapse at every lag pass the games back and forth between the two processes.
MULTI = dataclasses.replace(TUNING, lease_ttl=3.0, ownership_poll=0.05)
SWISS = {"format": "swiss", "rounds": 3, "players": 8, "target": 1}
TABLES = {"format": "tables", "rounds": 2, "players": 16, "seats": 4}
KNOCKOUT = {"format": "knockout", "players": 8, "target": 10}
# Which process stops: the one holding the tournament's lease (its takeover), or shard 0, whose guild then
# has no gateway session left (the other process finishes through REST alone).
HOLDER, SHARD_0 = "holder", "shard-0"
FORMATS = [
    pytest.param("schnapsen", SWISS, [4, 3, 3], HOLDER, id="santase-swiss-of-8"),
    pytest.param("thirteen", TABLES, [4, 4], HOLDER, id="thirteen-tables-of-16"),
    pytest.param("gin", KNOCKOUT, [4, 2, 1], HOLDER, id="gin-knockout-of-8"),
    pytest.param("schnapsen", SWISS, [4, 3, 3], SHARD_0, id="santase-swiss-of-8-shard-0-stops"),
]


async def shard(bots: BotHarness, pg_schema: str, number: int) -> CardBot:
    settings = dataclasses.replace(bots.settings(database_path=pg_schema), shard_ids=(number,), shard_count=2)
    return await start_bot(bots, MULTI, settings=settings, factory=ShardedCardBot, shard_ids=[number], shard_count=2)


async def holder(bot: CardBot) -> str | None:
    """The owner name holding the tournament's lease now."""
    lease = await bot.service.db.leases.holder("tournament:1", now=bot.service.clock())
    return lease.owner if lease is not None else None


@pytest.mark.parametrize(("game", "options", "per_round", "stop"), FORMATS)
async def test_two_shard_processes_run_a_tournament_once_through_a_stop_mid_round(
    pg_schema: str,
    fake: FakeDiscord,
    bots: BotHarness,
    game: str,
    options: dict[str, Any],
    per_round: list[int],
    stop: str,
) -> None:
    """Sign-up on shard 0, Alice leaves, Bob never plays, a process stops in round 2 (`stop`): the other
    finishes the event with one game per match and every post once (`per_round` matches a round)."""
    fake.add_guild("Second")  # shard 1's own guild
    shards = [await shard(bots, pg_schema, 0)]
    assert fake.shard_of(fake.guild.id) == 0
    await shards[0].service.db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)  # Bob's run out
    boss = SimUser(fake, fake.owner)
    alice, bob, carol = fake.users["alice"], fake.users["bob"], fake.users["carol"]
    card = await open_event(fake, boss, game, computers=True, **options)
    for person in (alice, bob, carol):
        card = await click(person, card, "Join")
    card = await click(carol, card, "Leave")
    shards.append(await shard(bots, pg_schema, 1))
    db = shards[1].service.db
    card = await click(boss, card, "Start now")
    await fake.wait_for_message(fake.channel, lambda m: "has begun" in m.text, timeout=30)
    alices = await match_of(db, 1, 0, alice.id)
    record = await db.games.get(alices.game_id or 0)
    thread = fake.threads.threads[str(record.thread_id)]
    left = await confirm(alice, await alice.slash("game leave", where=thread))
    assert "left the game" in left.text
    bobs = await match_of(db, 1, 0, bob.id)
    await until(lambda: _started(db, 1), "round 2 never started")
    owners = {bot.ownership.owner: bot for bot in shards if bot.ownership is not None}
    stepping: list[CardBot] = []

    async def someone_steps() -> bool:
        stepping[:] = [owners[name] for name in [await holder(shards[1])] if name in owners]
        return bool(stepping)

    await until(someone_steps, "neither process holds the tournament's lease")
    # It stops as a crash leaves it: its leases held until they lapse.
    stopped = stepping[0] if stop == HOLDER else shards[0]
    [survivor] = [bot for bot in shards if bot is not stopped]
    assert stopped.ownership is not None
    await stopped.ownership.stop(release=False)
    await bots.stop(stopped)
    db = survivor.service.db
    await fake.wait_for_message(fake.channel, lambda m: CHAMPION in m.text, timeout=240)

    tournament = await db.tournaments.get(1)
    assert tournament is not None and tournament.state is TournamentState.FINISHED
    matches = await db.tournaments.matches(1)
    assert [sum(1 for m in matches if m.round == r) for r in range(len(per_round))] == per_round
    assert all(m.result is not None for m in matches)
    # A lobby the stop left undealt may be closed and replaced; no match is ever dealt twice.
    games = await db.read("SELECT COUNT(*) AS n FROM games WHERE started_at IS NOT NULL")
    assert games[0]["n"] == len(matches), "one game per match across both processes"
    assert len(posts(fake, "has begun")) == 1 and len(posts(fake, CHAMPION)) == 1
    for n in range(1, len(per_round) + 1):
        assert len(posts(fake, f"Standings after round {n} ")) == 1
    assert not [m for m in matches if m.round > 0 and alice.id in m.players], "Alice left: no later rounds"
    assert {e.user_id: e.state for e in await db.tournaments.entrants(1)}[int(alice.id)] is EntrantState.DROPPED
    [alices] = [m for m in matches if (m.round, m.board) == (alices.round, alices.board)]
    assert behind_the_computers(alices, alice.id), "Alice left her game: she finishes it last"
    [bobs] = [m for m in matches if (m.round, m.board) == (bobs.round, bobs.board)]
    assert behind_the_computers(bobs, bob.id), "Bob's turns ran out: he forfeits"
