"""Reads cost one trip to aiosqlite's worker thread each (every trip is a GIL hand-over under load)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from data import Database, GameNotFound
from data.games import fetch_game
from tests.data.conftest import active_game, lobby


class TripCounter:
    """Counts the calls queued on aiosqlite's worker thread while installed."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self.trips = 0
        conn = db._conn
        queue = conn._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.trips += 1
            return await queue(fn, *args, **kwargs)

        monkeypatch.setattr(conn, "_execute", counted)


async def test_reading_one_row_is_a_single_trip_inside_its_transaction(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BEGIN, the SELECT (executed and fetched together) and COMMIT: three trips, not five."""
    game = await lobby(db)
    counter = TripCounter(db, monkeypatch)
    async with db.transaction(write=False) as tx:
        row = await tx.one("SELECT id FROM games WHERE id = ?", (game.id,))
    assert row is not None and row["id"] == game.id
    assert counter.trips == 3


async def test_reading_many_rows_is_a_single_trip(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """tx.all fetches every row in the same trip that runs the statement."""
    first, second = await lobby(db, channel_id=1), await lobby(db, channel_id=2)
    counter = TripCounter(db, monkeypatch)
    async with db.transaction(write=False) as tx:
        rows = await tx.all("SELECT id FROM games ORDER BY id")
    assert [r["id"] for r in rows] == [first.id, second.id]
    assert counter.trips == 3


async def test_a_game_with_its_seats_is_one_trip(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """games.get reads the game and its seats in one statement: one trip, the same record as two SELECTs."""
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


async def test_user_settings_are_one_trip(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """settings.user (read before each DM hand) is a single statement, stored or default."""
    await db.settings.update_user(5, dm_closed=True)
    counter = TripCounter(db, monkeypatch)
    assert (await db.settings.user(5)).dm_closed and not (await db.settings.user(6)).dm_closed
    assert counter.trips == 2


async def test_a_lone_read_waits_for_the_open_transaction(db: Database) -> None:
    """Database.read takes the connection lock: it never sees another task's uncommitted writes."""
    game = await lobby(db)
    async with db.transaction() as tx:
        await tx.run("UPDATE games SET seed = ? WHERE id = ?", (99, game.id))
        reader = asyncio.ensure_future(db.games.get(game.id))
        await asyncio.sleep(0.05)
        assert not reader.done()
    assert (await reader).seed == 99
