"""Group commit: many small write transactions stored in one trip and one COMMIT.

Why: the bot's most frequent write is a move (`GameRepository.append_move`, two or three statements). Under
load the connection lock was the bot's bottleneck. Run statement by statement, an append held the
lock many times longer than its SQLite work took, because every trip back to the event loop waited
its turn on a busy loop; run as one trip it still held it for the trip there and back, the GIL and
the fsync of a FULL commit. With one append at a time, that trip caps the moves a second whatever
else is made faster, and under load appends queue for the lock for seconds (bench.bot's load run
prints the append times).

So writes queue here, and one committer task takes everything queued into a single trip to the
worker thread: BEGIN IMMEDIATE, each work in its own SAVEPOINT, one COMMIT. Each work is still
atomic on its own (an error rolls back its savepoint only and reaches its own caller), and a caller
hears back only after the COMMIT that made its work durable. The cost of a trip is shared by every
write that arrived while the previous one ran, so the rate of writes follows the load instead of
being capped by the trip time.

A work is a coroutine function of its Tx (`data.database.Work`), the same kind of body the PostgreSQL
backend awaits statement by statement. Here its Tx is a `SyncTx`, whose statements run on the
calling (worker) thread and complete at once, so the coroutine never suspends: `drive` runs it to
its end in one `send`, on the worker thread, with no event loop involved.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import aiosqlite

from .counters import Counts
from .database import Params, Work

log = logging.getLogger(__name__)

T = TypeVar("T")
MAX_BATCH = 256  # works per trip: bounds one trip's time, and so the wait of a transaction() behind it


@dataclass(frozen=True)
class Queued(Generic[T]):
    work: Work[T]
    future: asyncio.Future[T]


class SyncTx:
    """A Tx over a plain sqlite3 connection, for works running on the database thread: each statement
    runs and finishes inside its own `await`, which therefore never suspends."""

    __slots__ = ("_counts", "_raw")

    def __init__(self, raw: sqlite3.Connection, counts: Counts | None = None) -> None:
        self._raw = raw
        self._counts = counts if counts is not None else Counts()  # the batch's (see data.counters)

    async def all(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        self._counts.statement(sql)
        return self._raw.execute(sql, params).fetchall()

    async def one(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        self._counts.statement(sql)
        row: sqlite3.Row | None = self._raw.execute(sql, params).fetchone()
        return row

    async def run(self, sql: str, params: Params = ()) -> int:
        self._counts.writes += 1
        return self._raw.execute(sql, params).rowcount

    async def insert(self, sql: str, params: Params = ()) -> int:
        self._counts.writes += 1
        rowid = self._raw.execute(sql, params).lastrowid
        assert rowid is not None
        return rowid

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        batch = list(rows)
        self._counts.writes += len(batch)
        self._raw.executemany(sql, batch)

    async def notify(self, channel: str, payload: str) -> None:
        """One file of one process: nobody else to tell."""
        return None


def drive(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never suspends to its end, here and now; its value or its exception."""
    try:
        coroutine.send(None)
    except StopIteration as finished:
        value: T = finished.value
        return value
    coroutine.close()
    raise RuntimeError("a database work awaited something other than its own statements")


@dataclass(frozen=True)
class Outcome:
    """What one work did inside the batch: its value, or the exception its savepoint was undone for."""

    value: Any = None
    error: BaseException | None = None


def run_batch(raw: sqlite3.Connection, works: list[Work[Any]], counts: Counts | None = None) -> list[Outcome]:
    """On the worker thread: every work in its own savepoint inside one write transaction.

    An exception from a work rolls back that work alone (ROLLBACK TO its savepoint). An error of the
    transaction itself (BEGIN or COMMIT failing: disk full, a busy timeout), or one after which SQLite
    has rolled the transaction back by itself, undoes the whole batch and is raised, so every caller
    of the batch gets it. `counts`, the batch's own, gets each work and its statements (data.counters).
    """
    tally = counts if counts is not None else Counts()
    raw.execute("BEGIN IMMEDIATE")
    outcomes: list[Outcome] = []
    try:
        for work in works:
            raw.execute("SAVEPOINT work")
            tally.transactions += 1
            try:
                value = drive(work(SyncTx(raw, tally)))
            except Exception as error:  # handed to that work's caller
                if not raw.in_transaction:
                    # SQLite rolled the whole transaction back by itself (it may on SQLITE_FULL, IOERR,
                    # NOMEM, BUSY): every work of the batch is undone, so every caller hears this error.
                    raise
                raw.execute("ROLLBACK TO work")
                raw.execute("RELEASE work")
                outcomes.append(Outcome(error=error))
            else:
                raw.execute("RELEASE work")
                outcomes.append(Outcome(value=value))
        raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:
            raw.execute("ROLLBACK")
        raise
    return outcomes


