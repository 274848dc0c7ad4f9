"""What only the PostgreSQL backend has to get right: its placeholders, a server that is not there or
goes away, migrations started by two processes at once, and cancellation inside a server transaction.
(Everything the backends share runs on both through the `db` fixture.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlencode

import asyncpg
import pytest

from data import Database, DatabaseUnavailable, FaultKind, StorageFault
from data.database import Tx, redacted
from data.games import _append
from data.models import MoveSource
from data.postgres import numbered
from data.schema import latest_version
from tests.waiting import until

from .conftest import T0, active_game, lobby


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    """`?` becomes $1, $2... in order; a `?` inside a quoted string is text and stays."""
    assert numbered("UPDATE t SET a = ?, b = '?' WHERE c = ? AND d = 'it''s ?'") == (
        "UPDATE t SET a = $1, b = '?' WHERE c = $2 AND d = 'it''s ?'"
    )


def test_a_url_is_named_without_its_password() -> None:
    """Logs and start-up messages show the server and user, never the password."""
    assert (
        redacted("postgresql://bot:s3cret@db.example:5432/cardroom") == "postgresql://bot:***@db.example:5432/cardroom"
    )
    assert redacted("postgresql:///cardroom?host=/run/pg") == "postgresql:///cardroom?host=/run/pg"


async def test_a_server_that_does_not_answer_is_named_with_what_to_do(tmp_path) -> None:
    """No server behind the socket: DatabaseUnavailable says so and what to check, at open."""
    with pytest.raises(DatabaseUnavailable) as raised:
        await Database.open(f"postgresql://bot:pw@/cardroom?host={tmp_path}&port=5999")
    assert "does not answer" in raised.value.problem
    assert "host, port or socket folder" in raised.value.remedy
    assert "pw" not in str(raised.value.path)


async def test_a_missing_database_is_named_with_what_to_do(pg_url: str) -> None:
    """The server answers but has no such database: say so and how to create it."""
    url = pg_url.replace("/cardroom_test?", "/no_such_cardroom?") if "/cardroom_test?" in pg_url else None
    if url is None:
        pytest.skip("the server's URL names another database")
    with pytest.raises(DatabaseUnavailable) as raised:
        await Database.open(url)
    assert raised.value.problem == "the database does not exist"


async def test_a_move_whose_connection_the_server_drops_is_refused_then_stored_once(pg_schema: str) -> None:
    """The server ends the connection in the middle of a move's transaction (a restart, a failover): the
    move comes back as StorageFault UNREACHABLE with nothing stored, and the same move, tried again on a
    fresh pooled connection, is stored once."""
    async with await Database.open(pg_schema) as db:
        game = await active_game(db)
        admin = await asyncpg.connect(pg_schema)

        async def dropped_move(tx: Tx) -> int:
            row = await tx.one("SELECT pg_backend_pid() AS pid")
            assert row is not None
            pid = row["pid"]
            await admin.fetchval("SELECT pg_terminate_backend($1, 5000)", pid)
            return await _append(tx, game.id, 0, "a", T0, 0, None, MoveSource.PLAYER)

        try:
            with pytest.raises(StorageFault) as raised:
                await db.atomic(dropped_move, one_game=True)
        finally:
            await admin.close()
        assert raised.value.kind is FaultKind.UNREACHABLE
        assert raised.value.reason == "the database server cannot be reached"
        assert (await db.games.get(game.id)).version == 0
        assert await db.games.append_move(game.id, 0, "a", at=T0, actor=0, next_deadline=None) == 1
        assert (await db.games.load(game.id)).codes == ("a",)


async def test_two_processes_opening_a_new_database_at_once_migrate_it_once(pg_schema: str) -> None:
    """Two bot processes starting together on an empty database: one applies the migrations, the other
    waits for it and finds the schema up to date (no "already exists" error)."""
    first, second = await asyncio.gather(Database.open(pg_schema), Database.open(pg_schema))
    try:
        assert await first.schema_version() == await second.schema_version() == latest_version()
        game = await lobby(first)
        assert (await second.games.get(game.id)).id == game.id
    finally:
        await first.close()
        await second.close()


async def test_a_caller_cancelled_during_its_transaction_returns_after_it(pg_schema: str) -> None:
    """Cancelled while its transaction runs on the server, an `atomic` caller raises only once the
    transaction has ended, so a read right after sees what it committed (as SQLite's group commit)."""
    async with await Database.open(pg_schema) as db:
        game = await lobby(db)
        started = asyncio.Event()

        async def slow(tx: Tx) -> int:
            await tx.run("UPDATE games SET seed = ? WHERE id = ?", (42, game.id))
            started.set()
            await tx.one("SELECT pg_sleep(0.2)")
            return 42

        writer = asyncio.ensure_future(db.atomic(slow))
        await started.wait()
        writer.cancel()
        with pytest.raises(asyncio.CancelledError):
            await writer
        assert (await db.games.get(game.id)).seed == 42


def _named(url: str, application_name: str) -> str:
    """`url` with an application_name, so the server's lock table tells this database's connections apart."""
    return f"{url}&{urlencode({'application_name': application_name})}"


async def _waiting_on_a_lock(url: str, application_name: str) -> bool:
    """Whether a connection named `application_name` waits for a lock (the server's lock table)."""
    conn = await asyncpg.connect(url)
    try:
        return bool(
            await conn.fetchval(
                "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                "WHERE NOT l.granted AND a.application_name = $1",
                application_name,
            )
        )
    finally:
        await conn.close()


@asynccontextmanager
async def _held_open(db: Database, sql: str, params: tuple[object, ...], *, one_game: bool) -> AsyncIterator[None]:
    """A write transaction that ran `sql` and stays open (holding the write lock) until the block ends;
    it ends however the block does, or closing the database would wait for it."""
    inside = asyncio.Event()
    release = asyncio.Event()

    async def held(tx: Tx) -> None:
        await tx.run(sql, params)
        inside.set()
        await release.wait()

    holder = asyncio.ensure_future(db.atomic(held, one_game=one_game))
    try:
        await inside.wait()
        yield
    finally:
        release.set()
        await holder


async def test_moves_of_different_games_do_not_wait_for_each_other(pg_schema: str) -> None:
    """A move holds the write lock shared: while one game's move transaction is open, another game's move
    commits at once, but a lobby change (an exclusive writer) waits for the open move."""
    async with await Database.open(_named(pg_schema, "held-move")) as db:
        first = await active_game(db, (1, 2), channel_id=1)
        second = await active_game(db, (3, 4), channel_id=2)
        move = "UPDATE games SET version = version + 1 WHERE id = ? AND version = 0"
        async with _held_open(db, move, (first.id,), one_game=True):
            assert await db.games.append_move(second.id, 0, "b", at=T0, actor=0, next_deadline=None) == 1
            exclusive = asyncio.ensure_future(db.games.set_host(second.id, 4))
            await until(lambda: _waiting_on_a_lock(pg_schema, "held-move"), "the lobby change waiting for the lock")
            assert not exclusive.done()
        await exclusive
        assert (await db.games.get(second.id)).host_user_id == 4


async def test_writers_in_two_schemas_of_one_server_never_wait_for_each_other(pg_schema: str) -> None:
    """Advisory locks belong to the whole database: the write lock names its schema, so a write
    transaction held open in one schema (a stuck process) leaves another schema's writers free."""
    admin = await asyncpg.connect(pg_schema)
    schema_name = await admin.fetchval("SELECT current_schema()")
    name = f"x{schema_name}"
    await admin.execute(f"CREATE SCHEMA {name}")
    other = _named(pg_schema.replace(f"search_path={schema_name}", f"search_path={name}"), name)
    try:
        async with await Database.open(pg_schema) as db, await Database.open(other) as elsewhere:
            game = await lobby(db)
            stranger = await lobby(elsewhere)
            async with _held_open(db, "UPDATE games SET seed = 7 WHERE id = ?", (game.id,), one_game=False):
                writer = asyncio.ensure_future(elsewhere.games.set_host(stranger.id, 9))  # exclusive too
                await until(
                    lambda: writer.done() or _waiting_on_a_lock(pg_schema, name),
                    "the other schema's write stored or waiting",
                )
                assert writer.done(), "the other schema's write waits for this one's open transaction"
            await writer
            assert (await elsewhere.games.get(stranger.id)).host_user_id == 9
    finally:
        await admin.execute(f"DROP SCHEMA {name} CASCADE")
        await admin.close()
