"""Thirteen benchmark (not a test): computer-player strength, decision times and engine throughput.

Seat-rotated tournaments (the tested player sits in seat g mod 4 in game g; with --same-deals every deal
is played four times, once with the tested player in each seat, which removes most of the luck of the
deal from the comparison):
- normal vs 3×easy and hard vs 3×normal: first-place rate and mean place (targets: normal ≥ 35 %,
  hard ≥ 30 %; 25 % is chance at a 4-player table);
- decision time p50/p95 per level, wall clock and CPU (targets: normal ≤ 10 ms, hard ≤ 1 s p95 on one
  core); other processes on the machine inflate the wall figures, CPU time is what one core costs;
- random-game throughput (uniformly random legal moves, auto-pass on).

The hard player's result depends only on its iteration budget when --hard-time is 0 (no clock), so a
run is reproducible and may be spread over --jobs processes.

Usage: python -m bench.thirteen --games 2000 [--hard-games 300] [--hard-iterations 40] [--hard-time 0.8]
       [--jobs 2] [--same-deals] [--skip normal|hard|throughput]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.decisions import report_times
from games.thirteen import EasyPlayer, HardPlayer, NormalPlayer, new_game


@dataclass(frozen=True)
class Entrant:
    """A computer player as a picklable recipe (worker processes build their own)."""

    level: str
    iterations: int = 40
    time_budget: float | None = None
    candidates: int = 5
    first_bonus: float = 1.0
    finalists: int = 2

    def build(self) -> EasyPlayer | NormalPlayer | HardPlayer:
        if self.level == "hard":
            return HardPlayer(self.iterations, self.time_budget, self.candidates, first_bonus=self.first_bonus,
                              finalists=self.finalists)
        return EasyPlayer() if self.level == "easy" else NormalPlayer()


@dataclass(frozen=True)
class Game:
    hero: Entrant
    field: Entrant
    deal: int
    seat: int



def play(game: Game) -> tuple[int, dict[str, list[tuple[float, float]]]]:
    """One 4-player game: the hero's place and every decision's (wall, CPU) seconds per level."""
    players = [game.field.build() for _ in range(4)]
    players[game.seat] = game.hero.build()
    state = new_game(4, game.deal)
    rng = random.Random(game.deal * 4 + game.seat)
    times: dict[str, list[tuple[float, float]]] = {}
    while not state.is_over:
        player = players[state.to_move]  # type: ignore[index]
        wall, cpu = time.perf_counter(), time.process_time()
        move = player.choose(state.view(state.to_move), rng)
        times.setdefault(player.level, []).append((time.perf_counter() - wall, time.process_time() - cpu))
        state = state.apply(move)
    return state.result().places[game.seat], times


def tournament(label: str, hero: Entrant, field: Entrant, games: int, seed: int, jobs: int,
               same_deals: bool) -> dict[str, list[tuple[float, float]]]:
    """Play `games` games of `hero` against three of `field`; print places, return decision times."""
    plan = [Game(hero, field, seed + (g // 4 if same_deals else g), g % 4) for g in range(games)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, plan, chunksize=4))
    else:
        results = [play(game) for game in plan]
    places = [place for place, _ in results]
    times: dict[str, list[tuple[float, float]]] = {}
    for _, per_level in results:
        for level, values in per_level.items():
            times.setdefault(level, []).extend(values)
    rate = places.count(1) / games
    margin = 1.96 * (rate * (1 - rate) / games) ** 0.5
    print(f"{label}: {games} games{' (each deal in 4 seats)' if same_deals else ''} in "
          f"{time.perf_counter() - started:.0f} s with {jobs} job(s); first places {rate:.1%} "
          f"(±{margin:.1%} at 95 %), mean place {statistics.fmean(places):.3f}")
    return times


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
    parser.add_argument("--hard-iterations", type=int, default=HardPlayer().iterations,
                        help="sampled deals per hard decision (default: the shipped budget)")
    parser.add_argument("--hard-time", type=float, default=0.0,
                        help="hard time cap per decision in seconds; 0 (default): none, reproducible")
    parser.add_argument("--hard-candidates", type=int, default=HardPlayer().candidates,
                        help="normal's best plays that hard compares")
    parser.add_argument("--hard-first-bonus", type=float, default=HardPlayer().first_bonus,
                        help="score of a playout won on top of its place points")
    parser.add_argument("--hard-finalists", type=int, default=HardPlayer().finalists,
                        help="candidates kept for the second half of the samples")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the tournaments")
    parser.add_argument("--same-deals", action="store_true", help="play every deal once per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip", choices=["normal", "hard", "throughput"], action="append", default=[])
    args = parser.parse_args()
    if "throughput" not in args.skip:
        throughput(args.games, args.seed)
    if "normal" not in args.skip:
        report_times(tournament("normal vs 3×easy", Entrant("normal"), Entrant("easy"), args.games, args.seed,
                                args.jobs, args.same_deals))
    if "hard" not in args.skip:
        cap = args.hard_time or None
        hero = Entrant("hard", args.hard_iterations, cap, args.hard_candidates, args.hard_first_bonus,
                       args.hard_finalists)
        label = (f"hard ({args.hard_iterations} iterations, {args.hard_candidates} candidates, win bonus "
                 f"{args.hard_first_bonus}, {args.hard_finalists} finalists, "
                 f"{f'{cap} s cap' if cap else 'no time cap'}) vs 3×normal")
        report_times(tournament(label, hero, Entrant("normal"), args.hard_games or args.games, args.seed,
                                args.jobs, args.same_deals))


if __name__ == "__main__":
    main()
