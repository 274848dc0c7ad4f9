"""The interaction deadline counts the bot's time: wall time less its loop's wait for a CPU (C.1)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from fakediscord import FakeDiscord, InteractionFailed, Message
from fakediscord.probe import Probe
from fakediscord.starvation import Starvation, run_queue_seconds

HERE = Path(f"/proc/{os.getpid()}/schedstat")
pytestmark = pytest.mark.skipif(not HERE.exists(), reason="this kernel keeps no per-thread schedstat")


def test_the_run_queue_wait_is_read_from_the_kernel() -> None:
    assert run_queue_seconds(HERE) >= 0.0
    assert run_queue_seconds(Path("/proc/no-such/schedstat")) == 0.0


def test_a_wait_is_the_sum_of_what_the_threads_gathered(tmp_path: Path) -> None:
    """Two readings of three schedstat files: the waits gathered in between add up (the threads that carry
    one answer wait one after the other); a vanished thread (its file gone, read as 0) excuses nothing and
    a thread that started in between counts from zero."""
    one, two, new = tmp_path / "one", tmp_path / "two", tmp_path / "new"
    one.write_text("5 1000000000 3\n")
    two.write_text("5 2000000000 3\n")
    before = {one: run_queue_seconds(one), two: run_queue_seconds(two)}
    one.write_text("5 1500000000 3\n")
    two.unlink()
    new.write_text("5 250000000 3\n")
    after = {path: run_queue_seconds(path) for path in (one, two, new)}
    assert Starvation.since(before, after) == pytest.approx(0.75)


@contextmanager
def waiting_thread() -> Iterator[Path]:
    """A thread of this process that waits until the block ends; yields its schedstat file."""
    started, release = threading.Event(), threading.Event()
    worker_id: list[int] = []

    def work() -> None:
        worker_id.append(threading.get_native_id())
        started.set()
        release.wait()

    worker = threading.Thread(target=work)
    worker.start()
    try:
        started.wait()
        yield Path(f"/proc/{os.getpid()}/task/{worker_id[0]}/schedstat")
    finally:
        release.set()
        worker.join()


def test_a_reading_covers_the_worker_threads_and_child_processes() -> None:
    """A hint is worked out on a worker thread and a hand drawn in a drawing process: their waits count."""
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        with waiting_thread() as worker:
            paths = set(Starvation().reading())
            assert worker in paths
            assert Path(f"/proc/{child.pid}/task/{child.pid}/schedstat") in paths
    finally:
        child.communicate(b"")


class Starved(Starvation):
    """A machine so busy that the bot's loop waited for a CPU during all the wall time that passed."""

    def reading(self) -> dict[Path, float]:
        return {HERE: time.monotonic()}


async def test_a_bot_kept_from_the_cpu_is_not_failed_for_it(fake: FakeDiscord, probe: Probe) -> None:
    """The same late answer as C.1's refusal (0.3 s against a 0.1 s deadline) is accepted when the whole
    wait was spent in the run queue, and refused past the wall-clock hang guard."""
    fake.response_deadline, probe.delay = 0.1, 0.3
    fake.starvation = Starved()
    reply = await fake.users["alice"].slash("probe slow")
    assert isinstance(reply, Message)
    fake.hang_guard = 0.2
    with pytest.raises(InteractionFailed):
        await fake.users["alice"].slash("probe slow")


def test_readings_close_together_are_one_reading() -> None:
    """A reading lists every thread and reads a file per thread; the offline Discord asks for one per wait
    and per answer, so readings less than `fresh` apart are the same reading, not a second walk of /proc."""
    starvation = Starvation(fresh=3600.0)
    first = starvation.reading()
    assert starvation.reading() is first
    assert Starvation(fresh=0.0).reading() is not Starvation(fresh=0.0).reading()


def test_a_thread_started_after_the_listing_counts_once_it_is_listed_again() -> None:
    """The thread list is renewed every `relist` seconds: until then a new thread's wait is not excused
    (a deadline at most that much stricter), and after it the thread counts like any other."""
    starvation = Starvation(fresh=0.0, relist=3600.0)
    starvation.reading()
    with waiting_thread() as worker:
        assert worker not in starvation.reading()
        starvation.relist = 0.0
        assert worker in starvation.reading()
