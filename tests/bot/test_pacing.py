"""The global-limit pace (bot.kit.pacing), in virtual time: how many requests go in any rolling second, in
which order, and which requests it counts."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import cast

import aiohttp
import pytest
from multidict import CIMultiDict
from yarl import URL

from bot.kit.pacing import PACE_PER_SECOND, Pacer, counted, pace_requests, request_timeout, share
from tests.waiting import HANG_GUARD, until

BASE = "https://discord.com/api/v10"


class VirtualTime:
    """A clock that moves only when a waiter sleeps: the pacer's wait is then exact and instant."""

    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


def virtual_pacer(per_second: float = PACE_PER_SECOND) -> tuple[Pacer, VirtualTime]:
    time = VirtualTime()
    return Pacer(per_second, clock=time.clock, sleep=time.sleep), time


async def let_go(pacer: Pacer, time: VirtualTime, count: int) -> list[tuple[int, float]]:
    """`count` requests asking at once: (the order each asked in, when it was let go), in the order let go."""
    gone: list[tuple[int, float]] = []

    async def one(index: int) -> None:
        await pacer.acquire()
        gone.append((index, time.now))

    await asyncio.gather(*(one(i) for i in range(count)))
    return gone


async def test_a_burst_never_passes_the_pace_in_any_rolling_second() -> None:
    """200 requests at once: of any `limit + 1` let go in a row, the first and last are a window apart,
    so no rolling second holds more than the pace (45), under Discord's 50."""
    pacer, time = virtual_pacer()
    gone = await let_go(pacer, time, 200)
    times = [at for _, at in gone]
    assert pacer.limit == 45 and len(times) == 200
    assert all(times[i + pacer.limit] - times[i] >= pacer.window for i in range(len(times) - pacer.limit))


async def test_waiters_are_let_go_in_the_order_they_asked() -> None:
    """Fair ordering: nobody overtakes a request that asked before it."""
    pacer, time = virtual_pacer()
    gone = await let_go(pacer, time, 120)
    assert [index for index, _ in gone] == list(range(120))


async def test_a_quiet_bot_waits_for_nothing() -> None:
    """Within the pace nothing waits: the first 45 requests go at once."""
    pacer, time = virtual_pacer()
    gone = await let_go(pacer, time, 45)
    assert {at for _, at in gone} == {0.0} and pacer.held == 0


async def test_the_pacer_counts_what_it_let_go_and_how_long_each_waited() -> None:
    """The load run reads these: every request let go, and the seconds they waited for a place, summed
    (here 46 at once: the 46th waits one window, the others nothing)."""
    pacer, time = virtual_pacer()
    await let_go(pacer, time, 46)
    assert pacer.let_go == 46 and pacer.held == 1
    assert pacer.held_s == pytest.approx(pacer.window)


async def test_a_cancelled_waiter_does_not_hold_up_the_queue() -> None:
    """A request cancelled while it waits (its handler stopped) leaves; the ones behind it still go."""
    pacer, time = virtual_pacer(2)
    release = asyncio.Event()

    async def slow_sleep(seconds: float) -> None:
        await release.wait()
        time.now += seconds

    pacer.run_on(time.clock, slow_sleep)
    await pacer.acquire()
    await pacer.acquire()
    first = asyncio.create_task(pacer.acquire())
    second = asyncio.create_task(pacer.acquire())
    await asyncio.sleep(0)
    assert pacer.waiting == 2
    first.cancel()
    release.set()
    await asyncio.wait_for(second, HANG_GUARD)
    assert first.cancelled() and pacer.waiting == 0


@pytest.mark.parametrize(
    ("shard_ids", "shard_count", "expected"),
    [(None, None, 1.0), ((0,), 1, 1.0), ((0, 1), 4, 0.5), ((3,), 4, 0.25), (None, 4, 1.0)],
)
def test_a_process_paces_its_share_of_the_shards(
    shard_ids: tuple[int, ...] | None, shard_count: int | None, expected: float
) -> None:
    """Several processes share one token: one running k of N shards gets k/N of the pace."""
    assert share(shard_ids, shard_count) == expected


