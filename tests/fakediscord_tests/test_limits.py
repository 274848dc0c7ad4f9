"""Discord's rate limits, 30046, 50027 and attachments kept by id, as the offline Discord answers them.

Most tests speak raw HTTP to the fake (no bot), so each request and each header is the test's own;
time moves with `fake.clock.advance`, never by sleeping. The last ones go through discord.py.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from fakediscord import FakeDiscord
from fakediscord.clock import Clock
from fakediscord.probe import png_bytes
from fakediscord.ratelimits import EDIT, GLOBAL_LIMIT, SEND, RateLimits


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


class Rest:
    """The bot's side of the REST API, by hand: one request, its status, headers and JSON."""

    def __init__(self, session: aiohttp.ClientSession, fake: FakeDiscord) -> None:
        self.session, self.fake = session, fake

    async def __call__(self, method: str, path: str, body: Any = None) -> Answer:
        headers = {"Authorization": f"Bot {self.fake.token}"}
        async with self.session.request(method, self.fake.api_base + path, json=body, headers=headers) as response:
            payload = await response.json(content_type=None) if response.status != 204 else None
            return Answer(response.status, dict(response.headers), payload)

    async def send(self, channel_id: str, content: str = "hello") -> Answer:
        return await self("POST", f"/channels/{channel_id}/messages", {"content": content})


@pytest.fixture
async def rest(fake: FakeDiscord) -> AsyncIterator[Rest]:
    async with aiohttp.ClientSession() as session:
        yield Rest(session, fake)


async def fill_send_bucket(rest: Rest, channel_id: str) -> None:
    for _ in range(SEND.limit):
        assert (await rest.send(channel_id)).status == 200


# ---------------------------------------------------------------------------------------- headers
async def test_a_message_send_answers_with_its_bucket_headers(fake: FakeDiscord, rest: Rest) -> None:
    """Limit, Remaining, Reset (Unix time), Reset-After and Bucket on a send: 5 per 5 s per channel."""
    before = fake.clock.wall()
    answer = await rest.send(fake.channel.id)
    assert answer.status == 200
    headers = answer.headers
    assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Remaining"] == "4"
    assert 4.0 < float(headers["X-RateLimit-Reset-After"]) <= 5.0
    # Reset is written to the millisecond, so it may round up by half of one.
    assert before + 4.0 < float(headers["X-RateLimit-Reset"]) <= fake.clock.wall() + 5.0 + 0.0005
    assert headers["X-RateLimit-Bucket"] == SEND.hash


async def test_an_edit_has_its_own_bucket_and_a_read_has_none(fake: FakeDiscord, rest: Rest) -> None:
    """PATCH of a message is another bucket than POST; GET of a message carries no bucket (as on Discord)."""
    sent = await rest.send(fake.channel.id)
    path = f"/channels/{fake.channel.id}/messages/{sent.body['id']}"
    edited = await rest("PATCH", path, {"content": "edited"})
    assert edited.headers["X-RateLimit-Bucket"] == EDIT.hash != SEND.hash
    assert edited.headers["X-RateLimit-Remaining"] == "4"
    read = await rest("GET", path)
    assert read.status == 200 and "X-RateLimit-Bucket" not in read.headers


# ---------------------------------------------------------------------------------------- buckets
async def test_a_bucket_empties_then_resets_after_its_window(fake: FakeDiscord, rest: Rest) -> None:
    """Five sends empty the bucket (Remaining 4..0), the sixth is a 429, and after Reset-After it refills."""
    remaining = [(await rest.send(fake.channel.id)).headers["X-RateLimit-Remaining"] for _ in range(5)]
    assert remaining == ["4", "3", "2", "1", "0"]
    refused = await rest.send(fake.channel.id)
    assert refused.status == 429 and fake.rate_limits.count("user") == 1
    fake.clock.advance(refused.body["retry_after"])
    again = await rest.send(fake.channel.id)
    assert again.status == 200 and again.headers["X-RateLimit-Remaining"] == "4"


