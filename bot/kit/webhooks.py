"""Requests through an interaction's token (edit its message, post a follow-up), each body built once.

Why not discord.py's webhook adapter: it gives aiohttp a FormData for every attempt, which aiohttp turns
into a multipart writer of payload objects and writes part by part, a header block and a write for each.
A hand or table picture is sent that way several times a move, and that machinery was the largest
single cost of a move in the bot's event loop. Here the multipart body is joined once as bytes and sent
in one write.

What the adapter guarantees is kept:
- one request at a time per token, in the order asked (an edit never overtakes the one before it);
- a bucket emptied (`X-RateLimit-Remaining: 0`) holds the token's next request until its reset;
- a 429 that Discord sent (it carries `Via`) is waited out and sent again, up to ATTEMPTS in all;
  one without `Via` (Cloudflare's) is raised;
- a refusal raises discord.py's own exceptions (`Forbidden`, `NotFound`, `HTTPException`,
  `DiscordServerError`), so bot.kit.refusals classifies it as before.
A 5xx or a dropped connection is raised at once: the caller's `retrying` (bot.kit.refusals) tries again
with its backoff, where the adapter would first have waited up to 16 s on its own.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from typing import Any

import aiohttp
import discord
from discord.http import MultipartParameters, Route

log = logging.getLogger(__name__)

ATTEMPTS = 5  # sends of one request, the first included, while Discord answers 429
HELD_KEPT = 1024  # tokens with a reset still to wait for, remembered at most

_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
_free_at: dict[str, float] = {}  # token -> monotonic time its emptied bucket refills
sleep = asyncio.sleep  # every wait goes through here, so a test can see it without waiting


def multipart_body(parts: list[dict[str, Any]]) -> tuple[bytes, str]:
    """discord.py's multipart parts (`handle_message_parameters`: the JSON payload, then each file) as one
    multipart/form-data body, and its content type."""
    boundary = secrets.token_hex(16)
    chunks: list[bytes] = []
    for part in parts:
        disposition = f'form-data; name="{_quoted(part["name"])}"'
        if part.get("filename") is not None:
            disposition += f'; filename="{_quoted(part["filename"])}"'
        head = f"--{boundary}\r\nContent-Disposition: {disposition}\r\n"
        if part.get("content_type"):
            head += f"Content-Type: {part['content_type']}\r\n"
        chunks += (head.encode(), b"\r\n", _bytes(part["value"]), b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


def _quoted(value: str) -> str:
    """A field or file name inside a quoted header parameter: quotes and line breaks cannot end it early."""
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\r", " ").replace("\n", " ")


def _bytes(value: Any) -> bytes:
    """A part's content: the JSON text, or a file's bytes from its start (a retried upload is whole)."""
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value)
    value.seek(0)
    data = value.read()
    return data.encode() if isinstance(data, str) else bytes(data)


async def send(
    session: aiohttp.ClientSession,
    route: Route,
    token: str,
    params: MultipartParameters,
    *,
    query: dict[str, Any] | None = None,
    proxy: str | None = None,
    proxy_auth: aiohttp.BasicAuth | None = None,
) -> Any:
    """Send `params` (a JSON payload, or multipart parts with files) on an interaction webhook `route`;
    Discord's answer, parsed (see the module's docstring for what is retried and what is raised)."""
    if params.multipart:
        body, content_type = multipart_body(params.multipart)
    else:
        body, content_type = discord.utils._to_json(params.payload or {}).encode(), "application/json"
    headers = {"Content-Type": content_type}
    lock = _locks.get(token)
    if lock is None:
        lock = _locks[token] = asyncio.Lock()
    async with lock:
        for attempt in range(1, ATTEMPTS + 1):
            wait = _free_at.pop(token, 0.0) - time.monotonic()
            if wait > 0:
                await sleep(wait)
            async with session.request(
                route.method, route.url, data=body, headers=headers, params=query, proxy=proxy, proxy_auth=proxy_auth
            ) as response:
                data = await _answer(response)
                if response.headers.get("X-RateLimit-Remaining") == "0" and response.status != 429:
                    _hold(token, float(response.headers.get("X-RateLimit-Reset-After") or 0.0))
                if 200 <= response.status < 300:
                    return data
                if response.status == 429 and response.headers.get("Via") and attempt < ATTEMPTS:
                    retry_after = float(data["retry_after"]) if isinstance(data, dict) else 1.0
                    log.warning("interaction webhook rate limited; retrying in %.2f s", retry_after)
                    await sleep(retry_after)
                    continue
                raise _refusal(response, data)
    raise AssertionError("unreachable")


async def _answer(response: aiohttp.ClientResponse) -> Any:
    """The answer's body: parsed when it is JSON, else its text (a proxy's error page)."""
    text = await response.text(encoding="utf-8")
    if response.content_type == "application/json":  # its media type, whatever charset follows
        return discord.utils._from_json(text)
    return text


def _hold(token: str, seconds: float) -> None:
    """The token's next request waits `seconds` (its bucket is empty); resets long passed are forgotten."""
    now = time.monotonic()
    if len(_free_at) >= HELD_KEPT:
        for key in [key for key, free in _free_at.items() if free <= now]:
            del _free_at[key]
    _free_at[token] = now + seconds


def _refusal(response: aiohttp.ClientResponse, data: Any) -> discord.HTTPException:
    """discord.py's exception for a refused request, as its own HTTP code raises it."""
    if response.status >= 500:
        return discord.DiscordServerError(response, data)
    if response.status == 403:
        return discord.Forbidden(response, data)
    if response.status == 404:
        return discord.NotFound(response, data)
    return discord.HTTPException(response, data)
