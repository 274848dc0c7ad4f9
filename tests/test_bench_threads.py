"""bench.bot's split of the bot process's CPU per move between its event loop's thread and its other
threads (bench.bot_load.threads_line, from the marks bench.bot_child takes on the loop's thread)."""

from __future__ import annotations

from bench.bot_load import threads_line


def test_the_load_run_splits_the_window_cpu_between_the_loop_and_the_other_threads() -> None:
    opening = {"cpu:loop_ms": 1_000, "cpu:process_ms": 1_500}
    closing = {"cpu:loop_ms": 21_000, "cpu:process_ms": 29_500}  # 20 s on the loop, 8 s elsewhere
    line = threads_line({"count_marks": [opening, closing]}, moves=4_000)
    assert line == "CPU per move in the event loop's thread 5.00 ms, in the bot's other threads 2.00 ms"


def test_marks_without_cpu_say_so() -> None:
    assert threads_line({"count_marks": [{"gc:young": 1}, {"gc:young": 2}]}, moves=10) == (
        "CPU per move by thread: not counted"
    )
