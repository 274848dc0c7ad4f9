"""Discord's answers to a send or an edit, classified once for every caller (discord-notes B.5).

A refusal that retrying cannot fix is named for what it means to a game: the player's DMs are closed
(50007), the message is gone (10008), the bot lost access to the channel (50013 Missing Permissions,
50001 Missing Access), or the channel itself is gone (10003). A 429 that discord.py gave up on, a 5xx
and a timeout are transient: `retrying` tries again with backoff. Anything else is a bug or a case we
do not know: it is raised to the caller, which logs it once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeVar

import aiohttp
import discord

from bot.kit.pacing import request_timeout

if TYPE_CHECKING:
    from bot.process.config import Tuning

log = logging.getLogger(__name__)
T = TypeVar("T")

DM_CLOSED = 50007  # Cannot send messages to this user
UNKNOWN_MESSAGE = 10008
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
# A 429 that waiting does not lift: edits to a message older than an hour have a small quota of their own,
# so the caller replaces the message instead of retrying (bot.projection.table).
OLD_MESSAGE_EDITS = 30046
MIN_BACKOFF = 0.01  # seconds: the shortest wait between two tries of something still owed


class Refusal(Enum):
    DM_CLOSED = "dm closed"
    MESSAGE_GONE = "message gone"
    CHANNEL_LOST = "channel lost"  # the bot may no longer see or post in it
    CHANNEL_GONE = "channel gone"
    TRANSIENT = "transient"  # 429, 5xx, a timeout or a dropped connection: try again
    OTHER = "other"


def classify(error: BaseException) -> Refusal:
    """What an exception raised by a Discord request means for the game."""
    if isinstance(error, (asyncio.TimeoutError, aiohttp.ClientError, ConnectionError)):
        return Refusal.TRANSIENT
    if isinstance(error, discord.DiscordServerError):
        return Refusal.TRANSIENT
    if isinstance(error, discord.HTTPException):
        if error.code == OLD_MESSAGE_EDITS:
            return Refusal.OTHER
        if error.status == 429 or error.status >= 500:
            return Refusal.TRANSIENT
        if error.code == DM_CLOSED:
            return Refusal.DM_CLOSED
        if error.code == UNKNOWN_MESSAGE:
            return Refusal.MESSAGE_GONE
        if error.code in (MISSING_ACCESS, MISSING_PERMISSIONS):
            return Refusal.CHANNEL_LOST
        if error.code == UNKNOWN_CHANNEL:
            return Refusal.CHANNEL_GONE
    return Refusal.OTHER


class Refused(Exception):
    """A request Discord refused for good (not transient), with what the refusal means."""

    def __init__(self, refusal: Refusal, error: BaseException) -> None:
        super().__init__(f"{refusal.value}: {error}")
        self.refusal = refusal
        self.error = error


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How a transient failure is retried: `attempts` tries in all, each limited to `timeout` seconds,
    waiting `base_delay` doubled each time in between (discord.py already waits out 429s it sees)."""

    attempts: int = 5
    base_delay: float = 1.0
    timeout: float = 30.0


@dataclass(frozen=True, slots=True)
class Backoff:
    """How long to wait before trying again something a player should see, once a request's own retries
    (`RetryPolicy`) gave up on a transient failure: `first`, doubled after each failure in a row, never
    more than `cap`. There is no last try: what is owed is tried until it shows or is refused for good,
    whether or not a move comes to ask again."""

    first: float = 2.0
    cap: float = 300.0

    def delay(self, failures: int) -> float:
        """The wait after `failures` failures in a row (1: the first)."""
        doublings = min(max(failures - 1, 0), 32)  # 2**32 * first is past any cap; no float overflow
        return min(self.cap, self.first * 2.0**doublings)

    @classmethod
    def of(cls, tuning: Tuning) -> Backoff:
        """Carries on where a request's own retries stop: twice their first delay (at least `MIN_BACKOFF`,
        so a lasting 5xx never spins), up to `Tuning.retry_cap`."""
        first = max(tuning.retry_delay * 2, MIN_BACKOFF)
        return cls(first=first, cap=max(tuning.retry_cap, first))


async def retrying(call: Callable[[], Awaitable[T]], policy: RetryPolicy, what: str) -> T:
    """Run `call` until it succeeds; raise `Refused` for a refusal, or after the last transient failure.

    Each attempt is a fresh call (a fresh request body), so a retried upload is whole.
    """
    delay = policy.base_delay
    for attempt in range(1, policy.attempts + 1):
        try:
            async with request_timeout(policy.timeout):  # not counting a wait for the pace (bot.kit.pacing)
                return await call()
        except Exception as error:
            refusal = classify(error)
            if refusal is not Refusal.TRANSIENT:
                raise Refused(refusal, error) from error
            if attempt == policy.attempts:
                raise Refused(refusal, error) from error
            log.info("%s failed (%r); retrying in %.2f s", what, error, delay)
            await asyncio.sleep(delay)
            delay *= 2
    raise AssertionError("unreachable")
