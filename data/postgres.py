"""The PostgreSQL backend: one server that several bot processes share, through an asyncpg pool.

What SQLite gets from being one file with one writer, this gets from the server:
- Write transactions never interleave. Each begins with a transaction-level advisory lock on one key
  (`pg_advisory_xact_lock`), so, like SQLite's BEGIN IMMEDIATE, a check-then-update (a seat count,
  a rating read and rewritten, a settings merge) cannot be overtaken, from this process or another.
  The lock is the first thing each write takes and it is released by COMMIT or ROLLBACK, so it
  orders every writer the same way and cannot deadlock with row locks. The key names the schema
  (`lock_keys`): advisory locks belong to the whole database, and bots in two schemas of one server
  share no rows, so neither waits behind the other's writers (nor behind a writer stuck there).
- A move is the exception (`atomic(..., one_game=True)`): it takes the same key in shared mode and
  runs beside other moves. It touches only rows of its own game, and its version check is one
  conditional UPDATE (`WHERE version = ?`): when two processes race on one game, the second waits on
  the first's row lock, re-reads the row after the first commits, matches nothing and gets
  VersionConflict. So a move is applied once, and moves of different games never wait for each other.
- Group commit becomes one transaction per `atomic` work on a pooled connection; its caller hears
  back after that COMMIT, and the server's WAL flush already groups commits that arrive together.
  A caller cancelled mid-way waits for its transaction to end first, as on SQLite.
- `read` runs one statement outside any transaction (its own snapshot); `transaction(write=False)`
  is REPEATABLE READ READ ONLY, one snapshot for all its statements.

Notifications (`notify` / `listen`) are PostgreSQL's NOTIFY / LISTEN on a channel named after the
schema too, so two bots sharing one server in different schemas never hear each other. A listener
holds a connection of its own (outside the pool) and reconnects when it is lost.

A connection goes back to the pool as it is: nothing run here leaves state in its session (every
advisory lock is transaction-level and ends with COMMIT or ROLLBACK, a listener holds a connection of
its own, and nothing SETs a session variable or opens a cursor). asyncpg's default give-back sends a
reset (`SELECT pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL`), one more round trip for
every statement and transaction, which the server parses and runs each time; `_as_it_is` replaces it.
asyncpg still rolls back a transaction left open (a cancelled caller) before the pool hands the
connection out again.

A connection the server ends (a restart, `pg_terminate_backend`) is never used again nor given back
twice. The server says so with an error before it closes the socket, and asyncpg learns of the close
a moment later: in between the pool may hand the connection out and asyncpg refuses to start a
statement on it ("cannot switch to state ...; another operation (2) is in progress", the state of a
connection waiting for the end of an error). Nothing was sent then, so the work is tried on another
connection (`ATTEMPTS`); any other loss is a StorageFault. Every connection is taken and given back
by `_connection`, exactly once: one whose state is unknown after an error is terminated rather than
given back (its pool slot reconnects), and a give-back that fails because the server's close arrived
meanwhile (asyncpg has taken the slot back itself: "release() called on a free connection holder")
is not an error of the work, which has committed or failed already.

The repositories' SQL keeps SQLite's `?` placeholders; `numbered` turns them into `$1, $2...`.
The schema version lives in the one-row table `cardroom_schema`; migrations are
data/migrations/postgresql/ where they differ from SQLite's (data/schema.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any, TypeVar

import asyncpg

from . import schema
from .commits import settle
from .counters import Counts
from .database import Database, Params, Tx, Work, redacted
from .errors import DatabaseUnavailable, FaultKind, SchemaTooNew, StorageFault
from .privacy import ERASED_TABLES
from .ratings import RatingModel

log = logging.getLogger(__name__)

T = TypeVar("T")
WRITE_LOCK = 0x43415244  # the first key of the lock every write transaction takes ("CARD"; see lock_keys)
MIGRATION_LOCK = 0x4D494752  # held while the schema is upgraded ("MIGR"): two processes starting together
CONNECT_TIMEOUT_S = 10.0
NOTIFY_SQL = "SELECT pg_notify($1, $2)"  # a notification, sent alone or inside a transaction
LISTEN_RETRY_S = (0.5, 1.0, 2.0, 5.0)  # waits before a lost listener connects again (the last repeats)
MAX_CHANNEL = 63  # PostgreSQL's identifier limit (NAMEDATALEN - 1), which channel names obey
ATTEMPTS = 3  # connections a statement asyncpg refused to send is tried on (see the module docstring)
# What asyncpg raises for a failed statement, a lost connection or a connection it cannot use.
DRIVER_ERRORS = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError)


@lru_cache(maxsize=2048)
def numbered(sql: str) -> str:
    """SQLite's `?` placeholders as PostgreSQL's `$1, $2, ...` (a `?` inside a quoted string stays)."""
    out: list[str] = []
    count = 0
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            count += 1
            out.append(f"${count}")
        else:
            out.append(char)
    return "".join(out)


NUL = "\x00"
NUL_STORED_AS = "\ufffd"  # PostgreSQL's text cannot hold U+0000 at all; the replacement character can


def _bound(params: Params) -> Params:
    """The parameters as PostgreSQL can store them: U+0000 in a text becomes U+FFFD (Discord never sends
    it in a name; a text that held one still round-trips as the same length, with the mark visible)."""
    if any(isinstance(value, str) and NUL in value for value in params):
        return [value.replace(NUL, NUL_STORED_AS) if isinstance(value, str) else value for value in params]
    return params


def lock_keys(lock: int, schema_name: str) -> str:
    """An advisory lock's two keys for one schema, as SQL arguments: `lock` and a 32-bit digest of the
    schema's name (advisory locks are database-wide; see the module docstring)."""
    digest = int.from_bytes(hashlib.sha1(schema_name.encode()).digest()[:4], "big", signed=True)
    return f"{lock}, {digest}"


