"""Migrations, pragmas and durability across reopen (design §5; issue: migrations from empty and each older version)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from data import Database, SchemaTooNew, TurnNotice
from data.schema import latest_version, migrations
from games.base import GameResult

from .conftest import T0, active_game


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def test_migration_files_are_numbered_without_gaps():
    """Versions run 1..n, so user_version always names exactly the migrations applied."""
    assert [m.version for m in migrations()] == list(range(1, latest_version() + 1))
    assert latest_version() >= 3


async def test_open_empty_file_applies_every_migration(db_path):
    """A new file ends at the latest schema version with every table present."""
    async with await Database.open(db_path) as db:
        assert await db.schema_version() == latest_version()
    assert _user_version(db_path) == latest_version()
    assert {
        "games",
        "seats",
        "moves",
        "snapshots",
        "matches",
        "match_players",
        "ratings",
        "user_settings",
        "guild_settings",
        "guild_channels",
        "erasures",
    } <= _tables(db_path)


async def test_connection_pragmas(db):
    """WAL, foreign keys and a busy timeout are on for the one connection (design §5)."""
    async with db.transaction(write=False) as tx:
        assert (await tx.one("PRAGMA journal_mode"))[0] == "wal"
        assert (await tx.one("PRAGMA foreign_keys"))[0] == 1
        assert (await tx.one("PRAGMA busy_timeout"))[0] > 0


@pytest.mark.parametrize("start", range(1, latest_version()))
async def test_upgrade_from_each_older_version_keeps_data(db_path, start):
    """A database left at an older version upgrades on open and keeps the games it held."""
    async with await Database.open(db_path, migrate_to=start) as old:
        assert await old.schema_version() == start
        game = await active_game(old)
        await old.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=None)
    assert _user_version(db_path) == start
    async with await Database.open(db_path) as db:
        assert await db.schema_version() == latest_version()
        saved = await db.games.load(game.id)
        assert saved.codes == ("3s",)
        assert [s.user_id for s in saved.game.seats] == [1, 2, 3, 4]
        assert (await db.settings.user(1)).user_id == 1


async def test_database_newer_than_code_is_refused(db_path):
    """Opening a file from a newer Cardroom fails clearly instead of guessing at its schema."""
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {latest_version() + 1}")
    with pytest.raises(SchemaTooNew, match="newer"):
        await Database.open(db_path)


async def test_failed_migration_leaves_old_version(db_path, monkeypatch):
    """A migration that fails half-way is rolled back whole, version included, and can be retried."""
    async with await Database.open(db_path, migrate_to=1):
        pass
    broken = list(migrations())
    broken[1] = type(broken[1])(2, "broken", "CREATE TABLE half_done (x INTEGER);\nTHIS IS NOT SQL;")
    monkeypatch.setattr("data.schema.migrations", lambda: tuple(broken))
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(db_path)
    assert _user_version(db_path) == 1
    assert "half_done" not in _tables(db_path)


async def test_reopen_after_close_keeps_everything(db_path):
    """Games, moves, results and settings written before close are all there after reopening."""
    async with await Database.open(db_path) as db:
        game = await active_game(db)
        await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=T0 + 70)
        await db.settings.update_user(2, turn_notice=TurnNotice.OFF)
        other = await active_game(db, (5, 6), channel_id=501)
        match = await db.games.finish(other.id, 0, GameResult((2, 1), (0, 1)), at=T0 + 5)
    async with await Database.open(db_path) as db:
        assert (await db.games.load(game.id)).codes == ("3s",)
        assert (await db.games.get(game.id)).deadline == T0 + 70
        assert (await db.settings.user(2)).turn_notice is TurnNotice.OFF
        assert await db.results.match_for_game(other.id) == match
        assert [g.id for g in await db.games.list_open()] == [game.id]
