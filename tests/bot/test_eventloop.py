"""The bot's event loop (bot.process.eventloop): uvloop's where it is installed, asyncio's otherwise."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot.process import eventloop

uvloop = pytest.importorskip("uvloop") if sys.platform != "win32" else None


async def running_loop() -> asyncio.AbstractEventLoop:
    return asyncio.get_running_loop()


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not built for Windows")
def test_the_bot_runs_on_uvloop_where_it_is_installed() -> None:
    """The project installs uvloop on every platform it is built for: the runner's loop is its."""
    with eventloop.runner() as running:
        loop = running.run(running_loop())
    assert uvloop is not None and isinstance(loop, uvloop.Loop)


def test_without_uvloop_asyncio_s_own_loop_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # an import of it now fails, as where it is missing
    assert eventloop.factory() is None
    with eventloop.runner() as running:
        loop = running.run(running_loop())
    assert type(loop).__module__.startswith("asyncio")


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not built for Windows")
def test_threads_and_their_results_reach_a_uvloop_loop() -> None:
    """What the bot leans on besides sockets: work handed to threads (drawing, SQLite) and back."""

    async def through_a_thread() -> int:
        return await asyncio.to_thread(sum, range(10))

    with eventloop.runner() as running:
        assert running.run(through_a_thread()) == 45
