"""Reads cost one trip to aiosqlite's worker thread each (every trip is a GIL hand-over under load)."""

from __future__ import annotations

from typing import Any

import pytest

from data import Database
from tests.data.conftest import lobby


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
