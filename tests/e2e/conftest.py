"""The end-to-end tests play the bot on the event loop `python -m bot` runs on (bot.process.eventloop):
uvloop's where it is installed, else asyncio's own. The other tests keep pytest-asyncio's default,
asyncio's own loop, which is what the bot falls back to without uvloop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping

import pytest

from bot.process import eventloop


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> Mapping[str, Callable[[], asyncio.AbstractEventLoop]]:
    return {"bot": eventloop.factory() or asyncio.new_event_loop}
