"""A whole game on uvloop's event loop, the one `python -m bot` runs on (bot.process.eventloop; this
folder's conftest): the other end-to-end tests play the bot on asyncio's own loop, so this one plays it,
its drawing processes and the offline Discord on uvloop's."""

from __future__ import annotations

import asyncio
import dataclasses
import sys

import pytest

from bench.players.common import FAST, click, game_over_in, play_all, start_bot
from fakediscord import FakeDiscord
from tests.e2e.test_bot_core import seat_people

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not built for Windows")
uvloop = pytest.importorskip("uvloop")


async def test_a_game_plays_to_the_end_on_the_bots_own_event_loop(fake: FakeDiscord, bots) -> None:
    assert isinstance(asyncio.get_running_loop(), uvloop.Loop)
    bot = await start_bot(bots, tuning=dataclasses.replace(FAST, drawing_processes=1))
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await click(alice, lobby, "Start")
    assert await play_all(fake, [alice, bob]) > 0
    assert game_over_in(fake) is not None
    await bot.close()
