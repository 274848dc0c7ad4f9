"""A whole game on uvloop's event loop, the one `python -m bot` runs on (bot.process.eventloop; this
folder's conftest): the other end-to-end tests play the bot on asyncio's own loop, so this one plays it,
its drawing processes and the offline Discord on uvloop's."""

from __future__ import annotations

import asyncio
import sys

import pytest

from fakediscord import FakeDiscord
from tests.e2e.test_bot_core import play_with_a_drawing_process

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not built for Windows")
uvloop = pytest.importorskip("uvloop")


async def test_a_game_plays_to_the_end_on_the_bots_own_event_loop(fake: FakeDiscord, bots) -> None:
    assert isinstance(asyncio.get_running_loop(), uvloop.Loop)
    bot = await play_with_a_drawing_process(fake, bots)
    await bot.close()
