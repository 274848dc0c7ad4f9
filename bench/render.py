"""Render-time and size benchmark for every image kind (issue 6 targets: table ≤ 30 ms median and ≤ 3x
the floor, hand ≤ 15 ms, files ≤ 300 KB).

For each kind it renders views from seeded games (computer players for Carousel, so tables fill up)
and prints median and p95 render time and the median and largest file size, beside the floor: the
time and size of encoding a blank image of the same size the same way (`rendering.encode`), which is
the cost no drawing can avoid. Sprite and font caches are warmed first, as in a running bot.

    .venv/bin/python bench/render.py --games 4 --repeat 3
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.carousel import ENGINE as CAROUSEL
from games.carousel import new_game as carousel_game
from games.schnapsen.state import new_game as schnapsen_game
from games.thirteen.state import new_game as thirteen_game
from rendering import carousel, schnapsen, thirteen
from rendering.encode import blank_floor
from rendering.leaderboard import LeaderboardRow, render_leaderboard
from rendering.standings import StandingRow, render_standings
from rendering.theme import DEFAULT_THEME

NAMES = ("Lan", "Minh Nguyễn", "שלום עליכם", "Bob 🃏", "Ива́н Петров")


@dataclass(frozen=True)
class Job:
    kind: str
    render: Callable[[], bytes]


def thirteen_jobs(games: int) -> list[Job]:
    jobs: list[Job] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = thirteen_game(4, seed)
        step = 0
        while not state.is_over:
            if step % 6 == 0:
                public, seat = state.view(None), state.view(state.to_move)
                jobs.append(Job("thirteen table", lambda v=public: thirteen.render_table(v, NAMES[:4])))
                jobs.append(Job("thirteen hand", lambda v=seat: thirteen.render_hand(v, frozenset(v.hand[:2]))))
            state = state.apply(rng.choice(state.legal_moves()))
            step += 1
    return jobs


def schnapsen_jobs(games: int) -> list[Job]:
    jobs: list[Job] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = schnapsen_game("santase", seed)
        for step in range(120):
            if state.is_over:
                break
            if step % 4 == 0:
                public, seat = state.view(None), state.view(state.to_move)
                jobs.append(Job("schnapsen table", lambda v=public: schnapsen.render_table(v, NAMES[:2])))
                jobs.append(Job("schnapsen hand", lambda v=seat: schnapsen.render_hand(v)))
            state = state.apply(rng.choice(state.legal_moves()))
    return jobs


def carousel_jobs(games: int) -> list[Job]:
    jobs: list[Job] = []
    bot = CAROUSEL.computer("easy")
    for seed in range(games):
        rng = random.Random(seed)
        state = carousel_game(5, seed)
        step = 0
        while not state.is_over:
            if step % 10 == 0:
                public, seat = state.view(None), state.view(state.to_move)
                jobs.append(Job("carousel table (5p)", lambda v=public: carousel.render_table(v, NAMES)))
                jobs.append(Job("carousel hand", lambda v=seat: carousel.render_hand(v, frozenset(v.hand[:1]))))
            state = state.apply(bot.choose(state.view(state.to_move), rng))
            step += 1
    return jobs


def board_jobs() -> list[Job]:
    rows = [LeaderboardRow(i + 1, NAMES[i % 5] + f" {i}", 1500 - 31.5 * i, 40 - i, 20 - i) for i in range(10)]
    me = LeaderboardRow(31, "me", 812.0, 12, 4)
    standings = [StandingRow(i + 1, NAMES[i], 300 - 50 * i, "+25 per hand won") for i in range(5)]
    return [
        Job("leaderboard", lambda: render_leaderboard("Carousel leaderboard", rows, me, "this server")),
        Job("standings", lambda: render_standings("Final standings", standings, "Carousel · 4 hands")),
    ]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def floor_ms(size: tuple[int, int], repeat: int) -> tuple[float, int]:
    """Median time and size of encoding a blank image of `size` through the same encoder."""
    times, data = [], b""
    for _ in range(repeat):
        start = time.perf_counter()
        data = blank_floor(size, DEFAULT_THEME.felt)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="seeded games per game kind")
    parser.add_argument("--repeat", type=int, default=3, help="renders per sampled view")
    args = parser.parse_args()

    jobs = thirteen_jobs(args.games) + schnapsen_jobs(args.games) + carousel_jobs(args.games) + board_jobs()
    for job in jobs:  # warm sprite and font caches, as a running bot would be
        job.render()
    results: dict[str, tuple[list[float], list[int], list[tuple[int, int]]]] = {}
    for job in jobs:
        times, sizes, dims = results.setdefault(job.kind, ([], [], []))
        for _ in range(args.repeat):
            start = time.perf_counter()
            data = job.render()
            times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
        dims.append(Image.open(io.BytesIO(data)).size)

    print(f"{'image kind':22} {'n':>5} {'median ms':>9} {'p95 ms':>7} {'floor ms':>8} {'x floor':>7} "
          f"{'median KB':>9} {'max KB':>7} {'floor KB':>8}  size (median)")
    for kind, (times, sizes, dims) in results.items():
        typical = sorted(dims, key=lambda d: d[1])[len(dims) // 2]
        floor, floor_bytes = floor_ms(typical, max(5, args.repeat * 3))
        median = statistics.median(times)
        print(f"{kind:22} {len(times):5d} {median:9.1f} {percentile(times, 0.95):7.1f} {floor:8.1f} "
              f"{median / floor:7.1f} {statistics.median(sizes) / 1024:9.1f} {max(sizes) / 1024:7.1f} "
              f"{floor_bytes / 1024:8.1f}  {typical[0]}x{typical[1]}")


if __name__ == "__main__":
    main()
