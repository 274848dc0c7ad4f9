"""Runs the bot with the given settings until it is stopped.

Start-up faults end in one sentence, never a traceback: a database that cannot be opened exits with
status 2 before Discord is contacted (data.DatabaseUnavailable / SchemaTooNew say what is wrong and
what to do); an unreachable Discord (no network, a DNS failure, a firewall) is logged in one line and
retried with discord.py's own exponential backoff until it answers or the bot is stopped, the way
discord.py retries the gateway once connected (there, too, a network error is logged in one line).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import aiohttp
import discord
import yarl
from discord.backoff import ExponentialBackoff

from bot.moves import collector
from bot.process import eventloop
from bot.process.config import Settings
from bot.process.shards import make_bot
from data import Database, DatabaseUnavailable, SchemaTooNew
from data.database import redacted

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_LOGIN = 1
EXIT_STORAGE = 2  # as a missing token (bot.__main__): the operator has something to fix first
NETWORK_ERRORS: tuple[type[BaseException], ...] = (aiohttp.ClientError, OSError, asyncio.TimeoutError)
PROBE_TIMEOUT = 10.0  # seconds for one attempt to reach the API
RECONNECT_MESSAGE = "Attempting a reconnect in %.2fs"  # discord.client logs this with log.exception


def point_at(settings: Settings) -> None:
    """Aim discord.py at another API base / gateway (an HTTP proxy, or the offline Discord in tests).

    discord.py builds every REST URL from `Route.BASE` and a non-sharded client connects to
    `DiscordWebSocket.DEFAULT_GATEWAY`, so these two attributes are all it takes.
    """
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def describe_network_error(error: BaseException) -> str:
    """What failed, in a few words: "cannot connect to 127.0.0.1:9 (Connect call failed ...)"."""
    if isinstance(error, aiohttp.ClientConnectorError):
        os_error = error.os_error
        reason = os_error.strerror or str(os_error) or type(os_error).__name__
        return f"cannot connect to {error.host}:{error.port} ({reason})"
    if isinstance(error, asyncio.TimeoutError):
        return "no answer in time"
    return str(error) or type(error).__name__


class OneLineReconnects(logging.Filter):
    """Turn discord.py's reconnect log record into one line when the cause is the network.

    discord.py logs each gateway retry with `log.exception`: a whole aiohttp traceback (dozens of
    lines) every time the network blinks. The cause is all an operator needs; other errors keep
    their traceback.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if record.msg == RECONNECT_MESSAGE and isinstance(error, NETWORK_ERRORS):
            record.msg = "Could not reach the Discord gateway: %s; retrying in %.2fs"
            record.args = (describe_network_error(error), *(record.args or ()))  # type: ignore[misc]
            record.exc_info = None
            record.exc_text = None
        return True


async def wait_for_discord(
    api_base: str,
    stopped: Callable[[], bool],
    *,
    backoff: ExponentialBackoff[bool] | None = None,
    timeout: float = PROBE_TIMEOUT,
) -> bool:
    """Wait until Discord's REST API answers at all; False if `stopped()` became true meanwhile.

    Any HTTP answer, even an error status, means the network path works: what the token is worth is
    the login's business. Each failed attempt is one warning line, then a wait that grows like
    discord.py's reconnect (ExponentialBackoff), cut short by a stop.
    """
    backoff = backoff or ExponentialBackoff()
    url = f"{api_base.rstrip('/')}/gateway"
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout)) as session:
        while not stopped():
            try:
                async with session.get(url):
                    return True
            except NETWORK_ERRORS as error:
                delay = backoff.delay()
                reason = describe_network_error(error)
                log.warning("Could not reach Discord at %s: %s; retrying in %.2fs", api_base, reason, delay)
                await _sleep_unless(stopped, delay)
    return False


async def _sleep_unless(stopped: Callable[[], bool], seconds: float, step: float = 0.2) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not stopped() and (left := end - loop.time()) > 0:
        await asyncio.sleep(min(step, left))


async def check_database(path: Path | str) -> None:
    """Open and close the database once (creating or upgrading it), so a fault stops the start early."""
    db = await Database.open(path)
    await db.close()


def database_problem(path: Path | str, error: DatabaseUnavailable | SchemaTooNew) -> str:
    """The one sentence printed when the database cannot be opened: the file (or the server's URL without
    its password), what is wrong, what to do."""
    return f"cardroom: cannot open the database {redacted(path)} (CARDROOM_DATABASE): {error}."


async def _main(settings: Settings) -> None:
    await check_database(settings.database_path)  # before Discord is contacted: a fault ends the start here
    async with make_bot(settings) as bot:
        # SIGTERM (a service manager stopping us) closes the bot like Ctrl-C: the sweeper and table
        # updates stop, the database closes cleanly, and nothing committed is lost.
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):  # not on Windows
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        if await wait_for_discord(discord.http.Route.BASE, lambda: bot.stopping or bot.is_closed()):
            await bot.start(settings.token)


def run(settings: Settings) -> int:
    point_at(settings)
    logging.getLogger("discord.client").addFilter(OneLineReconnects())
    path = settings.database_path
    collector.tune()
    try:
        with eventloop.runner() as running:
            running.run(_main(settings))
    except KeyboardInterrupt:
        log.info("stopped")
    except discord.LoginFailure:
        log.error("Discord refused the token. Check DISCORD_TOKEN in .env (no quotes, no spaces).")
        return EXIT_LOGIN
    except (DatabaseUnavailable, SchemaTooNew) as error:
        print(database_problem(path, error), file=sys.stderr)
        return EXIT_STORAGE
    except NETWORK_ERRORS as error:  # the network went away between the check and the login
        reason = describe_network_error(error)
        log.error("Could not reach Discord: %s. Start the bot again once the network is back.", reason)
        return EXIT_LOGIN
    return EXIT_OK
