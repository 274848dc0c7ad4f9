"""Carousel benchmark: solver latency on late-game tables and computer-player tournaments.

Not a test: it prints figures to compare with the targets in the README's figures table.

    python -m bench.carousel                       # everything at the README's sizes
    python -m bench.carousel --tables 50 --hands 300   # a quicker run
    python -m bench.carousel --skip-tournament
    python -m bench.carousel --skip-solver --workers 2   # tournaments split over 2 processes

Solver: random legal two-deck tables of 90-98 cards (the generator cannot pack more with random melds),
with and without two declared jokers plus a joker in hand, a 10-card hand from the unused cards.
`best_play` is timed on that hand; `arrange` on the cards best_play chose (a realistic human play).

Tournaments: 3-player hands, the same deal played with every rotation of the line-up (seat rotation,
same decks). Line-ups alternate [A, B, B] and [A, A, B]. Reported: the share of hands won by A-seats
and B-seats against their fair share, and the head-to-head figure: over every (A seat, B seat) pair in
every hand where exactly one of the two won, how often it was A. Computer turn times are per
`choose` call and per whole turn (the calls one seat makes before play passes on).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.carousel_tables import random_table
from games.cards import Card, Joker
from games.carousel import ENGINE, State
from games.carousel.melds import Meld
from games.carousel.solver import arrange, solve_best


def percentiles(samples: Sequence[float]) -> str:
    ordered = sorted(samples)
    if not ordered:
        return "no samples"

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000

    return (
        f"n={len(ordered)} p50={at(0.5):.1f} ms p95={at(0.95):.1f} ms "
        f"p99={at(0.99):.1f} ms max={ordered[-1] * 1000:.1f} ms mean={statistics.fmean(ordered) * 1000:.1f} ms"
    )


def late_game_instance(seed: int, jokers: bool) -> tuple[tuple[Meld, ...], list[Card]]:
    rng = random.Random(seed)
    table, rest = random_table(rng, 2, rng.randint(90, 106), jokers=1 if jokers else 0)
    naturals = [card for card in rest if not card.is_joker]
    hand = rng.sample(naturals, min(10, len(naturals)))
    if jokers:
        hand[-1] = Joker(1) if not any(c.card == Joker(1) for m in table for c in m.cards) else Joker(0)
    return table, hand


def bench_solver(tables: int) -> None:
    for jokers in (False, True):
        best_times: list[float] = []
        arrange_times: list[float] = []
        sizes: list[int] = []
        inexact = 0
        for seed in range(tables):
            table, hand = late_game_instance(seed, jokers)
            sizes.append(sum(len(meld) for meld in table))
            start = time.perf_counter()
            play = solve_best(table, hand, copies=2)
            best_times.append(time.perf_counter() - start)
            inexact += not play.exact
            if play.cards:
                start = time.perf_counter()
                result = arrange(table, play.cards, copies=2)
                arrange_times.append(time.perf_counter() - start)
                assert result is not None, "arrange must place what best_play placed"
        label = "with jokers" if jokers else "no jokers  "
        print(f"tables {label}: {min(sizes)}-{max(sizes)} cards, hand 10")
        print(f"  best_play {percentiles(best_times)}  (not proven optimal: {inexact})")
        print(f"  arrange   {percentiles(arrange_times)}")


PROGRESS_EVERY = 100  # hands between a worker's progress lines on stderr (long runs under load)


@dataclass
class Tally:
    hands: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    head_to_head: list[int] = field(default_factory=lambda: [0, 0])
    call_times: dict[str, list[float]] = field(default_factory=dict)
    turn_times: dict[str, list[float]] = field(default_factory=dict)
    rejected: int = 0

    def merge(self, other: Tally) -> None:
        """Add another worker's tally to this one."""
        self.hands += other.hands
        self.rejected += other.rejected
        for mine, theirs in ((self.wins, other.wins), (self.seats, other.seats)):
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        self.head_to_head = [a + b for a, b in zip(self.head_to_head, other.head_to_head, strict=True)]
        for mine_times, their_times in ((self.call_times, other.call_times), (self.turn_times, other.turn_times)):
            for key, values in their_times.items():
                mine_times.setdefault(key, []).extend(values)


