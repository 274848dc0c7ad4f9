"""bench.bot's garbage-collection figures: the bot process counts its collections' pauses by generation
(bench.bot_child.Collections) and the load run prints the window's share (bench.bot_load)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bench.bot_child import Collections
from bench.bot_load import collections_line


@pytest.fixture
def collections() -> Iterator[Collections]:
    watched = Collections()
    watched.watch()
    yield watched
    gc.callbacks.remove(watched._on_collection)


def test_a_collection_is_counted_under_its_generation(collections: Collections) -> None:
    gc.collect(1)
    gc.collect(2)
    assert collections.count[1] == 1 and collections.count[2] == 1
    assert collections.longest[1] > 0 and collections.seconds[2] >= collections.longest[2] > 0


def test_a_mark_forgets_the_longest_pause_but_keeps_the_totals(collections: Collections) -> None:
    gc.collect(2)
    first = collections.marked()
    second = collections.marked()
    assert first["gc:full"] == second["gc:full"] == 1
    assert first["gc:full_ms"] == second["gc:full_ms"]
    assert second["gc:full_longest_ms"] == 0  # nothing collected since the first mark


def test_the_load_run_prints_the_window_between_its_marks() -> None:
    opening = {"gc:young": 5, "gc:young_ms": 40, "gc:young_longest_ms": 30, "gc:middle": 1, "gc:middle_ms": 300,
               "gc:middle_longest_ms": 300, "gc:full": 0, "gc:full_ms": 0, "gc:full_longest_ms": 0}  # fmt: skip
    closing = {"gc:young": 9, "gc:young_ms": 100, "gc:young_longest_ms": 20, "gc:middle": 1, "gc:middle_ms": 300,
               "gc:middle_longest_ms": 0, "gc:full": 0, "gc:full_ms": 0, "gc:full_longest_ms": 0}  # fmt: skip
    line = collections_line({"count_marks": [opening, closing]})
    assert line == (
        "garbage collections in the window: young 4 (60 ms, the longest 20 ms), middle 0 (0 ms, the longest 0 ms), "
        "full 0 (0 ms, the longest 0 ms)"
    )


def test_a_report_without_marks_says_so() -> None:
    assert collections_line({"count_marks": []}) == "garbage collections: not counted"
