"""The move that ends a game and the finish commit together or not at all (design §5: the database is
the truth), and storage faults (a full disk, a read-only file) come back as StorageFault with nothing
stored, so the same move can simply be tried again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from data import Database, FaultKind, GameStatus, StorageFault, VersionConflict
from data.commits import run_batch
from data.database import Tx
from data.errors import fault_kind
from games.base import GameResult

from .conftest import T0, active_game, sqlite_full_error

RESULT = GameResult((1, 2, 3, 4), (3, 2, 1, 0))


def read_only_error(tmp_path: Path) -> sqlite3.Error:
    path = tmp_path / "ro.db"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        conn.execute("INSERT INTO t VALUES (1)")
        raise AssertionError("a read-only database took a write")
    except sqlite3.Error as error:
        return error
    finally:
        conn.close()


async def match_count(db: Database, game_id: int) -> int:
    rows = await db.read("SELECT COUNT(*) AS n FROM matches WHERE game_id = ?", (game_id,))
    return int(rows[0]["n"])


async def test_the_final_move_and_the_finish_commit_together(db: Database) -> None:
    """append_final_move stores the move, the finished status, the match and the ratings in one go."""
    game = await active_game(db)
    version, match = await db.games.append_final_move(game.id, game.version, "p", RESULT, at=T0 + 5, actor=0)
    saved = await db.games.load(game.id)
    assert version == game.version + 1 == saved.game.version
    assert saved.game.status is GameStatus.FINISHED and saved.game.deadline is None
    assert [m.code for m in saved.moves] == ["p"]
    assert match.rated and [p.place for p in match.players] == [1, 2, 3, 4]
    assert await db.results.match_for_game(game.id) == match
    assert (await db.results.rating(game.guild_id, "thirteen", 1)) == match.players[0].after


async def test_a_failing_finish_leaves_the_game_as_before_the_move(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk-full error while the result is written undoes the final move too: same version, active, no match."""
    game = await active_game(db)
    await db.games.append_move(game.id, game.version, "a", at=T0 + 2, actor=0, next_deadline=T0 + 90)
    before = await db.games.load(game.id)

    def full(*args: object, **kwargs: object) -> None:
        if db.dialect == "postgresql":  # what the server says when it cannot extend a table's file
            raise asyncpg.DiskFullError("could not extend file: No space left on device")
        raise sqlite_full_error()

    monkeypatch.setattr("data.results.record_match", full)
    with pytest.raises(StorageFault) as raised:
        await db.games.append_final_move(game.id, before.game.version, "b", RESULT, at=T0 + 5, actor=1)
    assert raised.value.kind is FaultKind.DISK_FULL
    assert raised.value.reason == "the server's disk is full"
    after = await db.games.load(game.id)
    assert after == before
    assert await match_count(db, game.id) == 0
    monkeypatch.undo()
    version, _ = await db.games.append_final_move(game.id, before.game.version, "b", RESULT, at=T0 + 6, actor=1)
    assert version == before.game.version + 1
    assert (await db.games.get(game.id)).status is GameStatus.FINISHED


async def test_a_stale_final_move_stores_nothing(db: Database) -> None:
    """A final move at an old version is refused (VersionConflict) and finishes nothing."""
    game = await active_game(db)
    await db.games.append_move(game.id, game.version, "a", at=T0 + 2, actor=0, next_deadline=None)
    with pytest.raises(VersionConflict):
        await db.games.append_final_move(game.id, game.version, "b", RESULT, at=T0 + 5, actor=1)
    assert (await db.games.get(game.id)).status is GameStatus.ACTIVE
    assert await match_count(db, game.id) == 0


async def test_a_real_full_database_refuses_a_move_plainly_and_takes_it_once_space_is_back(
    sqlite_db: Database,
) -> None:
    """With no page left to grow into (max_page_count), a move fails as DISK_FULL, stores nothing, and the
    same move succeeds once the limit is lifted (space is back)."""
    db = sqlite_db
    game = await active_game(db)
    await db._conn.execute("PRAGMA max_page_count = 1")  # at most the pages it has: the next new page fails
    version = game.version
    code = "x" * 600  # a few moves fill a page
    with pytest.raises(StorageFault) as raised:
        for _ in range(200):
            version = await db.games.append_move(game.id, version, code, at=T0 + 2, actor=0, next_deadline=None)
    assert raised.value.kind is FaultKind.DISK_FULL
    assert (await db.games.get(game.id)).version == version
    assert len((await db.games.load(game.id)).moves) == version
    await db._conn.execute("PRAGMA max_page_count = 1073741823")
    assert await db.games.append_move(game.id, version, code, at=T0 + 3, actor=0, next_deadline=None) == version + 1


async def test_a_transaction_that_fills_the_disk_raises_a_fault_and_keeps_nothing(sqlite_db: Database) -> None:
    """`Database.transaction` rolls back and reports a full disk as StorageFault too (lobby, seats, settings)."""
    db = sqlite_db
    game = await active_game(db)
    await db._conn.execute("PRAGMA max_page_count = 1")
    with pytest.raises(StorageFault) as raised:
        async with db.transaction() as tx:
            await tx.run("UPDATE games SET seed = 99 WHERE id = ?", (game.id,))
            await tx.many("INSERT INTO erasures (at) VALUES (?)", [(T0,)] * 5000)
    assert raised.value.kind is FaultKind.DISK_FULL
    assert (await db.games.get(game.id)).seed == game.seed
    assert not db._conn.in_transaction


def test_a_batch_sqlite_rolled_back_by_itself_reports_the_real_error(tmp_path: Path) -> None:
    """When SQLite undoes the whole transaction on SQLITE_FULL, run_batch raises that error for the batch
    (not "no such savepoint"), and the work before it in the batch is not stored either."""
    raw = sqlite3.connect(tmp_path / "batch.db", isolation_level=None)
    raw.execute("PRAGMA journal_mode = WAL")
    raw.execute("CREATE TABLE t (x)")
    pages = raw.execute("PRAGMA page_count").fetchone()[0]
    raw.execute(f"PRAGMA max_page_count = {pages}")

    async def small(tx: Tx) -> None:
        await tx.run("INSERT INTO t VALUES (1)")

    async def large(tx: Tx) -> None:
        await tx.many("INSERT INTO t VALUES (?)", [("y" * 500,)] * 100)

    with pytest.raises(sqlite3.OperationalError) as raised:
        run_batch(raw, [small, large])
    assert fault_kind(raised.value) is FaultKind.DISK_FULL
    assert not raw.in_transaction
    assert raw.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 0
    raw.close()


def test_sqlite_errors_are_classified_by_their_code(tmp_path: Path) -> None:
    """Real SQLITE_FULL and SQLITE_READONLY errors map to their kinds; a constraint error is not a fault."""
    assert fault_kind(sqlite_full_error()) is FaultKind.DISK_FULL
    assert fault_kind(read_only_error(tmp_path)) is FaultKind.READ_ONLY
    assert fault_kind(sqlite3.OperationalError("disk I/O error")) is FaultKind.IO_ERROR
    assert fault_kind(sqlite3.IntegrityError("UNIQUE constraint failed: t.x")) is None
    assert fault_kind(ValueError("database or disk is full")) is None
