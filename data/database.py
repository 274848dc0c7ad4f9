"""The one aiosqlite connection and the transactions every repository runs in.

Why one connection and an asyncio.Lock: aiosqlite runs each statement on a worker thread, but a
transaction spans several awaits. Without the lock, two tasks could interleave statements inside the
same transaction (one task's ROLLBACK undoing the other's move). With it, every repository call is a
short, whole transaction, so they are safe to call concurrently from many tasks. Writers take
`BEGIN IMMEDIATE`, so a second process on the same file waits (busy timeout) instead of failing
half-way, and readers see one consistent snapshot (WAL).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Iterable, Sequence
from contextlib import asynccontextmanager
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import aiosqlite

from . import schema
from .ratings import RatingModel

log = logging.getLogger(__name__)

Params = Sequence[Any]


class Synchronous(StrEnum):
    """SQLite's `PRAGMA synchronous`. In WAL mode both survive a killed process; FULL also survives a
    power cut or OS crash at the price of an fsync per commit. FULL is the default: the database is
    the source of truth for games in progress (design §5)."""

    NORMAL = "NORMAL"
    FULL = "FULL"


class Tx:
    """A transaction in progress: run statements with parameters, never formatted SQL.

    Reads take one trip to aiosqlite's worker thread (execute and fetch together), not three
    (execute, fetch, close the cursor): each trip hands the GIL to that thread and back, and under
    load the event loop then waits behind rendering threads too. A move reads the game several times,
    so this halved the trips per move in the 1,000-game load run (bench.bot).
    """

    __slots__ = ("_conn",)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def all(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def one(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        """The first row (every caller selects at most one)."""
        rows = await self._conn.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def run(self, sql: str, params: Params = ()) -> int:
        """Execute one statement; return the number of rows it changed."""
        async with self._conn.execute(sql, params) as cursor:
            return cursor.rowcount

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Execute an INSERT; return the new row id."""
        async with self._conn.execute(sql, params) as cursor:
            rowid = cursor.lastrowid
        assert rowid is not None
        return rowid

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)


class Database:
    """An open Cardroom database. Use `await Database.open(path)` or `async with await Database.open(path)`.

    The repositories hang off it: `db.games`, `db.results`, `db.settings`, `db.privacy`.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path, model: RatingModel) -> None:
        from .games import GameRepository
        from .privacy import PrivacyRepository
        from .results import ResultRepository
        from .settings import SettingsRepository

        self._conn = conn
        self._lock = asyncio.Lock()
        self._closed = False
        self.path = path
        self.rating_model = model
        self.games = GameRepository(self)
        self.results = ResultRepository(self)
        self.settings = SettingsRepository(self)
        self.privacy = PrivacyRepository(self)

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: Synchronous = Synchronous.FULL,
        busy_timeout_ms: int = 5000,
        rating_model: RatingModel | None = None,
        migrate_to: int | None = None,
    ) -> Self:
        """Open (creating if needed) and upgrade the database at `path`.

        Raises SchemaTooNew when the file was written by a newer Cardroom. `migrate_to` stops the
        upgrade at an older version; it exists for migration tests only.
        """
        path = Path(path)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so sqlite3 never opens hidden transactions.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {Synchronous(synchronous).value}")
            await conn.execute("PRAGMA foreign_keys = ON")
            version = await schema.migrate(conn, migrate_to)
        except BaseException:
            await conn.close()
            raise
        log.info("opened %s at schema version %d", path, version)
        return cls(conn, path, rating_model or RatingModel())

    async def close(self) -> None:
        """Wait for the running transaction, then close. Safe to call twice."""
        if self._closed:
            return
        async with self._lock:
            self._closed = True
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema.schema_version(self._conn)

    async def read(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """One SELECT on its own: a single trip to aiosqlite's thread instead of three (BEGIN, it, COMMIT).

        Outside BEGIN/COMMIT (autocommit) SQLite runs a lone statement in its own read transaction, so
        every row it returns comes from one snapshot: a JOIN of a game and its seats is as consistent
        as the two SELECTs of a `transaction(write=False)`. Taken under the connection lock all the
        same, so it never runs inside another task's open transaction on the shared connection.
        """
        async with self._lock:
            if self._closed:
                raise RuntimeError("the database is closed")
            return list(await self._conn.execute_fetchall(sql, params))

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[Tx]:
        """One whole transaction under the connection lock; commits on success, rolls back on error.

        A write transaction starts with BEGIN IMMEDIATE so it holds the write lock from its first
        statement: a check-then-update inside it cannot be overtaken by another connection.
        """
        async with self._lock:
            if self._closed:
                raise RuntimeError("the database is closed")
            try:
                await _settle(self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN"))
                yield Tx(self._conn)
                await _settle(self._conn.execute("COMMIT"))
            except BaseException:
                # Never leave the shared connection inside a transaction, even for a cancelled task.
                if self._conn.in_transaction:
                    try:
                        await _settle(self._conn.execute("ROLLBACK"))
                    except sqlite3.Error:
                        log.exception("rollback failed")
                raise


async def _settle(statement: Awaitable[Any]) -> Any:
    """Run a BEGIN, COMMIT or ROLLBACK to completion even if the calling task is cancelled meanwhile.

    The statement runs on aiosqlite's worker thread whatever happens to the awaiting task, so the
    connection's transaction state must be read only after it has finished: a cancelled task waits
    for it, then lets the cancellation go on (the caller rolls back if a transaction is still open).
    """
    task = asyncio.ensure_future(statement)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        await asyncio.wait({task})
        raise
