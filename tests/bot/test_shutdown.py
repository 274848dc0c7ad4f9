"""Shutting the bot down the way `bot.process.runner` does: a signal handler calls close(), `async with` ends."""

from __future__ import annotations

import asyncio

from bot.kit.texts import RESTARTING
from bot.process.bot import CardBot, drain_handlers
from bot.process.runner import point_at
from fakediscord import FakeDiscord, Message
from harness.offline import BotHarness
from tests.waiting import HANG_GUARD


async def test_async_with_ends_only_after_the_database_is_closed(fake: FakeDiscord, bots: BotHarness) -> None:
    """A close started elsewhere (SIGTERM) while a move's transaction runs: `async with` waits for the database."""
    settings = bots.settings()
    point_at(settings)  # the harness restores discord.py's targets at teardown
    bot = CardBot(settings)
    closed_on_exit: list[bool] = []

    async def main() -> None:  # bot.process.runner._main without the signal wiring
        async with bot:
            await bot.start(settings.token)
        closed_on_exit.append(bot.db is None)

    runner = asyncio.create_task(main())
    await fake.guarded(bot.wait_until_ready(), 10, "the bot to become ready")
    assert bot.db is not None
    async with bot.db.transaction():  # a move being written when the signal arrives
        closing = asyncio.ensure_future(bot.close())
        done, _ = await asyncio.wait({runner}, timeout=0.5)
        assert not done, "async with returned while the database close still waited for the transaction"
    await asyncio.wait_for(runner, HANG_GUARD)
    await closing
    assert closed_on_exit == [True]


async def test_close_lets_a_click_being_handled_finish(fake: FakeDiscord, bots: BotHarness) -> None:
    """A restart (SIGTERM) while a click is being handled: close() waits for the handler before the HTTP
    session and the database go, so the move's messages are not cut off halfway."""
    bot = await bots.start()
    finished: list[bool] = []

    async def click_handler() -> None:  # named like the task discord.py runs a DynamicItem click in
        await asyncio.sleep(0.3)
        finished.append(bot.db is not None and not bot.is_closed())

    handler = asyncio.get_running_loop().create_task(click_handler(), name="discord-ui-dynamic-item-test")
    await bot.close()
    assert handler.done() and finished == [True]


async def test_a_click_or_command_during_a_restart_is_told_so(fake: FakeDiscord, bots: BotHarness) -> None:
    """Once a shutdown has begun (CardBot.stopping, the first thing close() sets), a click and a command
    get a friendly ephemeral answer and start nothing: the lobby keeps its seats."""
    bot = await bots.start()
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await alice.slash("thirteen new", seats=2)
    assert isinstance(lobby, Message) and "is open" in lobby.text
    bot.stopping = True
    reply = await bob.click(lobby, label="Join")
    assert isinstance(reply, Message) and reply.ephemeral and reply.text == RESTARTING
    command = await bob.slash("thirteen new", seats=2, where=fake.add_channel("second"))
    assert isinstance(command, Message) and command.ephemeral and command.text == RESTARTING
    game = await bot.service.db.games.open_in_channel(int(fake.channel.id))
    assert game is not None and [seat.user_id for seat in game.seats] == [int(alice.id)]


async def test_handlers_still_running_after_the_drain_are_cancelled() -> None:
    """A click handler that outlives the drain is cancelled (it would only fail on the closed session)."""
    stuck = asyncio.get_running_loop().create_task(asyncio.sleep(60), name="discord-ui-dynamic-item-stuck")
    quick = asyncio.get_running_loop().create_task(asyncio.sleep(0.01), name="CommandTree-invoker-quick")
    await drain_handlers(timeout=0.1)
    assert stuck.cancelled() and quick.done() and not quick.cancelled()


async def test_a_modal_submit_handled_by_the_interaction_listener_is_let_finish() -> None:
    """Modal submits (bot.moves.unclaimed) run in discord.py's `on_interaction` event task: the close waits for
    it like a click, so its last reads do not meet a closed database."""
    release = asyncio.Event()
    task = asyncio.get_running_loop().create_task(release.wait(), name="discord.py: on_interaction")
    asyncio.get_running_loop().call_soon(release.set)  # the submit finishes only once the drain waits
    await drain_handlers(timeout=30)
    assert task.done() and not task.cancelled()