async def _as_it_is(conn: asyncpg.Connection) -> None:
    """A connection's give-back to the pool: nothing to reset (see the module docstring)."""


def move_lock_sql(schema_name: str) -> str:
    """An uncorrelated subquery a move's UPDATE puts in its WHERE clause: evaluated once, before the first
    row is read (and so before any row lock), it takes the write lock shared for the statement's
    transaction."""
    keys = lock_keys(WRITE_LOCK, schema_name)
    return f"(SELECT 1 FROM (SELECT pg_advisory_xact_lock_shared({keys})) AS locked) = 1"


_COUNT = re.compile(r"(\d+)$")


def _changed(status: str) -> int:
    """The row count of a command status ("UPDATE 3", "INSERT 0 1", "DELETE 0")."""
    match = _COUNT.search(status)
    return int(match[1]) if match else 0


class PgTx:
    """A Tx on one pooled connection inside its transaction."""

    __slots__ = ("_channel_name", "_conn", "_counts")

    def __init__(self, conn: asyncpg.Connection, counts: Counts, channel_name: Callable[[str], str]) -> None:
        self._conn = conn
        self._counts = counts
        self._channel_name = channel_name

    async def all(self, sql: str, params: Params = ()) -> list[asyncpg.Record]:
        self._counts.statement(sql)
        return list(await self._conn.fetch(numbered(sql), *_bound(params)))

    async def one(self, sql: str, params: Params = ()) -> asyncpg.Record | None:
        self._counts.statement(sql)
        row: asyncpg.Record | None = await self._conn.fetchrow(numbered(sql), *_bound(params))
        return row

    async def run(self, sql: str, params: Params = ()) -> int:
        self._counts.writes += 1
        return _changed(await self._conn.execute(numbered(sql), *_bound(params)))

    async def insert(self, sql: str, params: Params = ()) -> int:
        self._counts.writes += 1
        new_id = await self._conn.fetchval(numbered(sql) + " RETURNING id", *_bound(params))
        return int(new_id)

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        batch = [tuple(_bound(row)) for row in rows]
        self._counts.writes += len(batch)
        if batch:
            await self._conn.executemany(numbered(sql), batch)

    async def notify(self, channel: str, payload: str) -> None:
        """NOTIFY inside the transaction: the server delivers it at COMMIT. It serialises the commits of
        notifying transactions (a lock on the notification queue), so moves notify outside theirs
        (`PostgresDatabase.notify`) and only rare writes, such as settings, notify inside."""
        await self._conn.execute(NOTIFY_SQL, self._channel_name(channel), payload)


def _begin(write: bool, one_game: bool, schema_name: str) -> str:
    if not write:
        return "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    lock = "pg_advisory_xact_lock_shared" if one_game else "pg_advisory_xact_lock"
    # One round trip: the simple-query protocol takes both statements at once.
    return f"BEGIN ISOLATION LEVEL READ COMMITTED; SELECT {lock}({lock_keys(WRITE_LOCK, schema_name)})"


