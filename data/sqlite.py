"""The SQLite backend: the aiosqlite connections and the transactions every repository runs in.

Why one connection for transactions and an asyncio.Lock: aiosqlite runs each statement on a worker
thread, but a transaction spans several awaits. Without the lock, two tasks could interleave
statements inside the same transaction (one task's ROLLBACK undoing the other's move). With it, every
repository call is a short, whole transaction, so they are safe to call concurrently from many tasks.
Writers take `BEGIN IMMEDIATE`, so a second process on the same file waits (busy timeout) instead of
failing half-way, and readers see one consistent snapshot (WAL).

Why a second, read-only connection: the lone SELECTs of `Database.read` (a message's stored state, a
user's settings: several per move; bench.bot prints how many) used to queue for that lock behind
every write transaction, and a transaction holds it across several trips to the worker thread, each
of which waits its turn on a busy event loop. Under load (bench.bot's load run) the lock is held most
of the time and a read waited seconds for it. In WAL mode a reader never blocks the writer nor waits
for it, and a lone statement outside BEGIN is its own read transaction, so each read sees every commit
that finished before it started and nothing uncommitted.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Self, TypeVar

import aiosqlite

from . import schema
from .commits import GroupCommit, settle
from .counters import Counts
from .database import MEMORY, Database, Params, Synchronous, Tx, Work
from .errors import DatabaseUnavailable, FaultKind, as_fault, fault_kind
from .ratings import RatingModel

log = logging.getLogger(__name__)

T = TypeVar("T")
CHECKPOINT_TRIES = 20  # a truncating checkpoint that a read keeps busy is tried this often (`checkpoint`)


class SqliteTx:
    """A transaction in progress: run statements with parameters, never formatted SQL.

    Reads take one trip to aiosqlite's worker thread (execute and fetch together), not three
    (execute, fetch, close the cursor): each trip hands the GIL to that thread and back, and under
    load waits its turn on the event loop. A move read the game several times this way, so this
    halved the trips per move in the 1,000-game load run (bench.bot).
    """

    __slots__ = ("_conn", "_counts")

    def __init__(self, conn: aiosqlite.Connection, counts: Counts) -> None:
        self._conn = conn
        self._counts = counts

    async def all(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        self._counts.statement(sql)
        return list(await self._conn.execute_fetchall(sql, params))

    async def one(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        """The first row (every caller selects at most one)."""
        self._counts.statement(sql)
        rows = await self._conn.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def run(self, sql: str, params: Params = ()) -> int:
        """Execute one statement; return the number of rows it changed."""
        self._counts.writes += 1
        async with self._conn.execute(sql, params) as cursor:
            return cursor.rowcount

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Execute an INSERT; return the new row id."""
        self._counts.writes += 1
        async with self._conn.execute(sql, params) as cursor:
            rowid = cursor.lastrowid
        assert rowid is not None
        return rowid

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        batch = list(rows)
        self._counts.writes += len(batch)
        await self._conn.executemany(sql, batch)

    async def notify(self, channel: str, payload: str) -> None:
        """One file of one process: nobody else to tell."""
        return None


