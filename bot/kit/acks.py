"""A click acknowledged by its answer when the answer is ready soon, by a deferral when it is not.

Why: a deferred update is a request of its own (an interaction callback), and the answer after it a
second one (an edit through the interaction's token). When the answer is ready within a moment, as a
hand redrawn for a card chosen or a hint is, the answer itself can be the acknowledgement (an
UPDATE_MESSAGE callback): one request instead of two. A click that makes a move is deferred at once
(`defer_now`): storing the move is what takes the time, and its acknowledgement should not wait for it.
The hand shows no sooner (a deferral goes out while the answer is made, and the edit after it is one
request, as the callback is), but each click costs the bot and Discord one request fewer. A click whose
answer is not ready `within` seconds is deferred then, and answered through its token as before; so its
acknowledgement waits `within` longer than an immediate deferral would.

`AnswerPace` keeps that wait from becoming the rule on a busy bot: when more than a quarter of the
latest answers were late, clicks are deferred at once, as they were before this module, until answers
come in time again (every answer is timed, deferred at once or not).

Whoever answers such a click first calls `settle`: it calls off the deferral still to come (the caller
answers through the callback) or waits for the one under way (the caller then follows up), so the two
never race for the one callback an interaction has.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from dataclasses import dataclass

import discord

log = logging.getLogger(__name__)

KEY = "cardroom.defer_later"  # in `Interaction.extras`
TIMED = 32  # answers whose lateness `AnswerPace` remembers
LATE_SHARE = 0.25  # more late answers than this share of them: defer at once


class AnswerPace:
    """Whether this process's recent click answers were ready within `within` seconds of their click."""

    def __init__(self, within: float) -> None:
        self.within = within
        self._late: deque[bool] = deque(maxlen=TIMED)

    def note(self, seconds: float) -> None:
        """An answer was ready `seconds` after its click arrived."""
        self._late.append(seconds > self.within)

    def waits(self) -> bool:
        """Whether a new click should wait for its answer (else it is deferred at once)."""
        return self.within > 0 and sum(self._late) <= LATE_SHARE * len(self._late)


@dataclass(slots=True)
class _Later:
    """A deferral for one interaction: its timer until it fires, then its request; and the pace to tell
    how long the answer took."""

    pace: AnswerPace
    began: float
    timer: asyncio.TimerHandle | None = None
    sent: asyncio.Task[None] | None = None


def defer_later(interaction: discord.Interaction, pace: AnswerPace) -> None:
    """Acknowledge `interaction` with a deferred update `pace.within` seconds from now unless `settle` is
    called first; at once (in a task of its own) when the pace says answers are late."""
    loop = asyncio.get_running_loop()
    later = _Later(pace, loop.time())

    def fire() -> None:
        later.timer = None
        later.sent = loop.create_task(_defer(interaction), name="cardroom-defer")

    if pace.waits():
        later.timer = loop.call_later(pace.within, fire)
    else:
        fire()
    interaction.extras[KEY] = later


async def _defer(interaction: discord.Interaction) -> None:
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer()
    except discord.HTTPException as error:  # the answer that follows will meet the same refusal
        log.info("could not defer interaction %d: %s", interaction.id, error)


async def settle(interaction: discord.Interaction) -> bool:
    """The answer is ready: whether `interaction` is acknowledged once this returns. False: nothing was
    sent and nothing will be, the caller answers through the interaction's callback. A deferral under
    way is waited for."""
    later = _taken(interaction)
    if later is not None:
        later.pace.note(asyncio.get_running_loop().time() - later.began)
        await _after(later)
    return interaction.response.is_done()


def _taken(interaction: discord.Interaction) -> _Later | None:
    later: _Later | None = interaction.extras.pop(KEY, None)
    if later is not None and later.timer is not None:
        later.timer.cancel()
        later.timer = None
    return later


async def _after(later: _Later) -> None:
    if later.sent is not None:
        await asyncio.shield(later.sent)  # a cancelled caller leaves the deferral to finish


async def defer_now(interaction: discord.Interaction) -> None:
    """Acknowledge the click now with a deferred update, unless it is already: its answer will take a
    while (a move to store), or the answer through the callback failed (so that the player is not told
    the interaction failed while a pass redraws the hand). A deferral under way is waited for. Nothing is
    timed: no answer was made."""
    later = _taken(interaction)
    if later is not None:
        await _after(later)
    await _defer(interaction)


async def finish(interaction: discord.Interaction) -> None:
    """The click's handler has returned: if a deferral was scheduled for it and nothing answered it (a
    double click dropped quietly), it is deferred now. Clicks that scheduled none are left as they are."""
    if KEY in interaction.extras:
        await defer_now(interaction)

