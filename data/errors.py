"""Errors the storage layer raises. Each says what went wrong in words a log reader understands.

The bot catches the specific ones: `VersionConflict` is a stale click (tell the player politely),
`ChannelBusy` is a second game in one channel, `WrongStatus` is acting on a game that ended.
`DatabaseUnavailable` and `SchemaTooNew` stop the start-up with a sentence for the operator.
"""

from __future__ import annotations

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
    """The database file cannot be opened for reading and writing: what is wrong, and what to do.

    `problem` and `remedy` are plain words for whoever starts the bot (data.database.unavailable
    reads SQLite's error code and the file system to choose them), so the start-up can print one
    sentence instead of a traceback.
    """

    def __init__(self, path: Path, problem: str, remedy: str) -> None:
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
