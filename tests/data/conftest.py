"""Storage fixtures: a real SQLite file per test in pytest's tmp_path, and small game builders."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from data import Database, GameRecord, TurnTimer

GUILD = 111
T0 = 1_700_000_000.0


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "cardroom.db"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


async def lobby(
    db: Database,
    *,
    channel_id: int = 500,
    kind: str = "thirteen",
    guild_id: int = GUILD,
    seed: int = 7,
    options: dict | None = None,
    host: int = 1,
) -> GameRecord:
    return await db.games.create_lobby(
        kind=kind,
        guild_id=guild_id,
        channel_id=channel_id,
        host_user_id=host,
        seed=seed,
        at=T0,
        timer=TurnTimer.LIVE,
        turn_seconds=60,
        options=options,
    )


async def active_game(
    db: Database,
    users: Sequence[int] = (1, 2, 3, 4),
    *,
    computers: Sequence[str] = (),
    channel_id: int = 500,
    kind: str = "thirteen",
    guild_id: int = GUILD,
    seed: int = 7,
    options: dict | None = None,
) -> GameRecord:
    """A started game with `users` seated in order, then computer seats of the given levels."""
    game = await lobby(
        db,
        channel_id=channel_id,
        kind=kind,
        guild_id=guild_id,
        seed=seed,
        options=options,
        host=users[0] if users else 1,
    )
    for user in users:
        await db.games.add_player(game.id, user, f"player {user}")
    for level in computers:
        await db.games.add_computer(game.id, level, f"computer {level}")
    return await db.games.start(game.id, at=T0 + 1, deadline=T0 + 61)


def sqlite_full_error() -> sqlite3.Error:
    """A genuine SQLITE_FULL ("database or disk is full", with its code) as SQLite raises it, made on a
    scratch in-memory database that may not grow past one page."""
    scratch = sqlite3.connect(":memory:")
    try:
        scratch.execute("PRAGMA max_page_count = 1")
        scratch.execute("CREATE TABLE t (x)")
        scratch.execute("CREATE TABLE u (x)")
        raise AssertionError("a one-page database took a second table")
    except sqlite3.OperationalError as error:
        return error
    finally:
        scratch.close()
