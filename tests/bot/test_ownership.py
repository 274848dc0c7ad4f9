"""bot.moves.ownership across two processes on one PostgreSQL: a move stored by a non-owner wakes the owner
through a notification, the poll still converges when a notification is lost, and one statement renews
every lease a process holds."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

from bot.moves.ownership import Ownership
from data import Database
from data.leases import game_key
from tests.data.conftest import active_game
from tests.waiting import HANG_GUARD, until

LONG_POLL = 60.0  # a poll that never comes within a test: only a notification can wake the owner


async def moved_games(ownership: Ownership) -> asyncio.Queue[int]:
    """The games `ownership` follows up as moved elsewhere, as they come."""
    moved: asyncio.Queue[int] = asyncio.Queue()

    async def record(game_id: int) -> None:
        moved.put_nowait(game_id)

    ownership.on_moved = record
    return moved


async def a_move_elsewhere(db: Database, game_id: int) -> None:
    """Another process stores a move on the game (the data layer only: any code will do)."""
    record = await db.games.get(game_id)
    await db.games.append_move(game_id, record.version, "P", at=time.time(), actor=0, next_deadline=None)


async def test_a_move_stored_by_a_non_owner_wakes_the_owner_before_its_poll(pg_schema: str) -> None:
    """With a one-minute poll, the owner follows up a move made by another process within a second,
    because that process notifies it (tell_owner)."""
    async with await Database.open(pg_schema) as first_db, await Database.open(pg_schema) as second_db:
        game = await active_game(first_db, (1, 2))
        owner = Ownership(first_db, ttl=30.0, poll=LONG_POLL, solo=False)
        other = Ownership(second_db, ttl=30.0, poll=LONG_POLL, solo=False)
        moved = await moved_games(owner)
        await owner.start()
        await other.start()
        try:
            assert owner.owns(game.id) and not other.owns(game.id)
            await a_move_elsewhere(second_db, game.id)
            await other.tell_owner(game.id)
            assert await asyncio.wait_for(moved.get(), HANG_GUARD) == game.id
            assert owner.wakeups >= 1
        finally:
            await other.stop()
            await owner.stop()


async def test_a_lost_notification_is_made_up_for_by_the_poll(pg_schema: str) -> None:
    """A move nobody notified (a notification lost with its connection) is still followed up, by the
    next poll."""
    async with await Database.open(pg_schema) as first_db, await Database.open(pg_schema) as second_db:
        game = await active_game(first_db, (1, 2))
        owner = Ownership(first_db, ttl=30.0, poll=0.1, solo=False)
        moved = await moved_games(owner)
        await owner.start()
        try:
            await a_move_elsewhere(second_db, game.id)
            assert await asyncio.wait_for(moved.get(), HANG_GUARD) == game.id
            assert owner.wakeups == 0
        finally:
            await owner.stop()


async def test_a_notification_for_a_game_held_elsewhere_wakes_nobody_else(pg_schema: str) -> None:
    """Only the holder of a game acts on its notification: another listener ignores it."""
    async with await Database.open(pg_schema) as first_db, await Database.open(pg_schema) as second_db:
        game = await active_game(first_db, (1, 2))
        owner = Ownership(first_db, ttl=30.0, poll=LONG_POLL, solo=False)
        bystander = Ownership(second_db, ttl=30.0, poll=LONG_POLL, solo=False)
        await owner.start()
        await bystander.start()
        watched = await moved_games(bystander)
        heard = await moved_games(owner)
        try:
            await a_move_elsewhere(second_db, game.id)
            await bystander.tell_owner(game.id)
            assert await asyncio.wait_for(heard.get(), HANG_GUARD) == game.id
            assert watched.empty() and bystander.wakeups == 0
        finally:
            await bystander.stop()
            await owner.stop()


async def test_one_renewal_round_renews_every_lease_and_drops_one_taken_over(pg_schema: str) -> None:
    """A renewal round extends all the process's leases at once; a lease another process took over
    after it expired is dropped from what the process owns."""
    now = [1_000.0]
    async with await Database.open(pg_schema) as db:
        games = [await active_game(db, (1, 2), channel_id=700 + n) for n in range(3)]
        ownership = Ownership(db, ttl=30.0, poll=LONG_POLL, solo=False, clock=lambda: now[0])
        # The rounds by hand, without the background tasks: on this test's clock their first renewal
        # could land between the expiry and the takeover below.
        await ownership._renew_and_claim(gain=False)
        try:
            assert ownership.owned() == 3
            now[0] += 31.0  # every lease expired; another process takes the last game over
            assert await db.leases.acquire(game_key(games[2].id), "elsewhere", now=now[0], ttl=30.0) is not None
            await ownership._renew_and_claim(gain=False)
            assert ownership.owned() == 2 and not ownership.owns(games[2].id)
            held = await db.leases.held_by(ownership.owner, now=now[0])
            assert sorted(lease.key for lease in held) == sorted(game_key(g.id) for g in games[:2])
            assert all(lease.expires_at == now[0] + 30.0 for lease in held)
        finally:
            await ownership.stop()


async def test_a_game_just_made_is_left_to_its_maker_and_claimed_by_others_only_once_it_is_a_lease_old(
    pg_schema: str,
) -> None:
    """Another process's round skips a game younger than a lease (its maker, the shard of its guild,
    claims it at once); an older game nobody holds is claimed."""
    from tests.data.conftest import T0, lobby

    now = [T0 + 1.0]
    async with await Database.open(pg_schema) as db:
        ownership = Ownership(db, ttl=30.0, poll=LONG_POLL, solo=False, clock=lambda: now[0])
        game = await lobby(db, channel_id=801)
        await ownership._renew_and_claim(gain=True)
        assert ownership.owned() == 0
        now[0] = T0 + 31.0
        await ownership._renew_and_claim(gain=True)
        assert ownership.owns(game.id)
        await ownership.stop()


async def test_leases_are_renewed_every_third_of_their_life_whatever_the_poll(pg_schema: str) -> None:
    """A poll longer than a third of the lease (here a minute against a lease of 1.5 s) does not let the
    lease lapse between polls: renewed on its own cadence, it is still the owner's after several lease
    lives, and another process cannot take the game."""
    async with await Database.open(pg_schema) as first_db, await Database.open(pg_schema) as second_db:
        game = await active_game(first_db, (1, 2))
        owner = Ownership(first_db, ttl=1.5, poll=LONG_POLL, solo=False)
        await owner.start()
        try:
            assert owner.owns(game.id)
            started = owner.renewals
            await until(lambda: owner.renewals >= started + 4)  # more than a whole lease life has passed
            taken = await second_db.leases.acquire(game_key(game.id), "elsewhere", now=time.time(), ttl=1.5)
            assert taken is None and owner.holds(game.id)
        finally:
            await owner.stop()


async def test_a_follow_up_that_hangs_does_not_let_the_other_leases_lapse(pg_schema: str) -> None:
    """The loop awaits each game's follow-up; one stuck there (a pass waiting on Discord, a takeover's
    start-up pass waiting for the game's lock) must not stop the renewals, or another process would take
    every game over while this one still works on them."""
    async with await Database.open(pg_schema) as first_db, await Database.open(pg_schema) as second_db:
        stuck = await active_game(first_db, (1, 2))
        calm = await active_game(first_db, (3, 4), channel_id=501)
        owner = Ownership(first_db, ttl=1.5, poll=LONG_POLL, solo=False)
        following, never = asyncio.Event(), asyncio.Event()

        async def hangs(game_id: int) -> None:
            following.set()
            await never.wait()

        owner.on_moved = hangs
        await owner.start()
        try:
            assert owner.owns(stuck.id) and owner.owns(calm.id)
            await a_move_elsewhere(second_db, stuck.id)
            owner._heard(str(stuck.id))
            await following.wait()  # the loop now waits in the follow-up for good
            started = owner.renewals
            await until(lambda: owner.renewals >= started + 4)  # more than a whole lease life has passed
            taken = await second_db.leases.acquire(game_key(calm.id), "elsewhere", now=time.time(), ttl=1.5)
            assert taken is None and owner.holds(calm.id)
        finally:
            never.set()
            await owner.stop()


@contextlib.asynccontextmanager
async def moved_by_hand(pg_schema: str) -> AsyncIterator[tuple[Ownership, asyncio.Queue[int], int]]:
    """An owner whose rounds the test runs by hand (no background poll), the games it follows up as moved,
    and the id of a game another process has just stored a move on, unseen by any round yet."""
    async with await Database.open(pg_schema) as first_db, await Database.open(pg_schema) as second_db:
        game = await active_game(first_db, (1, 2))
        owner = Ownership(first_db, ttl=30.0, poll=LONG_POLL, solo=False)
        moved = await moved_games(owner)
        await owner._renew_and_claim(gain=False)
        try:
            await a_move_elsewhere(second_db, game.id)
            yield owner, moved, game.id
        finally:
            await owner.stop()


async def test_a_move_a_poll_finds_waits_one_poll_for_its_notification(pg_schema: str) -> None:
    """The mover notifies the owner only once its click has its answer. A poll that finds the move
    before that leaves it for one poll (followed up then, if the notification was lost), so the owner's
    pass does not find the clicked hand behind and redraw it beside the click's answer."""
    async with moved_by_hand(pg_schema) as (owner, moved, game_id):
        await owner._follow_up()  # the poll sees the move first
        assert moved.empty()
        await owner._follow_up()  # no notification came within a poll
        assert moved.get_nowait() == game_id
        await owner._follow_up()  # followed up once
        assert moved.empty()


async def test_a_notification_after_the_poll_found_the_move_follows_it_up_once(pg_schema: str) -> None:
    """The notification that comes after a poll saw the move follows it up; the next poll does not again."""
    async with moved_by_hand(pg_schema) as (owner, moved, game_id):
        await owner._follow_up()
        assert moved.empty()
        await owner._follow_up(among={game_id}, notified={game_id})  # the notification's round
        assert moved.get_nowait() == game_id
        await owner._follow_up()
        assert moved.empty()
