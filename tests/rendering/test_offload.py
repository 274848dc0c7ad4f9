"""Drawing in worker processes (rendering.offload): same bytes as drawing in place, never on an event loop,
and a broken or closed pool falls back to drawing in the calling thread instead of failing a move."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import pytest

from games.thirteen.state import new_game
from rendering import hand, offload, prewarm, thirteen
from rendering.pool import WorkerLost
from rendering.standings import StandingRow, render_standings

R = TypeVar("R")


class Recorder:
    """Runs calls in place, as a pool would in another process, and counts them; can fail like a pool."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.tasks: list[str] = []
        self.error = error

    def call(self, function: Callable[..., R], /, *args: Any, **kwargs: Any) -> R:
        self.tasks.append(args[1])
        if self.error is not None:
            raise self.error
        return function(*args, **kwargs)


@pytest.fixture
def pool() -> Iterator[Callable[[offload.Drawer], None]]:
    previous = offload.install(None)
    yield lambda executor: offload.install(executor)
    offload.install(previous)


def table_view():
    return new_game(2, 11).view(None)


def test_an_installed_pool_draws_the_same_bytes(pool) -> None:
    """The table and a hand sent to the pool come back byte for byte as drawn in place."""
    view, seat_view = table_view(), new_game(2, 11).view(0)
    expected_table = thirteen.render_table(view, ["Ann", "Bo"])
    hand.hand_png.cache_clear()
    expected_hand = thirteen.render_hand(seat_view)
    hand.hand_png.cache_clear()
    recorder = Recorder()
    pool(recorder)
    assert thirteen.render_table(view, ["Ann", "Bo"]) == expected_table
    assert thirteen.render_hand(seat_view) == expected_hand
    assert recorder.tasks == ["render_table", "_draw_hand_png"]


def test_the_hand_cache_stays_in_the_calling_process(pool) -> None:
    """A hand drawn once is served from the bot's own cache: the pool is not asked again."""
    seat_view = new_game(2, 12).view(1)
    hand.hand_png.cache_clear()
    recorder = Recorder()
    pool(recorder)
    first = thirteen.render_hand(seat_view)
    assert thirteen.render_hand(seat_view) == first
    assert recorder.tasks == ["_draw_hand_png"]


def test_a_real_process_pool_draws_a_table_and_standings(pool) -> None:
    """Through a real worker process (forkserver): the PNG bytes equal the in-place drawing."""
    view = table_view()
    rows = [StandingRow(1, "Ann", 2, "out first"), StandingRow(2, "Bo", -2, "7 cards left")]
    expected = (thirteen.render_table(view, ["Ann", "Bo"]), render_standings("Thirteen #1", rows))
    drawing = offload.start_pool(1)
    try:
        pool(drawing)
        before = offload.calls
        got = (thirteen.render_table(view, ["Ann", "Bo"]), render_standings("Thirteen #1", rows))
        assert offload.calls - before == 2
        assert len(drawing.pids()) == 1 and os.getpid() not in drawing.pids()
    finally:
        drawing.shutdown()
    assert got == expected


def test_a_call_on_an_event_loop_draws_in_place(pool) -> None:
    """Blocking an event loop on another process would stall the bot: there it draws in place."""
    recorder = Recorder()
    pool(recorder)

    async def on_loop() -> bytes:
        return thirteen.render_table(table_view(), ["Ann", "Bo"])

    assert asyncio.run(on_loop()).startswith(b"\x89PNG")
    assert recorder.tasks == []


def test_a_drawing_whose_process_died_is_drawn_here_and_the_pool_stays(pool) -> None:
    recorder = Recorder(error=WorkerLost("a drawing process stopped"))
    pool(recorder)
    assert thirteen.render_table(table_view(), ["Ann", "Bo"]).startswith(b"\x89PNG")
    assert offload.installed() is recorder


