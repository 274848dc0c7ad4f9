"""The open database every repository works through, whichever engine holds it.

Two backends stand behind one API. SQLite (data/sqlite.py) is the embedded default: a file, no
set-up, one process. PostgreSQL (data/postgres.py) is a server that several bot processes share.
`Database.open(target)` picks by the target: a `postgresql://` (or `postgres://`) URL opens a
server, anything else is an SQLite file.

The repositories see only what both can keep exactly:
- `read(sql, params)`: one SELECT, its rows from one snapshot of committed data;
- `transaction(write=...)`: a whole transaction as a `Tx`; write transactions of one database never
  interleave (SQLite's BEGIN IMMEDIATE; on PostgreSQL an exclusive transaction-level advisory lock),
  so a check-then-update inside one cannot be overtaken, by another process either;
- `atomic(work)`: `work(tx)` as a write transaction of its own, its value or its exception back after
  the COMMIT that stored it. SQLite group-commits these (data/commits.py); PostgreSQL runs each as one
  transaction on a pooled connection, where the server's own WAL flush groups concurrent commits.

SQL is written once, in the subset both engines share, with `?` placeholders (the PostgreSQL backend
numbers them). Where the engines differ the SQL says so in a migration of its own
(data/migrations/postgresql/), never in the repositories.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar
from urllib.parse import urlsplit, urlunsplit

from .ratings import RatingModel

Params = Sequence[Any]
T = TypeVar("T")
MEMORY = ":memory:"  # SQLite's name for a private in-memory database
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class Synchronous(StrEnum):
    """SQLite's `PRAGMA synchronous`. In WAL mode both survive a killed process; FULL also survives a
    power cut or OS crash at the price of an fsync per commit. FULL is the default: the database is
    the source of truth for games in progress (design §5). A PostgreSQL server keeps its own setting
    (`synchronous_commit`), which the operator chooses."""

    NORMAL = "NORMAL"
    FULL = "FULL"


class Row(Protocol):
    """A result row, read by column name (both sqlite3.Row and asyncpg.Record)."""

    def __getitem__(self, key: str, /) -> Any: ...


class Tx(Protocol):
    """A transaction in progress: statements with parameters, never formatted SQL."""

    async def all(self, sql: str, params: Params = ()) -> list[Any]:
        """Every row (sqlite3.Row or asyncpg.Record: both read by column name)."""
        ...

    async def one(self, sql: str, params: Params = ()) -> Any | None:
        """The first row (every caller selects at most one), or None."""
        ...

    async def run(self, sql: str, params: Params = ()) -> int:
        """Execute one statement; return the number of rows it changed."""
        ...

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Execute an INSERT into a table with an `id` key; return the new row's id."""
        ...

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        """Execute one statement once per parameter row."""
        ...

    async def notify(self, channel: str, payload: str) -> None:
        """As `Database.notify`, but sent with this transaction: heard once it commits, never if it rolls
        back, so no listener can miss a change that was stored (SQLite: nothing is sent)."""
        ...


# A write transaction's body: a coroutine function of its Tx. On SQLite it runs on the database thread
# without ever suspending (data/commits.py), so it must await nothing but its Tx's statements.
Work = Callable[[Tx], Coroutine[Any, Any, T]]


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def redacted(target: str | Path) -> str:
    """What logs and messages name: a file as it is, a URL without its password."""
    text = str(target)
    if not is_postgres(text):
        return text
    parts = urlsplit(text)
    if parts.password is None:
        return text
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


