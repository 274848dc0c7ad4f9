"""Thirteen benchmark (not a test): computer-player strength, decision times and engine throughput.

Seat-rotated tournaments (the tested player sits in seat g mod n in game g):
- normal vs 3×easy and hard vs 3×normal: first-place rate and mean place (targets: normal ≥ 35 %,
  hard ≥ 30 %; 25 % is chance at a 4-player table);
- decision time p50/p95 per level (targets: normal ≤ 10 ms, hard ≤ 1 s p95 on one core);
- random-game throughput (uniformly random legal moves, auto-pass on).

Usage: python -m bench.thirteen --games 2000 [--hard-games 300] [--hard-iterations 40] [--hard-time 0.8]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from games.thirteen import EasyPlayer, HardPlayer, NormalPlayer, new_game


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def tournament(
    label: str, hero: Callable[[], object], field: Callable[[], object], games: int, seed: int
) -> dict[str, list[float]]:
    """Play `games` 4-player games of one `hero` against three of `field`; print places, return times."""
    firsts = 0
    places: list[int] = []
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    for g in range(games):
        seat = g % 4
        players = [field() for _ in range(4)]
        players[seat] = hero()
        state = new_game(4, seed + g)
        rng = random.Random(seed + g)
        while not state.is_over:
            player = players[state.to_move]  # type: ignore[index]
            tick = time.perf_counter()
            move = player.choose(state.view(state.to_move), rng)  # type: ignore[attr-defined]
            times.setdefault(player.level, []).append(time.perf_counter() - tick)  # type: ignore[attr-defined]
            state = state.apply(move)
        place = state.result().places[seat]
        places.append(place)
        firsts += place == 1
    rate = firsts / games
    margin = 1.96 * (rate * (1 - rate) / games) ** 0.5
    print(f"{label}: {games} games in {time.perf_counter() - started:.0f} s; first places {rate:.1%} "
          f"(±{margin:.1%} at 95 %), mean place {statistics.fmean(places):.2f}")
    return times


def report_times(times: dict[str, list[float]]) -> None:
    for level, values in sorted(times.items()):
        print(f"  {level:6} decisions: {len(values):6}  p50 {percentile(values, 0.5) * 1e3:8.2f} ms"
              f"  p95 {percentile(values, 0.95) * 1e3:8.2f} ms  max {max(values) * 1e3:8.2f} ms")


def throughput(games: int, seed: int) -> None:
    moves = 0
    started = time.perf_counter()
    for g in range(games):
        players = 2 + g % 3
        state = new_game(players, seed + g)
        rng = random.Random(g)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    elapsed = time.perf_counter() - started
    print(f"random games (2-4 players): {games / elapsed:.0f} games/s, {moves / elapsed:.0f} moves/s "
          f"({games} games, {moves} moves, legal_moves + check + apply per move)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games for normal vs easy and throughput")
    parser.add_argument("--hard-games", type=int, default=None, help="games for hard vs normal (default --games)")
    parser.add_argument("--hard-iterations", type=int, default=40, help="sampled deals per hard decision")
    parser.add_argument("--hard-time", type=float, default=0.8, help="hard time budget per decision, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip", choices=["normal", "hard", "throughput"], action="append", default=[])
    args = parser.parse_args()
    if "throughput" not in args.skip:
        throughput(args.games, args.seed)
    if "normal" not in args.skip:
        report_times(tournament("normal vs 3×easy", NormalPlayer, EasyPlayer, args.games, args.seed))
    if "hard" not in args.skip:
        budget = f"{args.hard_iterations} iterations, {args.hard_time} s"
        times = tournament(f"hard ({budget}) vs 3×normal",
                           lambda: HardPlayer(args.hard_iterations, args.hard_time), NormalPlayer,
                           args.hard_games or args.games, args.seed)
        report_times(times)


if __name__ == "__main__":
    main()
