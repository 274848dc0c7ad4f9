"""Start-up with Discord out of reach: one line per failed attempt, retried with backoff, no traceback."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import pytest

from bot.process.runner import OneLineReconnects, describe_network_error, wait_for_discord
from tests.waiting import HANG_GUARD, until

ROOT = Path(__file__).resolve().parents[2]
REACH = "Could not reach Discord at"


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port that refuses connections: bound (so nobody else takes it) but not listening."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


async def _refused(port: int) -> aiohttp.ClientConnectorError:
    async with aiohttp.ClientSession() as session:
        try:
            await session.get(f"http://127.0.0.1:{port}/")
        except aiohttp.ClientConnectorError as error:
            return error
    raise AssertionError("the closed port answered")


def test_an_unreachable_api_is_retried_in_one_line_each_until_stopped(tmp_path, closed_port):
    """`python -m bot` with the API on a closed loopback port: a one-line warning per attempt, retries, and
    SIGTERM ends it with status 0 and no traceback."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not-a-real-token",
        "CARDROOM_DATABASE": str(tmp_path / "cardroom.db"),
        "CARDROOM_DRAWING_PROCESSES": "0",
        "DISCORD_API_BASE": f"http://127.0.0.1:{closed_port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{closed_port}/gateway",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True
    )
    assert process.stderr is not None
    seen: list[str] = []
    deadline = time.monotonic() + 30
    try:
        while sum(REACH in line for line in seen) < 2 and time.monotonic() < deadline:
            line = process.stderr.readline()
            if not line:
                break
            seen.append(line)
        process.send_signal(signal.SIGTERM)
        _, rest = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    output = "".join(seen) + rest
    attempts = [line for line in output.splitlines() if REACH in line]
    assert len(attempts) >= 2, output
    assert f"cannot connect to 127.0.0.1:{closed_port}" in attempts[0] and "retrying in" in attempts[0]
    assert "Traceback" not in output
    assert process.returncode == 0, output


async def test_the_wait_ends_once_the_api_answers_whatever_its_status(closed_port):
    """Any HTTP answer (a 404 here) means the network path works: the wait returns True at once."""
    from aiohttp import web

    app = web.Application()
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        assert await wait_for_discord(f"http://127.0.0.1:{port}/api/v10", lambda: False)
    finally:
        await runner.cleanup()


async def test_a_stop_during_the_wait_returns_false_without_more_attempts(closed_port, caplog):
    """SIGTERM while Discord is unreachable: the wait gives up within its sleep step, after one warning."""
    stop = asyncio.get_running_loop().call_later(0.3, lambda: stopped.append(True))
    stopped: list[bool] = []
    caplog.set_level(logging.WARNING, logger="bot.process.runner")
    started = time.monotonic()
    assert not await wait_for_discord(f"http://127.0.0.1:{closed_port}/api/v10", lambda: bool(stopped),
                                      backoff=SimpleNamespace(delay=lambda: 60.0))  # type: ignore[arg-type]
    stop.cancel()
    assert time.monotonic() - started < 5
    assert [record.getMessage().count("\n") for record in caplog.records] == [0]


async def test_a_gateway_reconnect_caused_by_the_network_is_logged_in_one_line(closed_port):
    """discord.py logs "Attempting a reconnect" with a traceback; for a network cause it becomes one line."""
    error = await _refused(closed_port)
    try:
        raise error
    except aiohttp.ClientConnectorError:
        record = logging.LogRecord(
            "discord.client", logging.ERROR, __file__, 1, "Attempting a reconnect in %.2fs", (1.5,), sys.exc_info()
        )
    assert OneLineReconnects().filter(record)
    text = logging.Formatter("%(levelname)s %(name)s: %(message)s").format(record)
    assert text == (
        f"ERROR discord.client: Could not reach the Discord gateway: {describe_network_error(error)}; "
        "retrying in 1.50s"
    )


def test_another_reconnect_cause_keeps_its_traceback():
    """Only network causes are shortened: an unexpected error still shows where it came from."""
    try:
        raise KeyError("bug")
    except KeyError:
        record = logging.LogRecord(
            "discord.client", logging.ERROR, __file__, 1, "Attempting a reconnect in %.2fs", (1.5,), sys.exc_info()
        )
    OneLineReconnects().filter(record)
    assert "Traceback" in logging.Formatter().format(record)


def test_a_dns_failure_names_the_host_and_the_resolver_error():
    """A name that does not resolve reads as "cannot connect to discord.com:443 (Name or service not known)"."""
    key = SimpleNamespace(host="discord.com", port=443, ssl=True)
    error = aiohttp.ClientConnectorDNSError(key, socket.gaierror(-2, "Name or service not known"))  # type: ignore[arg-type]
    assert describe_network_error(error) == "cannot connect to discord.com:443 (Name or service not known)"


async def test_a_gateway_out_of_reach_after_login_is_retried_in_one_line(fake, bots, closed_port, caplog) -> None:
    """Logged in over REST, the gateway on a closed port: discord.py's own reconnect loop retries, and with
    the runner's filter each retry is one line naming the address (this pins discord.py's message text)."""
    from bot.process.bot import CardBot
    from bot.process.runner import point_at

    settings = bots.settings(gateway_url=f"ws://127.0.0.1:{closed_port}/gateway")
    point_at(settings)  # the harness restores discord.py's targets at teardown
    reconnects = OneLineReconnects()
    logging.getLogger("discord.client").addFilter(reconnects)
    caplog.set_level(logging.ERROR, logger="discord.client")
    bot = CardBot(settings)
    try:
        async with bot:
            task = asyncio.create_task(bot.start(settings.token))
            await until(
                lambda: any("Discord gateway" in record.getMessage() for record in caplog.records),
                "a log line about the unreachable gateway",
            )
            await bot.close()
            await asyncio.gather(task, return_exceptions=True)
    finally:
        logging.getLogger("discord.client").removeFilter(reconnects)
    retries = [record for record in caplog.records if "Discord gateway" in record.getMessage()]
    assert retries, [record.getMessage() for record in caplog.records]
    assert f"cannot connect to 127.0.0.1:{closed_port}" in retries[0].getMessage()
    assert retries[0].exc_info is None  # no traceback attached
    fake.logged_errors.clear()  # the retries are logged at ERROR by discord.py, as expected here


async def test_the_offline_discord_counts_as_reachable(fake) -> None:
    """The probe accepts the offline Discord (tests that run `python -m bot` against it start at once)."""
    assert await asyncio.wait_for(wait_for_discord(fake.api_base, lambda: False), HANG_GUARD)