class Database(abc.ABC):
    """An open Cardroom database. Use `await Database.open(target)` or `async with await Database.open(target)`.

    The repositories hang off it: `db.games`, `db.results`, `db.settings`, `db.privacy`, `db.messages`,
    `db.leases`, `db.firsttime`.
    """

    dialect: str  # "sqlite" or "postgresql"

    def __init__(self, model: RatingModel) -> None:
        from .counters import Counts
        from .firsttime import FirstTimeRepository
        from .games import GameRepository
        from .leases import LeaseRepository
        from .messages import MessageRepository
        from .privacy import PrivacyRepository
        from .results import ResultRepository
        from .season_store import SeasonRepository
        from .settings import SettingsRepository
        from .tournaments import TournamentRepository

        self.rating_model = model
        self.counts = Counts()  # statements run, for tests and benchmarks (data.counters)
        self.games = GameRepository(self)
        self.results = ResultRepository(self)
        self.settings = SettingsRepository(self)
        self.privacy = PrivacyRepository(self)
        self.messages = MessageRepository(self)
        self.leases = LeaseRepository(self)
        self.firsttime = FirstTimeRepository(self)
        self.seasons = SeasonRepository(self)
        self.tournaments = TournamentRepository(self)

    @staticmethod
    async def open(
        target: str | Path,
        *,
        synchronous: Synchronous = Synchronous.FULL,
        busy_timeout_ms: int = 5000,
        rating_model: RatingModel | None = None,
        migrate_to: int | None = None,
        pool_size: int = 10,
    ) -> Database:
        """Open (creating if needed) and upgrade the database at `target`: a PostgreSQL URL or an SQLite file.

        Raises SchemaTooNew when it was written by a newer Cardroom, and DatabaseUnavailable (saying
        what is wrong and what to do) when it cannot be opened for reading and writing. `migrate_to`
        stops the upgrade at an older version; it exists for migration tests only. `synchronous` and
        `busy_timeout_ms` are SQLite's; `pool_size` is the PostgreSQL connection pool's largest size.
        """
        if is_postgres(target):
            from .postgres import PostgresDatabase

            return await PostgresDatabase.connect(
                str(target), rating_model=rating_model, migrate_to=migrate_to, pool_size=pool_size
            )
        from .sqlite import SqliteDatabase

        return await SqliteDatabase.connect(
            target,
            synchronous=synchronous,
            busy_timeout_ms=busy_timeout_ms,
            rating_model=rating_model,
            migrate_to=migrate_to,
        )

    @abc.abstractmethod
    async def close(self) -> None:
        """Wait for the running transactions, then close. Safe to call twice."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    @abc.abstractmethod
    async def schema_version(self) -> int: ...

    @abc.abstractmethod
    async def checkpoint(self) -> None:
        """Make erased data unreachable on disk as far as the engine allows (after `privacy.erase_user`)."""

    @abc.abstractmethod
    async def read(self, sql: str, params: Params = ()) -> list[Any]:
        """One SELECT on its own, never waiting for a write transaction; rows from one snapshot."""

    @abc.abstractmethod
    async def atomic(self, work: Work[T], *, one_game: bool = False) -> T:
        """Run `work(tx)` as a write transaction of its own; returns its value or raises its exception.

        `one_game` promises that the work touches only rows of one game and checks that game's version
        in the database (a conditional UPDATE): PostgreSQL then runs it beside other such works instead
        of one at a time, since the row lock of that UPDATE is all they need to stay apart. A full disk,
        an I/O error, a read-only file or a lost server comes back as StorageFault: nothing was stored.
        """

    @abc.abstractmethod
    def transaction(self, *, write: bool = True) -> AbstractAsyncContextManager[Tx]:
        """One whole transaction; commits on success, rolls back on error (StorageFault for a storage fault)."""

    async def statement(self, sql: str, params: Params = ()) -> list[Any]:
        """One data-modifying statement that is atomic by itself (its condition in its WHERE clause), as
        a write transaction of its own; its rows (RETURNING). PostgreSQL runs it without the write lock
        that orders check-then-update transactions, beside every other writer."""
        async with self.transaction() as tx:
            return list(await tx.all(sql, params))

    async def notify(self, channel: str, payload: str) -> None:
        """Tell every process listening on `channel` (`listen`) something changed. One file of one
        process (SQLite) has nobody else to tell: nothing is sent."""
        return None

    async def listen(
        self, channel: str, heard: Callable[[str], None], *, gap: Callable[[], None] | None = None
    ) -> Listening | None:
        """Call `heard(payload)` for each `notify` on `channel` from any process, until the returned
        Listening is closed; None where nothing is ever notified (SQLite). Delivery is best effort: a
        listener that lost its connection misses what was sent meanwhile, so callers keep a poll, or
        pass `gap`, called when the connection is lost and again once it listens again (what was sent
        in between is never heard; `Listening.live` says which side of a gap it is on)."""
        return None


class Listening(Protocol):
    """A subscription made by `Database.listen`."""

    @property
    def live(self) -> bool:
        """True while its connection is listening (every notify sent meanwhile is heard)."""
        ...

    async def close(self) -> None: ...