def play_game(lineup: Sequence[str], a_level: str, seed: int, tally: Tally, limit: int) -> None:
    """Play one game (or until `limit` hands are tallied), scoring every hand for the A and B levels."""
    players = {level: ENGINE.computer(level) for level in set(lineup)}
    state: State = ENGINE.new_game(len(lineup), seed)
    rng = random.Random(seed)
    turn_seat, turn_time = None, 0.0
    while not state.is_over and tally.hands < limit:
        seat = state.to_move
        assert seat is not None
        level = lineup[seat]
        start = time.perf_counter()
        move = players[level].choose(state.view(seat), rng)
        elapsed = time.perf_counter() - start
        tally.call_times.setdefault(level, []).append(elapsed)
        if seat != turn_seat and turn_seat is not None:
            tally.turn_times.setdefault(lineup[turn_seat], []).append(turn_time)
            turn_time = 0.0
        turn_seat, turn_time = seat, turn_time + elapsed
        hand = state.hand_number
        try:
            state = state.apply(move)
        except Exception:
            tally.rejected += 1
            raise
        if state.hand_number != hand or state.is_over:
            summary = state.last_hand
            assert summary is not None
            tally.hands += 1
            for index, level in enumerate(lineup):
                tally.seats[level] = tally.seats.get(level, 0) + 1
                tally.wins[level] = tally.wins.get(level, 0) + (index in summary.winners)
            for a in (i for i, lv in enumerate(lineup) if lv == a_level):
                for b in (i for i, lv in enumerate(lineup) if lv != a_level):
                    a_won, b_won = a in summary.winners, b in summary.winners
                    if a_won != b_won:
                        tally.head_to_head[0 if a_won else 1] += 1


def play_share(a: str, b: str, hands: int, worker: int, workers: int) -> Tally:
    """One worker's part of a tournament: deal seeds worker, worker + workers, ... until `hands` hands.

    Every seed is played with each rotation of its line-up (seat rotation, same decks); line-ups
    alternate [A, B, B] and [A, A, B] by seed.
    """
    tally = Tally()
    base = [[a, b, b], [a, a, b]]
    seed = worker
    reported = 0
    while tally.hands < hands:
        pattern = base[seed % 2]
        for shift in range(3):
            lineup = pattern[shift:] + pattern[:shift]
            play_game(lineup, a, 10_000 + seed, tally, hands)
        seed += workers
        if tally.hands >= reported + PROGRESS_EVERY:
            reported = tally.hands
            won, lost = tally.head_to_head
            line = f"  [worker {worker}] {tally.hands} hands, {a} won {won} of {won + lost} pairings"
            print(line, file=sys.stderr, flush=True)
    return tally


def tournament(a: str, b: str, hands: int, workers: int = 1) -> None:
    started = time.perf_counter()
    if workers <= 1:
        tally = play_share(a, b, hands, 0, 1)
    else:
        shares = [hands // workers + (worker < hands % workers) for worker in range(workers)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_share, a, b, share, worker, workers) for worker, share in enumerate(shares)]
            tally = Tally()
            for future in futures:
                tally.merge(future.result())
    wall = time.perf_counter() - started
    print(
        f"{a} vs {b}: {tally.hands} hands in {wall:.0f} s ({workers} worker(s)), "
        f"rejected computer moves: {tally.rejected}"
    )
    for level in (a, b):
        share = tally.wins.get(level, 0) / max(1, tally.seats.get(level, 0))
        print(f"  {level:6} won {share:.1%} of its seat-hands (fair share about 33%)")
    won, lost = tally.head_to_head
    decided = max(1, won + lost)
    rate = won / decided
    margin = 1.96 * math.sqrt(rate * (1 - rate) / decided)
    print(
        f"  head to head: {a} won {rate:.1%} of {won + lost} decided pairings against {b} "
        f"(95% interval {rate - margin:.1%}-{rate + margin:.1%}, pairings treated as independent)"
    )
    for level in (a, b):
        print(f"  {level:6} choose(): {percentiles(tally.call_times.get(level, []))}")
        print(f"  {level:6} turn    : {percentiles(tally.turn_times.get(level, []))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="solver instances per joker setting")
    parser.add_argument("--hands", type=int, default=2000, help="hands per tournament")
    parser.add_argument("--skip-solver", action="store_true")
    parser.add_argument("--skip-tournament", action="store_true")
    parser.add_argument("--pairs", default="hard:normal,normal:easy", help="tournaments as a:b,a:b")
    parser.add_argument("--workers", type=int, default=1, help="processes sharing each tournament's deals")
    args = parser.parse_args()
    if not args.skip_solver:
        bench_solver(args.tables)
    if not args.skip_tournament:
        for pair in args.pairs.split(","):
            a, b = pair.split(":")
            tournament(a, b, args.hands, args.workers)


if __name__ == "__main__":
    main()
