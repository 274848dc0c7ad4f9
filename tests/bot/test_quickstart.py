"""The quick start against the computer (bot.flows.quickstart) with the real lobby around fake tables, marks
and threads: no Discord at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.flows.lobby import Lobby
from bot.flows.quickstart import QuickStart
from bot.process.config import Tuning
from bot.projection.threads import NO_THREAD_HERE
from data import GameStatus, TurnTimer
from tests.bot.fakes import (
    CHANNEL,
    GUILD,
    KIND,
    THREAD,
    Interaction,
    Marks,
    Tables,
    Threads,
    closed,
    service_on,
)

PLAYER = 101


@pytest.fixture
async def parts(tmp_path: Path):  # type: ignore[no-untyped-def]
    # The computer's first move waits out a long delay: each test looks at the game as it started.
    service = await service_on(tmp_path, tuning=Tuning(drawing_processes=0, computer_delay=600.0))
    tables, marks, threads = Tables(service), Marks(), Threads()
    lobby = Lobby(service, tables=tables, marks=marks, threads=threads)  # type: ignore[arg-type]
    quick = QuickStart(service, lobby=lobby, threads=threads)  # type: ignore[arg-type]
    yield service, quick, tables, marks, threads
    await closed(service)


async def play(quick: QuickStart, *, guild_id: int | None = GUILD) -> Interaction:
    click = Interaction(PLAYER, guild_id=guild_id)
    click.user.display_name = "Ann"
    await quick.start(click, KIND)  # type: ignore[arg-type]
    return click


async def test_play_starts_a_game_against_the_computer_in_the_channel(parts) -> None:  # type: ignore[no-untyped-def]
    """One click: the player and a computer seated, the game dealt, the table posted in the channel,
    the messages asked for, and the player gets a link to the table."""
    service, quick, tables, marks, threads = parts
    click = await play(quick)
    record = await service.db.games.open_in_channel(CHANNEL)
    assert record is not None and record.status is GameStatus.ACTIVE
    assert [seat.is_computer for seat in record.seats] == [False, True] and record.seats[0].user_id == PLAYER
    assert tables.posted == [(record.id, CHANNEL)] and marks.marked == [record.id] and threads.opened == []
    [said] = click.followup.said
    assert "has started against the computer" in said
    assert f"/{GUILD}/{CHANNEL}/{record.table_message_id}" in said


async def test_play_in_a_direct_message_is_refused(parts) -> None:  # type: ignore[no-untyped-def]
    """Play outside a server: told games are played in a channel, no game made."""
    service, quick, tables, *_ = parts
    click = await play(quick, guild_id=None)
    assert click.said() == ["Games are played in a server channel, not here."]
    assert tables.posted == [] and await service.db.games.list_open() == []


async def test_play_in_a_busy_channel_says_why(parts) -> None:  # type: ignore[no-untyped-def]
    """A table already open in the channel: told so, and the open table is the only game."""
    service, quick, tables, *_ = parts
    lobby = await service.db.games.create_lobby(
        kind=KIND,
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_user_id=999,
        seed=1,
        at=service.clock(),
        timer=TurnTimer.LIVE,
        turn_seconds=600,
    )
    await service.db.games.add_player(lobby.id, 999, "Zed")
    click = await play(quick)
    assert "already a game at this table" in click.followup.said[0] and f"#{lobby.id}" in click.followup.said[0]
    assert tables.posted == [] and len(await service.db.games.list_open()) == 1


async def test_play_opens_a_thread_when_the_server_plays_tables_in_threads(parts) -> None:  # type: ignore[no-untyped-def]
    """Threads on for the server: the quick game gets its own thread, named with its number once it has
    one, its table is posted there, and the link points into it."""
    service, quick, tables, _, threads = parts
    await service.db.settings.update_guild(GUILD, threads=True)
    click = await play(quick)
    [record] = await service.db.games.list_open()
    assert record.thread_id == THREAD and threads.opened == [service.adapter(KIND).title]
    assert tables.posted == [(record.id, THREAD)]
    assert len(threads.renamed) == 1 and f"#{record.id} · " in threads.renamed[0]
    assert f"/{GUILD}/{THREAD}/{record.table_message_id}" in click.followup.said[0]


async def test_play_without_thread_permissions_says_why_and_plays_in_the_channel(parts) -> None:  # type: ignore[no-untyped-def]
    """Threads on but none could be opened: the table is in the channel and the player is told why."""
    service, _, tables, marks, _ = parts
    threads = Threads(None, NO_THREAD_HERE)
    lobby = Lobby(service, tables=tables, marks=marks, threads=threads)  # type: ignore[arg-type]
    quick = QuickStart(service, lobby=lobby, threads=threads)  # type: ignore[arg-type]
    await service.db.settings.update_guild(GUILD, threads=True)
    click = await play(quick)
    [record] = await service.db.games.list_open()
    assert record.thread_id is None and tables.posted == [(record.id, CHANNEL)]
    assert NO_THREAD_HERE in click.followup.said[0]


async def test_a_thread_refusing_the_table_leaves_it_in_the_channel(parts) -> None:  # type: ignore[no-untyped-def]
    """The thread opened but refuses the table (50013): the table is posted in the channel, the player told."""
    service, quick, tables, *_ = parts
    await service.db.settings.update_guild(GUILD, threads=True)
    tables.refuse.add(THREAD)
    click = await play(quick)
    [record] = await service.db.games.list_open()
    assert tables.posted == [(record.id, CHANNEL)] and record.table_channel_id == CHANNEL
    assert NO_THREAD_HERE in click.followup.said[0]
