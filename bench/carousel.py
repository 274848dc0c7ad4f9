"""Carousel benchmark: solver latency on late-game tables and computer-player tournaments.

Not a test: it prints figures to compare with the issue's targets.

    python -m bench.carousel                       # everything at the issue's sizes
    python -m bench.carousel --tables 50 --hands 300   # a quicker run
    python -m bench.carousel --skip-tournament

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
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.cards import Card
from games.carousel import ENGINE, State
from games.carousel.melds import Meld
from games.carousel.solver import arrange, solve_best
from tests.games.carousel.tables import random_table


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
        hand[-1] = Card.joker(1) if not any(c.card == Card.joker(1) for m in table for c in m.cards) else Card.joker(0)
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


@dataclass
class Tally:
    hands: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    head_to_head: list[int] = field(default_factory=lambda: [0, 0])
    call_times: dict[str, list[float]] = field(default_factory=dict)
    turn_times: dict[str, list[float]] = field(default_factory=dict)
    rejected: int = 0


def play_game(lineup: Sequence[str], seed: int, tally: Tally, limit: int) -> None:
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
            a_level = lineup_a(lineup)
            for a in (i for i, lv in enumerate(lineup) if lv == a_level):
                for b in (i for i, lv in enumerate(lineup) if lv != a_level):
                    a_won, b_won = a in summary.winners, b in summary.winners
                    if a_won != b_won:
                        tally.head_to_head[0 if a_won else 1] += 1


_A_LEVEL = {"value": ""}


def lineup_a(lineup: Sequence[str]) -> str:
    return _A_LEVEL["value"]


def tournament(a: str, b: str, hands: int) -> None:
    _A_LEVEL["value"] = a
    tally = Tally()
    seed = 0
    base = [[a, b, b], [a, a, b]]
    started = time.perf_counter()
    while tally.hands < hands:
        pattern = base[seed % 2]
        for shift in range(3):
            lineup = pattern[shift:] + pattern[:shift]
            play_game(lineup, 10_000 + seed, tally, hands)
        seed += 1
    wall = time.perf_counter() - started
    print(f"{a} vs {b}: {tally.hands} hands in {wall:.0f} s, rejected computer moves: {tally.rejected}")
    for level in (a, b):
        share = tally.wins.get(level, 0) / max(1, tally.seats.get(level, 0))
        print(f"  {level:6} won {share:.1%} of its seat-hands (fair share about 33%)")
    won, lost = tally.head_to_head
    print(f"  head to head: {a} won {won / max(1, won + lost):.1%} of {won + lost} decided pairings against {b}")
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
    args = parser.parse_args()
    if not args.skip_solver:
        bench_solver(args.tables)
    if not args.skip_tournament:
        for pair in args.pairs.split(","):
            a, b = pair.split(":")
            tournament(a, b, args.hands)


if __name__ == "__main__":
    main()
