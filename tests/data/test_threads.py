"""Games in threads in storage (migrations 0011, 0012): a game with a thread never holds its channel, the
channel's own game still does, the archive step is recorded, and so is the lobby note's end."""

from __future__ import annotations

import pytest

from data import ChannelBusy, Database, GameStatus, MessageKind, ShownMessage, TurnTimer
from data.messages import GAME_WIDE
from tests.data.conftest import GUILD, T0, lobby

CHANNEL = 500


async def threaded(db: Database, thread_id: int, *, host: int = 1, channel_id: int = CHANNEL):
    return await db.games.create_lobby(
        kind="cards",
        guild_id=GUILD,
        channel_id=channel_id,
        host_user_id=host,
        seed=7,
        at=T0,
        timer=TurnTimer.LIVE,
        turn_seconds=60,
        thread_id=thread_id,
    )


async def test_games_in_threads_share_a_channel(db: Database) -> None:
    """Two lobbies with threads of one channel open side by side; neither is ChannelBusy."""
    first = await threaded(db, 9001)
    second = await threaded(db, 9002, host=2)
    assert (first.channel_id, first.thread_id) == (CHANNEL, 9001)
    assert (second.channel_id, second.thread_id) == (CHANNEL, 9002)


async def test_the_channels_own_game_still_holds_it_beside_threaded_ones(db: Database) -> None:
    """Threaded games hold nothing: one game of the channel's own opens beside them, a second is busy."""
    await threaded(db, 9001)
    own = await lobby(db, channel_id=CHANNEL)
    assert own.thread_id is None
    with pytest.raises(ChannelBusy):
        await lobby(db, channel_id=CHANNEL, host=2)
    await threaded(db, 9002, host=3)  # and threads still open while the channel is held


async def test_a_command_in_a_thread_finds_its_game_and_in_the_channel_the_channels_own(db: Database) -> None:
    """open_in_channel: the thread's id finds the game in it; the channel's id prefers its own game."""
    in_thread = await threaded(db, 9001)
    own = await lobby(db, channel_id=CHANNEL)
    assert (await db.games.open_in_channel(9001)).id == in_thread.id
    assert (await db.games.open_in_channel(CHANNEL)).id == own.id


async def test_an_ended_games_thread_waits_for_its_archive_step(db: Database) -> None:
    """Ended with a thread: listed to archive until the archive is recorded; open games never are."""
    ended = await threaded(db, 9001)
    still_open = await threaded(db, 9002, host=2)
    await db.games.abandon(ended.id, at=T0 + 1, reason="nobody started it")
    assert await db.messages.threads_to_archive() == [ended.id]
    assert not await db.messages.thread_archived(ended.id)
    await db.messages.set_thread_archived(ended.id, at=T0 + 2)
    await db.messages.set_thread_archived(ended.id, at=T0 + 3)  # recorded once, however often
    assert await db.messages.thread_archived(ended.id)
    assert await db.messages.threads_to_archive() == []
    assert (await db.games.get(still_open.id)).status is GameStatus.LOBBY


async def test_the_threads_server_setting_is_stored_and_off_by_default(db: Database) -> None:
    """`/settings server` threads: off until a manager turns it on; other settings keep their values."""
    assert not (await db.settings.guild(GUILD)).threads
    changed = await db.settings.update_guild(GUILD, live_turn_seconds=30, threads=True)
    assert changed.threads
    again = await db.settings.update_guild(GUILD, casual_turn_seconds=3600)
    assert again.threads and again.live_turn_seconds == 30


async def test_an_ended_games_lobby_note_is_listed_until_it_shows_the_end(db: Database) -> None:
    """A note (kind 'note', 0012) of an ended game is owed its last edit until its key says it shows the
    end; a note of a game still open is not owed anything yet."""
    ended = await threaded(db, 9001)
    still_open = await threaded(db, 9002, host=2)
    for game in (ended, still_open):
        await db.messages.save(ShownMessage(game.id, MessageKind.NOTE, GAME_WIDE, CHANNEL, 7000 + game.id, 3))
    await db.games.abandon(ended.id, at=T0 + 1, reason="every player left")
    assert await db.messages.notes_to_show("over") == [ended.id]
    note = await db.messages.get(ended.id, MessageKind.NOTE)
    assert note is not None and (note.channel_id, note.message_id, note.key) == (CHANNEL, 7000 + ended.id, "")
    await db.messages.save(ShownMessage(ended.id, MessageKind.NOTE, GAME_WIDE, CHANNEL, 7000 + ended.id, 4, "over"))
    assert await db.messages.notes_to_show("over") == []


async def test_a_threads_note_is_the_latest_earlier_games(db: Database) -> None:
    """thread_note: the note of the newest game before the given one in that thread; none in another."""
    first = await threaded(db, 9001)
    second = await threaded(db, 9001, host=2)
    other = await threaded(db, 9002, host=3)
    for game, message in ((first, 71), (second, 72), (other, 73)):
        await db.messages.save(ShownMessage(game.id, MessageKind.NOTE, GAME_WIDE, CHANNEL, message, 0))
    third = await threaded(db, 9001, host=4)
    found = await db.messages.thread_note(9001, before=third.id)
    assert found is not None and (found.game_id, found.message_id) == (second.id, 72)
    assert (await db.messages.thread_note(9001, before=second.id)).message_id == 71  # type: ignore[union-attr]
    assert await db.messages.thread_note(9003, before=third.id) is None
