"""Settings held in memory where several processes write them (data.settings `follow_writes`): on
PostgreSQL a process serves what it read while its listener is live, drops what another process's write
names once that write commits, and drops everything across a gap in listening. Each test opens two
Database objects on one schema, as two shard processes would."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Database, TurnNotice
from data.counters import Counts
from data.postgres import PgListening
from tests.waiting import until

from .conftest import GUILD, T0

PERSON = 5


@pytest.fixture
async def two(pg_schema: str) -> AsyncIterator[tuple[Database, Database]]:
    """A process that follows the writes (`reader`) and another that writes (`writer`)."""
    reader = await Database.open(pg_schema)
    writer = await Database.open(pg_schema)
    try:
        assert await reader.settings.follow_writes()
        yield reader, writer
    finally:
        await reader.close()
        await writer.close()


def reads_of(db: Database, before: Counts) -> int:
    return db.counts.since(before).reads


async def test_a_follower_reads_a_persons_settings_once(two: tuple[Database, Database]) -> None:
    reader, _ = two
    before = reader.counts.snapshot()
    await reader.settings.user(PERSON)
    await reader.settings.user(PERSON)
    await reader.settings.guild(GUILD)
    await reader.settings.guild(GUILD)
    assert reads_of(reader, before) == 1 + 2  # a person: one statement; a server: its row and its channels


async def test_a_write_in_another_process_reaches_the_follower(two: tuple[Database, Database]) -> None:
    """Served from memory before; the other process's change once it commits; held again after."""
    reader, writer = two
    assert (await reader.settings.user(PERSON)).turn_notice is TurnNotice.EVERY
    await writer.settings.update_user(PERSON, turn_notice=TurnNotice.OFF)
    await until(lambda: _notice_is(reader, TurnNotice.OFF), "the follower read the other process's write")
    before = reader.counts.snapshot()
    assert (await reader.settings.user(PERSON)).turn_notice is TurnNotice.OFF
    assert reads_of(reader, before) == 0


async def _notice_is(db: Database, notice: TurnNotice) -> bool:
    return (await db.settings.user(PERSON)).turn_notice is notice


async def test_a_servers_language_set_elsewhere_reaches_the_follower(two: tuple[Database, Database]) -> None:
    reader, writer = two
    assert (await reader.settings.guild(GUILD)).language is None
    await writer.settings.set_guild_language(GUILD, "ka")
    await until(lambda: _language(reader), "the follower read the server's new language")


async def _language(db: Database) -> bool:
    return (await db.settings.guild(GUILD)).language == "ka"


async def test_allowed_channels_set_elsewhere_reach_the_follower(two: tuple[Database, Database]) -> None:
    reader, writer = two
    assert (await reader.settings.guild(GUILD)).allowed_channel_ids == frozenset()
    await writer.settings.set_allowed_channels(GUILD, [77])

    async def allowed() -> bool:
        return (await reader.settings.guild(GUILD)).allowed_channel_ids == frozenset({77})

    await until(allowed, "the follower read the server's allowed channels")


async def test_an_erasure_elsewhere_drops_the_persons_settings(two: tuple[Database, Database]) -> None:
    """An erased person's row is deleted: the follower reads the defaults again, not what it held."""
    reader, writer = two
    await writer.settings.update_user(PERSON, turn_notice=TurnNotice.OFF)
    await until(lambda: _notice_is(reader, TurnNotice.OFF), "the follower read the write")
    await writer.privacy.erase_user(PERSON, at=T0)
    await until(lambda: _notice_is(reader, TurnNotice.EVERY), "the follower read the erasure")


async def test_a_write_missed_while_the_listener_was_down_is_read_once_it_listens_again(
    two: tuple[Database, Database],
) -> None:
    """The listening connection is cut (a server restart) and the other process writes before it is back:
    that notification is never heard, so the gap drops everything the follower held."""
    reader, writer = two
    await reader.settings.user(PERSON)  # held
    listening = reader.settings._following
    assert isinstance(listening, PgListening) and listening.live
    pid = listening._conn.get_server_pid()  # type: ignore[union-attr]
    await writer.read("SELECT pg_terminate_backend(?)", (pid,))
    await until(lambda: not listening.live, "the follower's listener lost its connection")
    await writer.settings.update_user(PERSON, turn_notice=TurnNotice.OFF)
    await until(lambda: listening.reconnects == 1, "the follower's listener connected again")
    assert (await reader.settings.user(PERSON)).turn_notice is TurnNotice.OFF


async def test_a_changed_locale_elsewhere_reaches_the_follower(two: tuple[Database, Database]) -> None:
    reader, writer = two
    assert (await reader.settings.user(PERSON)).seen_locale is None
    assert await writer.settings.note_locale(PERSON, "ur")

    async def seen() -> bool:
        return (await reader.settings.user(PERSON)).seen_locale == "ur"

    await until(seen, "the follower read the noted locale")


async def test_sqlite_follows_nothing_and_holds_only_for_its_one_writer(tmp_path: Path) -> None:
    """One file of one process: nothing is notified, so only `serve_held` (the bot owning the file) holds."""
    async with await Database.open(tmp_path / "cardroom.db") as db:
        assert not await db.settings.follow_writes()
        before = db.counts.snapshot()
        await db.settings.user(PERSON)
        await db.settings.user(PERSON)
        assert reads_of(db, before) == 2
