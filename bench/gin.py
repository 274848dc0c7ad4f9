"""Gin benchmark (not a test): computer-player strength, decision times and engine throughput.

Paired-deal tournaments over whole games (to 100, GR-11): deal seed s is played twice with the seats
swapped, so both players get the same shuffles and luck of the deal largely cancels out.
- normal vs easy (target: normal wins ≥ 75 % of games) and hard vs normal (target ≥ 58 %), with the
  hand win rate and the average points per hand of each side beside the game rate;
- decision time p50/p95 per level, wall clock and CPU (target: hard ≤ 1 s p95 on one core); other
  processes on the machine inflate the wall figures, CPU time is what one core costs;
- the opponent model: how far the particles' deadwood is from a real hand's, and how often the
  discard chosen melds with the opponent's hand, by each estimate of it (normal against normal,
  where the benchmark may look at the hidden hand);
- throughput: uniformly random legal moves through the engine (hands/s, moves/s), and the hard
  player's own playouts per second.

The hard player's budget is a number of samples and playouts, never the clock, so every figure but
the times is reproducible for a given --seed.

Usage: python -m bench.gin [--pairs 200] [--hard-pairs 100] [--samples 32] [--playouts 16] [--discard-playouts 0]
       [--spread 1] [--rule-knock 0] [--swap 0] [--knock-take 0] [--danger-samples 300]
       [--refuse-weight 0.1] [--drop-weight 0.1] [--particles 1000] [--sharpness 2] [--take-miss 0.15]
       [--knock-miss 0.3] [--[no-]particle-danger] [--danger 9]
       [--oklahoma] [--hollywood] [--jobs 1] [--model-games 0] [--skip normal|hard|throughput|model]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from bench.decisions import report_times
from games.gin import ENGINE, HandEnd, Knock, State
from games.gin.ai import EasyPlayer, HardPlayer, NormalPlayer, Seen, easy_player, playout, useful
from games.gin.cards import mask_of
from games.gin.inference import Model, infer
from games.gin.melds import deadwood
from games.gin.views import GinView, Phase

_HARD = HardPlayer()  # the hard level's defaults, so a bare run measures the level players meet


@dataclass(frozen=True)
class Entrant:
    """A computer player as a picklable recipe (worker processes build their own)."""

    level: str
    samples: int = _HARD.samples
    playouts: int = _HARD.playouts
    discard_playouts: int = _HARD.discard_playouts
    spread: int = _HARD.spread
    rule_knock: int = _HARD.rule_knock
    swap: int = _HARD.swap
    knock_take: int = _HARD.knock_take
    danger_samples: int = _HARD.danger_samples
    refuse_weight: float = _HARD.refuse_weight
    drop_weight: float = _HARD.drop_weight
    particles: int = _HARD.particles
    sharpness: float = _HARD.model.sharpness
    take_miss: float = _HARD.model.take_miss
    knock_miss: float = _HARD.model.knock_miss
    particle_danger: bool = _HARD.particle_danger
    danger: float = _HARD.sample_danger

    def build(self) -> EasyPlayer | NormalPlayer:
        if self.level == "hard":
            return HardPlayer(samples=self.samples, playouts=self.playouts, discard_playouts=self.discard_playouts,
                              spread=self.spread, rule_knock=self.rule_knock, swap=self.swap,
                              knock_take=self.knock_take, danger_samples=self.danger_samples,
                              refuse_weight=self.refuse_weight, drop_weight=self.drop_weight,
                              particles=self.particles, particle_danger=self.particle_danger, danger=self.danger,
                              model=Model(sharpness=self.sharpness, take_miss=self.take_miss,
                                          take_odd=self.take_miss, knock_miss=self.knock_miss))
        return easy_player() if self.level == "easy" else NormalPlayer()


@dataclass(frozen=True)
class Game:
    hero: Entrant
    rival: Entrant
    seed: int
    hero_seat: int
    options: tuple[tuple[str, bool], ...] = ()


@dataclass
class Outcome:
    hero_won: bool
    hands: int = 0
    drawn: int = 0
    hero_hands: int = 0
    hero_points: int = 0
    rival_points: int = 0
    hero_total: int = 0
    rival_total: int = 0
    times: dict[str, list[tuple[float, float]]] = field(default_factory=dict)



def play(game: Game) -> Outcome:
    """One match: the hero's result, its hands and points, and every decision's (wall, CPU) seconds."""
    players = [game.rival.build(), game.rival.build()]
    players[game.hero_seat] = game.hero.build()
    state: State = ENGINE.new_game(2, game.seed, dict(game.options))
    rngs = [random.Random(f"{game.seed}:{game.hero_seat}:{seat}") for seat in (0, 1)]
    outcome = Outcome(False)
    hand = state.hand_number
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        player = players[seat]
        wall, cpu = time.perf_counter(), time.process_time()
        move = player.choose(state.view(seat), rngs[seat])
        outcome.times.setdefault(player.level, []).append((time.perf_counter() - wall, time.process_time() - cpu))
        state = state.apply(move)
        if state.hand_number != hand or state.is_over:
            hand = state.hand_number
            summary = state.last_hand
            assert summary is not None
            outcome.hands += 1
            if summary.end is HandEnd.DRAWN:
                outcome.drawn += 1
            elif summary.winner == game.hero_seat:
                outcome.hero_hands += 1
                outcome.hero_points += summary.points
            else:
                outcome.rival_points += summary.points
    totals = state.totals()
    outcome.hero_total, outcome.rival_total = totals[game.hero_seat], totals[1 - game.hero_seat]
    outcome.hero_won = state.result().places[game.hero_seat] == 1 and outcome.hero_total > outcome.rival_total
    return outcome


def tournament(label: str, hero: Entrant, rival: Entrant, pairs: int, seed: int, jobs: int,
               options: tuple[tuple[str, bool], ...]) -> dict[str, list[tuple[float, float]]]:
    """`pairs` deal seeds, each played with the hero in both seats; prints rates, returns decision times."""
    plan = [Game(hero, rival, seed + p, seat, options) for p in range(pairs) for seat in (0, 1)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, plan, chunksize=2))
    else:
        results = [play(game) for game in plan]
    games = len(results)
    won = sum(r.hero_won for r in results)
    rate = won / games
    margin = 1.96 * (rate * (1 - rate) / games) ** 0.5
    hands = sum(r.hands for r in results)
    decided = hands - sum(r.drawn for r in results)
    hero_hands = sum(r.hero_hands for r in results)
    print(f"{label}: {games} games ({pairs} paired deals) in {time.perf_counter() - started:.0f} s, {jobs} job(s)")
    print(f"  games won {rate:.1%} (±{margin:.1%} at 95 %); hands won {hero_hands / decided:.1%} of "
          f"{decided} decided ({hands - decided} drawn of {hands})")
    print(f"  points per hand played: {hero.level} {sum(r.hero_points for r in results) / hands:.2f}, "
          f"{rival.level} {sum(r.rival_points for r in results) / hands:.2f}; mean match total "
          f"{statistics.fmean(r.hero_total for r in results):.0f} vs "
          f"{statistics.fmean(r.rival_total for r in results):.0f}")
    times: dict[str, list[tuple[float, float]]] = {}
    for result in results:
        for level, values in result.times.items():
            times.setdefault(level, []).extend(values)
    return times


def throughput(matches: int, seed: int) -> None:
    """Random legal moves (a knock taken half the time it is legal, so hands end) through the engine."""
    moves = hands = 0
    started = time.perf_counter()
    for g in range(matches):
        state = ENGINE.new_game(2, seed + g, {"oklahoma": g % 2 == 1, "hollywood": g % 3 == 2})
        rng = random.Random(g)
        number = state.hand_number
        while not state.is_over:
            legal = state.legal_moves()
            knocks = [m for m in legal if isinstance(m, Knock)]
            state = state.apply(rng.choice(knocks) if knocks and rng.random() < 0.5 else rng.choice(legal))
            moves += 1
            if state.hand_number != number or state.is_over:
                number = state.hand_number
                hands += 1
    elapsed = time.perf_counter() - started
    print(f"random play through the engine: {hands / elapsed:.0f} hands/s, {moves / elapsed:.0f} moves/s "
          f"({matches} matches, {hands} hands, {moves} moves; legal_moves + check + apply per move)")
    rng = random.Random(seed)
    count = 0
    started = time.perf_counter()
    while time.perf_counter() - started < 3.0:
        deck = list(range(52))
        rng.shuffle(deck)
        mine = sum(1 << c for c in deck[:10])
        theirs = sum(1 << c for c in deck[10:20])
        playout(mine, theirs, deck[21:], deck[20], 10, False, rng)
        count += 1
    print(f"hard player's playouts (rest of a hand, both sides by normal's rules): "
          f"{count / (time.perf_counter() - started):.0f} playouts/s")


def model_positions(games: int, seed: int) -> list[tuple[GinView, int, int]]:
    """(seat view at a discard, the opponent's true hand, that hand's deadwood) from games of normal
    against normal. A benchmark may look at the hidden hand; no player ever does."""
    out: list[tuple[GinView, int, int]] = []
    for g in range(games):
        state: State = ENGINE.new_game(2, seed + g, {})
        rng = random.Random(f"model:{seed + g}")
        players = [NormalPlayer(), NormalPlayer()]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if view.phase is Phase.DISCARD:
                truth = mask_of(state.view(1 - seat).hand)
                out.append((view, truth, deadwood(truth)))
            state = state.apply(players[seat].choose(view, rng))
    return out


def _melds_with(card: int, hand: int) -> float:
    return float(useful(card, hand))


def opponent_model(games: int, seed: int) -> None:
    """How well hard's two opponent models read a real hand (normal against normal, true hands known).

    - deadwood: the particles' weighted mean deadwood against the opponent's real deadwood, once the
      stock is down to 25 (bias and mean error), for the old soft discard model and the level's own;
    - feed: how often the discard chosen among normal's three best melds with the opponent's hand, for
      normal's own choice, hard's weighted samples, the particles, and the true hand (the ceiling)."""
    positions = model_positions(games, seed)
    late = [p for p in positions if p[0].stock_count <= 25]
    print(f"opponent model over {len(positions)} discard positions of {games} normal-vs-normal games "
          f"({len(late)} with 25 cards or fewer in the stock)")
    for label, count, model in (("soft (0.15), 300 particles", 300, Model(sharpness=0.15)),
                                (f"level's ({_HARD.model.sharpness}), {_HARD.particles} particles",
                                 _HARD.particles, _HARD.model)):
        errors = []
        for k, (view, _, truth) in enumerate(late):
            particles = infer(view, count, random.Random(k), model)
            errors.append(sum(p.weight * deadwood(p.hand) for p in particles) - truth)
        print(f"  particles' deadwood, {label}: bias {statistics.fmean(errors):+.1f}, "
              f"mean error {statistics.fmean(abs(e) for e in errors):.1f} points")
    normal = NormalPlayer()
    fed = {"normal's choice": 0, "hard's weighted samples": 0, "particles": 0, "true hand": 0}
    counted = 0
    for k, (view, truth, _) in enumerate(positions):
        seen = Seen.of(view)
        if deadwood(seen.hand) == 0:
            continue
        scored = normal.rate_discards(seen)
        best = min(score for _, score, _ in scored)
        ranked = sorted(scored, key=lambda item: (item[1], item[2]))[: _HARD.candidates]
        late_weight = _HARD.sample_danger * (1 - seen.stock / 62)
        estimates: dict[str, Callable[[int], float]] = {
            "hard's weighted samples": partial(_HARD.take_chance, samples=_HARD.sample_hands(seen, random.Random(k))),
            "true hand": partial(_melds_with, hand=truth),
        }
        hands = _HARD.particle_hands(view, random.Random(k))
        if hands:
            estimates["particles"] = partial(_HARD.take_chance, samples=hands)
        counted += 1
        fed["normal's choice"] += useful(min(c for _, score, c in scored if score - best < 1e-9), truth)
        for name, chance in estimates.items():
            card = min(ranked, key=lambda item: (item[1] + late_weight * chance(item[2]), item[2]))[2]
            fed[name] += useful(card, truth)
    shares = ", ".join(f"{name} {value / counted:.1%}" for name, value in fed.items())
    print(f"  discards the opponent could meld ({counted} decisions): {shares}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=200, help="paired deals for normal vs easy")
    parser.add_argument("--hard-pairs", type=int, default=None, help="paired deals for hard vs normal")
    parser.add_argument("--samples", type=int, default=HardPlayer().samples, help="hard: sampled hands")
    parser.add_argument("--playouts", type=int, default=HardPlayer().playouts, help="hard: playouts per knock")
    parser.add_argument("--discard-playouts", type=int, default=HardPlayer().discard_playouts,
                        help="hard: paired playouts per candidate discard (0: off)")
    parser.add_argument("--spread", type=int, default=HardPlayer().spread,
                        help="hard: hands drawn per sample, the least deadwood kept (1: uniform)")
    parser.add_argument("--rule-knock", type=int, default=HardPlayer().rule_knock,
                        help="hard: 1 knocks by normal's rule instead of by the sampled outcomes")
    parser.add_argument("--swap", type=int, default=HardPlayer().swap,
                        help="hard: take a discard that melds with nothing when it saves this much deadwood (0: off)")
    parser.add_argument("--knock-take", type=int, default=HardPlayer().knock_take,
                        help="hard: 1 takes a discard that lets it knock at once")
    parser.add_argument("--danger-samples", type=int, default=HardPlayer().danger_samples,
                        help="hard: weighted opponent hands behind each discard's danger (at least --samples)")
    parser.add_argument("--refuse-weight", type=float, default=HardPlayer().refuse_weight,
                        help="hard: weight factor of a sampled hand a refused top would have melded with")
    parser.add_argument("--drop-weight", type=float, default=HardPlayer().drop_weight,
                        help="hard: weight factor of a sampled hand the opponent's own discard melds with")
    parser.add_argument("--particles", type=int, default=HardPlayer().particles,
                        help="hard: particles replaying the opponent's history (0: independent samples instead)")
    parser.add_argument("--sharpness", type=float, default=Model().sharpness,
                        help="hard's opponent model: discard chance falls by exp(-sharpness * extra deadwood)")
    parser.add_argument("--take-miss", type=float, default=Model().take_miss,
                        help="hard's opponent model: chance a melding top is left (or a useless one taken)")
    parser.add_argument("--knock-miss", type=float, default=Model().knock_miss,
                        help="hard's opponent model: chance a knock within normal's rule is not made")
    parser.add_argument("--particle-danger", action=argparse.BooleanOptionalAction, default=_HARD.particle_danger,
                        help="hard: judge discard danger on the particles (--no-particle-danger: on the "
                             "independent weighted samples, the particles for knocks only)")
    parser.add_argument("--danger", type=float, default=_HARD.sample_danger,
                        help="hard: points a discard costs per unit of the chance the opponent can use it")
    parser.add_argument("--oklahoma", action="store_true")
    parser.add_argument("--hollywood", action="store_true")
    parser.add_argument("--matches", type=int, default=200, help="random matches for the throughput")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model-games", type=int, default=0,
                        help="normal-vs-normal games for the opponent model (0: skip it; 6 take about 6 min)")
    parser.add_argument("--skip", choices=["normal", "hard", "throughput", "model"], action="append", default=[])
    args = parser.parse_args()
    options = (("oklahoma", args.oklahoma), ("hollywood", args.hollywood))
    if "throughput" not in args.skip:
        throughput(args.matches, args.seed)
    if "model" not in args.skip and args.model_games:
        opponent_model(args.model_games, args.seed)
    if "normal" not in args.skip:
        report_times(tournament("normal vs easy", Entrant("normal"), Entrant("easy"), args.pairs, args.seed,
                                args.jobs, options))
    if "hard" not in args.skip:
        hero = Entrant("hard", args.samples, args.playouts, args.discard_playouts, args.spread, args.rule_knock,
                       args.swap, args.knock_take, args.danger_samples, args.refuse_weight, args.drop_weight,
                       args.particles, args.sharpness, args.take_miss, args.knock_miss, args.particle_danger,
                       args.danger)
        model = (f"{args.particles} particles (sharpness {args.sharpness}, take miss {args.take_miss}, "
                 f"knock miss {args.knock_miss}) for knocks{' and danger' if args.particle_danger else ''}"
                 if args.particles else "independent samples")
        label = (f"hard ({model}; danger weight {args.danger}; {args.samples} samples, "
                 f"{args.danger_samples} for danger "
                 f"(refused x{args.refuse_weight}, dropped x{args.drop_weight}), spread {args.spread}, "
                 f"{args.playouts} playouts per knock, "
                 f"{args.discard_playouts} per candidate discard, rule knock {args.rule_knock}, swap {args.swap}, "
                 f"knock take {args.knock_take}) vs normal")
        report_times(tournament(label, hero, Entrant("normal"), args.hard_pairs or args.pairs, args.seed,
                                args.jobs, options))


if __name__ == "__main__":
    main()
