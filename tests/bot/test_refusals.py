"""What a Discord error means for the game (bot.kit.refusals.classify): what waiting lifts is retried, what it
does not is handed to the caller at once."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord
import pytest

from bot.kit.refusals import Refusal, Refused, RetryPolicy, classify, retrying


def http_error(status: int, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="", headers={})
    return discord.HTTPException(response, {"code": code, "message": "refused"})  # type: ignore[arg-type]


def test_a_rate_limit_or_server_error_is_transient() -> None:
    assert classify(http_error(429, 0)) is Refusal.TRANSIENT
    assert classify(http_error(503, 0)) is Refusal.TRANSIENT


def test_old_message_edits_30046_are_not_retried_as_a_rate_limit() -> None:
    """Edits of a message older than an hour run out of their own quota: waiting does not lift it."""
    assert classify(http_error(429, 30046)) is Refusal.OTHER


async def test_a_30046_reaches_the_caller_after_one_try() -> None:
    tries = 0

    async def edit() -> None:
        nonlocal tries
        tries += 1
        raise http_error(429, 30046)

    with pytest.raises(Refused) as refused:
        await retrying(edit, RetryPolicy(attempts=5, base_delay=0.0, timeout=30), "editing an old table")
    assert tries == 1 and isinstance(refused.value.error, discord.HTTPException)


async def test_a_cancellation_landing_as_the_call_answers_still_cancels() -> None:
    """Python 3.11's `asyncio.wait_for` returned the answer and dropped a cancellation that landed in the
    same turn of the loop; a shutdown waiting for its task to end (the sweeper's) then waited for ever."""
    answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    asked = asyncio.Event()

    async def call() -> int:
        asked.set()
        return await answer

    task = asyncio.create_task(retrying(call, RetryPolicy(attempts=1, base_delay=0.0, timeout=30), "a call"))
    await asked.wait()
    answer.set_result(7)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
