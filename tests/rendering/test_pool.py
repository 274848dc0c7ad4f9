"""The drawing processes' pool (rendering.pool): calls answered by another process, errors raised as
raised there, a dead worker replaced (`WorkerLost` for the call it died with), and every way the pool
itself can fail raised as `BrokenProcessPool`, the cue that rendering.offload takes to draw in the
calling thread from then on."""

from __future__ import annotations

import multiprocessing
import operator
import os
import pickle
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from rendering.pool import DrawingPool, WorkerLost

METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
CONTEXT = multiprocessing.get_context(METHOD)


@pytest.fixture
def pool() -> Iterator[DrawingPool]:
    drawing = DrawingPool(2, CONTEXT)
    yield drawing
    drawing.shutdown()


def test_a_call_is_answered_by_another_process(pool: DrawingPool) -> None:
    assert pool.call(operator.add, 2, 3) == 5
    assert pool.call(os.getpid) != os.getpid()
    assert pool.pids() and os.getpid() not in pool.pids()


def test_keyword_arguments_reach_the_function(pool: DrawingPool) -> None:
    assert pool.call(int, "ff", base=16) == 255


def test_a_workers_initializer_runs_before_its_first_call(tmp_path) -> None:
    """The initializer's effect (here a working directory) is seen by the calls."""
    drawing = DrawingPool(1, CONTEXT, initializer=os.chdir, initargs=(str(tmp_path),))
    try:
        assert drawing.call(os.getcwd) == str(tmp_path)
    finally:
        drawing.shutdown()


def test_an_error_of_the_call_is_raised_as_it_was_and_the_pool_goes_on(pool: DrawingPool) -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        pool.call(int, "not a number")
    assert pool.call(operator.mul, 6, 7) == 42


def test_many_threads_at_once_each_get_their_own_answer(pool: DrawingPool) -> None:
    """More callers than workers: each waits for an idle worker, and no answer reaches the wrong caller."""
    pairs = [(i, j) for i in range(8) for j in range(5)]
    with ThreadPoolExecutor(8) as threads:
        answers = list(threads.map(lambda pair: pool.call(operator.mul, *pair), pairs))
    assert answers == [i * j for i, j in pairs]


def test_a_worker_that_dies_in_a_call_loses_that_call_and_a_new_one_takes_the_next() -> None:
    drawing = DrawingPool(1, CONTEXT)
    try:
        first = drawing.call(os.getpid)
        with pytest.raises(WorkerLost, match="exit code 3"):
            drawing.call(os._exit, 3)
        assert drawing.call(operator.add, 2, 3) == 5
        assert drawing.pids() != [first] and drawing.lost == 1
    finally:
        drawing.shutdown()


def test_a_worker_killed_between_calls_is_replaced_and_the_next_call_answered() -> None:
    """The call never reached the dead worker, so it goes to a new one: the caller sees nothing."""
    drawing = DrawingPool(1, CONTEXT)
    try:
        pid = drawing.call(os.getpid)
        os.kill(pid, 9)
        process = drawing._workers[0].process
        assert process is not None
        process.join()  # dead before the next call is written to it
        assert drawing.call(os.getpid) not in (pid, os.getpid())
        assert drawing.lost == 1
    finally:
        drawing.shutdown()


def test_workers_that_keep_dying_break_the_pool() -> None:
    """The loss that fills the budget (here 2 within a minute) breaks the pool for every later call."""
    drawing = DrawingPool(1, CONTEXT, losses=2, loss_window=60.0)
    try:
        with pytest.raises(WorkerLost):
            drawing.call(os._exit, 3)
        with pytest.raises(BrokenProcessPool) as broken:
            drawing.call(os._exit, 3)
        assert not isinstance(broken.value, WorkerLost)
        with pytest.raises(BrokenProcessPool, match="stopped 2 times"):
            drawing.call(os.getpid)
    finally:
        drawing.shutdown()
    assert not any(worker.process is not None for worker in drawing._workers)


def test_losses_spread_wider_than_the_window_do_not_break_the_pool() -> None:
    drawing = DrawingPool(1, CONTEXT, losses=2, loss_window=0.0)  # no two losses are ever within it
    try:
        for _ in range(3):
            with pytest.raises(WorkerLost):
                drawing.call(os._exit, 3)
        assert drawing.call(operator.mul, 6, 7) == 42
    finally:
        drawing.shutdown()


def test_a_call_after_shutdown_is_refused_and_the_workers_are_gone() -> None:
    drawing = DrawingPool(2, CONTEXT)
    drawing.call(os.getpid)
    processes = [worker.process for worker in drawing._workers if worker.process is not None]
    drawing.shutdown()
    assert processes and not any(process.is_alive() for process in processes)
    with pytest.raises(BrokenProcessPool, match="shut down"):
        drawing.call(os.getpid)
    drawing.shutdown()  # a second shutdown is harmless


def test_a_call_waiting_for_a_worker_when_the_pool_shuts_down_is_refused() -> None:
    """A caller waiting for the busy pool's only worker when it closes is answered (it got the worker
    before the shutdown did) or refused (after): never left waiting."""
    drawing = DrawingPool(1, CONTEXT)
    drawing.call(os.getpid)
    worker = drawing._idle.get()  # the only worker, as if a call held it
    outcome: list[object] = []
    entered = threading.Event()

    def wait_for_a_worker() -> None:
        entered.set()
        try:
            outcome.append(drawing.call(os.getpid))
        except BrokenProcessPool as error:
            outcome.append(error)

    caller = threading.Thread(target=wait_for_a_worker)
    caller.start()
    entered.wait()
    closing = threading.Thread(target=drawing.shutdown)
    closing.start()
    drawing._idle.put(worker)  # the held call ends: shutdown stops the worker, then refuses the waiter
    closing.join()
    caller.join()
    assert len(outcome) == 1 and isinstance(outcome[0], int | BrokenProcessPool)


class NoProcesses:
    """A start method that cannot start a process (the machine's process limit reached)."""

    def Pipe(self) -> Any:
        return CONTEXT.Pipe()

    def Process(self, **_: Any) -> Any:
        class Refused:
            def start(self) -> None:
                raise OSError(11, "Resource temporarily unavailable")

        return Refused()


def test_a_worker_that_cannot_start_breaks_the_pool() -> None:
    drawing = DrawingPool(1, NoProcesses())  # type: ignore[arg-type]
    with pytest.raises(BrokenProcessPool, match="could start"):
        drawing.call(os.getpid)


def test_an_answer_that_does_not_pickle_is_an_error_and_the_worker_goes_on(pool: DrawingPool) -> None:
    with pytest.raises(RuntimeError, match="could not be sent back"):
        pool.call(threading.Lock)
    assert pool.call(operator.add, 1, 1) == 2


def test_a_call_that_does_not_pickle_is_raised_here_and_the_worker_goes_on(pool: DrawingPool) -> None:
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pool.call(lambda: 1)
    assert pool.call(operator.add, 1, 1) == 2


def test_a_pool_needs_a_process() -> None:
    with pytest.raises(ValueError):
        DrawingPool(0, CONTEXT)