class SqliteDatabase(Database):
    """An open SQLite file (or `:memory:`): see the module docstring."""

    dialect = "sqlite"

    def __init__(
        self, conn: aiosqlite.Connection, path: Path, model: RatingModel, reader: aiosqlite.Connection | None = None
    ) -> None:
        super().__init__(model)
        self._conn = conn
        self._reader = reader  # None for an in-memory database, which a second connection would not share
        self._lock = asyncio.Lock()
        self._writes = GroupCommit(conn, self._lock, self.counts)
        self._closed = False
        self.path = path

    @classmethod
    async def connect(
        cls,
        path: str | Path,
        *,
        synchronous: Synchronous = Synchronous.FULL,
        busy_timeout_ms: int = 5000,
        rating_model: RatingModel | None = None,
        migrate_to: int | None = None,
    ) -> Self:
        """Open (creating if needed) and upgrade the database at `path`.

        Raises SchemaTooNew when the file was written by a newer Cardroom, and DatabaseUnavailable
        (saying what is wrong and what to do) when SQLite cannot open it for reading and writing: a
        missing folder, a read-only file or file system, a file that is not a database. `migrate_to`
        stops the upgrade at an older version; it exists for migration tests only.
        """
        path = Path(path)
        try:
            if str(path) != MEMORY:
                # A failed aiosqlite.connect stops its worker thread without waiting for it, and the
                # thread then reports to an event loop that may be closed already (a traceback on
                # stderr at exit): a file that cannot be opened at all is found with plain sqlite3.
                await asyncio.to_thread(_can_open, path)
            # isolation_level=None: we issue BEGIN/COMMIT ourselves, so sqlite3 never opens hidden transactions.
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            problem = unavailable(path, error)
            if problem is None:
                raise
            raise problem from error
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {Synchronous(synchronous).value}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA secure_delete = ON")  # erased data is zeroed, not left in free pages
            version = await schema.migrate(conn, migrate_to)
            await _probe_write(conn, version)
            reader = None if str(path) == MEMORY else await _open_reader(path, busy_timeout_ms)
        except sqlite3.Error as error:
            await conn.close()
            problem = unavailable(path, error)
            if problem is None:  # not the file's fault (a broken migration is a bug): keep the traceback
                raise
            raise problem from error
        except BaseException:
            await conn.close()
            raise
        log.info("opened %s at schema version %d", path, version)
        return cls(conn, path, rating_model or RatingModel(), reader)

    async def close(self) -> None:
        """Wait for the running transaction, then close. Safe to call twice."""
        if self._closed:
            return
        await self._writes.close()
        async with self._lock:
            self._closed = True
            try:
                await self._conn.close()
            finally:
                if self._reader is not None:
                    await self._reader.close()

    async def checkpoint(self) -> None:
        """Copy the WAL into the database file and truncate it, so no old page survives in the log.

        A checkpoint cannot finish while a read on the reader connection still uses the log's frames:
        SQLite answers "busy" (first column 1) and keeps the log, old pages included, without an error.
        So it is tried again (a read is one statement, over within milliseconds), and a log it could
        still not truncate is logged: the next checkpoint of the bot's (SQLite's own, at 1,000 pages)
        overwrites it in time, but not at once."""
        for attempt in range(CHECKPOINT_TRIES):
            async with self._lock:
                if self._closed:
                    raise RuntimeError("the database is closed")
                # The pragma answers with a row: fetched to the end, so its statement is finished and the
                # next group commit can open its savepoints (SQLite refuses one while a statement is live).
                rows = await settle(self._conn.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)"))
            if not next(iter(rows), (0,))[0]:
                return
            await asyncio.sleep(0.01 * (attempt + 1))
        log.warning("the write-ahead log of %s could not be truncated: a read held it", self.path)

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema.schema_version(self._conn)

    async def read(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """One SELECT on its own: a single trip to the reader's thread instead of three (BEGIN, it, COMMIT).

        Outside BEGIN/COMMIT (autocommit) SQLite runs a lone statement in its own read transaction, so
        every row it returns comes from one snapshot: a JOIN of a game and its seats is as consistent
        as the two SELECTs of a `transaction(write=False)`. Nobody ever opens a transaction on the
        reader, so no lock is needed and a read never waits for a write transaction (see the module
        docstring). An in-memory database has no reader: there the read takes the connection lock.
        """
        if self._closed:
            raise RuntimeError("the database is closed")
        self.counts.reads += 1
        if self._reader is not None:
            return list(await self._reader.execute_fetchall(sql, params))
        async with self._lock:
            if self._closed:
                raise RuntimeError("the database is closed")
            return list(await self._conn.execute_fetchall(sql, params))

    async def atomic(self, work: Work[T], *, one_game: bool = False) -> T:
        """Run `work` as a write transaction of its own, committed together with the others queued
        meanwhile (group commit, see data/commits.py); returns its value or raises its exception.

        `transaction()` awaits each statement, and under load every trip back waits its turn on the
        event loop while the connection lock stays held. Here `work` runs on the worker thread over
        the plain sqlite3 connection (its Tx's statements complete without suspending), inside a
        savepoint of a shared BEGIN IMMEDIATE ... COMMIT, so it must be quick and await nothing but
        its Tx. `one_game` changes nothing here: the group commit is one writer already.

        A full disk, an I/O error or a read-only file comes back as StorageFault: nothing of `work` was
        stored.
        """
        try:
            return await self._writes.submit(work)
        except sqlite3.Error as error:
            raise _plainly(error) from error

    async def statement(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """One data-modifying statement, atomic by itself, group-committed with the writes queued
        meanwhile (`atomic`): the upserts that record what a message shows follow every move, and as
        transactions of their own each paid a COMMIT (an fsync with FULL) under the connection lock."""

        async def one(tx: Tx) -> list[sqlite3.Row]:
            return list(await tx.all(sql, params))

        return await self.atomic(one)

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[Tx]:
        """One whole transaction under the connection lock; commits on success, rolls back on error.

        A write transaction starts with BEGIN IMMEDIATE so it holds the write lock from its first
        statement: a check-then-update inside it cannot be overtaken by another connection. A full disk,
        an I/O error or a read-only file comes back as StorageFault, after the rollback.
        """
        async with self._lock:
            if self._closed:
                raise RuntimeError("the database is closed")
            if write:
                self.counts.transactions += 1
            try:
                await settle(self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN"))
                yield SqliteTx(self._conn, self.counts)
                await settle(self._conn.execute("COMMIT"))
            except BaseException as error:
                # Never leave the shared connection inside a transaction, even for a cancelled task.
                if self._conn.in_transaction:
                    try:
                        await settle(self._conn.execute("ROLLBACK"))
                    except sqlite3.Error:
                        log.exception("rollback failed")
                if isinstance(error, sqlite3.Error):
                    raise _plainly(error) from error
                raise


def _plainly(error: sqlite3.Error) -> Exception:
    """A storage fault (full disk, I/O error, read-only...) as StorageFault; any other error as it is."""
    return as_fault(error) or error


async def _open_reader(path: Path, busy_timeout_ms: int) -> aiosqlite.Connection:
    """The read-only second connection of a database file (its own aiosqlite thread)."""
    reader = await aiosqlite.connect(path, isolation_level=None)
    try:
        reader.row_factory = sqlite3.Row
        await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await reader.execute("PRAGMA query_only = ON")  # `read` is for SELECTs: a write here is a bug
    except BaseException:
        await reader.close()
        raise
    return reader


def _can_open(path: Path) -> None:
    """Raise sqlite3's error when `path` cannot be opened (a missing folder, a folder, no permission)."""
    sqlite3.connect(path).close()


async def _probe_write(conn: aiosqlite.Connection, version: int) -> None:
    """Fail now, not at the first move, when the file cannot be written.

    SQLite opens a file it may not write (a read-only file system, a file without write permission)
    read-only without a word, and an up-to-date schema needs no write to open, so the first sign
    would be a player's move failing. Rewriting the schema version to its own value inside a
    transaction that is rolled back touches nothing but needs the write lock and the file header.
    """
    await settle(conn.execute("BEGIN IMMEDIATE"))
    try:
        await settle(conn.execute(f"PRAGMA user_version = {int(version)}"))
    finally:
        if conn.in_transaction:
            await settle(conn.execute("ROLLBACK"))


_READ_ONLY = "the file or its folder is read-only (a read-only file system, or no permission to write)"
_MAKE_WRITABLE = "make both writable by the user that runs the bot, or choose a file in a writable folder"
# What the operator is told for each storage fault met while opening: what is wrong, and what to do.
_AT_OPEN = {
    FaultKind.READ_ONLY: (_READ_ONLY, _MAKE_WRITABLE),
    FaultKind.DAMAGED: (
        "the file is not an SQLite database, or it is damaged",
        "choose the right file, restore a backup, or move this one aside to start a new database",
    ),
    FaultKind.DISK_FULL: ("the disk is full", "free some space and start the bot again"),
    FaultKind.BUSY: (
        "another program holds it locked",
        "stop the other program (another copy of the bot?) and start again",
    ),
    FaultKind.OUT_OF_MEMORY: ("the machine is out of memory", "free some memory and start the bot again"),
}


def unavailable(path: Path, error: sqlite3.Error) -> DatabaseUnavailable | None:
    """Explain why SQLite could not open `path`, in words and with a remedy, from the fault its error
    reports (`data.errors.fault_kind`); None when it is no storage fault (a mistake in SQL is a bug,
    not the operator's).

    "unable to open database file" covers a missing folder, a folder given as the file and a folder
    that cannot be written (SQLite creates the -wal and -shm files beside the database), so for
    that fault the file system is asked which one it is.
    """
    kind = fault_kind(error)
    if kind is FaultKind.CANNOT_OPEN:
        if path.is_dir():
            inside = path / "cardroom.db"
            return DatabaseUnavailable(path, "it is a folder, not a file", f"choose a file in it, such as {inside}")
        if not path.parent.is_dir():
            return DatabaseUnavailable(
                path, f"the folder {path.parent} does not exist", "create it, or choose a file in a folder that exists"
            )
        if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.R_OK | os.W_OK)):
            return DatabaseUnavailable(path, _READ_ONLY, _MAKE_WRITABLE)
        return DatabaseUnavailable(
            path, f"SQLite could not open it ({error})", "check that the file and its folder can be read and written"
        )
    if kind is FaultKind.IO_ERROR:
        return DatabaseUnavailable(path, f"the disk reported an error ({error})", "check the disk and start again")
    if kind in _AT_OPEN:
        return DatabaseUnavailable(path, *_AT_OPEN[kind])
    return None
