"""Leases (data/leases.py): one holder at a time for a game's single-writer work, taken over once it
expires, with a token that grows at every change of holder. On both backends."""

from __future__ import annotations

import asyncio

import pytest

from data import Database
from data.leases import game_key

from .conftest import T0, active_game, lobby

KEY = game_key(42)
TTL = 30.0


async def test_a_free_lease_is_taken_and_refused_to_others_while_live(db: Database) -> None:
    """The first process gets the lease (token 1); another asking before it expires gets None."""
    lease = await db.leases.acquire(KEY, "shard-0", now=T0, ttl=TTL)
    assert lease is not None and (lease.owner, lease.token, lease.expires_at) == ("shard-0", 1, T0 + TTL)
    assert await db.leases.acquire(KEY, "shard-1", now=T0 + TTL - 1, ttl=TTL) is None
    assert await db.leases.holder(KEY, now=T0 + 1) == lease


async def test_an_expired_lease_is_taken_over_with_the_next_token(db: Database) -> None:
    """A holder that stopped renewing loses the lease at its expiry: the next process takes it, token 2."""
    await db.leases.acquire(KEY, "shard-0", now=T0, ttl=TTL)
    taken = await db.leases.acquire(KEY, "shard-1", now=T0 + TTL, ttl=TTL)
    assert taken is not None and (taken.owner, taken.token) == ("shard-1", 2)


async def test_the_holder_renews_and_keeps_its_token(db: Database) -> None:
    """Renewing (or acquiring again) moves the expiry on and keeps the token: no change of holder."""
    lease = await db.leases.acquire(KEY, "shard-0", now=T0, ttl=TTL)
    assert lease is not None
    renewed = await db.leases.renew(lease, now=T0 + 10, ttl=TTL)
    assert renewed is not None and (renewed.token, renewed.expires_at) == (1, T0 + 10 + TTL)
    again = await db.leases.acquire(KEY, "shard-0", now=T0 + 20, ttl=TTL)
    assert again is not None and (again.token, again.expires_at) == (1, T0 + 20 + TTL)


async def test_a_lease_taken_over_cannot_be_renewed_or_released_by_its_old_holder(db: Database) -> None:
    """After a takeover, the old holder's renewal says None (stop working) and its release does nothing."""
    old = await db.leases.acquire(KEY, "shard-0", now=T0, ttl=TTL)
    assert old is not None
    new = await db.leases.acquire(KEY, "shard-1", now=T0 + TTL + 1, ttl=TTL)
    assert new is not None
    assert await db.leases.renew(old, now=T0 + TTL + 2, ttl=TTL) is None
    assert not await db.leases.release(old, now=T0 + TTL + 2)
    assert await db.leases.holder(KEY, now=T0 + TTL + 3) == new


async def test_a_released_lease_is_free_at_once_and_its_token_keeps_growing(db: Database) -> None:
    """A clean stop releases: another process takes it without waiting for the expiry, as token 2."""
    lease = await db.leases.acquire(KEY, "shard-0", now=T0, ttl=TTL)
    assert lease is not None and await db.leases.release(lease, now=T0 + 1)
    assert await db.leases.holder(KEY, now=T0 + 1) is None
    taken = await db.leases.acquire(KEY, "shard-1", now=T0 + 1, ttl=TTL)
    assert taken is not None and taken.token == 2


async def test_held_by_lists_only_an_owners_live_leases(db: Database) -> None:
    """A process's count of owned games: its live leases, not expired ones nor other processes'."""
    for game_id, owner, ttl in ((1, "shard-0", TTL), (2, "shard-0", 5.0), (3, "shard-1", TTL)):
        await db.leases.acquire(game_key(game_id), owner, now=T0, ttl=ttl)
    assert [lease.key for lease in await db.leases.held_by("shard-0", now=T0 + 10)] == [game_key(1)]


async def test_two_processes_taking_one_lease_at_once_get_it_once(db: Database, db_target) -> None:
    """Two Database objects (two processes' worth) acquiring the same free lease together: one holds it."""
    async with await Database.open(db_target) as other:
        outcomes = await asyncio.gather(
            *(
                conn.leases.acquire(KEY, f"process-{side}-{n}", now=T0, ttl=TTL)
                for n in range(5)
                for side, conn in enumerate((db, other))
            )
        )
    winners = [lease for lease in outcomes if lease is not None]
    assert len(winners) == 1 and winners[0].token == 1
    assert await db.leases.holder(KEY, now=T0) == winners[0]


async def test_a_lease_needs_a_positive_time_to_live(db: Database) -> None:
    """A zero or negative time to live is a caller's mistake, refused before anything is written."""
    with pytest.raises(ValueError):
        await db.leases.acquire(KEY, "shard-0", now=T0, ttl=0)


async def test_open_games_without_a_live_lease_are_offered_and_held_ones_listed_by_owner(db: Database) -> None:
    """`unheld_games` lists open games nobody holds; `games_of` gives the holder its games' versions; an
    expired lease offers its game again."""
    first, second = await lobby(db, channel_id=501), await active_game(db, channel_id=502)
    assert await db.leases.unheld_games(now=T0) == [first.id, second.id]
    await db.leases.acquire(game_key(second.id), "shard-0", now=T0, ttl=TTL)
    assert await db.leases.unheld_games(now=T0 + 1) == [first.id]
    assert await db.leases.games_of("shard-0", now=T0 + 1) == [(second.id, second.version, "active")]
    assert await db.leases.games_of("shard-1", now=T0 + 1) == []
    assert await db.leases.unheld_games(now=T0 + TTL) == [first.id, second.id]


async def test_renew_all_renews_every_held_lease_in_one_call_and_leaves_out_taken_ones(db: Database) -> None:
    """One call renews all of an owner's leases (same tokens); one taken over meanwhile is not renewed
    and is missing from the answer, and the new holder keeps it."""
    keys = [game_key(n) for n in range(1, 6)]
    held = [await db.leases.acquire(key, "shard-0", now=T0, ttl=TTL) for key in keys]
    assert all(lease is not None for lease in held)
    taken = await db.leases.acquire(keys[2], "shard-1", now=T0 + TTL, ttl=TTL)
    assert taken is not None
    renewed = await db.leases.renew_all([lease for lease in held if lease], now=T0 + TTL, ttl=TTL)
    assert sorted(renewed) == [keys[0], keys[1], keys[3], keys[4]]
    assert all(lease.expires_at == T0 + 2 * TTL and lease.token == 1 for lease in renewed.values())
    assert await db.leases.holder(keys[2], now=T0 + TTL + 1) == taken


async def test_games_of_among_reads_only_the_games_asked_for(db: Database) -> None:
    """`games_of(..., among=...)`: the owner's games among those named (a wake-up's targeted read)."""
    first, second = await active_game(db, channel_id=601), await active_game(db, channel_id=602)
    for game in (first, second):
        await db.leases.acquire(game_key(game.id), "shard-0", now=T0, ttl=TTL)
    assert await db.leases.games_of("shard-0", now=T0, among={second.id}) == [(second.id, second.version, "active")]
    assert await db.leases.games_of("shard-0", now=T0, among=set()) == []


async def test_unheld_games_created_before_leaves_out_games_just_made(db: Database) -> None:
    """`created_before`: a game created after that moment is not offered (its maker claims it)."""
    game = await lobby(db, channel_id=701)
    assert await db.leases.unheld_games(now=T0 + 1, created_before=T0 - 1) == []
    assert await db.leases.unheld_games(now=T0 + 1, created_before=T0) == [game.id]