class PostgresDatabase(Database):
    """An open PostgreSQL database (see the module docstring)."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str, model: RatingModel, schema_name: str = "public") -> None:
        super().__init__(model)
        self._pool = pool
        self.url = url
        self.path = redacted(url)  # what logs and messages name: the URL without its password
        self.schema_name = schema_name  # the schema the tables live in (the URL's search_path)
        self.move_lock_sql = move_lock_sql(schema_name)
        both = (False, True)
        self._begins = {(write, one): _begin(write, one, schema_name) for write in both for one in both}
        self._closed = False
        self._running: set[asyncio.Future[Any]] = set()
        self._listeners: set[PgListening] = set()

    @classmethod
    async def connect(
        cls, url: str, *, rating_model: RatingModel | None = None, migrate_to: int | None = None, pool_size: int = 10
    ) -> PostgresDatabase:
        """Connect a pool to `url` and bring the schema up to date (see `Database.open`)."""
        where = redacted(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=max(1, pool_size),
                timeout=CONNECT_TIMEOUT_S,
                command_timeout=None,
                reset=_as_it_is,
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise unavailable(where, error) from error
        try:
            async with pool.acquire() as conn:
                version = await migrate(conn, migrate_to)
                schema_name = str(await conn.fetchval("SELECT current_schema()"))
        except SchemaTooNew:
            await pool.close()
            raise
        except (OSError, asyncpg.PostgresError) as error:
            await pool.close()
            problem = unavailable(where, error)
            if fault_kind(error) is None and not isinstance(error, asyncpg.InsufficientPrivilegeError):
                raise  # a broken migration is a bug: keep the traceback
            raise problem from error
        except BaseException:
            await pool.close()
            raise
        log.info("opened %s at schema version %d", where, version)
        return cls(pool, url, rating_model or RatingModel(), schema_name)

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the database is closed")

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for listener in list(self._listeners):
            await listener.close()
        if self._running:
            await asyncio.wait(set(self._running))
        await self._pool.close()

    async def schema_version(self) -> int:
        self._check_open()
        return await self._on_connection(_stored_version)

    async def checkpoint(self) -> None:
        """Vacuum the tables an erasure rewrites, so the old row versions holding the user's id and name
        are no longer reachable through the tables or their indexes. PostgreSQL has no secure_delete:
        the space is reused by later rows, not zeroed (docs/design.md says what remains)."""
        self._check_open()
        await self._on_connection(lambda conn: conn.execute(f"VACUUM {', '.join(ERASED_TABLES)}"))

    async def read(self, sql: str, params: Params = ()) -> list[Any]:
        self._check_open()
        self.counts.reads += 1
        return list(await self._on_connection(lambda conn: conn.fetch(numbered(sql), *_bound(params))))

    async def move_statement(self, sql: str, params: Params) -> list[Any]:
        """One data-modifying statement as its own transaction (one round trip): for the move, whose
        statement takes the write lock shared itself (`MOVE_LOCK_SQL`) before its conditional UPDATE.
        A cancelled caller waits for it to end, as for `atomic`."""
        return await self.statement(sql, params)

    async def statement(self, sql: str, params: Params = ()) -> list[Any]:
        """One statement as its own transaction, in one round trip and without the write lock: its own
        WHERE clause and row locks keep it atomic (a lease's conditional upsert, a move's version check).
        A cancelled caller waits for it to end, as for `atomic`."""
        self._check_open()
        self.counts.transactions += 1
        self.counts.writes += 1
        task = asyncio.ensure_future(self._on_connection(lambda conn: conn.fetch(numbered(sql), *_bound(params))))
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return list(await settle(task))

    async def _on_connection(self, call: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """`call` (one statement) on a pooled connection, taken and given back by `_connection`; tried on
        another connection when asyncpg refused to send it (see the module docstring)."""
        attempt = 1
        while True:
            try:
                async with self._connection() as conn:
                    return await call(conn)
            except StorageFault as fault:
                if not isinstance(fault.__cause__, asyncpg.InternalClientError) or not _unsent(fault.__cause__):
                    raise
                if attempt >= ATTEMPTS:
                    raise
            attempt += 1

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection, given back once whatever happens: terminated instead when an error left
        its state unknown. Driver errors come out as StorageFault where they are one (`as_fault`)."""
        try:
            conn = await self._pool.acquire()
        except DRIVER_ERRORS as error:
            raise _plainly(error) from error
        spoilt = False
        try:
            yield conn
        except BaseException as error:
            spoilt = _spoils(error)
            if isinstance(error, DRIVER_ERRORS):
                raise _plainly(error) from error
            raise
        finally:
            await self._give_back(conn, spoilt=spoilt)

    async def _give_back(self, conn: asyncpg.Connection, *, spoilt: bool) -> None:
        """Return a connection to the pool, or terminate it when `spoilt`; never raises (see the module
        docstring: a failed give-back means the pool has the slot back already)."""
        if not spoilt:
            try:
                await settle(self._pool.release(conn))
                return
            except DRIVER_ERRORS as error:
                log.debug("giving a connection back failed (%r); terminating it", error)
        with contextlib.suppress(asyncpg.InterfaceError):  # given back already: the pool detached it
            conn.terminate()

    def channel_name(self, channel: str) -> str:
        """`channel` within this schema, as LISTEN and NOTIFY name it (hashed when too long)."""
        name = f"{channel}:{self.schema_name}"
        if len(name.encode()) > MAX_CHANNEL:
            name = f"{channel[:40]}:{hashlib.sha1(self.schema_name.encode()).hexdigest()[:20]}"
        return name

    async def notify(self, channel: str, payload: str) -> None:
        """NOTIFY outside any write transaction: it takes none of the locks a move's commit needs."""
        self._check_open()
        name = self.channel_name(channel)
        await self._on_connection(lambda conn: conn.execute(NOTIFY_SQL, name, payload))

    async def listen(
        self, channel: str, heard: Callable[[str], None], *, gap: Callable[[], None] | None = None
    ) -> PgListening:
        """LISTEN on a connection of its own, reconnecting when it is lost; raises StorageFault (or
        DatabaseUnavailable) if the first connection cannot be made."""
        self._check_open()
        listener = PgListening(self, self.channel_name(channel), heard, gap)
        await listener.connect()
        self._listeners.add(listener)
        return listener

    async def atomic(self, work: Work[T], *, one_game: bool = False) -> T:
        """`work(tx)` as one transaction of its own; a cancelled caller waits for it to end (see `settle`)."""
        self._check_open()
        task = asyncio.ensure_future(self._atomic(work, one_game))
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return await settle(task)

    async def _atomic(self, work: Work[T], one_game: bool) -> T:
        async with self._transaction(write=True, one_game=one_game) as tx:
            return await work(tx)

    def transaction(self, *, write: bool = True) -> AbstractAsyncContextManager[Tx]:
        self._check_open()
        return self._transaction(write=write, one_game=False)

    @asynccontextmanager
    async def _transaction(self, *, write: bool, one_game: bool) -> AsyncIterator[Tx]:
        """Checked open by the caller: an `atomic` accepted before `close` still runs (close waits for it)."""
        conn = await self._begun(write, one_game)
        if write:
            self.counts.transactions += 1
        spoilt = False
        try:
            yield PgTx(conn, self.counts, self.channel_name)
            await settle(conn.execute("COMMIT"))
        except BaseException as error:
            spoilt = _spoils(error) or not await _roll_back(conn)
            if (fault := as_fault(error)) is not None:
                raise fault from error
            raise
        finally:
            await self._give_back(conn, spoilt=spoilt)

    async def _begun(self, write: bool, one_game: bool) -> asyncpg.Connection:
        """A pooled connection inside a new transaction (and its write lock); BEGIN is tried on another
        connection when asyncpg refused to send it (see the module docstring)."""
        attempt = 1
        while True:
            try:
                conn = await self._pool.acquire()
            except DRIVER_ERRORS as error:
                raise _plainly(error) from error
            try:
                await settle(conn.execute(self._begins[write, one_game]))
                return conn
            except BaseException as error:
                spoilt = _spoils(error) or not await _roll_back(conn)
                await self._give_back(conn, spoilt=spoilt)
                if isinstance(error, asyncpg.InternalClientError) and _unsent(error) and attempt < ATTEMPTS:
                    attempt += 1
                    continue
                if isinstance(error, DRIVER_ERRORS):
                    raise _plainly(error) from error
                raise