def test_a_killed_drawing_process_is_replaced_and_the_next_drawing_goes_to_the_pool(pool) -> None:
    """A real pool whose only process was killed: the next drawings still come from the pool."""
    view = table_view()
    drawing = offload.start_pool(1)
    try:
        pool(drawing)
        thirteen.render_table(view, ["Ann", "Bo"])
        [pid] = drawing.pids()
        os.kill(pid, signal.SIGKILL)
        killed = drawing._workers[0].process
        assert killed is not None
        killed.join()
        before = offload.calls
        assert thirteen.render_table(view, ["Ann", "Bo"]).startswith(b"\x89PNG")
        assert offload.installed() is drawing and offload.calls - before == 1
        assert drawing.pids() and drawing.pids() != [pid]
    finally:
        drawing.shutdown()


def test_a_broken_pool_is_dropped_and_the_drawing_still_happens(pool) -> None:
    """A pool whose processes keep dying: the image is drawn in the calling thread and the pool uninstalled."""
    pool(Recorder(error=BrokenProcessPool("drawing processes stopped 3 times within 600 s")))
    assert thirteen.render_table(table_view(), ["Ann", "Bo"]).startswith(b"\x89PNG")
    assert offload.installed() is None


def test_a_pool_shut_down_under_a_drawing_is_dropped_and_the_drawing_still_happens(pool) -> None:
    """A pool shut down while a drawing was on its way (the bot closing): drawn in place instead."""
    drawing = offload.start_pool(1)
    drawing.shutdown()
    pool(drawing)
    assert thirteen.render_table(table_view(), ["Ann", "Bo"]).startswith(b"\x89PNG")
    assert offload.installed() is None


def test_an_error_of_the_drawing_itself_reaches_the_caller(pool) -> None:
    """Only a failing pool is worked around: a drawing that raises raises, and the pool stays."""
    recorder = Recorder(error=ValueError("bad view"))
    pool(recorder)
    with pytest.raises(ValueError):
        thirteen.render_table(table_view(), ["Ann", "Bo"])
    assert offload.installed() is recorder


def test_drawing_processes_yield_to_the_bot_and_leave_ctrl_c_to_it() -> None:
    """Pool processes run at a lower CPU priority (the event loop first on a busy machine) and ignore
    SIGINT (the bot shuts them down in order)."""
    drawing = offload.start_pool(1)
    try:
        niceness = drawing.call(os.nice, 0)
        handler = drawing.call(signal.getsignal, signal.SIGINT)
    finally:
        drawing.shutdown()
    assert niceness == min(19, os.nice(0) + offload.DRAWING_NICENESS)
    assert handler == signal.SIG_IGN


@pytest.mark.slow
def test_drawing_processes_shape_the_urdu_words_of_images_ahead() -> None:
    """A drawing process has the images' Urdu words shaped ahead (rendering.prewarm) when asked to."""
    drawing = offload.start_pool(1, shape_ahead=True)
    try:
        shaped = drawing.call(prewarm.shaped_ahead, 600)  # the timeout is the hang guard
    finally:
        drawing.shutdown()
    assert shaped is not None and shaped > len(prewarm.image_phrases("ur"))


def shaped_at_first_task(*, shape_ahead: bool) -> str:
    """What `prewarm.shaped_ahead(0)` answers in the first task of a new pool, made in a process of its own
    (a process has one forkserver, and this one's may have started with other preloads)."""
    script = (
        "from rendering import offload, prewarm\n"
        f"pool = offload.start_pool(1, shape_ahead={shape_ahead})\n"
        "print(pool.call(prewarm.shaped_ahead, 0))\n"
        "pool.shutdown()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600, check=True)
    return done.stdout.split()[-1]


@pytest.mark.slow
def test_a_drawing_process_starts_with_the_words_its_forkserver_shaped() -> None:
    """The forkserver shapes the words once, before it forks (rendering.preshaped): a new drawing process's
    first task finds them shaped already, with no wait, instead of shaping them itself for seconds."""
    assert int(shaped_at_first_task(shape_ahead=True)) > len(prewarm.image_phrases("ur"))


@pytest.mark.slow
def test_without_shaping_ahead_a_drawing_process_shapes_nothing_before_it_draws() -> None:
    """A bot whose readers use no right-to-left language asks for no shaping: none in its forkserver (which
    is ready at once) and none in its drawing processes."""
    assert shaped_at_first_task(shape_ahead=False) == "None"