async def test_the_send_bucket_is_per_channel(fake: FakeDiscord, rest: Rest) -> None:
    """A full #games bucket does not hold back #general or a DM: each channel has its own."""
    await fill_send_bucket(rest, fake.channel.id)
    assert (await rest.send(fake.channel.id)).status == 429
    assert (await rest.send(fake.channels["general"].id)).status == 200
    dm = fake.dm_channel(fake.users["alice"].person)
    assert (await rest.send(dm.id)).status == 200


async def test_a_scaled_window_refills_sooner(fake: FakeDiscord, rest: Rest) -> None:
    """`rate_limits.scale` multiplies the windows: at 0.1 a send bucket resets after 0.5 s."""
    fake.rate_limits.scale = 0.1
    answer = await rest.send(fake.channel.id)
    assert 0.4 < float(answer.headers["X-RateLimit-Reset-After"]) <= 0.5


async def test_switched_off_there_are_no_headers_and_no_429(fake: FakeDiscord, rest: Rest) -> None:
    """`rate_limits.enabled = False`: a test that needs no limits gets none."""
    fake.rate_limits.enabled = False
    answers = [await rest.send(fake.channel.id) for _ in range(SEND.limit + 3)]
    assert {a.status for a in answers} == {200}
    assert "X-RateLimit-Bucket" not in answers[-1].headers and fake.rate_limits.count() == 0


# ---------------------------------------------------------------------------------------- global limit
async def test_the_global_limit_is_50_requests_a_second(fake: FakeDiscord, rest: Rest) -> None:
    """Fifty requests in a second pass, the 51st is a global 429; the next second passes again."""
    answers = [await rest("GET", "/users/@me") for _ in range(GLOBAL_LIMIT)]
    assert {a.status for a in answers} == {200}
    refused = await rest("GET", "/users/@me")
    assert refused.status == 429 and refused.body["global"] is True
    fake.clock.advance(refused.body["retry_after"])
    assert (await rest("GET", "/users/@me")).status == 200


class StillClock(Clock):
    """Discord's clock standing still but where a test moves it (no real time passes between requests)."""

    def now(self) -> float:
        return self.offset

    def wall(self) -> float:
        return self.offset


def test_busiest_second_counts_a_rolling_second_across_fixed_windows() -> None:
    """Discord's window is fixed, so 25 + 25 late in one window and 40 early in the next all pass: 65 in
    a rolling second, which `busiest_second` reports (a client pacing itself keeps it within 50)."""
    clock = StillClock()
    limits = RateLimits(clock)

    def requests(count: int) -> None:
        for _ in range(count):
            limits.admit("GET", "/users/@me", {}, "/users/@me")  # raises RateLimited on a 429

    requests(25)
    clock.advance(0.9)
    requests(25)
    clock.advance(0.2)  # the fixed window opened 1.1 s ago: a fresh one
    requests(40)
    assert limits.count() == 0 and limits.busiest_second == 65


async def test_interaction_callbacks_and_webhooks_are_exempt_from_the_global_limit(
    fake: FakeDiscord, rest: Rest
) -> None:
    """With the global limit used up, an interaction is still answered and followed up."""
    pending = fake.open_interaction(fake.users["alice"].person, 2, {"name": "probe"}, fake.channel)
    for _ in range(GLOBAL_LIMIT):
        await rest("GET", "/users/@me")
    assert (await rest("GET", "/users/@me")).status == 429
    callback = await rest("POST", f"/interactions/{pending.id}/{pending.token}/callback", {"type": 5})
    assert callback.status == 204
    followup = await rest("POST", f"/webhooks/{fake.app_id}/{pending.token}?wait=true", {"content": "done"})
    assert followup.status == 200 and fake.rate_limits.count("global") == 1


