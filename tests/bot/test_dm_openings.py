"""Opening a DM (bot.kit.transport): one opening at a time, and the wait for its turn is not timed.

discord.py lets one request at a time through a route whose answers carry no rate-limit headers, so
openings queued inside it would spend their timeout waiting for each other. The transport queues them
itself, outside the request's timeout.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.kit.refusals import RetryPolicy
from bot.kit.transport import DiscordTransport
from tests.waiting import HANG_GUARD, until


class HeldRoute:
    """`create_dm` answered only when the test lets it; counts the calls and the most in flight at once."""

    def __init__(self) -> None:
        self.calls = 0
        self.in_flight = 0
        self.most_in_flight = 0
        self.answer = asyncio.Event()

    async def create_dm(self, user: Any) -> SimpleNamespace:
        self.calls += 1
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await self.answer.wait()
            return SimpleNamespace(id=1000 + user.id)
        finally:
            self.in_flight -= 1


def transport(client: HeldRoute, timeout: float = 30.0) -> DiscordTransport:
    return DiscordTransport(client, RetryPolicy(attempts=1, timeout=timeout))  # type: ignore[arg-type]


async def test_dm_openings_go_to_discord_one_at_a_time() -> None:
    client = HeldRoute()
    sender = transport(client)
    openings = [asyncio.create_task(sender._dm_channel_id(user, None)) for user in (1, 2, 3)]
    await until(lambda: client.calls == 1, "the first opening to go out")
    client.answer.set()
    async with asyncio.timeout(HANG_GUARD):
        assert await asyncio.gather(*openings) == [1001, 1002, 1003]
    assert (client.calls, client.most_in_flight) == (3, 1)


async def test_a_dm_openings_wait_for_its_turn_does_not_count_against_its_timeout() -> None:
    """An opening queued behind another past its own timeout still goes out once, and is answered."""
    client = HeldRoute()
    sender = transport(client, timeout=0.05)
    await sender._dm_openings.acquire()  # an opening ahead of it, on its way for as long as the test likes
    queued = asyncio.create_task(sender._dm_channel_id(2, None))
    loop = asyncio.get_running_loop()
    past = loop.time() + 0.1
    await until(lambda: loop.time() > past, "real time to pass the opening's deadline")
    assert not queued.done() and client.calls == 0  # waited past its timeout without timing out
    client.answer.set()
    sender._dm_openings.release()
    async with asyncio.timeout(HANG_GUARD):
        assert await queued == 1002
    assert client.calls == 1


async def test_an_opening_on_its_way_still_times_out() -> None:
    """The timeout stands once the opening is sent: Discord never answering still ends it."""
    client = HeldRoute()
    sender = transport(client, timeout=0.05)
    opening = asyncio.create_task(sender._dm_channel_id(2, None))
    await until(opening.done, "the opening to time out")
    assert client.calls == 1 and opening.exception() is not None
    assert not sender._dm_openings.locked()  # and it let the next opening have its turn
