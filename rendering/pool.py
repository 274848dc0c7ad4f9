"""Worker processes, each on a pipe of its own, for calls made from the bot's threads (rendering.offload).

Why not `concurrent.futures.ProcessPoolExecutor`: a call through it crosses two helper threads of the
calling process (one pickles the call onto a shared queue, one reads the answers and settles futures)
and a lock-guarded queue on each side, so every drawing wakes three threads of the bot, each needing
the interpreter lock, and the worker takes its call from a queue all workers share. The bot calls from
threads that have nothing else to do until the picture comes back, so here the calling thread borrows
an idle worker, writes the call down that worker's pipe and reads the answer itself: one pickle each
way and no other thread. bench/pool.py measures the two side by side.

A worker starts at its first call (on the calling thread, never an event loop), runs `initializer`
first, and serves calls until its pipe closes. An error of the call itself is raised to the caller as it
was raised in the worker.

A worker can die: killed by the kernel when memory runs short, by an operator, or by a crash inside a
drawing. The pool outlives it, since one lost process should not send every later picture back to the
bot's own threads:
- a worker found dead when a call is written to it never saw that call, so a new one is started and
  given the call;
- a worker that dies with a call leaves that call unanswered: `WorkerLost` (the caller draws it itself,
  rendering.offload), and the worker is started again at its next call.
Workers that keep dying (`losses` within `loss_window` seconds: a drawing that crashes every process it
reaches, a machine out of memory) break the pool, as do a call after `shutdown` and a worker that cannot
start: `BrokenProcessPool`, the caller's cue to work without the pool from then on.
"""

from __future__ import annotations

import collections
import pickle
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

R = TypeVar("R")

STOP_WAIT = 10.0  # seconds a worker has to leave after its pipe closes before it is terminated
LOSSES = 3  # workers lost within LOSS_WINDOW that break the pool
LOSS_WINDOW = 600.0


class WorkerLost(BrokenProcessPool):
    """A worker died with the call, which has no answer; the pool goes on, with a new worker in its place."""


@dataclass(eq=False)
class _Worker:
    """One worker process and the bot's end of its pipe; both None until its first call."""

    process: BaseProcess | None = None
    pipe: Connection | None = None

    def stop(self) -> int | None:
        """Close the pipe (the worker's cue to leave) and wait for the process, terminating a stuck one:
        its exit code."""
        pipe, process, self.pipe, self.process = self.pipe, self.process, None, None
        if pipe is not None:
            pipe.close()
        if process is None:
            return None
        process.join(STOP_WAIT)
        if process.is_alive():
            process.terminate()
            process.join()
        return process.exitcode


class DrawingPool:
    """`processes` workers started from `context` (see the module docstring)."""

    def __init__(
        self,
        processes: int,
        context: BaseContext,
        *,
        initializer: Callable[..., None] | None = None,
        initargs: tuple[Any, ...] = (),
        losses: int = LOSSES,
        loss_window: float = LOSS_WINDOW,
    ) -> None:
        if processes < 1:
            raise ValueError("a pool needs at least one process")
        self._context = context
        self._initializer = initializer
        self._initargs = initargs
        self._workers = [_Worker() for _ in range(processes)]
        # Idle workers; after shutdown, None for each (a late caller takes it, puts it back, and is refused).
        self._idle: queue.SimpleQueue[_Worker | None] = queue.SimpleQueue()
        for worker in self._workers:
            self._idle.put(worker)
        self._closed = False
        self._broken: str | None = None  # why the pool stopped taking calls, once workers kept dying
        self._losses: collections.deque[float] = collections.deque(maxlen=losses)
        self._loss_window = loss_window
        self._lock = threading.Lock()
        self.lost = 0  # workers that died (each is started again at its next call; tests read it)

    def call(self, function: Callable[..., R], /, *args: Any, **kwargs: Any) -> R:
        """`function(*args, **kwargs)` in a worker, waiting for an idle one first; `function` travels by
        name, so it must be importable in the worker."""
        if self._closed:
            raise BrokenProcessPool("the pool is shut down")
        if self._broken is not None:
            raise BrokenProcessPool(self._broken)
        worker = self._idle.get()
        if worker is None:
            self._idle.put(None)
            raise BrokenProcessPool("the pool is shut down")
        try:
            ok, value = self._exchange(worker, (function, args, kwargs))
        finally:
            self._idle.put(worker)
        if ok:
            return value  # type: ignore[no-any-return]
        raise value

    def _exchange(self, worker: _Worker, request: tuple[Any, ...]) -> tuple[bool, Any]:
        if worker.pipe is None:
            self._start(worker)
        assert worker.pipe is not None
        try:
            worker.pipe.send(request)
        except OSError:  # dead before the call reached it (a broken pipe): the call goes to a new worker
            self._lose(worker)
            self._start(worker)
            assert worker.pipe is not None
            try:
                worker.pipe.send(request)
            except OSError as error:
                exit_code = self._lose(worker)
                raise WorkerLost(f"a new drawing process stopped at once (exit code {exit_code})") from error
        try:
            answer: tuple[bool, Any] = worker.pipe.recv()
        except (EOFError, OSError) as error:  # the worker died (or was killed) with the call
            exit_code = self._lose(worker)
            raise WorkerLost(f"a drawing process stopped (exit code {exit_code})") from error
        return answer

    def _lose(self, worker: _Worker) -> int | None:
        """Stop what is left of a dead worker (it starts again at its next call) and count the loss; the
        loss that fills the budget breaks the pool. The worker's exit code."""
        exit_code = worker.stop()
        now = time.monotonic()
        with self._lock:
            self._losses.append(now)
            self.lost += 1
            if len(self._losses) == self._losses.maxlen and now - self._losses[0] <= self._loss_window:
                self._broken = f"drawing processes stopped {len(self._losses)} times within {self._loss_window:.0f} s"
        if self._broken is not None:
            raise BrokenProcessPool(self._broken)
        return exit_code

    def _start(self, worker: _Worker) -> None:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(  # type: ignore[attr-defined]
            target=serve, args=(theirs, self._initializer, self._initargs), name="drawing", daemon=True
        )
        try:
            process.start()
        except OSError as error:  # the machine's process limit, say
            mine.close()
            raise BrokenProcessPool(f"no drawing process could start: {error}") from error
        finally:
            theirs.close()  # the worker holds its own copy now
        worker.process, worker.pipe = process, mine

    def pids(self) -> list[int]:
        """The started workers' process ids (benchmarks read their CPU time)."""
        return [w.process.pid for w in self._workers if w.process is not None and w.process.pid is not None]

    def shutdown(self) -> None:
        """Stop every worker once its call in progress is answered, waiting for them; later calls are
        refused."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        for _ in self._workers:
            worker = self._idle.get()
            assert worker is not None
            worker.stop()
        for _ in self._workers:
            self._idle.put(None)


def serve(pipe: Connection, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's life: `initializer(*initargs)`, then answer each call on `pipe` with (True, result) or
    (False, the exception) until the bot closes its end."""
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            request = pipe.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            function, args, kwargs = pickle.loads(request)  # here, so that a call that cannot load is answered
            answer: tuple[bool, Any] = (True, function(*args, **kwargs))
        except Exception as error:
            answer = (False, error)
        try:
            pipe.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as error:  # an answer that does not pickle
            pipe.send((False, RuntimeError(f"a drawing's answer could not be sent back: {error!r}")))
        except (EOFError, OSError):
            return
