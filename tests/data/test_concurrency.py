"""Racing writers and crashes: exactly one racing move wins, committed moves survive a killed process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from data import Database, VersionConflict

from .conftest import T0, active_game, lobby

ROOT = Path(__file__).resolve().parents[2]


async def test_racing_appends_same_version_one_wins(db):
    """Twenty tasks append on version 0 at once: one move is stored, nineteen get VersionConflict."""
    game = await active_game(db)
    outcomes = await asyncio.gather(
        *(db.games.append_move(game.id, 0, f"m{i}", at=T0, actor=i % 4, next_deadline=None) for i in range(20)),
        return_exceptions=True,
    )
    assert [o for o in outcomes if not isinstance(o, Exception)] == [1]
    assert all(isinstance(o, VersionConflict) for o in outcomes if isinstance(o, Exception))
    saved = await db.games.load(game.id)
    assert (saved.game.version, len(saved.moves)) == (1, 1)


async def test_racing_appends_from_two_connections_one_wins(db, db_target):
    """Two Database objects on one database (two processes' worth: one SQLite file, or one PostgreSQL
    database) racing on a version: the database's version check lets exactly one win."""
    game = await active_game(db)
    async with await Database.open(db_target) as other:
        outcomes = await asyncio.gather(
            *(
                conn.games.append_move(game.id, 0, f"m{i}", at=T0, actor=0, next_deadline=None)
                for i in range(10)
                for conn in (db, other)
            ),
            return_exceptions=True,
        )
    assert sum(o == 1 for o in outcomes) == 1
    assert sum(isinstance(o, VersionConflict) for o in outcomes) == 19


async def test_the_last_chair_goes_to_one_of_two_processes(db, db_target):
    """Two Database objects (two processes' worth) joining a lobby's last free chair at once: write
    transactions never interleave, so one is seated and the other is told the table is full."""
    game = await lobby(db)
    for user in (1, 2, 3):
        await db.games.add_player(game.id, user, f"player {user}")
    async with await Database.open(db_target) as other:
        outcomes = await asyncio.gather(
            db.games.add_player(game.id, 4, "four", max_seats=4),
            other.games.add_player(game.id, 5, "five", max_seats=4),
            return_exceptions=True,
        )
    assert sorted(type(o).__name__ for o in outcomes) == ["Seat", "SeatError"]
    assert len((await db.games.get(game.id)).seats) == 4


async def test_concurrent_games_interleave_without_loss(db):
    """Many tables moving at once each keep their own complete, ordered log."""
    games = [await active_game(db, (i * 10 + 1, i * 10 + 2), channel_id=i) for i in range(8)]

    async def play(game_id: int) -> None:
        version = 0
        for n in range(15):
            version = await db.games.append_move(
                game_id, version, f"{game_id}:{n}", at=T0, actor=n % 2, next_deadline=None
            )

    await asyncio.gather(*(play(g.id) for g in games))
    for game in games:
        saved = await db.games.load(game.id)
        assert saved.codes == tuple(f"{game.id}:{n}" for n in range(15))


_CRASHER = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from data import Database

    async def main(path, game_id, moves):
        db = await Database.open(path)
        for n in range(moves):
            await db.games.append_move(game_id, n, f"c{n}", at=1.0, actor=0, next_deadline=None)
        # Die inside the next move's transaction, after its UPDATE but before COMMIT.
        async with db.transaction() as tx:
            await tx.run("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
            await tx.run("INSERT INTO moves (game_id, seq, code, actor, source, at) "
                         "VALUES (?, ?, 'lost', 0, 'player', 1)", (game_id, moves + 1))
            os.kill(os.getpid(), signal.SIGKILL)

    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
    """
)


async def test_killed_process_loses_no_committed_move(db_target):
    """SIGKILL between moves (and mid-transaction) keeps every committed move and none of the half move."""
    async with await Database.open(db_target) as db:
        game = await active_game(db)
    proc = subprocess.run(
        [sys.executable, "-c", _CRASHER, str(db_target), str(game.id), "12"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == -9, proc.stderr.decode()
    async with await Database.open(db_target) as db:
        saved = await db.games.load(game.id)
    assert saved.codes == tuple(f"c{n}" for n in range(12))
    assert saved.game.version == 12


async def test_cancelled_writers_leave_log_and_version_consistent(db):
    """Tasks cancelled mid-append never leave a version without its move, and the connection stays usable."""
    game = await active_game(db)

    async def play(offset: int) -> None:
        while True:
            current = (await db.games.get(game.id)).version
            with contextlib.suppress(VersionConflict):
                await db.games.append_move(game.id, current, f"x{offset}", at=T0, actor=0, next_deadline=None)

    tasks = [asyncio.create_task(play(n)) for n in range(4)]
    await asyncio.sleep(0.2)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    saved = await db.games.load(game.id)
    assert saved.game.version == len(saved.moves) > 0
    assert [m.seq for m in saved.moves] == list(range(1, saved.game.version + 1))
    assert await db.games.append_move(game.id, saved.game.version, "after", at=T0, actor=0, next_deadline=None) == (
        saved.game.version + 1
    )
