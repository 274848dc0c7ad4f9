"""The tests in this folder run on uvloop's event loop, the one `python -m bot` runs on
(bot.process.eventloop); the other tests run on pytest-asyncio's default, asyncio's own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item) -> Mapping[str, Callable[[], Any]]:
    uvloop = pytest.importorskip("uvloop")
    return {"uvloop": uvloop.new_event_loop}
