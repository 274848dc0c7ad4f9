"""Sixty-Six computer players: paired series and decision times.

Each pairing plays series in pairs with the same deal seed and the seats swapped, so the luck of the
cards cancels out. Prints the share of series won by the first level and decision-time p50/p95 per
level. Targets: hard beats normal in >= 58 % of series; hard <= 1 s per move at p95 on one core.

`--series N` is the number of deal seeds; each is played twice, so N = 500 gives the 1,000 series per
pairing quoted in the README. The figures in the README came from:

    .venv/bin/python -m bench.schnapsen --series 500 --pairings hard:normal --seed 1000
    .venv/bin/python -m bench.schnapsen --series 500 --pairings normal:easy --seed 1000

About 12-38 minutes of one core per preset for hard:normal (santase is the longest), half a minute for
normal:easy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from games.schnapsen import new_game
from games.schnapsen.ai import EasyPlayer, HardPlayer, NormalPlayer


def make(level: str, args: argparse.Namespace) -> EasyPlayer:
    if level == "hard":
        return HardPlayer(time_budget=args.budget, node_limit=args.nodes)
    return {"easy": EasyPlayer, "normal": NormalPlayer}[level]()


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def run(args: argparse.Namespace) -> None:
    times: dict[str, list[float]] = defaultdict(list)
    for preset in args.presets:
        for pairing in args.pairings:
            first, second = pairing.split(":")
            wins = 0
            played = 0
            deal_points = [0, 0]
            start = time.perf_counter()
            for seed in range(args.seed, args.seed + args.series):
                for swap in (False, True):
                    levels = [second, first] if swap else [first, second]
                    players = [make(level, args) for level in levels]
                    state = new_game(2, seed, {"preset": preset})
                    rng = random.Random(f"{seed}:{swap}")
                    while not state.is_over:
                        seat = state.to_move
                        assert seat is not None
                        tick = time.perf_counter()
                        move = players[seat].choose(state.view(seat), rng)
                        times[levels[seat]].append(time.perf_counter() - tick)
                        state = state.apply(move)
                    first_seat = 1 if swap else 0
                    wins += state.winner == first_seat
                    deal_points[0] += state.game_points[first_seat]
                    deal_points[1] += state.game_points[1 - first_seat]
                    played += 1
            share = wins / played
            spread = 1.96 * (share * (1 - share) / played) ** 0.5
            print(
                f"{preset:22s} {first:>6s} vs {second:<6s} series {played:5d}  {first} wins {share:6.1%} "
                f"(±{spread:.1%})  game points {deal_points[0]}:{deal_points[1]}  "
                f"{time.perf_counter() - start:7.1f} s",
                flush=True,
            )
    for level, values in sorted(times.items()):
        print(
            f"decision time {level:6s} n={len(values):7d}  p50 {statistics.median(values) * 1000:8.2f} ms  "
            f"p95 {quantile(values, 0.95) * 1000:8.2f} ms  max {max(values) * 1000:8.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--series", type=int, default=1000, help="seeds per pairing (each played twice)")
    parser.add_argument("--presets", nargs="+", default=["santase", "sixty_six", "schnapsen"])
    parser.add_argument("--pairings", nargs="+", default=["hard:normal", "normal:easy"])
    parser.add_argument("--budget", type=float, default=0.8, help="hard player's time budget per move (s)")
    parser.add_argument("--nodes", type=int, default=60_000, help="hard player's solver node budget per move")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
