"""`python -m bot` sets the garbage collector for a long-running bot (bot/moves/collector.py)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from bot.moves import collector
from bot.process import runner
from bot.process.config import Settings


@pytest.fixture
def thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


def test_running_the_bot_sets_a_large_young_generation(thresholds: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """bot.process.runner.run tunes the collector before the event loop starts (the cycles of a click die young)."""
    gc.set_threshold(700, 10, 10)
    seen: list[tuple[int, ...]] = []

    class Runner:
        """Stands in for the event loop's runner: records the thresholds the loop would start with."""

        def __enter__(self) -> Runner:
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def run(self, main: Any) -> None:
            seen.append(gc.get_threshold())
            main.close()

    monkeypatch.setattr(runner.eventloop, "runner", Runner)
    monkeypatch.setattr(runner, "point_at", lambda settings: None)
    assert runner.run(Settings(token="t")) == 0
    assert seen == [(collector.YOUNG, collector.MIDDLE, collector.OLD)]
    assert collector.YOUNG > 700 * 10
