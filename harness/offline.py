"""Start the real CardBot against a FakeDiscord, watch it, and stop it cleanly.

The bot is aimed at the fake through its own `bot.process.runner.point_at(settings)` seam (DISCORD_API_BASE /
DISCORD_GATEWAY_URL), exactly as a deployment behind an API proxy would be; the original discord.py
targets are restored when the harness closes, since `Route.BASE` is process-global (§2.8).
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import inspect
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.process.bot import EXTENSIONS, CardBot, drain_handlers
from bot.process.config import Settings
from bot.process.runner import point_at
from fakediscord.server import BotCrashed, FakeDiscord, describe_log_record

log = logging.getLogger(__name__)

# Time is real on the loopback (no virtual clock): give the bot's timers tens of milliseconds in tests.
# A close that has not ended after this long never will: a hang guard, not a budget (a busy machine
# closes a bot in seconds).
CLOSE_GUARD = 120.0
FAST_TIMER_SECONDS = 0.05
# discord.py waits this long after the last GUILD_CREATE before on_ready (default 2 s: §2.6).
GUILD_READY_TIMEOUT = 0.01


BotFactory = Callable[..., commands.Bot]


class _ErrorCapture(logging.Handler):
    """Collects ERROR records (e.g. "Ignoring exception in command") so a failing wait can show them."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__(logging.ERROR)
        self.fake = fake

    def emit(self, record: logging.LogRecord) -> None:
        self.fake.logged_errors.append(record)


class BotHarness:
    """Starts bots against one fake; `close()` stops whatever is still running.

    Several bots may run one after another on the same database (restart tests): `await h.stop(first)`
    then `await h.start()` again; the fake keeps its messages, like Discord does across a restart.
    """

    def __init__(self, fake: FakeDiscord, tmp_path: Path) -> None:
        self.fake = fake
        self.tmp_path = tmp_path
        self.strict_logs = True  # fail at close if the bot logged errors the test did not clear
        self._running: dict[commands.Bot, asyncio.Task[None]] = {}
        self._capture = _ErrorCapture(fake)
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        logging.getLogger().addHandler(self._capture)

    def settings(self, **overrides: Any) -> Settings:
        """Settings aimed at the fake (DISCORD_API_BASE / DISCORD_GATEWAY_URL) with the database in tmp_path.

        The same database path every time, so a second bot started after `stop()` finds the first one's data.
        """
        base = Settings(
            token=self.fake.token,
            database_path=self.tmp_path / "cardroom.db",
            api_base=self.fake.api_base,
            gateway_url=self.fake.gateway_url,
        )
        return dataclasses.replace(base, **overrides)

    async def start(
        self,
        settings: Settings | None = None,
        *,
        extensions: tuple[str, ...] = EXTENSIONS,
        factory: BotFactory = CardBot,
        ready_timeout: float = 10.0,
        **bot_options: Any,
    ) -> commands.Bot:
        """Build `factory(settings, extensions=..., **bot_options)`, connect it, return it once ready.

        `bot_options` reach the bot's constructor untouched, e.g. shortened timers for timeout tests.
        """
        settings = settings or self.settings()
        point_at(settings)
        bot = factory(settings, extensions=extensions, **bot_options)
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT  # CardBot takes no client options
        await bot.__aenter__()  # what `async with bot` does: binds discord.py to this loop
        task = asyncio.create_task(bot.start(settings.token), name=f"bot-{len(self._running)}")
        self._running[bot] = task
        self.fake.watch(task)
        try:
            await self.fake.guarded(bot.wait_until_ready(), ready_timeout, "the bot to log in and become ready")
        except BaseException:
            self._running.pop(bot)
            self.fake.unwatch(task)
            await bot.close()
            await asyncio.gather(task, return_exceptions=True)
            raise
        return bot

    async def stop(self, bot: commands.Bot) -> None:
        """Close the bot like a shutdown would; raise BotCrashed if it had died on its own."""
        task = self._running.pop(bot)
        self.fake.unwatch(task)
        crashed = task.done() and not task.cancelled() and task.exception() is not None
        await self.drain()
        closing = asyncio.ensure_future(bot.close())
        done, _ = await asyncio.wait({closing}, timeout=CLOSE_GUARD)
        if not done:  # a hang: fail with where every task waits instead of at pytest's own timeout
            raise BotCrashed(f"the bot did not close in {CLOSE_GUARD:.0f} s; its tasks:\n{task_stacks()}")
        closing.result()
        try:
            async with asyncio.timeout(5.0):
                await task
        except Exception as error:  # the bot's own exception from start()
            raise BotCrashed(f"the bot's task failed: {error!r}") from error
        if crashed:
            raise BotCrashed("the bot's task had died") from task.exception()

    @staticmethod
    async def drain() -> None:
        """Let the interaction handlers still running finish before any bot closes (a test often ends on
        the reply a person sees while the handler still has work after it, e.g. the hands after /game end;
        CardBot drains by itself, the probe bots do not)."""
        await drain_handlers()

    async def close(self) -> None:
        """Stop every bot still running, restore discord.py's targets, and check the error log."""
        try:
            for bot in list(self._running):
                await self.stop(bot)
        finally:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            logging.getLogger().removeHandler(self._capture)
        if self.strict_logs and self.fake.logged_errors:
            errors = "\n".join(describe_log_record(record) for record in self.fake.logged_errors)
            raise AssertionError(f"the bot logged errors (clear fake.logged_errors if they were expected):\n{errors}")


def task_stacks(depth: int = 16) -> str:
    """Every asyncio task of the running loop with the chain of coroutines it waits in, outermost first:
    what a hang report shows (a task's own stack holds only its outermost frame while it is suspended).
    The chain goes on into async generators (an `async with` of an `asynccontextmanager`) and into
    coroutine wrappers such as aiosqlite's `Result`, and ends at the future waited for."""
    lines = []
    for task in asyncio.all_tasks():
        where: list[str] = []
        awaited: Any = task.get_coro()
        while awaited is not None and len(where) < depth:
            awaited = _unwrapped(awaited)
            frame = _first(awaited, "cr_frame", "gi_frame", "ag_frame")
            if frame is None:
                where.append(type(awaited).__name__)
                break
            where.append(f"{frame.f_code.co_name} ({Path(frame.f_code.co_filename).name}:{frame.f_lineno})")
            awaited = _first(awaited, "cr_await", "gi_yieldfrom", "ag_await")
        lines.append(f"{task.get_name()}: {' -> '.join(where) or '(not started)'}")
    return "\n".join(sorted(lines))


def _first(obj: Any, *names: str) -> Any:
    """The first of these attributes `obj` has set (coroutines, generators and async generators name
    their frame and what they wait on differently), or None."""
    return next((value for name in names if (value := getattr(obj, name, None)) is not None), None)


def _unwrapped(awaited: Any) -> Any:
    """The coroutine or async generator behind an awaitable that hides its frame: the `asend` of an async
    generator (reachable only through the garbage collector's view of its references) or a wrapper holding
    its coroutine in `_coro`."""
    if type(awaited).__name__ == "async_generator_asend":
        return next((ref for ref in gc.get_referents(awaited) if inspect.isasyncgen(ref)), awaited)
    inner = getattr(awaited, "_coro", None)
    return inner if inspect.iscoroutine(inner) else awaited
