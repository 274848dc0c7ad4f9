"""Requests through an interaction's token (bot.kit.webhooks) against a local HTTP server: the body Discord
reads, the order per token, Discord's rate limits honoured and its refusals raised as discord.py raises them."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from discord.http import Route, handle_message_parameters

from bot.kit import webhooks

PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8  # every byte value, CR and LF included


class Discord:
    """The webhook routes' side: records each request, answers with what the test queued (else 200)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, dict[str, Any]]] = []  # (method, the fields and files read back)
        self.answers: list[web.Response] = []
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self.release.set()

    async def handle(self, request: web.Request) -> web.Response:
        fields: dict[str, Any] = {}
        if request.content_type == "multipart/form-data":
            async for part in await request.multipart():
                assert isinstance(part, aiohttp.BodyPartReader)
                fields[part.name or ""] = (part.filename, await part.read())
        else:
            fields["json"] = await request.json()
        self.seen.append((request.method, fields))
        self.entered.set()
        await self.release.wait()
        if self.answers:
            return self.answers.pop(0)
        return web.json_response({"id": str(len(self.seen)), "attachments": []})


@pytest.fixture
async def discord_side(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Discord, aiohttp.ClientSession]]:
    side = Discord()
    app = web.Application()
    app.router.add_route("*", "/api/v10/webhooks/{rest:.*}", side.handle)
    server = TestServer(app)
    await server.start_server()
    monkeypatch.setattr(Route, "BASE", str(server.make_url("/api/v10")))
    async with aiohttp.ClientSession() as session:
        yield side, session
    await server.close()


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every wait the module asks for, taken at once."""
    asked: list[float] = []

    async def sleep(seconds: float) -> None:
        asked.append(seconds)

    monkeypatch.setattr(webhooks, "sleep", sleep)
    return asked


def edit(token: str = "tok") -> Route:
    path = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    return Route("PATCH", path, webhook_id=1, webhook_token=token)


def picture_params() -> Any:
    return handle_message_parameters(content="hand", file=discord.File(io.BytesIO(PICTURE), filename='a "hand".png'))


def answer(status: int, body: dict[str, Any], **headers: str) -> web.Response:
    return web.json_response(body, status=status, headers=headers)


async def send(session: aiohttp.ClientSession, params: Any, token: str = "tok") -> Any:
    with params:
        return await webhooks.send(session, edit(token), token, params)


async def test_a_picture_arrives_whole_beside_its_payload(discord_side) -> None:  # type: ignore[no-untyped-def]
    """The multipart body Discord reads back holds the JSON payload and the file's every byte, under its name."""
    side, session = discord_side
    await send(session, picture_params())
    (_, fields), = side.seen
    assert json.loads(fields["payload_json"][1])["content"] == "hand"
    assert fields["files[0]"] == ('a "hand".png', PICTURE)


async def test_a_payload_without_files_is_sent_as_json(discord_side) -> None:  # type: ignore[no-untyped-def]
    side, session = discord_side
    answered = await send(session, handle_message_parameters(content="kept"))
    (method, fields), = side.seen
    assert method == "PATCH" and list(fields) == ["json"] and fields["json"]["content"] == "kept"
    assert answered["id"] == "1"


async def test_a_429_from_discord_is_waited_out_and_sent_again(discord_side, waits) -> None:  # type: ignore[no-untyped-def]
    side, session = discord_side
    side.answers.append(answer(429, {"retry_after": 0.25, "global": False}, Via="1.1 google"))
    answered = await send(session, picture_params())
    assert waits == [0.25] and len(side.seen) == 2 and answered["id"] == "2"
    assert side.seen[1][1]["files[0]"][1] == PICTURE  # the retried upload is whole


async def test_a_429_without_via_is_raised(discord_side, waits) -> None:  # type: ignore[no-untyped-def]
    """A 429 that is not Discord's (a proxy's, Cloudflare's) is not waited on here: the caller decides."""
    side, session = discord_side
    side.answers.append(answer(429, {"retry_after": 5, "global": False}))
    with pytest.raises(discord.HTTPException) as raised:
        await send(session, picture_params())
    assert raised.value.status == 429 and waits == [] and len(side.seen) == 1


@pytest.mark.parametrize(
    ("status", "code", "kind"),
    [(404, 10015, discord.NotFound), (403, 50001, discord.Forbidden), (400, 50035, discord.HTTPException),
     (502, 0, discord.DiscordServerError)],
    ids=["404", "403", "400", "502"],
)  # fmt: skip
async def test_a_refusal_is_raised_as_discord_py_raises_it(discord_side, waits, status, code, kind) -> None:  # type: ignore[no-untyped-def]
    """One request, and the exception bot.kit.refusals classifies (a 5xx too: the caller retries it)."""
    side, session = discord_side
    side.answers.append(answer(status, {"code": code, "message": "refused"}))
    with pytest.raises(kind) as raised:
        await send(session, picture_params())
    assert type(raised.value) is kind and raised.value.status == status and raised.value.code == code
    assert len(side.seen) == 1 and waits == []


async def test_an_emptied_bucket_holds_the_tokens_next_request_until_its_reset(discord_side, waits) -> None:  # type: ignore[no-untyped-def]
    side, session = discord_side
    side.answers.append(
        answer(200, {"id": "1"}, **{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "3.5"})
    )
    await send(session, picture_params())
    await send(session, picture_params(), token="another")  # another token's bucket is its own
    assert waits == []
    await send(session, picture_params())
    assert len(waits) == 1 and 3.0 < waits[0] <= 3.5


async def test_requests_on_one_token_go_one_at_a_time_in_order(discord_side) -> None:  # type: ignore[no-untyped-def]
    """The second edit of a message is not sent while the first is unanswered, so it cannot overtake it."""
    side, session = discord_side
    side.release.clear()
    first = asyncio.create_task(send(session, handle_message_parameters(content="first")))
    await side.entered.wait()
    second = asyncio.create_task(send(session, handle_message_parameters(content="second")))
    other = asyncio.create_task(send(session, handle_message_parameters(content="other token"), token="t2"))
    await until(lambda: len(side.seen) == 2)  # the other token's request is not held behind the first
    assert [fields["json"]["content"] for _, fields in side.seen] == ["first", "other token"]
    side.release.set()
    await asyncio.gather(first, second, other)
    assert [fields["json"]["content"] for _, fields in side.seen] == ["first", "other token", "second"]


async def until(condition: Callable[[], bool]) -> None:
    """Yield to the loop until `condition` holds (the server runs on this loop)."""
    while not condition():
        await asyncio.sleep(0)
