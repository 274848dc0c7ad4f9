"""Pytest fixtures for end-to-end tests; tests/conftest.py re-exports them so every test can ask for them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord.ext import commands

from fakediscord.server import FakeDiscord
from harness.offline import BotHarness


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fresh offline Discord on 127.0.0.1 for this test."""
    async with FakeDiscord() as server:
        yield server


@pytest.fixture
async def bots(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotHarness]:
    """Starts bots against `fake` with a tmp_path database; stops them and checks their error log after the test."""
    harness = BotHarness(fake, tmp_path)
    try:
        yield harness
    finally:
        await harness.close()


@pytest.fixture
async def bot(bots: BotHarness) -> commands.Bot:
    """The full CardBot (default extensions), connected and ready."""
    return await bots.start()
