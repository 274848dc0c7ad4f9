"""The offline harness turns a bot whose close never ends into a failure that says where each task waits,
instead of a run that hangs until pytest's own timeout (which shows only the threads' stacks)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from fakediscord import BotCrashed, FakeDiscord
from harness import offline


class StuckBot:
    """A bot whose close waits on something that never comes."""

    def __init__(self) -> None:
        self.never = asyncio.Event()

    async def close(self) -> None:
        await self.waiting_for_the_database()

    async def waiting_for_the_database(self) -> None:
        await self.never.wait()


async def test_a_close_that_never_ends_fails_naming_where_it_waits(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(offline, "CLOSE_GUARD", 0.05)  # the close below never ends: any bound will do
    harness = offline.BotHarness(fake, tmp_path)
    bot: Any = StuckBot()
    running = asyncio.ensure_future(asyncio.Event().wait())
    fake.watch(running)
    harness._running[bot] = running
    with pytest.raises(BotCrashed, match="did not close") as raised:
        await harness.stop(bot)
    assert "waiting_for_the_database" in str(raised.value)
    bot.never.set()  # let the abandoned close and the bot's task end with the test
    running.cancel()


@contextlib.asynccontextmanager
async def a_transaction(gate: asyncio.Event) -> AsyncIterator[None]:
    await waiting_at_begin(gate)
    yield


async def waiting_at_begin(gate: asyncio.Event) -> None:
    await gate.wait()


async def test_the_chain_goes_on_inside_an_async_with() -> None:
    """A task waiting in the opening of an `asynccontextmanager` (a transaction's BEGIN) is named down to
    where it waits, not only up to the generator's `asend`."""
    gate = asyncio.Event()

    async def sweep() -> None:
        async with a_transaction(gate):
            pass

    task = asyncio.create_task(sweep(), name="sweeper")
    await asyncio.sleep(0)  # one turn of the loop: the task is now waiting at the gate
    line = next(line for line in offline.task_stacks().splitlines() if line.startswith("sweeper:"))
    assert "a_transaction" in line and "waiting_at_begin" in line
    gate.set()
    await task