# ---------------------------------------------------------------------------------------- 429 bodies
async def test_a_bucket_429_is_scope_user_with_retry_after(fake: FakeDiscord, rest: Rest) -> None:
    """An empty bucket: retry_after in the body, global false, X-RateLimit-Scope user, Via, bucket headers."""
    await fill_send_bucket(rest, fake.channel.id)
    refused = await rest.send(fake.channel.id)
    assert refused.status == 429
    assert refused.body["global"] is False and 0 < refused.body["retry_after"] <= SEND.window
    assert refused.body["message"] == "You are being rate limited."
    headers = refused.headers
    assert headers["X-RateLimit-Scope"] == "user" and headers["X-RateLimit-Remaining"] == "0"
    assert headers["X-RateLimit-Bucket"] == SEND.hash and "Via" in headers and "Retry-After" in headers


async def test_a_global_429_is_scope_global(fake: FakeDiscord, rest: Rest) -> None:
    """Over the global limit: global true, X-RateLimit-Global and X-RateLimit-Scope global, no bucket."""
    for _ in range(GLOBAL_LIMIT):
        await rest("GET", "/users/@me")
    refused = await rest.send(fake.channel.id)
    assert refused.status == 429 and refused.body["global"] is True and 0 < refused.body["retry_after"] <= 1.0
    headers = refused.headers
    assert headers["X-RateLimit-Scope"] == "global" and headers["X-RateLimit-Global"] == "true"
    assert "X-RateLimit-Bucket" not in headers and "Via" in headers
    assert [s.scope for s in fake.rate_limits.served] == ["global"]


async def test_a_shared_limit_429_is_scope_shared(fake: FakeDiscord, rest: Rest) -> None:
    """A resource's shared limit used up by others: scope shared, global false, until it frees."""
    fake.rate_limits.exhaust_shared(fake.channel.id, 2.0)
    refused = await rest.send(fake.channel.id)
    assert refused.status == 429 and refused.body["global"] is False
    assert refused.headers["X-RateLimit-Scope"] == "shared" and 0 < refused.body["retry_after"] <= 2.0
    fake.clock.advance(2.0)
    assert (await rest.send(fake.channel.id)).status == 200


# ---------------------------------------------------------------------------------------- 30046, 50027
async def test_edits_of_a_message_older_than_an_hour_run_out_with_30046(fake: FakeDiscord, rest: Rest) -> None:
    """After an hour a message's channel gets `old_message_edits` edits an hour of old messages, then
    429/30046 without Via (discord.py raises it at once); a new message is edited freely."""
    old = await rest.send(fake.channel.id, "old table")
    fake.clock.advance(3601)
    path = f"/channels/{fake.channel.id}/messages/{old.body['id']}"
    for n in range(fake.old_message_edits):
        assert (await rest("PATCH", path, {"content": f"edit {n}"})).status == 200
        fake.clock.advance(EDIT.window)  # past the edit bucket: only the old-message quota is tested
    refused = await rest("PATCH", path, {"content": "one more"})
    assert refused.status == 429 and refused.body["code"] == 30046 and "Via" not in refused.headers
    new = await rest.send(fake.channel.id, "new table")
    edited = await rest("PATCH", f"/channels/{fake.channel.id}/messages/{new.body['id']}", {"content": "moved"})
    assert edited.status == 200


async def test_a_message_younger_than_an_hour_is_edited_without_limit(fake: FakeDiscord, rest: Rest) -> None:
    """59 minutes old: not yet subject to 30046."""
    sent = await rest.send(fake.channel.id)
    fake.clock.advance(59 * 60)
    path = f"/channels/{fake.channel.id}/messages/{sent.body['id']}"
    for n in range(fake.old_message_edits + 1):
        assert (await rest("PATCH", path, {"content": f"edit {n}"})).status == 200


