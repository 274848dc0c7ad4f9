"""Group commit (data/commits.py): writes queued while a trip runs share the next trip and COMMIT, yet each
one stays atomic on its own and hears back its own value or error."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

import pytest

from data import Database, FaultKind, StorageFault, VersionConflict
from data.commits import MAX_BATCH
from data.database import Tx
from tests.data.conftest import T0, active_game, lobby


def set_seed(game_id: int, seed: int, fail: bool = False):
    async def work(tx: Tx) -> int:
        await tx.run("UPDATE games SET seed = ? WHERE id = ?", (seed, game_id))
        if fail:
            raise LookupError(f"work for game {game_id} failed")
        return seed

    return work


async def test_writes_queued_together_share_one_trip(sqlite_db: Database) -> None:
    """Ten appends to ten games queued in the same moment are stored by a single trip and COMMIT."""
    db = sqlite_db
    games = [await active_game(db, users=(10 * i + 1, 10 * i + 2), channel_id=900 + i) for i in range(10)]
    before = db._writes.trips
    versions = await asyncio.gather(
        *(db.games.append_move(g.id, g.version, "p", at=T0 + 2, actor=0, next_deadline=None) for g in games)
    )
    assert versions == [g.version + 1 for g in games]
    assert db._writes.trips - before == 1
    for game in games:
        assert [m.code for m in (await db.games.load(game.id)).moves] == ["p"]


async def test_a_failing_write_is_undone_alone(db: Database) -> None:
    """One work raising inside a batch rolls back its own statements; the others in the batch commit."""
    games = [await lobby(db, channel_id=800 + i) for i in range(4)]
    results = await asyncio.gather(
        *(db.atomic(set_seed(g.id, 50 + i, fail=i == 2)) for i, g in enumerate(games)), return_exceptions=True
    )
    assert results[:2] == [50, 51] and results[3] == 53
    assert isinstance(results[2], LookupError)
    seeds = [(await db.games.get(g.id)).seed for g in games]
    assert seeds == [50, 51, games[2].seed, 53]


async def test_a_version_conflict_reaches_only_its_caller(db: Database) -> None:
    """Two appends at the same version in one batch: the first wins, the second gets VersionConflict."""
    game = await active_game(db, users=(1, 2))
    results = await asyncio.gather(
        db.games.append_move(game.id, game.version, "p", at=T0 + 2, actor=0, next_deadline=None),
        db.games.append_move(game.id, game.version, "x", at=T0 + 2, actor=1, next_deadline=None),
        return_exceptions=True,
    )
    assert results[0] == game.version + 1
    assert isinstance(results[1], VersionConflict)
    assert [m.code for m in (await db.games.load(game.id)).moves] == ["p"]


async def test_a_failed_commit_reaches_every_caller_of_the_batch(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the transaction itself fails (here BEGIN, as a locked database would), nothing of the batch is
    stored and every caller gets the error (as a StorageFault naming it)."""
    db = sqlite_db
    games = [await lobby(db, channel_id=700 + i) for i in range(3)]

    def broken(raw: sqlite3.Connection, works: list, *counts: object) -> list:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr("data.commits.run_batch", broken)
    results = await asyncio.gather(*(db.atomic(set_seed(g.id, 5)) for g in games), return_exceptions=True)
    assert all(isinstance(r, StorageFault) and r.kind is FaultKind.BUSY for r in results)
    assert all(isinstance(r.__cause__, sqlite3.OperationalError) for r in results)
    monkeypatch.undo()
    assert [(await db.games.get(g.id)).seed for g in games] == [g.seed for g in games]


async def test_a_batch_is_capped(sqlite_db: Database) -> None:
    """More queued works than MAX_BATCH go in more than one trip (one trip's length, and so the wait of a
    transaction behind it, stays bounded)."""
    db = sqlite_db
    game = await lobby(db)
    before = db._writes.trips
    await asyncio.gather(*(db.atomic(set_seed(game.id, i)) for i in range(2 * MAX_BATCH + 1)))
    assert db._writes.trips - before == 3
    assert (await db.games.get(game.id)).seed == 2 * MAX_BATCH


async def test_close_commits_what_is_queued_then_refuses(db_target) -> None:
    """Closing waits for queued writes to be committed; a write after that is refused."""
    db = await Database.open(db_target)
    game = await lobby(db)
    pending = asyncio.ensure_future(db.atomic(set_seed(game.id, 77)))
    await asyncio.sleep(0)
    await db.close()
    assert await pending == 77
    with pytest.raises(RuntimeError):
        await db.atomic(set_seed(game.id, 1))
    async with await Database.open(db_target) as again:
        assert (await again.games.get(game.id)).seed == 77


async def test_a_caller_cancelled_while_queued_takes_its_write_back(sqlite_db: Database) -> None:
    """A caller cancelled while its work waits behind a running trip: the work never runs, and the
    others queued with it still get their results."""
    db = sqlite_db
    games = [await lobby(db, channel_id=600 + i) for i in range(3)]
    blocker = asyncio.ensure_future(db.atomic(set_seed(games[0].id, 1)))
    await asyncio.sleep(0)  # the committer takes the blocker's work into a trip
    cancelled = asyncio.ensure_future(db.atomic(set_seed(games[1].id, 2)))
    kept = asyncio.ensure_future(db.atomic(set_seed(games[2].id, 3)))
    await asyncio.sleep(0)
    cancelled.cancel()
    assert await blocker == 1 and await kept == 3
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    assert (await db.games.get(games[1].id)).seed == games[1].seed


async def test_a_caller_cancelled_during_its_trip_returns_after_it(sqlite_db: Database) -> None:
    """Cancelled while its work is on the worker thread, a caller raises only once the trip has ended, so
    a read right after sees everything the trip did."""
    db = sqlite_db
    game = await lobby(db)
    started = threading.Event()

    async def slow(tx: Tx) -> int:
        started.set()
        time.sleep(0.1)  # on the worker thread: the event loop goes on meanwhile
        await tx.run("UPDATE games SET seed = ? WHERE id = ?", (42, game.id))
        return 42

    writer = asyncio.ensure_future(db.atomic(slow))
    while not started.is_set():
        await asyncio.sleep(0.005)
    writer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await writer
    assert (await db.games.get(game.id)).seed == 42
