"""PostgreSQL: a pooled connection goes back to the pool as it is, with no reset statement sent to the
server (data.postgres), and nothing the bot runs leaves state in a session for the next user of the
connection to inherit."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import asyncpg
import pytest

from data import Database
from data.database import Tx

from .conftest import T0, active_game

APP = "cardroom-give-back"


async def _every_kind_of_work(db: Database) -> None:
    """A read, a write transaction, a read transaction, a move (the advisory-locked one-statement
    append), a lease and a notification: each takes a pooled connection and gives it back."""
    game = await active_game(db, (1, 2))
    await db.games.get(game.id)

    async def work(tx: Tx) -> int:
        return await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (T0 + 1, game.id))

    await db.atomic(work)
    async with db.transaction(write=False) as tx:
        await tx.all("SELECT * FROM seats WHERE game_id = ?", (game.id,))
    await db.games.append_move(game.id, game.version, "pass", at=T0 + 2, actor=0, next_deadline=None)
    await db.leases.acquire(f"game:{game.id}", "someone", now=T0, ttl=30)
    await db.notify("moves", str(game.id))


async def test_a_connection_goes_back_to_the_pool_without_a_reset_round_trip(
    pg_schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """asyncpg's default give-back runs `Connection.reset` (advisory unlock, CLOSE ALL, UNLISTEN, RESET
    ALL: one more round trip per statement); the pool here never calls it."""
    resets: list[Any] = []
    real_reset = asyncpg.connection.Connection.reset

    async def counted(self: asyncpg.Connection, *, timeout: float | None = None) -> None:
        resets.append(self)
        await real_reset(self, timeout=timeout)

    monkeypatch.setattr(asyncpg.connection.Connection, "reset", counted)
    db = await Database.open(pg_schema)
    try:
        await _every_kind_of_work(db)
    finally:
        await db.close()
    assert resets == []


async def test_no_advisory_lock_outlives_the_work_that_took_it(pg_schema: str) -> None:
    """Every lock the bot takes is transaction-level, so a connection back in the pool holds none: with
    no reset, a session-level lock would stay with the connection and block every other writer."""
    url = f"{pg_schema}&{urlencode({'application_name': APP})}"
    db = await Database.open(url, pool_size=3)
    admin = await asyncpg.connect(pg_schema)
    try:
        await _every_kind_of_work(db)
        held = await admin.fetchval(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND a.application_name = $1",
            APP,
        )
        pooled = await admin.fetchval("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", APP)
    finally:
        await admin.close()
        await db.close()
    assert pooled >= 1  # the pool's connections were there to look at
    assert held == 0
