"""Errors the storage layer raises. Each says what went wrong in words a log reader understands.

The bot catches the specific ones: `VersionConflict` is a stale click (tell the player politely),
`ChannelBusy` is a second game in one channel, `WrongStatus` is acting on a game that ended.
`DatabaseUnavailable` and `SchemaTooNew` stop the start-up with a sentence for the operator, and
`StorageFault` is the server's own trouble (a full disk, an I/O error, a read-only file): nothing was
stored, tell the player why in plain words (`reason`) and let them try again.
"""

from __future__ import annotations

import sqlite3
from enum import StrEnum
from pathlib import Path

from .models import GameStatus


class StorageError(Exception):
    """Base class for every error data/ raises on purpose."""


class SchemaTooNew(StorageError):
    """The database was written by a newer Cardroom; opening it with this one could damage it."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"database schema version {found} is newer than this Cardroom understands ({known}); "
            "upgrade Cardroom or restore a backup taken before the upgrade"
        )
        self.found = found
        self.known = known


class DatabaseUnavailable(StorageError):
    """The database (a file, or a server's URL without its password) cannot be opened for reading and
    writing: what is wrong, and what to do.

    `problem` and `remedy` are plain words for whoever starts the bot (data.database.unavailable
    reads SQLite's error code and the file system to choose them), so the start-up can print one
    sentence instead of a traceback.
    """

    def __init__(self, path: Path | str, problem: str, remedy: str) -> None:
        super().__init__(f"{problem}; {remedy}")
        self.path = path
        self.problem = problem
        self.remedy = remedy


class GameNotFound(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class VersionConflict(StorageError):
    """Someone else moved first: the game is no longer at the version the caller saw."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StorageError):
    """The operation needs the game in another state (e.g. a move on a finished game)."""

    def __init__(self, game_id: int, status: GameStatus, needed: tuple[GameStatus, ...]) -> None:
        wanted = " or ".join(s.value for s in needed)
        super().__init__(f"game {game_id} is {status.value}; this needs it {wanted}")
        self.game_id = game_id
        self.status = status
        self.needed = needed


class ChannelBusy(StorageError):
    """A channel already has an open (lobby or active) game: one game per channel."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        super().__init__(f"channel {channel_id} already has open game {game_id}")
        self.channel_id = channel_id
        self.game_id = game_id


class SeatError(StorageError):
    """A seat change the table refuses: already seated, table full, no such seat."""


class FaultKind(StrEnum):
    """Why the database could not do its work, when the reason lies outside the game (the server's disk,
    its file system, another process): the primary SQLite result codes a running bot can meet."""

    DISK_FULL = "disk_full"  # SQLITE_FULL
    IO_ERROR = "io_error"  # SQLITE_IOERR
    READ_ONLY = "read_only"  # SQLITE_READONLY
    BUSY = "busy"  # SQLITE_BUSY, SQLITE_LOCKED (another process held the database past the busy timeout)
    DAMAGED = "damaged"  # SQLITE_CORRUPT, SQLITE_NOTADB
    CANNOT_OPEN = "cannot_open"  # SQLITE_CANTOPEN
    OUT_OF_MEMORY = "out_of_memory"  # SQLITE_NOMEM
    UNREACHABLE = "unreachable"  # a database server (PostgreSQL) lost, shutting down or not answering


# Primary result codes (the low byte of an extended code): https://sqlite.org/rescode.html
_KIND_OF_CODE = {
    13: FaultKind.DISK_FULL,
    10: FaultKind.IO_ERROR,
    8: FaultKind.READ_ONLY,
    3: FaultKind.READ_ONLY,  # SQLITE_PERM: the file system denied access
    5: FaultKind.BUSY,
    6: FaultKind.BUSY,
    11: FaultKind.DAMAGED,
    26: FaultKind.DAMAGED,
    14: FaultKind.CANNOT_OPEN,
    7: FaultKind.OUT_OF_MEMORY,
}
# SQLite's own message for each, for an error that carries no code (raised by hand, or by an old sqlite3).
_KIND_OF_MESSAGE = {
    "database or disk is full": FaultKind.DISK_FULL,
    "disk i/o error": FaultKind.IO_ERROR,
    "attempt to write a readonly database": FaultKind.READ_ONLY,
    "database is locked": FaultKind.BUSY,
    "database table is locked": FaultKind.BUSY,
    "database disk image is malformed": FaultKind.DAMAGED,
    "file is not a database": FaultKind.DAMAGED,
    "unable to open database file": FaultKind.CANNOT_OPEN,
    "out of memory": FaultKind.OUT_OF_MEMORY,
}
# What a player is told: the reason in plain words, completing "Couldn't save that move: ...".
REASONS = {
    FaultKind.DISK_FULL: "the server's disk is full",
    FaultKind.IO_ERROR: "the server could not write to its disk",
    FaultKind.READ_ONLY: "the server's database is read-only right now",
    FaultKind.BUSY: "the database is busy",
    FaultKind.DAMAGED: "the server's database file is damaged",
    FaultKind.CANNOT_OPEN: "the server cannot open its database file",
    FaultKind.OUT_OF_MEMORY: "the server is out of memory",
    FaultKind.UNREACHABLE: "the database server cannot be reached",
}


class StorageFault(StorageError):
    """A write (or read) the database refused for a reason outside the game: nothing of it was stored.

    `reason` is for players ("the server's disk is full"); the SQLite error is the `__cause__`, for the
    log. The work may simply be tried again once the fault is gone (the version checks make it safe).
    """

    def __init__(self, kind: FaultKind, detail: str) -> None:
        super().__init__(f"{REASONS[kind]} ({detail})")
        self.kind = kind
        self.reason = REASONS[kind]


def fault_kind(error: BaseException) -> FaultKind | None:
    """The kind of storage fault an sqlite3 error reports, or None for errors of the statement itself
    (a constraint, a syntax error: bugs or expected conflicts, not the server's trouble)."""
    if not isinstance(error, sqlite3.Error):
        return None
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in _KIND_OF_CODE:
        return _KIND_OF_CODE[code & 0xFF]
    return _KIND_OF_MESSAGE.get(str(error).strip().lower())


def as_fault(error: BaseException) -> StorageFault | None:
    """A StorageFault for `error` (see `fault_kind`), or None when it is not one."""
    kind = fault_kind(error)
    return None if kind is None else StorageFault(kind, str(error))
