"""The event loop the bot runs on: uvloop's where it is installed, else asyncio's own.

Why: under load the bot's loop does little but move bytes (every click's acknowledgement, every edit
and post, the gateway's events) and hand work to threads, and with asyncio's own loop a sixth of the
bot's time went to the loop itself: its scheduling, its timers and its socket transports, all Python.
uvloop does the same in C (libuv), and discord.py, aiohttp, aiosqlite and asyncpg run on it unchanged.
`bench.bot`'s load run uses it as `python -m bot` does.

uvloop is not built for Windows; there, and wherever it is missing, asyncio's own loop serves.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


def factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop constructor when uvloop can be imported, else None (asyncio's default)."""
    try:
        uvloop = importlib.import_module("uvloop")
    except ImportError:
        log.debug("uvloop is not installed: asyncio's own event loop")
        return None
    new_event_loop: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return new_event_loop


def runner() -> asyncio.Runner:
    """An `asyncio.Runner` on that loop: `asyncio.run`'s handling of Ctrl-C and of the loop's close."""
    return asyncio.Runner(loop_factory=factory())
