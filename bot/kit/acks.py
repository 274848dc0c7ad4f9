"""A click acknowledged by its answer when the answer is ready soon, by a deferral when it is not.

Why: a deferred update is a request of its own (an interaction callback), and the answer after it a
second one (an edit through the interaction's token). When the answer is ready within a moment, as a
move's redrawn hand almost always is, the answer itself can be the acknowledgement (an UPDATE_MESSAGE
callback): one request instead of two, and the player sees the hand one round trip sooner. Discord
allows 3 s for the acknowledgement, so a click whose answer is not ready `within` seconds is deferred
then, and answered through its token as before.

Whoever answers such a click first calls `settle`: it calls off the deferral still to come (the caller
answers through the callback) or waits for the one under way (the caller then follows up), so the two
never race for the one callback an interaction has.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import discord

log = logging.getLogger(__name__)

KEY = "cardroom.defer_later"  # in `Interaction.extras`


@dataclass(slots=True)
class _Later:
    """A deferral scheduled for one interaction: its timer until it fires, then its request."""

    timer: asyncio.TimerHandle | None = None
    sent: asyncio.Task[None] | None = None


def defer_later(interaction: discord.Interaction, within: float) -> None:
    """Acknowledge `interaction` with a deferred update `within` seconds from now, unless `settle` was
    called first. `within` <= 0 defers now (in a task of its own)."""
    later = _Later()

    def fire() -> None:
        later.timer = None
        later.sent = asyncio.get_running_loop().create_task(_defer(interaction), name="cardroom-defer")

    if within <= 0:
        fire()
    else:
        later.timer = asyncio.get_running_loop().call_later(within, fire)
    interaction.extras[KEY] = later


async def _defer(interaction: discord.Interaction) -> None:
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer()
    except discord.HTTPException as error:  # the answer that follows will meet the same refusal
        log.info("could not defer interaction %d: %s", interaction.id, error)


async def settle(interaction: discord.Interaction) -> bool:
    """Whether `interaction` is acknowledged once this returns. False: nothing was sent and nothing will
    be, the caller answers through the interaction's callback. A deferral under way is waited for."""
    later: _Later | None = interaction.extras.pop(KEY, None)
    if later is not None:
        if later.timer is not None:
            later.timer.cancel()
        elif later.sent is not None:
            await asyncio.shield(later.sent)  # a cancelled caller leaves the deferral to finish
    return interaction.response.is_done()


async def finish(interaction: discord.Interaction) -> None:
    """The click's handler has returned: a deferral still to come is sent now (a click left unanswered,
    a double click dropped quietly, must still be acknowledged), one under way is waited for."""
    if KEY not in interaction.extras:
        return
    if not await settle(interaction):
        await _defer(interaction)


async def fall_back(interaction: discord.Interaction) -> None:
    """After an answer through the callback failed: acknowledge the click still, if Discord lets us, so
    the player is not told the interaction failed while a pass redraws what the answer would have."""
    await _defer(interaction)