def test_a_small_share_still_paces_within_it() -> None:
    """Below one request a second (a share of many processes): one request per window of 1/pace."""
    pacer = Pacer(0.5)
    assert pacer.limit == 1 and pacer.window == 2.0


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (f"{BASE}/channels/1/messages", True),
        (f"{BASE}/users/@me/channels", True),
        (f"{BASE}/interactions/1/token/callback", False),
        (f"{BASE}/webhooks/1/token?wait=true", False),
        (f"{BASE}/webhooks/1/token/messages/@original", False),
        ("wss://gateway.discord.gg/?v=10", False),
        ("https://cdn.discordapp.com/attachments/1/2/a.png", False),
    ],
)
def test_only_what_discord_counts_is_paced(url: str, expected: bool) -> None:
    """Interaction callbacks and webhooks are exempt from Discord's global limit; the gateway and the CDN
    are not REST routes at all."""
    assert counted(url, BASE) is expected


class HeldTime:
    """A pacer clock that stands still until the test lets it move, while real time goes on."""

    def __init__(self) -> None:
        self.now = 0.0
        self.moved = asyncio.Event()

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        await self.moved.wait()

    def move(self, seconds: float) -> None:
        self.now += seconds
        self.moved.set()


async def held_past(pacer: Pacer, time: HeldTime, seconds: float, then: asyncio.Event) -> asyncio.Task[None]:
    """A request under `request_timeout(seconds)` asking the full pacer for a place, held there until real
    time has gone past its deadline, and once let go waiting for `then` (Discord's answer): the task."""

    async def request() -> None:
        async with request_timeout(seconds):
            await pacer.acquire()
            await then.wait()

    for _ in range(pacer.limit):
        await pacer.acquire()
    task = asyncio.create_task(request())
    await until(lambda: pacer.waiting == 1, "the request to wait for its place")
    loop = asyncio.get_running_loop()
    past = loop.time() + 2 * seconds
    await until(lambda: loop.time() > past, "real time to pass the request's deadline")
    return task


async def test_a_wait_for_the_pace_does_not_count_against_the_requests_timeout() -> None:
    time, answered = HeldTime(), asyncio.Event()
    task = await held_past(Pacer(2, clock=time.clock, sleep=time.sleep), time, 0.05, answered)
    assert not task.done()  # held longer than its timeout, yet not timed out: it never went out
    time.move(1.0)
    answered.set()
    async with asyncio.timeout(HANG_GUARD):
        await task


async def test_the_time_left_after_the_pace_still_bounds_the_request() -> None:
    """Once let go, the request has what its timeout had left when it began to wait, no more: Discord
    never answering still times it out."""
    time = HeldTime()
    task = await held_past(Pacer(2, clock=time.clock, sleep=time.sleep), time, 0.05, asyncio.Event())
    time.move(1.0)
    await until(task.done, "the request to time out")
    assert isinstance(task.exception(), TimeoutError)


async def test_a_task_started_inside_a_request_leaves_the_requests_timeout_alone() -> None:
    """A task started inside `request_timeout` inherits the variable, not the timeout: its wait for the
    pace does not stop the timeout of the request that started it."""
    time = HeldTime()
    pacer = Pacer(2, clock=time.clock, sleep=time.sleep)
    for _ in range(pacer.limit):
        await pacer.acquire()

    async def request() -> None:
        async with request_timeout(0.05):
            await asyncio.create_task(pacer.acquire())  # held for good

    task = asyncio.create_task(request())
    await until(task.done, "the request to time out")
    assert isinstance(task.exception(), TimeoutError)


async def test_the_trace_paces_counted_requests_and_lets_exempt_ones_by(monkeypatch: pytest.MonkeyPatch) -> None:
    """The aiohttp request-start hook asks the pacer for a counted route only."""
    monkeypatch.setattr("discord.http.Route.BASE", BASE)
    asked: list[str] = []

    class Recording(Pacer):
        async def acquire(self) -> None:
            asked.append("paced")

    config = pace_requests(Recording(45))
    config.freeze()
    hook = config.on_request_start[0]
    for url in (f"{BASE}/channels/1/messages", f"{BASE}/interactions/1/t/callback"):
        params = aiohttp.TraceRequestStartParams("POST", URL(url), CIMultiDict())
        await hook(cast(aiohttp.ClientSession, None), SimpleNamespace(), params)
    assert asked == ["paced"]
