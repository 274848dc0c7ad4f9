"""The turn digest's storage (data.digests) on both engines: the person's chosen period, who may be owed a
digest, and each digest claimed once per (person, window) before it is posted, then recorded."""

from __future__ import annotations

import asyncio

import pytest

from data import Database, TurnTimer
from data.digests import claim_digest, digest_users, last_digest, record_digest, window_of
from games import registry

from .conftest import GUILD, T0, active_game

HOUR = 3600.0


async def casual_game(db: Database, users: tuple[int, ...], channel_id: int) -> int:
    game = await db.games.create_lobby(
        kind=registry.kinds()[0],
        guild_id=GUILD,
        channel_id=channel_id,
        host_user_id=users[0],
        seed=7,
        at=T0,
        timer=TurnTimer.CASUAL,
        turn_seconds=86400,
    )
    for user in users:
        await db.games.add_player(game.id, user, f"player {user}")
    await db.games.start(game.id, at=T0 + 1, deadline=T0 + 86400)
    return game.id


async def test_the_digest_period_is_kept_with_the_other_turn_settings(db: Database):
    """Choosing a digest every 4 hours is stored and read back; the turn notice stays as it was."""
    before = await db.settings.user(7)
    await db.settings.update_user(7, digest_hours=4)
    after = await db.settings.user(7)
    assert (before.digest_hours, after.digest_hours) == (0, 4)
    assert after.turn_notice is before.turn_notice


async def test_a_digest_period_outside_the_choices_is_refused(db: Database):
    """Only 1, 4 or 12 hours (or 0, no digest) may be stored."""
    with pytest.raises(ValueError):
        await db.settings.update_user(7, digest_hours=5)
    assert (await db.settings.user(7)).digest_hours == 0


async def test_only_people_with_a_digest_at_a_running_casual_game_may_be_owed_one(db: Database):
    """Alice (digest, casual game) is listed; Bob (no digest) and Carol (digest, live game only) are not."""
    alice, bob, carol = 11, 12, 13
    await casual_game(db, (alice, bob), channel_id=501)
    await active_game(db, (carol, bob), channel_id=502)
    for user in (alice, carol):
        await db.settings.update_user(user, digest_hours=1)
    assert await digest_users(db) == [alice]


async def test_a_window_is_claimed_once(db: Database):
    """The first claim of a person's window posts; a second pass's claim of the same window does not."""
    window = window_of(T0, 4)
    assert await claim_digest(db, 11, window, at=T0, listed={(1, 3)})
    assert not await claim_digest(db, 11, window, at=T0 + 1, listed={(1, 3)})


async def test_two_processes_claiming_the_same_window_post_once(db_target):
    """Two connections claim the same digest at the same moment: exactly one may post."""
    async with await Database.open(db_target) as one, await Database.open(db_target) as two:
        window = window_of(T0, 1)
        results = await asyncio.gather(
            claim_digest(one, 11, window, at=T0, listed={(1, 3)}),
            claim_digest(two, 11, window, at=T0, listed={(1, 3)}),
        )
    assert sorted(results) == [False, True]


async def test_the_last_digest_names_its_turns_and_its_message_once_recorded(db: Database):
    """Claimed: the waiting turns it names, no message yet; recorded: its message."""
    window = window_of(T0, 1)
    await claim_digest(db, 11, window, at=T0, listed={(5, 2), (9, 14)})
    claimed = await last_digest(db, 11)
    assert claimed is not None and not claimed.recorded
    assert claimed.listed == {(5, 2), (9, 14)} and claimed.claimed_at == T0
    await record_digest(db, 11, window, 800, 900)
    recorded = await last_digest(db, 11)
    assert recorded is not None and recorded.recorded and (recorded.channel_id, recorded.message_id) == (800, 900)


async def test_the_last_digest_is_the_newest_window(db: Database):
    """Of two windows claimed, the later one is the person's last digest; others' digests are not theirs."""
    await claim_digest(db, 11, window_of(T0, 1), at=T0, listed={(1, 1)})
    await claim_digest(db, 11, window_of(T0 + 2 * HOUR, 1), at=T0 + 2 * HOUR, listed={(1, 2)})
    await claim_digest(db, 12, window_of(T0 + 5 * HOUR, 1), at=T0 + 5 * HOUR, listed={(1, 3)})
    last = await last_digest(db, 11)
    assert last is not None and last.listed == {(1, 2)}
    assert await last_digest(db, 13) is None


def test_windows_start_at_multiples_of_the_period():
    """Two moments in the same 4-hour window share its start; the next window starts 4 hours later."""
    start = window_of(T0, 4)
    assert start <= T0 < start + 4 * HOUR
    assert window_of(start + 4 * HOUR - 1, 4) == start
    assert window_of(start + 4 * HOUR, 4) == start + 4 * HOUR


async def test_an_erased_person_leaves_no_digest_behind(db: Database):
    """Deleting a person's data deletes which tables waited for them."""
    await claim_digest(db, 11, window_of(T0, 1), at=T0, listed={(1, 1)})
    await db.privacy.erase_user(11, at=T0 + 10)
    assert await last_digest(db, 11) is None
