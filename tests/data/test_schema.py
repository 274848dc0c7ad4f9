"""Migrations, pragmas and durability across reopen (design §5; issue: migrations from empty and each older version)."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from data import Database, SchemaTooNew, TurnNotice
from data.schema import latest_version, migrations
from games.base import GameResult

from .conftest import T0, active_game, game_of_schema_1, set_stored_version, stored_version, table_names


def test_migration_files_are_numbered_without_gaps():
    """Versions run 1..n, so user_version always names exactly the migrations applied."""
    assert [m.version for m in migrations()] == list(range(1, latest_version() + 1))
    assert latest_version() >= 3


def test_postgresql_migrations_share_the_numbers_and_names():
    """PostgreSQL runs the same numbered migrations: its own files replace shared ones of the same name."""
    shared, postgres = migrations("sqlite"), migrations("postgresql")
    assert [(m.version, m.name) for m in postgres] == [(m.version, m.name) for m in shared]
    assert any(p.sql != s.sql for p, s in zip(postgres, shared, strict=True))


async def test_open_empty_file_applies_every_migration(db_target):
    """A new database ends at the latest schema version with every table present."""
    async with await Database.open(db_target) as db:
        assert await db.schema_version() == latest_version()
    assert await stored_version(db_target) == latest_version()
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
    } <= await table_names(db_target)


async def test_connection_pragmas(sqlite_db):
    """WAL, foreign keys and a busy timeout are on for the one connection (design §5)."""
    async with sqlite_db.transaction(write=False) as tx:
        assert (await tx.one("PRAGMA journal_mode"))[0] == "wal"
        assert (await tx.one("PRAGMA foreign_keys"))[0] == 1
        assert (await tx.one("PRAGMA busy_timeout"))[0] > 0


@pytest.mark.parametrize("start", range(1, latest_version()))
async def test_upgrade_from_each_older_version_keeps_data(db_target, start):
    """A database left at an older version upgrades on open and keeps the games it held."""
    async with await Database.open(db_target, migrate_to=start) as old:
        assert await old.schema_version() == start
        game_id = await game_of_schema_1(old, (1, 2, 3, 4), moves=("3s",))
    assert await stored_version(db_target) == start
    async with await Database.open(db_target) as db:
        assert await db.schema_version() == latest_version()
        saved = await db.games.load(game_id)
        assert saved.codes == ("3s",)
        assert [s.user_id for s in saved.game.seats] == [1, 2, 3, 4]
        assert (await db.settings.user(1)).user_id == 1


async def test_database_newer_than_code_is_refused(db_target):
    """Opening a database from a newer Cardroom fails clearly instead of guessing at its schema."""
    await set_stored_version(db_target, latest_version() + 1)
    with pytest.raises(SchemaTooNew, match="newer"):
        await Database.open(db_target)


async def test_failed_migration_leaves_old_version(db_target, monkeypatch):
    """A migration that fails half-way is rolled back whole, version included, and can be retried."""
    async with await Database.open(db_target, migrate_to=1) as db:
        dialect = db.dialect
    broken = list(migrations(dialect))
    broken[1] = type(broken[1])(2, "broken", "CREATE TABLE half_done (x INTEGER);\nTHIS IS NOT SQL;")
    monkeypatch.setattr("data.schema.migrations", lambda *dialect: tuple(broken))
    with pytest.raises((sqlite3.OperationalError, asyncpg.PostgresSyntaxError)):
        await Database.open(db_target)
    assert await stored_version(db_target) == 1
    assert "half_done" not in await table_names(db_target)


async def test_reopen_after_close_keeps_everything(db_target):
    """Games, moves, results and settings written before close are all there after reopening."""
    async with await Database.open(db_target) as db:
        game = await active_game(db)
        await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=T0 + 70)
        await db.settings.update_user(2, turn_notice=TurnNotice.OFF)
        other = await active_game(db, (5, 6), channel_id=501)
        match = await db.games.finish(other.id, 0, GameResult((2, 1), (0, 1)), at=T0 + 5)
    async with await Database.open(db_target) as db:
        assert (await db.games.load(game.id)).codes == ("3s",)
        assert (await db.games.get(game.id)).deadline == T0 + 70
        assert (await db.settings.user(2)).turn_notice is TurnNotice.OFF
        assert await db.results.match_for_game(other.id) == match
        assert [g.id for g in await db.games.list_open()] == [game.id]
