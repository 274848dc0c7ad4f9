"""How long the bot could not run because the machine gave its CPU to others: the interaction deadline's
clock.

Discord gives a bot 3 s to acknowledge an interaction (C.1), and the offline Discord enforces it. On a
machine busy with other processes (a CI runner, two CPU-bound loops beside the suite) a bot that answers
at once can still miss 3 s of wall time: its threads wait in the kernel's run queue for a CPU. That wait
is not the bot's doing, so the deadline counts wall time less it. Anything the bot does itself (work on
its loop, awaiting a lock, a slow request, a thread holding the GIL) still counts in full, so a bot that
is really late still fails.

Whose wait: an answer is carried by more than the event loop's thread. A hint is worked out on a worker
thread, a statement runs on aiosqlite's, a hand is drawn in a drawing process, one after the other while
the loop waits for each. So the wait counted is that of every thread of this process (an in-process bot
shares the test's), of each bot process added with `watch`, and of their child processes (the drawing
processes), summed: while one of them carries the answer the others mostly sleep, and a sleeping thread
gathers no run-queue wait. On an idle machine every wait is about zero and the deadline is the wall
clock's.

Linux keeps the wait per thread in `/proc/<pid>/task/<tid>/schedstat` (second field, nanoseconds spent
runnable but not running) and a thread's child processes in `/proc/<pid>/task/<tid>/children`. Where
they cannot be read, the wait is taken as zero: the plain wall clock.

What a reading costs: a listing of every process's threads and children, then one file per thread. The
offline Discord takes readings for every wait, request and answer, hundreds a second under a load run,
and that reading once took more of the offline Discord's CPU than serving the bot. So a reading taken
less than `fresh` seconds ago is reused, and the list of threads is renewed every `relist` seconds. The
price is a deadline off by at most `fresh` seconds of run-queue wait, and a thread younger than `relist`
whose wait is not yet excused (a deadline at most that much stricter): both far inside the 3 s (C.1).
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

logger = logging.getLogger(__name__)

PROC = Path("/proc")


def run_queue_seconds(path: Path) -> float:
    """The seconds the thread behind a schedstat file has waited for a CPU (0.0 if unreadable)."""
    try:
        return int(path.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def threads_and_children(pid: int) -> tuple[list[Path], list[int]]:
    """The schedstat file of each thread of process `pid`, and the pids of its child processes (none of
    either when the process is gone)."""
    stats: list[Path] = []
    children: list[int] = []
    try:
        tasks = list((PROC / str(pid) / "task").iterdir())
    except OSError:
        return stats, children
    for task in tasks:
        stats.append(task / "schedstat")
        try:
            children.extend(int(child) for child in (task / "children").read_text().split())
        except (OSError, ValueError):
            continue
    return stats, children


class Starvation:
    """The run-queue wait of the threads that carry a bot's answers (see the module docstring)."""

    def __init__(self, *, fresh: float = 0.02, relist: float = 0.5) -> None:
        self._here = os.getpid()
        self._bots: set[int] = set()
        self.fresh = fresh
        self.relist = relist
        self._read: tuple[float, dict[Path, float]] | None = None  # (when, the reading)
        self._listed: tuple[float, list[Path]] | None = None  # (when, the schedstat file of each thread)

    def watch(self, pid: int) -> None:
        """Count a bot process's threads and its children too."""
        self._bots.add(pid)
        self._listed = self._read = None

    def unwatch(self, pid: int) -> None:
        self._bots.discard(pid)
        self._listed = self._read = None

    def reading(self) -> dict[Path, float]:
        """Each thread's wait so far; compare two readings with `since`. Shared: never changed in place."""
        now = time.monotonic()
        if self._read is not None and now - self._read[0] < self.fresh:
            return self._read[1]
        if self._listed is None or now - self._listed[0] >= self.relist:
            self._listed = (now, self.threads())
        waits = {path: run_queue_seconds(path) for path in self._listed[1]}
        self._read = (now, waits)
        return waits

    def threads(self) -> list[Path]:
        """The schedstat file of every thread of this process, the watched bots, and their descendants."""
        found: list[Path] = []
        pending, seen = [self._here, *self._bots], set()
        while pending:
            pid = pending.pop()
            if pid in seen:
                continue
            seen.add(pid)
            stats, children = threads_and_children(pid)
            found.extend(stats)
            pending.extend(children)
        return found

    @staticmethod
    def since(before: dict[Path, float], after: dict[Path, float]) -> float:
        """The waits the threads gathered between two readings, summed. A thread that started meanwhile
        counts from zero; one that ended (its file gone) or whose id was reused (its count went back)
        counts nothing."""
        return sum(wait - before.get(path, 0.0) for path, wait in after.items() if wait >= before.get(path, 0.0))


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
