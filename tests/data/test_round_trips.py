"""Reads cost one trip to aiosqlite's worker thread each (every trip is a GIL hand-over under load), lone
reads never queue behind a write transaction, and a move's append is a single trip."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest

from data import Database, GameNotFound
from data.database import Tx
from data.games import fetch_game
from tests.data.conftest import T0, active_game, lobby
from tests.waiting import HANG_GUARD


class TripCounter:
    """Counts the calls queued on aiosqlite's worker threads (the writer's and the reader's) while installed."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self.trips = 0
        for conn in (db._conn, db._reader):
            assert conn is not None
            self._count(conn, monkeypatch)

    def _count(self, conn: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        queue = conn._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.trips += 1
            return await queue(fn, *args, **kwargs)

        monkeypatch.setattr(conn, "_execute", counted)


async def test_reading_one_row_is_a_single_trip_inside_its_transaction(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BEGIN, the SELECT (executed and fetched together) and COMMIT: three trips, not five."""
    db = sqlite_db
    game = await lobby(db)
    counter = TripCounter(db, monkeypatch)
    async with db.transaction(write=False) as tx:
        row = await tx.one("SELECT id FROM games WHERE id = ?", (game.id,))
    assert row is not None and row["id"] == game.id
    assert counter.trips == 3


async def test_reading_many_rows_is_a_single_trip(sqlite_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """tx.all fetches every row in the same trip that runs the statement."""
    db = sqlite_db
    first, second = await lobby(db, channel_id=1), await lobby(db, channel_id=2)
    counter = TripCounter(db, monkeypatch)
    async with db.transaction(write=False) as tx:
        rows = await tx.all("SELECT id FROM games ORDER BY id")
    assert [r["id"] for r in rows] == [first.id, second.id]
    assert counter.trips == 3


async def test_a_game_with_its_seats_is_one_trip(sqlite_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """games.get reads the game and its seats in one statement: one trip, the same record as two SELECTs."""
    db = sqlite_db
    game = await active_game(db, users=(3, 1), computers=("hard",))
    async with db.transaction(write=False) as tx:
        expected = await fetch_game(tx, game.id)
    counter = TripCounter(db, monkeypatch)
    got = await db.games.get(game.id)
    assert counter.trips == 1
    assert got == expected and [seat.seat for seat in got.seats] == [0, 1, 2]


async def test_a_game_without_seats_reads_with_none(db: Database) -> None:
    """A lobby nobody has joined yet: the LEFT JOIN's empty seat row is not a seat."""
    game = await lobby(db)
    assert (await db.games.get(game.id)).seats == ()


async def test_an_unknown_game_is_not_found(db: Database) -> None:
    """games.get of an id that was never stored raises GameNotFound, as inside a transaction."""
    with pytest.raises(GameNotFound):
        await db.games.get(987654)


async def test_user_settings_are_one_trip(sqlite_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """settings.user (read before each DM hand) is a single statement, stored or default."""
    db = sqlite_db
    await db.settings.update_user(5, dm_closed=True)
    counter = TripCounter(db, monkeypatch)
    assert (await db.settings.user(5)).dm_closed and not (await db.settings.user(6)).dm_closed
    assert counter.trips == 2


async def test_a_lone_read_does_not_wait_for_an_open_write_transaction(db: Database) -> None:
    """Database.read goes to the reader connection: while a write transaction is open it answers at once,
    from the last committed state (never the uncommitted write), and sees the write once committed."""
    game = await lobby(db)
    async with db.transaction() as tx:
        await tx.run("UPDATE games SET seed = ? WHERE id = ?", (99, game.id))
        db.games.forget(game.id)  # written by hand, around the repository: what it holds is dropped by hand
        during = await asyncio.wait_for(db.games.get(game.id), HANG_GUARD)
        assert during.seed == game.seed
    db.games.forget(game.id)
    assert (await db.games.get(game.id)).seed == 99


async def test_the_reader_refuses_writes(sqlite_db: Database) -> None:
    """`read` is for SELECTs: the reader connection is query_only, so a write through it fails loudly."""
    db = sqlite_db
    with pytest.raises(sqlite3.OperationalError):
        await db.read("UPDATE games SET seed = 1")


async def test_an_in_memory_database_reads_through_its_one_connection() -> None:
    """A second connection to ":memory:" would be another, empty database: reads use the writer there."""
    async with await Database.open(":memory:") as db:
        game = await lobby(db)
        assert db._reader is None
        assert (await db.games.get(game.id)).id == game.id


async def test_appending_a_move_is_one_trip(sqlite_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """BEGIN IMMEDIATE, the version bump, the move row, the timeout reset and COMMIT run in one trip
    (Database.atomic), so the connection lock is not held across trips that wait on the event loop."""
    db = sqlite_db
    game = await active_game(db, users=(1, 2))
    counter = TripCounter(db, monkeypatch)
    version = await db.games.append_move(game.id, game.version, "p", at=T0 + 5, actor=0, next_deadline=None)
    assert counter.trips == 1
    assert version == game.version + 1
    assert [move.code for move in (await db.games.load(game.id)).moves] == ["p"]


async def test_a_failed_atomic_transaction_rolls_back_everything(db: Database) -> None:
    """An error raised half-way through `atomic` undoes the statements before it and reaches the caller."""
    game = await lobby(db)

    async def half(tx: Tx) -> None:
        await tx.run("UPDATE games SET seed = ? WHERE id = ?", (99, game.id))
        raise LookupError("stop")

    with pytest.raises(LookupError):
        await db.atomic(half)
    assert (await db.games.get(game.id)).seed == game.seed
    if db.dialect == "sqlite":
        assert not db._conn.in_transaction
