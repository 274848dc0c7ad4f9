"""Two bot processes on one PostgreSQL database, as two CardBots each with its own Database object,
against the offline Discord. The bot connected last receives every gateway event (as shard 0 receives
every DM click), so it serves clicks on games the first one owns: any process applies a click, the
game's lease holder does the follow-up (bot.moves.ownership)."""

from __future__ import annotations

import asyncio
import dataclasses

from bench.players.common import (
    FAST,
    game_id_of,
    is_my_turn,
    next_turn,
    play_all,
    start_bot,
    start_game,
    take_turn_with_hint,
    version_of,
)
from bot.moves.service import Applied, StaleVersion
from bot.process.bot import CardBot
from bot.process.shards import ShardedCardBot
from fakediscord import FakeDiscord
from tests.e2e.test_bot_core import seat_people
from tests.e2e.test_shards_guilds import two_shards
from tests.waiting import until

# Leases of a second, looked at every 50 ms: a dead owner's games are taken over within about a second.
MULTI = dataclasses.replace(FAST, lease_ttl=1.0, ownership_poll=0.05)


def applied_in(bot: CardBot) -> list[Applied]:
    """Every move this bot's service stores from now on."""
    seen: list[Applied] = []

    async def record(applied: Applied) -> None:
        seen.append(applied)

    bot.service.after_move_hooks.append(record)
    return seen



async def owned_game(fake: FakeDiscord, bots, pg_schema: str):  # type: ignore[no-untyped-def]
    """Bot A starts a two-person game (and owns it); then bot B connects and receives every event."""
    settings = bots.settings(database_path=pg_schema)
    first = await start_bot(bots, MULTI, settings=settings)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    game_id = game_id_of(lobby)
    await until(lambda: first.ownership is not None and first.ownership.owns(game_id))
    second = await start_bot(bots, MULTI, settings=settings)
    assert second.ownership is not None and not second.ownership.owns(game_id)
    loaded = await first.service.load(game_id)
    mover, other = (alice, bob) if loaded.state.to_move == 0 else (bob, alice)
    hand = await fake.wait_for_message(mover.dm, lambda m: is_my_turn(m))
    return first, second, game_id, mover, other, hand


async def test_a_click_served_elsewhere_is_followed_up_once_by_the_owner(
    pg_schema: str, fake: FakeDiscord, bots
) -> None:
    """A DM click served by process B on a game A owns is stored once, by B; A (and only A) sends the next
    person's turn notice, once."""
    first, second, game_id, mover, other, hand = await owned_game(fake, bots, pg_schema)
    in_first, in_second = applied_in(first), applied_in(second)
    assert await take_turn_with_hint(fake, mover, hand)
    notice = await next_turn(fake, other, version_of(hand))
    assert notice is not None
    await first.reconciler.idle()
    assert len(in_second) == 1 and in_first == []
    turn_hands = [
        m for m in fake.messages(other.dm) if m.buttons and is_my_turn(m) and version_of(m) == version_of(notice)
    ]
    assert len(turn_hands) == 1
    assert game_id not in second.reconciler._tasks  # B never reconciled A's game


async def test_a_dead_owners_game_is_taken_over_and_finished(pg_schema: str, fake: FakeDiscord, bots) -> None:
    """A stops without handing its leases back (as a killed process would); B takes the game over once the
    lease expires and the game is played to its end and rated."""
    first, second, game_id, mover, other, _ = await owned_game(fake, bots, pg_schema)
    assert first.ownership is not None and second.ownership is not None
    await first.ownership.stop(release=False)
    await bots.stop(first)
    await until(lambda: second.ownership.owns(game_id), "the second process to take the game over")
    assert second.ownership.takeovers == 1
    await play_all(fake, [mover, other])
    match = await second.service.db.results.match_for_game(game_id)
    assert match is not None and match.rated


async def test_two_processes_racing_one_move_store_it_once(pg_schema: str, fake: FakeDiscord, bots) -> None:
    """The same move submitted by both processes at once: the database's version check lets one through
    and the other is refused as stale; the game is one version further."""
    first, second, game_id, _, _, _ = await owned_game(fake, bots, pg_schema)
    loaded = await first.service.load(game_id)
    assert loaded.state is not None and loaded.state.to_move is not None
    seat = loaded.state.to_move
    player = first.service.adapter(loaded.record.kind).computer("normal")
    move = player.choose(loaded.state.view(seat), first.service.move_rng(loaded.record, "race"))
    outcomes = await asyncio.gather(
        first.service.submit(game_id, seat, move, expected_version=loaded.record.version),
        second.service.submit(game_id, seat, move, expected_version=loaded.record.version),
        return_exceptions=True,
    )
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Applied", "StaleVersion"]
    assert any(isinstance(outcome, StaleVersion) for outcome in outcomes)
    assert (await second.service.load(game_id)).record.version == loaded.record.version + 1


async def test_two_shard_processes_play_a_game_whose_dm_clicks_all_reach_shard_0(
    pg_schema: str, fake: FakeDiscord, bots
) -> None:
    """Shards 0 and 1 of 2 in two processes: the guild's commands reach its shard, every DM click reaches
    shard 0, and the game is played to its end and rated."""
    processes = await two_shards(bots, pg_schema, MULTI)
    assert fake.shard_count == 2 and all(isinstance(bot, ShardedCardBot) for bot in processes)
    clicks = [applied_in(bot) for bot in processes]
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    game_id = game_id_of(lobby)
    await play_all(fake, [alice, bob])
    match = await processes[1].service.db.results.match_for_game(game_id)
    assert match is not None and match.rated
    assert clicks[0] and not clicks[1]  # DM clicks: shard 0 only
    guild_shard = fake.shard_of(fake.guild.id)
    assert processes[guild_shard].get_guild(int(fake.guild.id)) is not None
    assert processes[1 - guild_shard].get_guild(int(fake.guild.id)) is None


async def test_after_a_takeover_the_new_owner_runs_the_turn_timer(pg_schema: str, fake: FakeDiscord, bots) -> None:
    """4-second turns; A dies before the first turn runs out: B takes the game over and its sweeper plays
    the automatic move for the idle seat (design §3.5: deadlines live in the database)."""
    settings = bots.settings(database_path=pg_schema)
    first = await start_bot(bots, MULTI, settings=settings)
    await first.service.db.settings.update_guild(int(fake.guild.id), live_turn_seconds=4)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    game_id = game_id_of(lobby)
    await until(lambda: first.ownership is not None and first.ownership.owns(game_id))
    second = await start_bot(bots, MULTI, settings=settings)
    assert first.ownership is not None and second.ownership is not None
    await first.ownership.stop(release=False)
    await bots.stop(first)
    await fake.wait_for_message(fake.channel, lambda m: "ran out of time; I played" in m.text, timeout=15)
    assert second.ownership.owns(game_id) and second.ownership.takeovers == 1
