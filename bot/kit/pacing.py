"""A process-wide pace for Discord's global rate limit, so the bot waits its turn instead of meeting 429s.

Discord allows a bot token 50 REST requests per second over all routes together; interaction callbacks
and interaction webhooks (follow-ups, edits of the original response) are exempt (discord-notes C.1;
Discord's rate-limits page: "Interaction endpoints are not bound to the bot's Global Rate Limit").
discord.py counts nothing against that limit ahead of time: it waits only once it has met a global 429,
and then every request of the process stops for the `retry_after`. Under load each 429 is an invalid
request too (10,000 per 10 minutes per IP lead to a ban, discord-notes C.1).

So every counted request waits here for a place first: at most `budget` of them in any rolling second,
measured when each is let go (not when it asked), so event-loop lag that delays a batch of waiters can
never release them at once above the budget. The budget is PACE_PER_SECOND, below Discord's 50 for the
requests' travel time, divided among the processes sharing the token: a process running k of a bot's
N shards gets k/N of it (`share`), so together they stay under the limit.

Waiters are let go strictly in the order they asked (one FIFO lock: `asyncio.Lock` hands itself to its
oldest waiter); the wait is an `asyncio.sleep`, never a blocking call. Exempt requests never touch the
pace, and nor do requests that are not Discord's REST API (the gateway's websocket, CDN downloads).

A request's own timeout (`request_timeout`, what bot.kit.refusals.retrying sets) is for Discord taking
too long, so it stands still while the request waits here: a burst (every first hand of a tournament
round, say) can queue more counted requests than the pace lets go within that timeout, and a request
timed out in our own queue was never sent, yet it looked like a post that may have landed: it was tried
again behind the same queue, and looked for in the DM first, with more counted requests.

The hook is discord.py's own `http_trace` option (an aiohttp `TraceConfig` given to its HTTP session):
aiohttp awaits `on_request_start` right before each request goes out, inside discord.py's per-route
bucket wait and on each of its retries, so a request is paced when it is actually sent, once per send.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import math
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

DISCORD_GLOBAL_PER_SECOND = 50  # Discord's global limit per bot token (discord-notes C.1)
PACE_PER_SECOND = 45.0  # what the bot lets itself: headroom for requests still on their way
WINDOW = 1.0  # seconds: the global limit's window
# Paths (after the API base) that Discord does not count against the global limit.
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


# The timeout around the request being made (`request_timeout`), which a wait for the pace stops, with the
# task it cancels: a task started inside the block inherits the variable, but not that timeout.
_request_timeout: contextvars.ContextVar[tuple[asyncio.Task[Any] | None, asyncio.Timeout] | None] = (
    contextvars.ContextVar("cardroom_request_timeout", default=None)
)


@contextlib.asynccontextmanager
async def request_timeout(seconds: float) -> AsyncIterator[None]:
    """`asyncio.timeout(seconds)` around a request, not counting the time it waits for its place in the
    pace (see the module docstring): `TimeoutError` once the request has been `seconds` in Discord's
    hands, or on its way there."""
    async with asyncio.timeout(seconds) as timeout:
        token = _request_timeout.set((asyncio.current_task(), timeout))
        try:
            yield
        finally:
            _request_timeout.reset(token)


@contextlib.contextmanager
def timeout_stopped() -> Iterator[None]:
    """Stop the current request's timeout for the duration, then give it back what it had left: for a
    wait in a queue of our own, where the request is not yet on its way (the pace, a DM opening's turn)."""
    current = _request_timeout.get()
    timeout = current[1] if current is not None and current[0] is asyncio.current_task() else None
    when = timeout.when() if timeout is not None and not timeout.expired() else None
    if timeout is None or when is None:
        yield
        return
    loop = asyncio.get_running_loop()
    left = max(0.0, when - loop.time())
    timeout.reschedule(None)
    try:
        yield
    finally:
        if not timeout.expired():
            timeout.reschedule(loop.time() + left)


def share(shard_ids: tuple[int, ...] | None, shard_count: int | None) -> float:
    """This process's share of the token's global limit: k/N when it runs k of the bot's N shards (the
    other processes run the rest, each pacing its own share); the whole of it when unsharded."""
    if not shard_count:
        return 1.0
    if shard_ids is None:  # AutoShardedBot without shard ids runs every shard
        return 1.0
    return max(1, len(shard_ids)) / shard_count


def counted(url: str, api_base: str) -> bool:
    """Whether Discord counts a request to `url` against the global limit: a REST route under the API
    base that is not an interaction callback or an interaction webhook."""
    base = api_base.rstrip("/")
    if not url.startswith(base + "/"):
        return False  # the gateway, the CDN: not the REST API
    return not url[len(base) :].startswith(EXEMPT_PREFIXES)


class Pacer:
    """At most `limit` requests let go in any rolling `window` seconds, in the order they asked.

    `clock` and `sleep` are the event loop's by default; a test gives virtual ones."""

    def __init__(
        self,
        per_second: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        if per_second <= 0:
            raise ValueError("the pace must be positive")
        self.limit = max(1, math.floor(per_second))
        # Below one a second (a process with a tiny share): one request per 1/per_second seconds.
        self.window = max(WINDOW, self.limit / per_second)
        self._clock = clock
        self._sleep = sleep
        self._sent: deque[float] = deque(maxlen=self.limit)  # when the last `limit` requests were let go
        self._lock = asyncio.Lock()
        self.waiting = 0  # requests waiting for their place now
        self.held = 0  # requests that had to wait, since the start
        self.let_go = 0  # requests let go, since the start
        self.held_s = 0.0  # seconds the requests spent waiting for their place, summed, since the start

    def run_on(self, clock: Callable[[], float], sleep: Callable[[float], Awaitable[Any]]) -> None:
        """Move the pacer onto another clock (a test's virtual time); what it let go on the old clock is
        forgotten, since those times mean nothing on the new one."""
        self._clock, self._sleep = clock, sleep
        self._sent.clear()

    async def acquire(self) -> None:
        """Wait (without blocking the event loop) until one more request fits in the rolling window."""
        self.waiting += 1
        asked = self._clock()
        try:
            if self._lock.locked() or len(self._sent) == self.limit:  # it will wait: its timeout stands still
                with timeout_stopped():
                    await self._take_place(asked)
            else:
                await self._take_place(asked)
        finally:
            self.waiting -= 1

    async def _take_place(self, asked: float) -> None:
        async with self._lock:
            waited = False
            while len(self._sent) == self.limit:
                wait = self._sent[0] + self.window - self._clock()
                if wait <= 0:
                    break
                waited = True
                await self._sleep(wait)
            now = self._clock()
            self._sent.append(now)
            self.held += waited
            self.let_go += 1
            self.held_s += now - asked


def pace_requests(pacer: Pacer, trace: aiohttp.TraceConfig | None = None) -> aiohttp.TraceConfig:
    """An aiohttp `TraceConfig` (the one given, or a new one) whose request start waits for the pacer
    on every counted request; given to discord.py as its `http_trace` option."""
    config = trace if trace is not None else aiohttp.TraceConfig()

    async def on_request_start(
        session: aiohttp.ClientSession, context: SimpleNamespace, params: aiohttp.TraceRequestStartParams
    ) -> None:
        if counted(str(params.url), discord.http.Route.BASE):  # read per request: tests re-aim Route.BASE
            await pacer.acquire()

    config.on_request_start.append(on_request_start)
    return config
