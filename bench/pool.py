"""The drawing processes' cost per call, rendering.pool's `DrawingPool` beside the standard library's
`ProcessPoolExecutor`: both from the same forkserver, drawing the same Thirteen tables from several
threads at once, as the bot's threads call them.

Prints, per pool and round, the CPU time per call of this process (the calling side: pickling, the
pool's own threads) and of the worker processes (the drawing, unpickling, the pool's queues), and the
wall time per call. Rounds alternate the two pools, since this machine's speed drifts.

    .venv/bin/python -m bench.pool --calls 1000 --rounds 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.thirteen.state import new_game
from rendering import offload
from rendering.pool import DrawingPool

NAMES = ["Ann", "Bo", "Cy", "Di"]
TABLE = ("rendering.thirteen", "render_table")  # offloaded functions travel by module and name
PROCESSES = 2
THREADS = 6  # the bot's default thread pool on 2 cores (min(32, cores + 4))


@dataclass(frozen=True)
class Round:
    pool: str
    caller_ms: float  # CPU of this process per call
    workers_ms: float  # CPU of the worker processes per call
    wall_ms: float


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc): the workers are the forkserver's children,
    so this process's RUSAGE_CHILDREN does not see them."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure(name: str, call: Callable[[Any], bytes], pids: Callable[[], list[int]], views: Sequence[Any],
            calls: int) -> Round:
    with ThreadPoolExecutor(THREADS) as threads:  # every worker started (a busy pool starts its next) and warm
        list(threads.map(call, [views[i % len(views)] for i in range(10 * THREADS)]))
    workers = pids()
    assert len(workers) == PROCESSES, workers
    worker_before, caller_before, start = sum(map(process_cpu, workers)), own_cpu(), time.perf_counter()
    with ThreadPoolExecutor(THREADS) as threads:
        drawn = list(threads.map(call, [views[i % len(views)] for i in range(calls)]))
    wall, caller = time.perf_counter() - start, own_cpu() - caller_before
    worker = sum(map(process_cpu, workers)) - worker_before
    assert all(png.startswith(b"\x89PNG") for png in drawn)
    return Round(name, caller / calls * 1e3, worker / calls * 1e3, wall / calls * 1e3)


def run_executor(views: Sequence[Any], calls: int) -> Round:
    context = multiprocessing.get_context("forkserver")
    executor = ProcessPoolExecutor(PROCESSES, context, initializer=offload._warm, initargs=(False,))
    try:
        return measure(
            "ProcessPoolExecutor",
            lambda view: executor.submit(offload._run, *TABLE, (view, NAMES), {}).result(),
            lambda: [process.pid for process in executor._processes.values() if process.pid is not None],
            views,
            calls,
        )
    finally:
        executor.shutdown(wait=True)


def run_pool(views: Sequence[Any], calls: int) -> Round:
    pool = DrawingPool(PROCESSES, multiprocessing.get_context("forkserver"), initializer=offload._warm,
                       initargs=(False,))
    try:
        return measure(
            "DrawingPool",
            lambda view: pool.call(offload._run, *TABLE, (view, NAMES), {}),
            pool.pids,
            views,
            calls,
        )
    finally:
        pool.shutdown()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    multiprocessing.get_context("forkserver").set_forkserver_preload(list(offload.renderers()))
    views = [new_game(4, seed).view(None) for seed in range(50)]
    rounds: list[Round] = []
    print(f"{args.calls} Thirteen tables per round from {THREADS} threads, {PROCESSES} processes")
    print(f"{'round':>5} {'pool':<20} {'caller CPU':>11} {'workers CPU':>12} {'wall':>9}   (ms per call)")
    for number in range(1, args.rounds + 1):
        for run in (run_executor, run_pool):
            measured = run(views, args.calls)
            rounds.append(measured)
            print(f"{number:>5} {measured.pool:<20} {measured.caller_ms:>11.3f} {measured.workers_ms:>12.3f} "
                  f"{measured.wall_ms:>9.3f}")
    for name in ("ProcessPoolExecutor", "DrawingPool"):
        mine = [r for r in rounds if r.pool == name]
        caller = statistics.median(r.caller_ms for r in mine)
        workers = statistics.median(r.workers_ms for r in mine)
        print(f"median {name:<20} caller {caller:.3f} + workers {workers:.3f} = {caller + workers:.3f} ms per call")


if __name__ == "__main__":
    main()
