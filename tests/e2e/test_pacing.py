"""The global-limit pace (bot.kit.pacing) end to end: a burst of channel sends meets no global 429 in the
offline Discord, and an interaction is answered while counted requests wait for their place."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.kit.refusals import RetryPolicy, retrying
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message
from fakediscord.ratelimits import GLOBAL_LIMIT
from tests.waiting import until

BURST = 200


async def test_a_burst_of_channel_sends_meets_no_global_429(fake: FakeDiscord, bot: CardBot) -> None:
    """200 sends at once (more than four seconds of Discord's global limit): every one arrives, none is
    refused with a global 429, and Discord never counts more than 50 in any rolling second. The
    per-channel send buckets are switched off so only the global limit is in play."""
    fake.rate_limits.rules = {}
    channel = bot.get_partial_messageable(int(fake.channel.id))
    before = len(fake.messages(fake.channel))
    await fake.guarded(asyncio.gather(*(channel.send(f"burst {i}") for i in range(BURST))), 120, "the burst")
    assert len(fake.messages(fake.channel)) - before == BURST
    assert fake.rate_limits.count("global") == 0
    assert 0 < fake.rate_limits.busiest_second <= GLOBAL_LIMIT


async def test_an_interaction_is_answered_while_counted_requests_wait(fake: FakeDiscord, bot: CardBot) -> None:
    """With the pace used up and its clock held still, a channel send waits for its place; /cardroom,
    answered through its interaction callback (exempt from the global limit), is not held behind it."""
    pacer = bot.pacer
    held = asyncio.Event()  # the pacer's virtual clock: it moves only when the test lets it

    async def held_sleep(seconds: float) -> Any:
        await held.wait()

    now = [0.0]
    pacer.run_on(lambda: now[0], held_sleep)
    for _ in range(pacer.limit):  # a full window at time 0: the next counted request waits
        await pacer.acquire()
    channel = bot.get_partial_messageable(int(fake.channel.id))
    send = asyncio.create_task(channel.send("after the pace"))
    await until(lambda: pacer.waiting == 1, "the send to wait for its place")
    reply = await fake.users["alice"].slash("cardroom")
    assert isinstance(reply, Message) and "Cardroom hosts card games" in reply.text
    assert pacer.waiting == 1 and not send.done()  # the send is still waiting: the reply did not queue
    now[0] = 1.0  # a second later the window has room again
    held.set()
    sent = await fake.guarded(send, 10, "the held send")
    assert fake.message(str(sent.id)).text == "after the pace"


async def test_a_send_held_by_the_pace_past_its_timeout_goes_out_once(fake: FakeDiscord, bot: CardBot) -> None:
    """A burst queues more counted requests than the pace lets go within a request's timeout: a send
    still waiting for its place was never sent, so its timeout waits too (bot.kit.pacing.request_timeout),
    and it goes out once when its place comes, not timed out and tried again behind the same queue."""
    pacer = bot.pacer
    held = asyncio.Event()

    async def held_sleep(seconds: float) -> Any:
        await held.wait()

    now = [0.0]
    pacer.run_on(lambda: now[0], held_sleep)
    for _ in range(pacer.limit):
        await pacer.acquire()
    channel = bot.get_partial_messageable(int(fake.channel.id))
    before = len(fake.messages(fake.channel))
    policy = RetryPolicy(attempts=2, base_delay=0.0, timeout=0.2)
    send = asyncio.create_task(retrying(lambda: channel.send("held past its timeout"), policy, "a held send"))
    await until(lambda: pacer.waiting == 1, "the send to wait for its place")
    loop = asyncio.get_running_loop()
    past = loop.time() + 2 * policy.timeout
    await until(lambda: loop.time() > past, "real time to pass the send's timeout")
    assert not send.done() and pacer.waiting == 1
    now[0] = 1.0
    held.set()
    sent = await fake.guarded(send, 30, "the held send")
    assert fake.message(str(sent.id)).text == "held past its timeout"
    assert [m.text for m in fake.messages(fake.channel)[before:]] == ["held past its timeout"]
