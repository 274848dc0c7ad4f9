"""Fixtures for the fake's own tests: CardBot with the probe extension loaded."""

from __future__ import annotations

from typing import cast

import pytest
from discord.ext import commands

from fakediscord.probe import PROBE, Probe
from harness.offline import BotHarness


@pytest.fixture
async def probe_bot(bots: BotHarness) -> commands.Bot:
    return await bots.start(extensions=PROBE)


@pytest.fixture
def probe(probe_bot: commands.Bot) -> Probe:
    # load_extension executes the module afresh, so the cog's class is not this module's Probe.
    cog = probe_bot.get_cog("Probe")
    assert type(cog).__name__ == "Probe"
    return cast(Probe, cog)