async def test_an_expired_token_is_50027_even_if_never_answered(fake: FakeDiscord, rest: Rest) -> None:
    """Past 15 minutes an interaction webhook answers 401/50027 Invalid Webhook Token, not 404/10015."""
    pending = fake.open_interaction(fake.users["alice"].person, 2, {"name": "probe"}, fake.channel)
    fake.clock.advance(15 * 60 + 1)
    followup = await rest("POST", f"/webhooks/{fake.app_id}/{pending.token}?wait=true", {"content": "late"})
    assert (followup.status, followup.body["code"]) == (401, 50027)
    original = await rest("PATCH", f"/webhooks/{fake.app_id}/{pending.token}/messages/@original", {"content": "x"})
    assert (original.status, original.body["code"]) == (401, 50027)


async def test_an_answered_interaction_token_expires_after_15_minutes(fake: FakeDiscord, rest: Rest) -> None:
    """Answered, then 15 minutes later: the follow-up is 401/50027; a minute earlier it works."""
    pending = fake.open_interaction(fake.users["alice"].person, 2, {"name": "probe"}, fake.channel)
    await rest("POST", f"/interactions/{pending.id}/{pending.token}/callback", {"type": 4, "data": {"content": "a"}})
    fake.clock.advance(14 * 60)
    assert (await rest("POST", f"/webhooks/{fake.app_id}/{pending.token}", {"content": "b"})).status == 200
    fake.clock.advance(60 + 1)
    late = await rest("POST", f"/webhooks/{fake.app_id}/{pending.token}", {"content": "c"})
    assert (late.status, late.body["code"]) == (401, 50027)


# ---------------------------------------------------------------------------------------- through discord.py
def games(bot: commands.Bot, fake: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(int(fake.channel.id))
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_discord_py_waits_on_the_headers_and_meets_no_429(fake: FakeDiscord, probe_bot: commands.Bot) -> None:
    """Twelve concurrent sends to one channel (5 per window): discord.py holds them until each reset, so
    all twelve arrive and the fake serves no 429."""
    fake.rate_limits.scale = 0.1  # 5 per 0.5 s: the same behaviour, sooner
    channel = games(probe_bot, fake)
    sent = await asyncio.gather(*(channel.send(f"message {n}") for n in range(12)))
    assert len({m.id for m in sent}) == 12
    assert fake.rate_limits.count() == 0


async def test_discord_py_raises_30046_at_once(fake: FakeDiscord, probe_bot: commands.Bot) -> None:
    """The old-message edit quota reaches the bot as HTTPException 429 with code 30046 (no retry)."""
    fake.old_message_edits = 0
    message = await games(probe_bot, fake).send("old table")
    fake.clock.advance(3601)
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="new")
    assert (refused.value.status, refused.value.code) == (429, 30046)
    assert fake.rate_limits.count() == 1


async def test_an_edit_keeping_an_attachment_by_id_keeps_its_file(fake: FakeDiscord, probe_bot: commands.Bot) -> None:
    """`attachments: [{id}]` with no upload: the same attachment (id, URL, bytes) stays on the message."""
    data = png_bytes(20, 10)
    message = await games(probe_bot, fake).send("table", file=discord.File(io.BytesIO(data), "table.png"))
    kept = message.attachments[0]
    await message.edit(content="moved on", attachments=[kept])
    edit = fake.requests[-1]
    assert edit.method == "PATCH" and edit.files == () and edit.json["attachments"][0]["id"] == kept.id
    stored = fake.message(str(message.id))
    assert stored.content == "moved on"
    assert [(a.id, a.url, a.data) for a in stored.attachments] == [(str(kept.id), kept.url, data)]


@pytest.mark.parametrize("unknown", ["123456789012345678", "not-an-id"])
async def test_an_edit_keeping_an_unknown_attachment_id_is_50035(fake: FakeDiscord, rest: Rest, unknown: str) -> None:
    """An id that is neither on the message nor an uploaded file's index: 400/50035, message unchanged."""
    sent = await rest.send(fake.channel.id, "table")
    path = f"/channels/{fake.channel.id}/messages/{sent.body['id']}"
    refused = await rest("PATCH", path, {"content": "x", "attachments": [{"id": unknown}]})
    assert (refused.status, refused.body["code"]) == (400, 50035)
    assert fake.message(sent.body["id"]).content == "table"
