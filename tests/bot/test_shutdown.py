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
