"""Waiting for something the code exposes, written once for every test.

A test never sleeps for a set time and never gives the bot a time budget: it waits until a condition it
can observe holds (a stored row, a message's text, a connected shard). The only bound is a hang guard far
beyond anything a busy machine needs, so a bot that never gets there fails with what was awaited instead
of hanging the run; pytest's own timeout stays the last resort.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, overload

T = TypeVar("T")

HANG_GUARD = 120.0  # wall seconds: only a bot that will never get there comes near it
POLL = 0.01  # seconds between looks: the condition is cheap and the loop stays free for the bot


@overload
async def until(condition: Callable[[], Awaitable[T]], what: str = ..., guard: float = ...) -> T: ...
@overload
async def until(condition: Callable[[], T], what: str = ..., guard: float = ...) -> T: ...
async def until(condition: Callable[[], Any], what: str = "a condition", guard: float = HANG_GUARD) -> Any:
    """Until `condition()` (plain or awaitable) is truthy; its value. Fails after `guard` wall seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + guard
    while True:
        found = condition()
        if inspect.isawaitable(found):
            found = await found
        if found:
            return found
        if loop.time() >= deadline:
            raise AssertionError(f"never saw {what} in {guard:.0f} s")
        await asyncio.sleep(POLL)
