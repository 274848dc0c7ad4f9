"""Shutting the bot down the way `bot.runner` does: a signal handler calls close(), `async with` ends."""

from __future__ import annotations

import asyncio

from bot.bot import CardBot
from bot.runner import point_at
from tests.fakediscord import BotHarness, FakeDiscord


async def test_async_with_ends_only_after_the_database_is_closed(fake: FakeDiscord, bots: BotHarness) -> None:
    """A close started elsewhere (SIGTERM) while a move's transaction runs: `async with` waits for the database."""
    settings = bots.settings()
    point_at(settings)  # the harness restores discord.py's targets at teardown
    bot = CardBot(settings)
    closed_on_exit: list[bool] = []

    async def main() -> None:  # bot.runner._main without the signal wiring
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
    await asyncio.wait_for(runner, 10)
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