async def settle(statement: Awaitable[T]) -> T:
    """Run a statement (or a whole batch) on aiosqlite's worker thread to completion even if the calling
    task is cancelled meanwhile.

    It runs there whatever happens to the awaiting task, so the connection's transaction state (and the
    connection lock) must be let go only after it has finished: a cancelled task waits for it, then lets
    the cancellation go on (the caller rolls back if a transaction is still open).
    """
    task = asyncio.ensure_future(statement)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        await asyncio.wait({task})
        raise


class GroupCommit:
    """The queue of pending works and the one task that commits them (see the module docstring)."""

    def __init__(self, conn: aiosqlite.Connection, lock: asyncio.Lock, counts: Counts | None = None) -> None:
        self._conn = conn
        self._counts = counts if counts is not None else Counts()  # the database's (data.counters)
        self._lock = lock  # the connection lock `Database.transaction` takes too
        self._queue: list[Queued[Any]] = []
        self._committer: asyncio.Task[None] | None = None
        self.trips = 0  # batches committed (or failed): for tests and benchmarks
        self.closed = False

    async def submit(self, work: Work[T]) -> T:
        """Queue `work` and wait until the COMMIT that stores it; its value or its exception comes back.

        A caller cancelled while its work still waits in the queue takes it back: it never runs. One
        cancelled while its work is on the worker thread waits for that trip to end before the
        cancellation goes on (as `settle` does for single statements), so nothing of a cancelled caller's write
        happens after the caller has gone; the work may then have been committed, which the version
        checks of its callers allow.
        """
        if self.closed:
            raise RuntimeError("the database is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        queued = Queued(work, future)
        self._queue.append(queued)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_all(), name="database-group-commit")
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            for index, waiting in enumerate(self._queue):
                if waiting is queued:  # not taken into a trip yet: it will never run
                    del self._queue[index]
                    raise
            await asyncio.wait({future})  # on its way: let the trip end first
            if not future.cancelled():
                future.exception()  # its outcome is nobody's news now (and must not be logged as lost)
            raise

    async def _commit_all(self) -> None:
        while self._queue:
            batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
            try:
                async with self._lock:
                    if self.closed:
                        raise RuntimeError("the database is closed")
                    outcomes = await self._trip([queued.work for queued in batch])
            except BaseException as error:  # the whole batch failed (or the task was cancelled)
                for queued in batch:
                    if not queued.future.done():
                        queued.future.set_exception(error)
                if isinstance(error, asyncio.CancelledError):
                    raise
                log.warning("a batch of %d writes failed: %r", len(batch), error)
                continue
            for queued, outcome in zip(batch, outcomes, strict=True):
                if queued.future.done():
                    continue  # its caller was cancelled
                if outcome.error is not None:
                    queued.future.set_exception(outcome.error)
                else:
                    queued.future.set_result(outcome.value)

    async def _trip(self, works: list[Work[Any]]) -> list[Outcome]:
        """One call on aiosqlite's worker thread, waited for to the end even if this task is cancelled,
        so the lock is never let go while the transaction is open."""
        self.trips += 1
        conn = self._conn
        batch = Counts()  # added to on the worker thread, then here on the loop: no counter shared by two threads
        # aiosqlite has no public way to run a function on its thread: `_execute` queues one there and
        # `_conn` is its sqlite3 connection (both in every version since 0.17; tests/data exercise them).
        try:
            outcomes: list[Outcome] = await settle(conn._execute(lambda: run_batch(conn._conn, works, batch)))
        finally:
            self._counts.add(batch)
        return outcomes

    async def close(self) -> None:
        """Commit what is queued, then refuse new work."""
        committer = self._committer
        if committer is not None and not committer.done():
            await asyncio.wait({committer})
        self.closed = True
