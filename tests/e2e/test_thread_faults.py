"""A game's thread closed or deleted by a moderator: what comes after still shows where everyone can see
it (bot.projection.threads, bot.projection.endings, the reconciler's fallbacks)."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from bench.players.carousel import quiet
from bench.players.common import FAST, click, game_id_of, is_my_turn, play_all, start_bot
from bot.process.bot import CardBot
from data import GameStatus
from fakediscord import FakeDiscord, Message, SimUser
from fakediscord.threads import Thread
from tests.e2e.test_liveness import locked_mid_game
from tests.e2e.test_threads import rematch_in_thread, table_in, threaded_lobby
from tests.waiting import until


def has_hand_button(message: Message) -> bool:
    return any(b.get("label") == "My hand" for b in message.buttons)


async def test_a_rematch_after_the_thread_was_locked_opens_in_the_channel(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The thread was locked mid-game, so the standings are in the channel: Rematch under them opens the
    new lobby in the channel, without the locked thread, saying why, and the table plays there."""
    bot, _, thread, _ = await locked_mid_game(fake, bots)
    standings = next(m for m in fake.messages(fake.channel) if "🏆" in m.text and m.attachments)
    alice = fake.users["alice"]
    again = await click(alice, standings, "Rematch")
    assert again.channel_id == fake.channel.id and "is open" in again.text
    assert f"<#{thread.id}> is closed, so this table plays here in the channel" in again.text, again.text
    assert (await bot.service.db.games.get(game_id_of(again))).thread_id is None
    table = await click(alice, again, "Start")
    assert table.channel_id == fake.channel.id and has_hand_button(table)
    assert thread.locked
    assert not fake.logged_errors, fake.error_summary()


async def test_a_rematch_asked_for_in_a_locked_thread_opens_in_the_channel(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A moderator locks the thread after the game: Rematch under the standings in it gets a short answer
    for the asker, and the lobby opens in the parent channel (a post in the locked thread is refused)."""
    bot = await start_bot(bots)
    _, thread, result = await rematch_in_thread(fake, bot)
    await fake.threads.archive(thread, locked=True)
    alice = fake.users["alice"]
    answer = await click(alice, result, "Rematch")
    assert answer.ephemeral and f"<#{fake.channel.id}>" in answer.text, answer.text
    lobby = await fake.wait_for_message(fake.channel, lambda m: "is open" in m.text and "Rematch!" in m.text)
    assert f"<#{thread.id}> is closed" in lobby.text
    game_id = game_id_of(lobby)
    async with asyncio.timeout(30):  # hang guard: the lobby's message is recorded once its post returns
        while (record := await bot.service.db.games.get(game_id)).table_message_id is None:
            await asyncio.sleep(0.01)
    assert record.thread_id is None and record.table_message_id == int(lobby.id)
    table = await click(alice, lobby, "Start")
    assert table.channel_id == fake.channel.id and has_hand_button(table) and thread.locked


def is_table(message: Message) -> bool:
    return message.is_v2 and has_hand_button(message)


async def threaded_game(fake: FakeDiscord, bot: CardBot) -> tuple[int, Message, Thread, SimUser]:
    """Alice and Bob's threaded Thirteen game, its table in the thread and the first turn's DM hand out:
    (the game, the channel's note, the thread, the person to move)."""
    alice, lobby, thread = await threaded_lobby(fake)
    bob = fake.users["bob"]
    lobby = await click(bob, lobby, "Join")
    game_id = game_id_of(lobby)
    await click(alice, lobby, "Start")
    await table_in(fake, thread)
    loaded = await bot.service.load(game_id)
    assert loaded.state is not None
    mover = alice if loaded.state.to_move == 0 else bob
    await fake.wait_for_message(mover.dm, is_my_turn)
    return game_id, lobby, thread, mover


async def test_a_thread_deleted_mid_game_goes_on_in_the_channel(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A moderator deletes the thread while nobody moves: at THREAD_DELETE a fresh table is posted in
    the channel, the channel's note says the game goes on there, and the game is still being played."""
    bot = await start_bot(bots)
    game_id, note, thread, _ = await threaded_game(fake, bot)
    await fake.threads.delete(thread)
    table = await fake.wait_for_message(fake.channel, is_table, timeout=30)
    assert f"#{game_id}" in table.text
    await until(lambda: "its thread was deleted, so the game goes on here" in fake.message(note).text, "the note")
    assert (await bot.service.db.games.get(game_id)).status is GameStatus.ACTIVE
    assert not fake.logged_errors, fake.error_summary()


async def test_a_game_moved_out_of_its_deleted_thread_plays_on_to_its_standings(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """After the move the players go on from their DM hands; the table in the channel follows the moves
    and the standings are posted in the channel, under the note that shows the result."""
    bot = await start_bot(bots, dataclasses.replace(FAST, token_edit_window=0))
    game_id, note, thread, _ = await threaded_game(fake, bot)
    await fake.threads.delete(thread)
    await fake.wait_for_message(fake.channel, is_table, timeout=30)
    await play_all(fake, [fake.users["alice"], fake.users["bob"]], where=fake.channel)
    record = await bot.service.db.games.get(game_id)
    assert record.status is GameStatus.FINISHED
    assert any("🏆" in m.text for m in fake.messages(fake.channel))
    await until(lambda: "is over" in fake.message(note).text, "the note to show the result")


async def test_a_deleted_thread_found_by_a_request_moves_the_game_once(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """THREAD_DELETE not heard (another process's shard had it): the turn's reminder and the table's edit
    each find the thread gone (10003), at the same time; the game moves to the channel once: one fresh
    table, and nobody is told the game ended."""
    bot = await start_bot(bots, dataclasses.replace(FAST, token_edit_window=0))
    await bot.service.db.settings.update_guild(int(fake.guild.id), live_turn_seconds=2)  # the reminder soon
    game_id, _, thread, _ = await threaded_game(fake, bot)

    async def unheard(payload: Any) -> None:
        return None

    monkeypatch.setattr(bot, "on_raw_thread_delete", unheard, raising=False)
    await fake.threads.delete(thread)
    bot.tables.mark_dirty(game_id)  # the table's edit, in its own task, beside the reminder's post
    await fake.wait_for_message(fake.channel, is_table, timeout=30)
    await quiet(bot)
    await fake.wait_for_message(fake.channel, lambda m: "⏰" in m.text and "your turn" in m.text, timeout=30)
    await quiet(bot)
    assert len([m for m in fake.messages(fake.channel) if is_table(m)]) == 1
    assert (await bot.service.db.games.get(game_id)).status is GameStatus.ACTIVE
    for user in (fake.users["alice"], fake.users["bob"]):
        assert not any("has ended" in m.text for m in fake.messages(user.dm))
