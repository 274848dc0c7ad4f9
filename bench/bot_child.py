"""The measured bot of `bench.bot`'s load run, alone in its own process.

Why a separate process: with the fake Discord, the simulated players and the bot on one event loop,
the driver and the fake's message store competed with the bot (the loop stalled at about 200 games)
and the process's memory could not be attributed to either. Here the bot runs exactly as `python -m
bot` runs it (CardBot, aimed at the fake through `point_at`), with a benchmark's `Tuning`, and on
SIGTERM it closes cleanly and writes what only it can see into a JSON report: its peak RSS, its CPU
time, the data layer's statement counters at each SIGUSR1 (data.counters), the time spent inside the
data layer's move append (`GameRepository.append_move` and
`append_final_move`, the statement or transaction that stores a move), and optionally a cProfile of the
whole run and the top tracemalloc allocation sites.

With `--shard-count`, the process runs its `--shard` of them (bot.process.shards.make_bot, as
`CARDROOM_SHARDS` / `CARDROOM_SHARD_COUNT` make `python -m bot` do), so two children on one PostgreSQL
URL play as one bot.

Run by bench.bot (not by hand): python -m bench.bot_child --api-base URL --gateway URL --token T
    --database PATH|postgresql://... --report PATH [--shard N --shard-count C] [--profile PATH]
    [--tracemalloc N]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import dataclasses
import gc
import json
import logging
import resource
import signal
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bot.moves import collector
from bot.process import eventloop
from bot.process.config import Settings, Tuning, database_target
from bot.process.runner import point_at
from bot.process.shards import make_bot
from data.games import GameRepository
from rendering import offload

log = logging.getLogger(__name__)

READY_LINE = "bot-child ready"
# discord.py waits this long after the last GUILD_CREATE before on_ready (the harness uses the same).
GUILD_READY_TIMEOUT = 0.01


def proc_status() -> dict[str, int]:
    """VmRSS / VmHWM (peak RSS) in kB from /proc/self/status (Linux)."""
    found: dict[str, int] = {}
    with contextlib.suppress(OSError), open("/proc/self/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0])
    return found


# The data layer's statement counters (data.counters) and its record cache's hits, taken at each SIGUSR1:
# the benchmark sends one as its load window opens and one as it closes.
COUNT_MARKS: list[dict[str, int]] = []


def mark_counts(bot: Any) -> None:
    db = getattr(bot, "db", None)
    if db is None:
        return
    cache = db.games.cache
    pacer = bot.pacer
    COUNT_MARKS.append(
        {
            **db.counts.as_dict(),
            "cache_hits": cache.hits,
            "cache_misses": cache.misses,
            "paced": pacer.let_go,
            "pace_held_ms": round(1000 * pacer.held_s),
            **{f"drawn:{name}": n for name, n in offload.calls_by_function.items()},
            **COLLECTIONS.marked(),
            # Taken on the event loop's thread (the signal is handled there): its own CPU, and the whole
            # process's, so the load run can say how much of the bot's CPU its other threads spend.
            "cpu:loop_ms": round(1000 * time.thread_time()),
            "cpu:process_ms": round(1000 * time.process_time()),
        }
    )


GENERATIONS = ("young", "middle", "full")


class Collections:
    """The garbage collector's pauses in this process (gc.callbacks), by generation: how many, their
    summed wall time, and the longest since the last mark. A collection holds the interpreter lock, so
    while it runs the event loop answers no click: one long pause inside the load window can set the
    acknowledgement p99 by itself (bot.moves.collector sets the thresholds)."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.seconds = [0.0, 0.0, 0.0]
        self.longest = [0.0, 0.0, 0.0]  # since the last `marked`
        self._began = 0.0

    def watch(self) -> None:
        gc.callbacks.append(self._on_collection)

    def _on_collection(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        took = time.perf_counter() - self._began
        generation = info["generation"]
        self.count[generation] += 1
        self.seconds[generation] += took
        self.longest[generation] = max(self.longest[generation], took)

    def marked(self) -> dict[str, int]:
        """Counters for a count mark: cumulative counts and milliseconds, and the longest pause since the
        previous mark (then forgotten, so the window's closing mark holds the window's longest)."""
        found: dict[str, int] = {}
        for generation, name in enumerate(GENERATIONS):
            found[f"gc:{name}"] = self.count[generation]
            found[f"gc:{name}_ms"] = round(1000 * self.seconds[generation])
            found[f"gc:{name}_longest_ms"] = round(1000 * self.longest[generation])
        self.longest = [0.0, 0.0, 0.0]
        return found


COLLECTIONS = Collections()
APPEND_SECONDS: list[float] = []  # one entry per move append, successful or refused (a version conflict)


def time_move_appends() -> None:
    """Wrap the data layer's two move appends so each call's duration lands in APPEND_SECONDS.

    This is the database time of a move as the bot sees it: the statement (PostgreSQL) or the
    group-committed transaction (SQLite, Database.atomic), queueing for a connection included."""
    for name in ("append_move", "append_final_move"):
        original = getattr(GameRepository, name)

        def timed(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            async def call() -> Any:
                begin = time.perf_counter()
                try:
                    return await _original(*args, **kwargs)
                finally:
                    APPEND_SECONDS.append(time.perf_counter() - begin)

            return call()

        setattr(GameRepository, name, timed)


def append_figures() -> dict[str, float]:
    """Count, mean and nearest-rank p50 / p99 of the move appends, in milliseconds."""
    if not APPEND_SECONDS:
        return {"move_appends": 0}
    ordered = sorted(APPEND_SECONDS)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

    return {
        "move_appends": len(ordered),
        "append_mean_ms": 1000 * sum(ordered) / len(ordered),
        "append_p50_ms": pick(0.5),
        "append_p99_ms": pick(0.99),
        "append_total_s": sum(ordered),
    }


def report(started: float, top: int) -> dict[str, Any]:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    status = proc_status()
    result: dict[str, Any] = {
        "peak_rss_mb": status.get("VmHWM", usage.ru_maxrss) / 1024,
        "rss_mb": status.get("VmRSS", 0) / 1024,
        "cpu_user_s": usage.ru_utime,
        "cpu_system_s": usage.ru_stime,
        "wall_s": time.perf_counter() - started,
        "count_marks": COUNT_MARKS,
        **append_figures(),
    }
    if tracemalloc.is_tracing():
        current, peak = tracemalloc.get_traced_memory()
        result["traced_mb"] = current / 2**20
        result["traced_peak_mb"] = peak / 2**20
        stats = tracemalloc.take_snapshot().statistics("lineno")[:top]
        result["top_allocations"] = [f"{s.size / 2**20:8.2f} MB {s.count:8d} blocks  {s.traceback}" for s in stats]
    return result


async def run(settings: Settings, tuning: Tuning) -> None:
    point_at(settings)
    collector.tune()  # as bot.process.runner.run does
    COLLECTIONS.watch()
    async with make_bot(settings, tuning=tuning) as bot:
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        loop.add_signal_handler(signal.SIGUSR1, lambda: mark_counts(bot))

        async def announce() -> None:
            await bot.wait_until_ready()
            print(READY_LINE, flush=True)

        async def orphaned() -> None:
            """Close when the parent's end of stdin closes: a killed benchmark leaves no bot behind."""
            reader = asyncio.StreamReader()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
            await reader.read()  # no thread of the bot's pool is spent on this
            log.warning("the benchmark went away; closing")
            await bot.close()

        helpers = [asyncio.create_task(announce()), asyncio.create_task(orphaned())]
        try:
            await bot.start(settings.token)
        finally:
            for task in helpers:
                task.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api-base", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--database", required=True, help="an SQLite file or a postgresql:// URL")
    parser.add_argument("--shard", type=int, help="the gateway shard this process runs (with --shard-count)")
    parser.add_argument("--shard-count", type=int, help="the whole bot's shards, over every process")
    parser.add_argument("--report", type=Path, required=True, help="where to write the JSON report on exit")
    parser.add_argument("--tuning", default="{}", help="JSON of Tuning fields to override")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the whole run here")
    parser.add_argument("--tracemalloc", type=int, default=0, help="report this many top allocation sites")
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args()
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.tracemalloc:
        tracemalloc.start(1)
    settings = Settings(
        token=args.token,
        database_path=database_target(args.database),
        api_base=args.api_base,
        gateway_url=args.gateway,
        log_level=args.log_level,
        shard_ids=(args.shard or 0,) if args.shard_count else None,
        shard_count=args.shard_count,
    )
    time_move_appends()
    tuning = dataclasses.replace(Tuning(), **json.loads(args.tuning))
    started = time.perf_counter()
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    try:
        with eventloop.runner() as running:  # the loop `python -m bot` runs on (bot.process.eventloop)
            running.run(run(settings, tuning))
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        args.report.write_text(json.dumps(report(started, args.tracemalloc), indent=1))
    sys.exit(0)


if __name__ == "__main__":
    main()
