"""First-time records (data.firsttime): a person's guided first game and a server's one welcome, on both backends."""

from __future__ import annotations

import asyncio

from data import Database
from tests.data.conftest import GUILD, T0, game_of_schema_1

KIND = "somegame"  # any stored kind: guides are per kind, whatever the game


async def test_a_new_person_is_guided_until_they_finish_a_game_of_that_kind(db: Database) -> None:
    """Guided by default; a finished game of the kind ends it for that kind only, once, idempotently."""
    assert await db.firsttime.guided(5, KIND)
    await db.firsttime.finished([5, 6, 5], KIND, at=T0)
    await db.firsttime.finished([5], KIND, at=T0 + 1)
    assert not await db.firsttime.guided(5, KIND) and not await db.firsttime.guided(6, KIND)
    assert await db.firsttime.guided(5, "othergame") and await db.firsttime.guided(7, KIND)


async def test_tips_off_ends_every_guide_and_on_starts_them_again(db: Database) -> None:
    """/settings tips: off stops every guide; on clears what was finished, so the next game is guided."""
    await db.firsttime.finished([5], KIND, at=T0)
    await db.firsttime.set_tips(5, False, at=T0)
    assert await db.firsttime.tips_off(5) and not await db.firsttime.guided(5, "othergame")
    await db.firsttime.set_tips(5, True, at=T0)
    assert not await db.firsttime.tips_off(5) and await db.firsttime.guided(5, KIND)


async def test_erasing_a_person_forgets_their_guides(db: Database) -> None:
    """Deleting a user's data removes their first-game records with their settings."""
    await db.firsttime.set_tips(5, False, at=T0)
    await db.privacy.erase_user(5, at=T0)
    assert not await db.firsttime.tips_off(5) and await db.firsttime.guided(5, KIND)


async def test_a_welcome_is_claimed_once_even_by_callers_at_the_same_moment(db: Database) -> None:
    """Of ten simultaneous claims for one server exactly one wins; where it went is stored after."""
    claims = await asyncio.gather(*(db.firsttime.claim_welcome(42, at=T0) for _ in range(10)))
    assert sorted(claims) == [False] * 9 + [True]
    assert await db.firsttime.welcome_of(42) == (None, None) and await db.firsttime.welcome_of(43) is None
    await db.firsttime.welcomed(42, 7, 8)
    assert await db.firsttime.welcome_of(42) == (7, 8)
    assert not await db.firsttime.claim_welcome(42, at=T0 + 1)


async def test_people_who_finished_a_game_before_the_upgrade_are_past_its_guide(db_target) -> None:  # type: ignore[no-untyped-def]
    """The migration reads the match log: a person with a finished game of a kind gets no guide for it."""
    old = await Database.open(db_target, migrate_to=9)
    try:
        game_id = await game_of_schema_1(old, (5, 6), kind=KIND)
        async with old.transaction() as tx:
            await tx.run(
                "INSERT INTO matches (id, game_id, guild_id, kind, finished_at, rated, with_computers) "
                "VALUES (?, ?, ?, ?, ?, 0, 1)",
                (1, game_id, GUILD, KIND, T0),
            )
            await tx.run(
                "INSERT INTO match_players (match_id, seat, user_id, display_name, is_computer, place, score) "
                "VALUES (1, 0, 5, 'Ann', 0, 1, 10), (1, 1, 6, 'Bot', 1, 2, 0)",
            )
    finally:
        await old.close()
    db = await Database.open(db_target)
    try:
        assert not await db.firsttime.guided(5, KIND)
        assert await db.firsttime.guided(6, KIND) and await db.firsttime.guided(5, "othergame")
    finally:
        await db.close()
