"""Storage fixtures: every `db` test runs on both backends, a real SQLite file per test in pytest's
tmp_path and a fresh schema on a real PostgreSQL server (tests/pgserver.py says how the server is
found: CARDROOM_TEST_POSTGRES, or one started for the session, or the PostgreSQL runs are skipped).
`sqlite_db` and `db_path` are for what only SQLite has (its files, its group commit, its pragmas).
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import asyncpg
import pytest

from data import Database, GameRecord, TurnTimer

GUILD = 111
T0 = 1_700_000_000.0
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """An SQLite file (for the tests of what only SQLite has)."""
    return tmp_path / "cardroom.db"


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """What `Database.open` is given: an SQLite file, or a PostgreSQL URL (a fresh schema)."""
    if request.param == "sqlite":
        return tmp_path / "cardroom.db"
    url: str = request.getfixturevalue("pg_schema")
    return url


@pytest.fixture
async def db(db_target: str | Path) -> AsyncIterator[Database]:
    database = await Database.open(db_target)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
async def sqlite_db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


async def stored_version(target: str | Path) -> int:
    """The schema version written in the database at `target`, read without opening (and so migrating) it."""
    if isinstance(target, Path):
        with sqlite3.connect(target) as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])
    conn = await asyncpg.connect(target)
    try:
        return int(await conn.fetchval("SELECT version FROM cardroom_schema"))
    finally:
        await conn.close()


async def set_stored_version(target: str | Path, version: int) -> None:
    if isinstance(target, Path):
        with sqlite3.connect(target) as conn:
            conn.execute(f"PRAGMA user_version = {int(version)}")
        return
    conn = await asyncpg.connect(target)
    try:
        await conn.execute("CREATE TABLE IF NOT EXISTS cardroom_schema (version INTEGER NOT NULL)")
        await conn.execute("DELETE FROM cardroom_schema")
        await conn.execute("INSERT INTO cardroom_schema (version) VALUES ($1)", version)
    finally:
        await conn.close()


async def table_names(target: str | Path) -> set[str]:
    """The tables in the database at `target` (for PostgreSQL: in the URL's schema)."""
    if isinstance(target, Path):
        with sqlite3.connect(target) as conn:
            return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn = await asyncpg.connect(target)
    try:
        rows = await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
        return {row[0] for row in rows}
    finally:
        await conn.close()


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


async def game_of_schema_1(
    db: Database, users: Sequence[int], *, kind: str = "thirteen", moves: Sequence[str] = ()
) -> int:
    """An active game of `users` with `moves` (each by seat 0), written with the columns of the first schema
    only, as every older Cardroom could: for migration tests, where today's repository would name columns
    that later migrations added. Returns its id."""
    async with db.transaction() as tx:
        game_id = await tx.insert(
            "INSERT INTO games (kind, guild_id, channel_id, host_user_id, seed, status, version, timer, turn_seconds, "
            "created_at, started_at, updated_at) VALUES (?, ?, 500, ?, 7, 'active', ?, 'live', 60, ?, ?, ?)",
            (kind, GUILD, users[0], len(moves), T0, T0 + 1, T0 + 2),
        )
        for seat, user in enumerate(users):
            await tx.run(
                "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
                (game_id, seat, user, f"player {user}"),
            )
        for seq, code in enumerate(moves, start=1):
            await tx.run(
                "INSERT INTO moves (game_id, seq, code, actor, source, at) VALUES (?, ?, ?, 0, 'player', ?)",
                (game_id, seq, code, T0 + 2),
            )
    return game_id