class PgListening:
    """One LISTEN on a dedicated connection. When the connection is lost it connects again (after
    LISTEN_RETRY_S); what was notified meanwhile is not heard, so listeners keep a poll as well."""

    def __init__(
        self, db: PostgresDatabase, channel: str, heard: Callable[[str], None], gap: Callable[[], None] | None = None
    ) -> None:
        self._db = db
        self.channel = channel
        self._heard = heard
        self._gap = gap
        self._conn: asyncpg.Connection | None = None
        self._retry: asyncio.Task[None] | None = None
        self._closed = False
        self.reconnects = 0

    async def connect(self) -> None:
        """Connect and LISTEN; StorageFault (or DatabaseUnavailable) when either fails. A connection lost
        before its termination listener is set is refused here, so no lost connection goes unnoticed."""
        try:
            conn = await asyncpg.connect(self._db.url, timeout=CONNECT_TIMEOUT_S)
        except (TimeoutError, *DRIVER_ERRORS) as error:
            raise (as_fault(error) or unavailable(self._db.path, error)) from error
        try:
            await conn.add_listener(self.channel, self._deliver)
            if conn.is_closed():
                raise asyncpg.ConnectionDoesNotExistError("the listening connection was lost at once")
        except BaseException as error:
            conn.terminate()
            if isinstance(error, DRIVER_ERRORS):
                raise (as_fault(error) or unavailable(self._db.path, error)) from error
            raise
        conn.add_termination_listener(self._lost)  # no await since is_closed(): it cannot be missed
        self._conn = conn

    def _deliver(self, conn: object, pid: int, channel: str, payload: object) -> None:
        try:
            self._heard(str(payload))
        except Exception:
            log.exception("a listener on %s failed on %r", self.channel, payload)

    @property
    def live(self) -> bool:
        return self._conn is not None

    def _mind_gap(self) -> None:
        if self._gap is not None:
            try:
                self._gap()
            except Exception:
                log.exception("a listener on %s failed on a gap", self.channel)

    def _lost(self, conn: object) -> None:
        self._conn = None
        self._mind_gap()
        if not self._closed and (self._retry is None or self._retry.done()):
            log.warning("lost the connection listening on %s; connecting again", self.channel)
            self._retry = asyncio.get_running_loop().create_task(self._reconnect(), name=f"listen-{self.channel}")

    async def _reconnect(self) -> None:
        for attempt in itertools.count():
            await asyncio.sleep(LISTEN_RETRY_S[min(attempt, len(LISTEN_RETRY_S) - 1)])
            if self._closed:
                return
            try:
                await self.connect()
            except (StorageFault, DatabaseUnavailable) as error:
                log.info("listening on %s again failed (%s); retrying", self.channel, error)
                continue
            self.reconnects += 1
            self._mind_gap()
            return

    async def close(self) -> None:
        self._closed = True
        self._db._listeners.discard(self)
        if self._retry is not None:
            self._retry.cancel()
            await asyncio.gather(self._retry, return_exceptions=True)
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.remove_termination_listener(self._lost)
            with contextlib.suppress(*DRIVER_ERRORS):
                await conn.close(timeout=CONNECT_TIMEOUT_S)


