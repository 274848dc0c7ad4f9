"""A game's thread closed or deleted by a moderator: what comes after still shows where everyone can see
it (bot.threads, bot.endings, the reconciler's fallbacks)."""

from __future__ import annotations

import asyncio

from bench.players.common import click, game_id_of, start_bot
from fakediscord import FakeDiscord, Message
from tests.e2e.test_liveness import locked_mid_game
from tests.e2e.test_threads import rematch_in_thread


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
