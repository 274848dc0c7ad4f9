"""The PostgreSQL server drops the bot's connections (pg_terminate_backend, as an operator or a failover
does) while many operations run at once: each operation either succeeds or fails cleanly with
StorageFault, and asyncpg never reports a connection used by two operations at once."""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from urllib.parse import urlencode

import asyncpg
import pytest

from data import Database, StorageFault
from data.database import Tx
from data.postgres import PostgresDatabase

from .conftest import T0, active_game

APP = "cardroom-dropped"
WORKERS = 12
WAVES = 25  # rounds of terminations, each while every worker has an operation under way
PATIENCE = 100  # tries of one operation before the test calls it lost (each StorageFault is clean)
# asyncpg's words for a connection that two operations used at once, or that went back to the pool twice.
SHARED = ("another operation", "cannot switch to state", "free connection holder", "is in progress")


def _tagged(url: str) -> str:
    """The URL with an application_name, so the killer drops this pool's backends and nobody else's."""
    return f"{url}&{urlencode({'application_name': APP})}"


async def _killer(admin: asyncpg.Connection, stop: asyncio.Event, killed: Counter[str]) -> None:
    """Terminate every backend of the pool and the listener, WAVES times at random moments, then stop
    the workers."""
    rng = random.Random(31)
    for _ in range(WAVES):
        await asyncio.sleep(rng.uniform(0.02, 0.2))
        count = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name = $1 AND pid <> pg_backend_pid()",
            APP,
        )
        killed["backends"] += int(count)
    stop.set()


async def _one_operation(db: Database, game_id: int, worker: int, step: int) -> None:
    """One of the bot's kinds of database work: reads, single statements, transactions, moves, notify."""
    kind = (worker + step) % 7
    if kind == 0:
        await db.games.get(game_id)
    elif kind == 1:
        await db.leases.acquire(f"w{worker}", f"owner{worker}", now=T0 + step, ttl=30)
    elif kind == 2:
        await db.games.set_deadline(game_id, T0 + 100 + step)

    elif kind == 3:

        async def work(tx: Tx) -> int:
            await tx.one("SELECT id FROM games WHERE id = ?", (game_id,))
            return await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (T0 + step, game_id))

        await db.atomic(work)
    elif kind == 4:
        await db.notify("moves", str(game_id))
    elif kind == 5:
        async with db.transaction(write=False) as tx:
            await tx.all("SELECT * FROM seats WHERE game_id = ?", (game_id,))
            await tx.all("SELECT * FROM messages WHERE game_id = ?", (game_id,))
    else:
        await db.messages.turn_start(game_id, 0)


async def _worker(
    db: Database, game_id: int, worker: int, stop: asyncio.Event, outcomes: Counter[str], errors: list[BaseException]
) -> None:
    """Operations one after another until the killer is done, each tried again after a StorageFault."""
    step = 0
    while not stop.is_set():
        step += 1
        outcomes["started"] += 1
        for _ in range(PATIENCE):
            try:
                await _one_operation(db, game_id, worker, step)
            except StorageFault:  # clean: nothing half-done, so it is tried again, as the bot does
                outcomes["retried"] += 1
                await asyncio.sleep(0.01)
                continue
            except Exception as error:  # anything else is not a clean failure
                errors.append(error)
            outcomes["done"] += 1
            break


async def test_dropped_connections_under_load_never_share_a_connection(
    pg_schema: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Twelve workers run reads, statements, transactions and notifies while a killer terminates their
    backends and the listener's: every operation ends done or with StorageFault (retried until done),
    and nothing logs or raises asyncpg's "another operation is in progress" or a double release; the
    listener listens again afterwards."""
    caplog.set_level(logging.WARNING)
    loop = asyncio.get_running_loop()
    unhandled: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: unhandled.append(context))
    url = _tagged(pg_schema)
    db = await Database.open(url, pool_size=6)
    assert isinstance(db, PostgresDatabase)
    heard: list[str] = []
    listening = await db.listen("moves", heard.append)
    admin = await asyncpg.connect(pg_schema)
    stop = asyncio.Event()
    killed: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    errors: list[BaseException] = []
    try:
        game = await active_game(db)
        killer = asyncio.ensure_future(_killer(admin, stop, killed))
        await asyncio.gather(*(_worker(db, game.id, worker, stop, outcomes, errors) for worker in range(WORKERS)))
        await killer
        deadline = loop.time() + 20
        while "after" not in heard:  # the listener, dropped too, listens again (polled: it reconnects by itself)
            assert loop.time() < deadline, "the listener never listened again"
            await db.notify("moves", "after")
            await asyncio.sleep(0.1)
    finally:
        stop.set()
        await listening.close()
        await db.close()
        await admin.close()
        loop.set_exception_handler(None)
    assert killed["backends"] > 0 and outcomes["retried"] > 0  # the drops did land mid-operation
    assert errors == []
    assert outcomes["done"] == outcomes["started"]
    shared = [record.getMessage() for record in caplog.records if any(w in record.getMessage() for w in SHARED)]
    shared += [str(context) for context in unhandled]
    assert shared == []
