"""Runs the bot with the given settings until it is stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

import discord
import yarl

from bot import collector
from bot.bot import CardBot
from bot.config import Settings

log = logging.getLogger(__name__)


def point_at(settings: Settings) -> None:
    """Aim discord.py at another API base / gateway (an HTTP proxy, or the offline Discord in tests).

    discord.py builds every REST URL from `Route.BASE` and a non-sharded client connects to
    `DiscordWebSocket.DEFAULT_GATEWAY`, so these two attributes are all it takes.
    """
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def _main(settings: Settings) -> None:
    async with CardBot(settings) as bot:
        # SIGTERM (a service manager stopping us) closes the bot like Ctrl-C: the sweeper and table
        # updates stop, the database closes cleanly, and nothing committed is lost.
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):  # not on Windows
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        await bot.start(settings.token)


def run(settings: Settings) -> int:
    point_at(settings)
    collector.tune()
    try:
        asyncio.run(_main(settings))
    except KeyboardInterrupt:
        log.info("stopped")
    except discord.LoginFailure:
        log.error("Discord refused the token. Check DISCORD_TOKEN in .env (no quotes, no spaces).")
        return 1
    return 0
