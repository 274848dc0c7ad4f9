"""A game's thread deleted while nobody moves: the game ends unrated and each player is told so by DM,
exactly once, however many of the bot's steps find the thread gone (10003)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import re
from typing import Any

import pytest

from bench.players.carousel import quiet
from bench.players.common import FAST, click, game_id_of, is_my_turn, start_bot
from bot.bot import CardBot
from bot.refusals import Refusal
from data import GameStatus
from fakediscord import FakeDiscord, Message
from tests.e2e.test_threads import table_in, threaded_lobby

NOTICE = re.compile(r"\w+ #\d+ has ended: its thread was deleted")  # the DM itself, not a hand that says so


def is_notice(message: Message) -> bool:
    return NOTICE.match(message.text) is not None


async def test_thread_deleted_each_player_is_told_once_by_dm(
    fake: FakeDiscord, bots: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The thread of a running game is deleted and nobody moves: the turn's reminder finds the thread
    gone (10003), and so does the table's edit, in its own task, while the players are being told.
    Each player gets one "has ended: its thread was deleted" DM, not one per step."""
    bot = await start_bot(bots, dataclasses.replace(FAST, token_edit_window=0))  # table edits over REST
    assert isinstance(bot, CardBot)
    await bot.service.db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)  # the turn runs out
    steps, done, second_step = [0], [0], asyncio.Event()
    refused, dm = bot.reconciler.channel_refused, bot.transport.dm

    async def counted(game_id: int, *, refusal: Refusal) -> None:
        steps[0] += 1
        if steps[0] >= 2:
            second_step.set()
        try:
            await refused(game_id, refusal=refusal)
        finally:
            done[0] += 1

    async def held(user_id: int, post: Any) -> Any:
        """While the first "has ended" DM is on its way, the table's edit (its own task) finds the thread
        gone too: the DM waits for that second step (bounded)."""
        if NOTICE.match(post.content) and not second_step.is_set():
            bot.tables.mark_dirty(game_id)  # the table shows the abandoned game: an edit, refused with 10003
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(second_step.wait(), 10)
        return await dm(user_id, post)

    monkeypatch.setattr(bot.reconciler, "channel_refused", counted)
    monkeypatch.setattr(bot.transport, "dm", held)
    alice, lobby, thread = await threaded_lobby(fake)
    bob = fake.users["bob"]
    lobby = await click(bob, lobby, "Join")
    game_id = game_id_of(lobby)
    await click(alice, lobby, "Start")
    await table_in(fake, thread)
    loaded = await bot.service.load(game_id)
    mover = alice if loaded.state.to_move == 0 else bob
    await fake.wait_for_message(mover.dm, is_my_turn)
    await fake.threads.delete(thread)
    for user in (alice, bob):
        await fake.wait_for_message(user.dm, is_notice, timeout=30)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while steps[0] < 2 or done[0] < steps[0]:  # both steps that found the thread gone have finished
        assert loop.time() < deadline, (steps, done)
        await asyncio.sleep(0.01)
    await quiet(bot)
    assert (await bot.service.db.games.get(game_id)).status is GameStatus.ABANDONED
    for user in (alice, bob):
        assert len([m for m in fake.messages(user.dm) if is_notice(m)]) == 1, user.name
