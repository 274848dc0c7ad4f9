"""How long the bot could not run because the machine gave its CPU to others: the interaction deadline's
clock.

Discord gives a bot 3 s to acknowledge an interaction (C.1), and the offline Discord enforces it. On a
machine busy with other processes (a CI runner, two CPU-bound loops beside the suite) a bot that answers
at once can still miss 3 s of wall time: its event loop's thread waits in the kernel's run queue for a
CPU. That wait is not the bot's doing, so the deadline counts wall time less it. Anything the bot does
itself (work on its loop, awaiting a lock, a slow request, a thread holding the GIL) still counts in
full, so a bot that is really late still fails.

Linux keeps the wait per thread in `/proc/<pid>/task/<tid>/schedstat` (second field, nanoseconds spent
runnable but not running). Where it cannot be read, the wait is taken as zero: the plain wall clock.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

logger = logging.getLogger(__name__)


def run_queue_seconds(path: Path) -> float:
    """The seconds the thread behind a schedstat file has waited for a CPU (0.0 if unreadable)."""
    try:
        return int(path.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class Starvation:
    """The run-queue wait of the threads a bot's event loop runs on: this process's current thread (an
    in-process bot shares the test's loop) and the main thread of each bot process added with `watch`."""

    def __init__(self) -> None:
        self._here = Path(f"/proc/{os.getpid()}/task/{threading.get_native_id()}/schedstat")
        self._children: dict[int, Path] = {}

    def watch(self, pid: int) -> None:
        """Count a bot process's main thread too (its loop runs there)."""
        self._children[pid] = Path(f"/proc/{pid}/schedstat")

    def unwatch(self, pid: int) -> None:
        self._children.pop(pid, None)

    def reading(self) -> dict[Path, float]:
        """Each watched thread's wait so far; compare two readings with `since`."""
        return {path: run_queue_seconds(path) for path in (self._here, *self._children.values())}

    @staticmethod
    def since(before: dict[Path, float], after: dict[Path, float]) -> float:
        """The longest wait any one watched thread had between two readings: the bot that answers is one
        of them, and the busiest machine state is the one to excuse."""
        waits = [after[path] - start for path, start in before.items() if path in after and after[path] >= start]
        return max(waits, default=0.0)


class Stopwatch:
    """A wait of `seconds` of the bot's time (wall time less its loop's wait for a CPU), and never more
    than `hang_guard` wall seconds: every wait of the offline Discord is one, so a busy machine makes a
    test slower, not red, while a bot that never answers still fails."""

    def __init__(self, starvation: Starvation, seconds: float, hang_guard: float) -> None:
        self._starvation = starvation
        self.seconds = seconds
        self._hang_guard = max(hang_guard, seconds)
        self._wall = time.monotonic()
        self._reading = starvation.reading()

    def spent(self) -> float:
        wall = time.monotonic() - self._wall
        if wall >= self._hang_guard:
            return wall
        return wall - Starvation.since(self._reading, self._starvation.reading())

    def left(self) -> float:
        return self.seconds - self.spent()