async def _roll_back(conn: asyncpg.Connection) -> bool:
    """Never hand a connection back inside a transaction: True when it is out of one (rolled back, or
    never in one), False when it must be terminated instead (lost, or the ROLLBACK failed; a lost one
    needs nothing more, the server rolled it back when it went)."""
    try:
        if conn.is_closed():
            return False
        if not conn.is_in_transaction():
            return True
        await settle(conn.execute("ROLLBACK"))
        return True
    except (asyncpg.InterfaceError, asyncpg.InternalClientError):
        return False  # lost, or refused by asyncpg (see the module docstring)
    except (OSError, asyncpg.PostgresError):
        log.exception("rollback failed; dropping the connection")
        return False


def _unsent(error: BaseException) -> bool:
    """asyncpg refused to start a statement on a connection the server has ended (its error came, the
    close not yet): nothing was sent, so the statement may run on another connection."""
    return isinstance(error, asyncpg.InternalClientError) and "cannot switch to state" in str(error)


def _spoils(error: BaseException) -> bool:
    """Whether the connection's state is unknown after `error`, so it is terminated, not given back.
    A statement's own error (a constraint, a lock timeout) leaves it usable."""
    if isinstance(error, asyncpg.InterfaceError | asyncpg.InternalClientError):
        return True
    return fault_kind(error) is FaultKind.UNREACHABLE


async def _stored_version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('cardroom_schema') IS NOT NULL")
    if not exists:
        return 0
    value = await conn.fetchval("SELECT version FROM cardroom_schema")
    return int(value or 0)


