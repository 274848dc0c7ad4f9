"""A turn's notice is claimed before it is posted, once per (game, kind, seat, version), on both engines
and across processes: the claim decides whether a post may go out (data.messages.claim)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from data import Database, MessageKind
from data.messages import Claim

from .conftest import T0, active_game

REDO = 120.0
HAND = MessageKind.HAND


async def test_the_first_claim_of_a_turn_posts(db: Database):
    """Nobody claimed seat 1's turn at version 3: the claim says post."""
    game = await active_game(db)
    assert await db.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO) is Claim.FIRST


async def test_a_claim_redone_within_the_nonce_window_posts_again(db: Database):
    """A pass redone after a crash (claimed, posted, not recorded) may post again while the nonce holds,
    and is told it is a second try (a post without a nonce, a follow-up, may have landed: look first)."""
    game = await active_game(db)
    await db.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO)
    assert await db.messages.claim(game.id, HAND, 1, 3, at=T0 + REDO - 1, redo_within=REDO) is Claim.AGAIN


async def test_a_claim_older_than_the_nonce_window_does_not_post_again(db: Database):
    """Past the window a second post would be a second message: the turn is never told twice."""
    game = await active_game(db)
    await db.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO)
    assert not await db.messages.claim(game.id, HAND, 1, 3, at=T0 + REDO + 1, redo_within=REDO)


async def test_a_stale_pass_cannot_claim_an_older_turn(db: Database):
    """Once version 5 is claimed, a pass still working on version 3 does not post."""
    game = await active_game(db)
    await db.messages.claim(game.id, HAND, 1, 5, at=T0, redo_within=REDO)
    assert not await db.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO)
    assert await db.messages.claim(game.id, HAND, 1, 6, at=T0 + REDO * 2, redo_within=REDO)


async def test_claims_of_seats_and_kinds_are_separate(db: Database):
    """Seat 1's claim leaves seat 2's turn and seat 1's channel notice unclaimed."""
    game = await active_game(db)
    await db.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO)
    assert await db.messages.claim(game.id, HAND, 2, 3, at=T0 + REDO * 2, redo_within=REDO)
    assert await db.messages.claim(game.id, MessageKind.TURN, 1, 3, at=T0 + REDO * 2, redo_within=REDO)


async def test_two_processes_claiming_a_turn_at_once_store_one_claim(db: Database, db_target: str | Path):
    """Two processes claim the same turn together: both may post (the turn's nonce makes the two posts one
    message), the second told it is a second try; one claim is stored, and past the window neither posts
    again."""
    other = await Database.open(db_target)
    try:
        game = await active_game(db)
        both = await asyncio.gather(
            db.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO),
            other.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO),
        )
        assert sorted(both) == [Claim.FIRST, Claim.AGAIN]
        rows = await db.read("SELECT version FROM notice_claims WHERE game_id = ?", (game.id,))
        assert [row["version"] for row in rows] == [3]
        assert not await other.messages.claim(game.id, HAND, 1, 3, at=T0 + REDO + 1, redo_within=REDO)
    finally:
        await other.close()


async def test_a_lapsed_claim_is_taken_over_by_one_pass_only(db: Database):
    """Past the window, with no message of the turn found, one of two passes takes the claim over and
    posts; the other (and a retake inside the new window) does not."""
    game = await active_game(db)
    await db.messages.claim(game.id, HAND, 1, 3, at=T0, redo_within=REDO)
    now = T0 + REDO + 1
    takes = [
        await db.messages.reclaim(game.id, HAND, 1, 3, at=now, lapsed_before=now - REDO),
        await db.messages.reclaim(game.id, HAND, 1, 3, at=now, lapsed_before=now - REDO),
    ]
    assert takes == [True, False]


async def test_a_lapsed_claim_of_another_turn_is_not_taken_over(db: Database):
    """A pass for turn 3 cannot take over once turn 5 was claimed."""
    game = await active_game(db)
    await db.messages.claim(game.id, HAND, 1, 5, at=T0, redo_within=REDO)
    now = T0 + REDO + 1
    assert not await db.messages.reclaim(game.id, HAND, 1, 3, at=now, lapsed_before=now - REDO)
