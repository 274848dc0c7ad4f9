"""Notifications between processes (Database.notify / listen): PostgreSQL's NOTIFY reaches every
listener of the channel in the same schema, and SQLite (one process) has nothing to deliver."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from data import Database
from data.postgres import PgListening
from tests.waiting import HANG_GUARD, until


async def test_a_notification_reaches_a_listener_in_another_process_and_stays_in_its_schema(
    pg_schema: str, pg_url: str
) -> None:
    """Two Database objects on one schema (two processes): a notify by one is heard by the other; a
    listener on another schema of the same server hears nothing."""
    heard: asyncio.Queue[str] = asyncio.Queue()
    elsewhere: list[str] = []
    second = pg_schema.replace("search_path=", "search_path=x")
    admin = await asyncpg.connect(pg_url)
    await admin.execute(f"CREATE SCHEMA x{pg_schema.rsplit('search_path=', 1)[1]}")
    async with (
        await Database.open(pg_schema) as sender,
        await Database.open(pg_schema) as receiver,
        await Database.open(second) as other_schema,
    ):
        listening = await receiver.listen("moves", heard.put_nowait)
        stranger = await other_schema.listen("moves", elsewhere.append)
        assert listening is not None and stranger is not None
        await sender.notify("moves", "42")
        assert await asyncio.wait_for(heard.get(), HANG_GUARD) == "42"
        await other_schema.notify("moves", "7")
        await asyncio.sleep(0.2)
        assert heard.empty() and elsewhere == ["7"]
        await listening.close()
        await stranger.close()
    await admin.execute(f"DROP SCHEMA x{pg_schema.rsplit('search_path=', 1)[1]} CASCADE")
    await admin.close()


async def test_a_notification_sent_in_a_transaction_is_heard_at_commit_and_never_after_a_rollback(
    pg_schema: str,
) -> None:
    """Tx.notify goes with its transaction: the rolled-back one is never heard, so the first thing the
    listener hears is the committed one sent after it."""
    heard: asyncio.Queue[str] = asyncio.Queue()
    async with await Database.open(pg_schema) as sender, await Database.open(pg_schema) as receiver:
        listening = await receiver.listen("moves", heard.put_nowait)
        assert listening is not None
        with pytest.raises(LookupError):
            async with sender.transaction() as tx:
                await tx.notify("moves", "rolled back")
                raise LookupError
        async with sender.transaction() as tx:
            await tx.notify("moves", "committed")
        assert await asyncio.wait_for(heard.get(), HANG_GUARD) == "committed"
        await listening.close()


async def test_a_listener_whose_connection_is_lost_listens_again(pg_schema: str) -> None:
    """The listening connection is cut (as a server restart would): it connects again and hears the
    next notification."""
    heard: asyncio.Queue[str] = asyncio.Queue()
    async with await Database.open(pg_schema) as db:
        listening = await db.listen("moves", heard.put_nowait)
        pid = listening._conn.get_server_pid()  # type: ignore[union-attr]
        await db.read("SELECT pg_terminate_backend(?)", (pid,))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while listening.reconnects == 0:  # type: ignore[attr-defined]
            assert loop.time() < deadline, "the listener never connected again"
            await asyncio.sleep(0.05)
        await db.notify("moves", "again")
        assert await asyncio.wait_for(heard.get(), HANG_GUARD) == "again"
        await listening.close()


async def test_a_listener_is_told_of_its_gap_when_the_connection_is_lost_and_again_when_it_is_back(
    pg_schema: str,
) -> None:
    """What was sent between the two calls of `gap` was never heard: a listener holding what it read
    (data.settings) drops it at both."""
    gaps: list[bool] = []
    async with await Database.open(pg_schema) as db:
        listening = await db.listen("moves", lambda payload: None, gap=lambda: gaps.append(listening.live))
        assert isinstance(listening, PgListening) and listening.live and gaps == []
        await db.read("SELECT pg_terminate_backend(?)", (listening._conn.get_server_pid(),))  # type: ignore[union-attr]
        await until(lambda: listening.reconnects == 1, "the listener connected again")
        assert gaps == [False, True]
        await listening.close()


async def test_sqlite_has_nothing_to_listen_to(tmp_path: Path) -> None:
    """One file of one process: listen gives None and notify sends nothing (and does not fail)."""
    async with await Database.open(tmp_path / "cardroom.db") as db:
        assert await db.listen("moves", lambda payload: None) is None
        await db.notify("moves", "1")