async def migrate(conn: asyncpg.Connection, target: int | None = None) -> int:
    """Bring the schema up to `target` (default: the latest) in one transaction; the version reached.

    The migration lock makes a second process that starts at the same moment wait, then find the
    schema up to date. Raises SchemaTooNew when the database is ahead of this code.
    """
    known = schema.migrations("postgresql")
    target = len(known) if target is None else target
    async with conn.transaction():
        schema_name = str(await conn.fetchval("SELECT current_schema()"))
        await conn.execute(f"SELECT pg_advisory_xact_lock({lock_keys(MIGRATION_LOCK, schema_name)})")
        await conn.execute("CREATE TABLE IF NOT EXISTS cardroom_schema (version INTEGER NOT NULL)")
        current = await conn.fetchval("SELECT version FROM cardroom_schema")
        if current is None:
            await conn.execute("INSERT INTO cardroom_schema (version) VALUES (0)")
            current = 0
        if current > len(known):
            raise SchemaTooNew(current, len(known))
        for migration in known[current:target]:
            log.info("applying migration %04d_%s (postgresql)", migration.version, migration.name)
            await conn.execute(migration.sql)
            current = migration.version
        await conn.execute("UPDATE cardroom_schema SET version = $1", current)
    return int(current)


# SQLSTATE classes and codes: https://www.postgresql.org/docs/current/errcodes-appendix.html
_KIND_OF_STATE = {
    "53100": FaultKind.DISK_FULL,
    "53200": FaultKind.OUT_OF_MEMORY,
    "53300": FaultKind.BUSY,  # too many connections
    "25006": FaultKind.READ_ONLY,  # a read-only transaction: a standby, or default_transaction_read_only
    "40001": FaultKind.BUSY,  # serialization failure
    "40P01": FaultKind.BUSY,  # deadlock detected
    "55P03": FaultKind.BUSY,  # lock not available (lock_timeout)
    "57014": FaultKind.BUSY,  # statement timeout
    "57P01": FaultKind.UNREACHABLE,  # the server is shutting down
    "57P02": FaultKind.UNREACHABLE,
    "57P03": FaultKind.UNREACHABLE,  # the server is starting up or in recovery
    "58030": FaultKind.IO_ERROR,
    "XX001": FaultKind.DAMAGED,
    "XX002": FaultKind.DAMAGED,
}


# asyncpg's words for a statement on a connection that is gone (the pool detaches it when it closes).
_LOST = ("connection is closed", "released back to the pool", "connection was closed")


def fault_kind(error: BaseException) -> FaultKind | None:
    """The storage fault a PostgreSQL error (or a lost connection) reports; None for the statement's own."""
    if isinstance(error, OSError | asyncpg.PostgresConnectionError):
        return FaultKind.UNREACHABLE
    if isinstance(error, asyncpg.InterfaceError) and any(words in str(error) for words in _LOST):
        return FaultKind.UNREACHABLE
    if _unsent(error):  # the server ended the connection; asyncpg has not seen the close yet
        return FaultKind.UNREACHABLE
    state = getattr(error, "sqlstate", None)
    if not isinstance(error, asyncpg.PostgresError) or not isinstance(state, str):
        return None
    if state.startswith("08"):
        return FaultKind.UNREACHABLE
    return _KIND_OF_STATE.get(state)


def as_fault(error: BaseException) -> StorageFault | None:
    kind = fault_kind(error)
    return None if kind is None else StorageFault(kind, str(error) or type(error).__name__)


def _plainly(error: BaseException) -> BaseException:
    return as_fault(error) or error


def unavailable(where: str, error: BaseException) -> DatabaseUnavailable:
    """Why the server at `where` could not be used, in words and with a remedy."""
    state = getattr(error, "sqlstate", None)
    if isinstance(error, OSError | asyncio.TimeoutError) or (isinstance(state, str) and state.startswith("08")):
        return DatabaseUnavailable(
            where,
            f"the PostgreSQL server does not answer ({error or type(error).__name__})",
            "start it, or correct the host, port or socket folder in the URL",
        )
    if state in ("28P01", "28000"):
        return DatabaseUnavailable(
            where, f"the server refused the login ({error})", "correct the user and password in the URL"
        )
    if state == "3D000":
        return DatabaseUnavailable(
            where, "the database does not exist", "create it (createdb NAME), or name one that exists in the URL"
        )
    if state == "42501":
        return DatabaseUnavailable(
            where,
            f"the user may not create or change the tables ({error})",
            "give the user CREATE on the database and its schema, or connect as the owner",
        )
    if isinstance(error, ValueError | asyncpg.InterfaceError):
        return DatabaseUnavailable(where, f"the URL is not usable ({error})", "write it as postgresql://user@host/db")
    kind = fault_kind(error)
    reason = f"the server reported {kind.value if kind else 'an error'} ({error})"
    return DatabaseUnavailable(where, reason, "check the server's log, then start again")
