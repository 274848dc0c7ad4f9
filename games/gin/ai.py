"""Computer players for Gin, three levels. Each sees only its seat's view (design §2) and draws all its
randomness from the `rng` it is given, so a seeded game replays exactly.

- easy: keeps melds (takes the discard only when it completes one, never breaks one), discards one of
  its deadwood cards at random, the higher the likelier (weight value cubed), and knocks as soon as it
  may (GR-6), gin first (GR-7). It does not weigh pairs or near-runs, so it throws away its chances
  now and then: a beginner's habit, and what keeps it clearly below normal.
- normal: also weighs each discard by the unseen cards that would still improve the hand, keeps off
  cards the opponent is known to want (picked up from the pile, same rank or suited neighbours) and
  favours those they refused; it knocks only below a threshold that falls as the stock shrinks and as
  the opponent picks up cards, and otherwise plays on for gin when an undercut is likely.
- hard: infers the opponent's hand from everything public. For the danger of a discard it samples
  hands independently (the cards they took and still hold, the unseen cards, weighted down where a
  top they left or a card they discarded would have melded with the sample) and rates its best
  discards by how often the sampled opponent could use them. For a knock it replays the opponent's
  whole public history with a particle filter (`games.gin.inference`: which upcards and tops they
  took or left, what they threw, the knocks they did not make, weighed by a sensible player's
  habits) and compares the knock's exact outcome against those hands (D-GR-3 arrangement and
  lay-offs) with playouts of the rest of the hand. Its budget is a fixed number of samples and
  particles, never the clock, so it is deterministic.

What limits hard, and what moved it (bench/gin.py's players, and its `--model-games 6`, which reads
the true hands of normal-against-normal games): the same search given the opponent's true hand wins
about 95 % of games against normal (82 % when only the discard danger sees it, 65 % when only the
knocks do). The knocks turn on the opponent's deadwood, and a soft model of their discards (each
discard's chance falling by exp(-0.15 per point) above the least) left the particles holding 13
points more deadwood than the real hand on average, so hard knocked into undercuts it did not see
coming. A player who throws their worst card is better modelled sharply (exp(-2 per point)), and
1,000 particles keep enough distinct hands under it: over 353 positions with 25 cards or fewer in
the stock the bias fell from +13.1 to +2.7 points and the mean error from 15.2 to 8.0. Which single
discard the opponent can use stays hard to tell from public information: 18.7 % of the discards
normal chooses meld with the opponent's hand; choosing among the same three best by hard's weighted
samples brings that to 15.4 %, by the particles to 16.2 %, by the true hand to 2.1 %. At twice the
danger weight the particles avoid more, but hard then plays slower and lost more than it saved (48 %
of 60 games), so the weighted samples keep the danger.
Over 200 paired deals (400 games to 100, two runs of 100 deals) hard now wins 60.5 % of games
against normal (±4.8 %; 56.0 % and 65.0 % in the two runs), where the soft model gave 54.5 % on the
first hundred: it wins fewer hands (47 %) but larger ones, about 9.8 points a hand against normal's
8.1-8.8, since it is seldom undercut and undercuts normal's early knocks more often.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.bits import bits
from games.gin.cards import FULL, VALUES, mask_of
from games.gin.melds import deadwood, defend, knocker_arrangement, melded_mask
from games.gin.moves import BIG_GIN, DRAW, PASS, TAKE, Discard, Knock, Move
from games.gin.scoring import HandEnd, score_hand
from games.gin.state import MAX_DISCARD_TAKES
from games.gin.views import Action, GinView, Phase

if TYPE_CHECKING:
    from games.gin.inference import Model

log = logging.getLogger(__name__)


def _partner_pairs() -> tuple[tuple[int, ...], ...]:
    """For each card, every pair of other cards that makes a three-card meld with it (GR-2)."""
    pairs: list[tuple[int, ...]] = []
    for card in range(52):
        rank, suit = card % 13, card // 13
        found = []
        same = [s * 13 + rank for s in range(4) if s != suit]
        found += [(1 << a) | (1 << b) for i, a in enumerate(same) for b in same[i + 1 :]]
        for low in (rank - 2, rank - 1, rank):
            if low >= 0 and low + 2 <= 12:
                run = [suit * 13 + r for r in range(low, low + 3) if r != rank]
                found.append((1 << run[0]) | (1 << run[1]))
        pairs.append(tuple(found))
    return tuple(pairs)


PAIRS = _partner_pairs()


def _neighbours() -> tuple[int, ...]:
    """For each card, the cards that could share a meld with it: same rank, or suited within two ranks."""
    out = []
    for card in range(52):
        rank, suit = card % 13, card // 13
        mask = sum(1 << (s * 13 + rank) for s in range(4) if s != suit)
        for r in range(max(0, rank - 2), min(12, rank + 2) + 1):
            if r != rank:
                mask |= 1 << (suit * 13 + r)
        out.append(mask)
    return tuple(out)


NEIGHBOURS = _neighbours()
SAME_RANK = tuple(sum(1 << (s * 13 + card % 13) for s in range(4)) & ~(1 << card) for card in range(52))


def useful(card: int, hand: int) -> bool:
    """`card` makes a meld with two cards of `hand` (a new set or run, or one extended)."""
    return any(pair & hand == pair for pair in PAIRS[card])


def outs(hand: int, unseen: int) -> int:
    """How many unseen cards would make a meld with `hand`: the hand's chances of improving."""
    return sum(1 for card in bits(unseen) if useful(card, hand))


@dataclass(frozen=True, slots=True)
class Seen:
    """What a seat knows, as bit masks: own hand, the pile, the opponent's known cards, and what is unseen.

    `wanted` are cards the opponent took from the pile this hand; `refused` the tops they left (drew
    from the stock or passed instead) and `dropped` the cards they discarded.
    """

    me: int
    hand: int
    pile: int
    top: int | None
    known: int
    unseen: int
    wanted: int
    refused: int
    dropped: int
    stock: int
    limit: int
    just_taken: int | None
    doubled: bool

    @classmethod
    def of(cls, view: GinView) -> Seen:
        assert view.seat is not None
        me = view.seat
        opp = 1 - me
        hand = mask_of(view.hand)
        pile = mask_of(view.discard)
        known = mask_of(view.known[opp])
        refused = dropped = 0
        top: int | None = None
        pile_order: list[int] = [mask_of((view.upcard,))]
        for event in view.history:  # replay the pile to learn which tops the opponent left
            if event.action is Action.DISCARD and event.card is not None:
                card = mask_of((event.card,))
                pile_order.append(card)
                if event.seat == opp:
                    dropped |= card
            elif event.action is Action.TAKE and pile_order:
                pile_order.pop()
            elif event.seat == opp and event.action in (Action.DRAW, Action.PASS) and pile_order:
                refused |= pile_order[-1]
        if view.top is not None:
            top = mask_of((view.top,)).bit_length() - 1
        just = mask_of((view.just_taken,)).bit_length() - 1 if view.just_taken is not None else None
        return cls(
            me=me,
            hand=hand,
            pile=pile,
            top=top,
            known=known,
            unseen=FULL & ~hand & ~pile & ~known,
            wanted=mask_of(view.taken[opp]),
            refused=refused,
            dropped=dropped,
            stock=view.stock_count,
            limit=view.knock_limit,
            just_taken=just,
            doubled=view.doubled,
        )


def best_discards(hand: int, just_taken: int | None) -> list[tuple[int, int]]:
    """(deadwood left, card) for every card that may be discarded (D-GR-2), least deadwood first."""
    options = [(deadwood(hand ^ 1 << card), card) for card in bits(hand) if card != just_taken]
    options.sort(key=lambda item: (item[0], -VALUES[item[1]], item[1]))
    return options


def knock_threshold(limit: int, stock: int, opponent_known: int, early: int = 14, slope: int = 3,
                    known_penalty: int = 2) -> int:
    """Normal's knock rule: the deadwood it knocks with falls as the hand goes on (undercut risk).

    With 31 cards in the stock at the deal: the full limit for the first fourteen draws (an early knock
    seldom meets a hand ready to undercut, and every draw waited for is one the opponent may knock on),
    then one point less for every three cards drawn, and two less again once the opponent holds two
    picked-up cards.
    """
    drawn = 31 - stock
    threshold = limit - max(0, drawn - early) // slope
    if opponent_known >= 2:
        threshold -= known_penalty
    return max(0, min(limit, threshold))


class EasyPlayer:
    """Keeps melds, discards high deadwood, knocks when it can.

    `power` shapes the discard: each deadwood card is picked with weight value ** power. With 0 it
    always throws the card leaving the least deadwood, a player close to normal's strength (normal won
    60 % of paired games against it in bench/gin.py); the "easy" level uses `EASY_POWER`.
    """

    level = "easy"

    def choose(self, view: GinView, rng: random.Random) -> Move:
        seen = Seen.of(view)
        if view.phase is Phase.UPCARD or view.phase is Phase.DRAW:
            if seen.top is not None and useful(seen.top, seen.hand):
                return TAKE
            return PASS if view.phase is Phase.UPCARD else DRAW
        if deadwood(seen.hand) == 0:
            return BIG_GIN
        options = best_discards(seen.hand, seen.just_taken)
        least, card = options[0]
        if least <= seen.limit:
            return Knock(card)
        if self.power:
            now = deadwood(seen.hand)
            loose = [c for dw, c in options if dw == now - VALUES[c]]
            if loose:
                weights = [VALUES[c] ** self.power for c in loose]
                return Discard(rng.choices(loose, weights)[0])
        ties = [c for dw, c in options if dw == least and VALUES[c] == VALUES[card]]
        return Discard(rng.choice(ties))

    def __init__(self, power: int = 0) -> None:
        self.power = power


@dataclass(frozen=True, slots=True)
class Weights:
    """Normal's discard scoring: deadwood left, minus the expected gain of the next draws, plus the danger
    of the card. The draw weight is one draw ahead, no more: against players who knock early, deadwood
    now counts for more than chances later (weights between 0.6 and 1.5 measured in bench/gin.py; 1.0
    throughout the hand did best)."""

    outs: float = 1.0
    late_outs: float = 1.0
    wanted: float = 7.0
    near_wanted: float = 3.0
    refused: float = 2.0


class NormalPlayer:
    """Easy's sense plus card memory, defensive discards, and a knock rule by deadwood and stock size."""

    level = "normal"

    def __init__(self, weights: Weights | None = None, early: int = 14, slope: int = 3, known_penalty: int = 2,
                 swap: int = 0, knock_take: int = 0) -> None:
        self.weights = weights or Weights()
        self.early, self.slope, self.known_penalty = early, slope, known_penalty
        self.swap, self.knock_take = swap, knock_take

    def threshold(self, seen: Seen) -> int:
        return knock_threshold(seen.limit, seen.stock, seen.known.bit_count(), self.early, self.slope,
                               self.known_penalty)

    def choose(self, view: GinView, rng: random.Random) -> Move:
        seen = Seen.of(view)
        if view.phase is Phase.UPCARD or view.phase is Phase.DRAW:
            return TAKE if self.wants_top(seen) else (PASS if view.phase is Phase.UPCARD else DRAW)
        if deadwood(seen.hand) == 0:
            return BIG_GIN
        scored = self.rate_discards(seen)
        least = min(dw for dw, _, _ in scored)
        gin_card = next((card for dw, _, card in scored if dw == 0), None)
        if gin_card is not None:
            return Knock(gin_card)
        if least <= self.threshold(seen):
            card = min((item for item in scored if item[0] == least), key=lambda item: (item[1], item[2]))[2]
            return Knock(card)
        best = min(score for _, score, _ in scored)
        ties = sorted(card for _, score, card in scored if score - best < 1e-9)
        return Discard(rng.choice(ties))

    def wants_top(self, seen: Seen) -> bool:
        """Take the discard when it makes a meld with the hand. (Swapping a high card for a low one
        measured worse: the pick-up tells the opponent what we collect, and the stock draw may meld.)"""
        if seen.top is None:
            return False
        if useful(seen.top, seen.hand):
            return True
        if not (self.swap or self.knock_take):
            return False
        more = seen.hand | 1 << seen.top
        after = min(deadwood(more ^ 1 << c) for c in bits(seen.hand))
        if self.knock_take and after <= self.threshold(seen):
            return True
        return bool(self.swap) and deadwood(seen.hand) - after >= self.swap

    def horizon(self, seen: Seen) -> float:
        """How many more draws a hand's potential is worth: more early in the hand, fewer late."""
        w = self.weights
        return w.late_outs + (w.outs - w.late_outs) * seen.stock / 31

    def danger(self, seen: Seen, card: int) -> float:
        """How likely the opponent wants `card`, from what they took, refused and discarded."""
        w = self.weights
        score = 0.0
        if useful(card, seen.known):
            score += w.wanted
        elif NEIGHBOURS[card] & seen.wanted:
            score += w.near_wanted
        if SAME_RANK[card] & (seen.refused | seen.dropped):
            score -= w.refused
        return score * (1.0 - seen.stock / 62)  # discards matter more as the hand goes on

    def rate_discards(self, seen: Seen) -> list[tuple[int, float, int]]:
        """(deadwood left, score, card) per legal discard; lower score is a better discard."""
        horizon = self.horizon(seen)
        unseen = bits(seen.unseen)
        out: list[tuple[int, float, int]] = []
        for dw, card in best_discards(seen.hand, seen.just_taken):
            rest = seen.hand ^ 1 << card
            score = dw - horizon * expected_gain(rest, unseen) + self.danger(seen, card)
            out.append((dw, score, card))
        return out


def expected_gain(hand: int, unseen: list[int]) -> float:
    """How much one more draw from the unseen cards lowers the deadwood of `hand`, on average.

    A card that melds with the hand is tried exactly (every discard after it); any other card can only
    replace the highest deadwood card if it is lower.
    """
    if not unseen:
        return 0.0
    now = deadwood(hand)
    if not now:
        return 0.0
    highest = max((VALUES[c] for c in bits(hand) if deadwood(hand ^ 1 << c) == now - VALUES[c]), default=0)
    total = 0
    for card in unseen:
        if useful(card, hand):
            more = hand | 1 << card
            total += now - min(deadwood(more ^ 1 << c) for c in bits(more))
        elif VALUES[card] < highest:
            total += highest - VALUES[card]
    return total / len(unseen)


class HardPlayer(NormalPlayer):
    """Normal's rating refined by sampled opponent hands, and every knock decided by sampled outcomes.

    `samples` opponent hands are drawn per decision (the fixed budget); with `spread` above 1 each
    sample is the least-deadwood hand of `spread` draws, a crude model of an opponent who has been
    keeping good cards (uniform draws hold far more deadwood than a real hand mid-way). The danger of
    a discard is judged on `danger_samples` weighted hands (see `sample_hands`), or on the particles
    with `particle_danger`, each point of chance costing `danger` points. Knock decisions play out
    `playouts` hands to the end of the hand with normal's rules for both sides; with `rule_knock` the
    knock follows normal's threshold instead. The knocks' hands come from the particle filter
    (`particles` of them under `model`, see `particle_hands`), with the playouts spread over them by
    weight (`resample`); the filter runs only when a knock is legal (or for the danger). With
    `discard_playouts` above 0 the best `candidates` discards are also compared by that many paired
    playouts each, the rating's order counting `prior` points per rank. That is off by default:
    measured in bench/gin.py it lost clearly to normal (the playouts' simple policy against sampled
    hands misjudges which card to keep).
    """

    level = "hard"

    def __init__(self, samples: int = 32, playouts: int = 16, candidates: int = 3, danger: float = 9.0,
                 discard_playouts: int = 0, spread: int = 1, rule_knock: int = 0,
                 prior: float = 0.0, swap: int = 0, knock_take: int = 0, danger_samples: int = 300,
                 refuse_weight: float = 0.1, drop_weight: float = 0.1, particles: int = 1000,
                 model: Model | None = None, particle_danger: bool = False, particle_budget: int = 10_000) -> None:
        super().__init__(swap=swap, knock_take=knock_take)
        from games.gin.inference import Model  # inference builds on this module's meld tests

        self.particles = particles
        self.particle_budget = particle_budget
        self.particle_danger = particle_danger
        self.model = model or Model()
        self.danger_samples = danger_samples
        self.refuse_weight = refuse_weight
        self.drop_weight = drop_weight
        self.samples = samples
        self.playouts = playouts
        self.candidates = candidates
        self.sample_danger = danger
        self.discard_playouts = discard_playouts
        self.spread = spread
        self.rule_knock = rule_knock
        self.prior = prior

    def choose(self, view: GinView, rng: random.Random) -> Move:
        if view.phase is not Phase.DISCARD:
            return super().choose(view, rng)
        seen = Seen.of(view)
        if deadwood(seen.hand) == 0:
            return BIG_GIN
        scored = self.rate_discards(seen)
        gin_card = next((card for dw, _, card in scored if dw == 0), None)
        if gin_card is not None:
            return Knock(gin_card)
        least, knock_card = min((dw, card) for dw, card in best_discards(seen.hand, seen.just_taken))
        can_knock = least <= seen.limit
        # One particle set per decision serves the danger and the knock alike (the filter is the cost).
        wanted = self.particles and (self.particle_danger or (can_knock and not self.rule_knock))
        particles = self.particle_hands(view, rng) if wanted else None
        samples = particles if particles and self.particle_danger else self.sample_hands(seen, rng)
        ranked = sorted(scored, key=lambda item: (item[1], item[2]))[: self.candidates]
        rated = sorted((score + self.sample_danger * self.take_chance(card, samples) * (1 - seen.stock / 62), card)
                       for _, score, card in ranked)
        if not self.discard_playouts:
            discard = rated[0][1]
            if can_knock and self.rule_knock:
                if least <= self.threshold(seen):
                    return Knock(knock_card)
                return Discard(discard)
            if can_knock and self.knock_pays(seen, knock_card, discard, particles or samples, rng):
                return Knock(knock_card)
            return Discard(discard)
        if can_knock and self.rule_knock and least <= self.threshold(seen):
            return Knock(knock_card)
        trials = resample(samples, self.discard_playouts, rng)
        seeds = [rng.random() for _ in trials]
        total = sum(weight for weight, _, _ in trials)
        best_card, best_value = rated[0][1], -1e9
        for rank, (_, card) in enumerate(rated):
            after = seen.hand ^ 1 << card
            value = sum(weight * playout(after, opp, stock, card, seen.limit, seen.doubled, random.Random(seed))
                        for (weight, opp, stock), seed in zip(trials, seeds, strict=True)) / total
            value -= self.prior * rank  # a rating's order stands unless the playouts clearly disagree
            if value > best_value + 1e-9:
                best_card, best_value = card, value
        if can_knock and not self.rule_knock:
            laid = seen.hand ^ 1 << knock_card
            knock_value = sum(weight * knock_points(laid, opp, seen.doubled) for weight, opp, _ in trials) / total
            if knock_value >= best_value:
                return Knock(knock_card)
        return Discard(best_card)

    def particle_count(self, view: GinView) -> int:
        """`particles`, fewer once the opponent has discarded more than `particle_budget / particles` times.

        The filter's work grows with each discard it replays, for every particle (bench/gin.py times it).
        Bounding it by a public count keeps every decision well inside the computer's fixed delay, so
        a long pause never tells that a knock was legal (the filter runs only then)."""
        assert view.seat is not None
        discards = sum(1 for e in view.history if e.seat != view.seat and e.action is Action.DISCARD)
        return max(1, min(self.particles, self.particle_budget // max(1, discards)))

    def particle_hands(self, view: GinView, rng: random.Random) -> list[tuple[float, int, list[int]]] | None:
        """The particle filter's weighted hands (`particles` of them, `games.gin.inference`), or None for a
        position set up by hand, whose history is not a played one (the independent samples stand in).

        Why particles: with a sharp model of a sensible player's discards they hold about a real hand's
        deadwood, which is what an undercut turns on, and they predict which discard the opponent can
        use better than hands sampled card by card (see the module's figures)."""
        from games.gin.inference import Inconsistent, infer

        try:
            return [(p.weight, p.hand, p.stock) for p in infer(view, self.particle_count(view), rng, self.model)]
        except Inconsistent:
            return None

    def sample_hands(self, seen: Seen, rng: random.Random) -> list[tuple[float, int, list[int]]]:
        """(weight, opponent hand, stock top first) consistent with the view, `danger_samples` of them
        (at least `samples`; the knock playouts use the first `playouts`).

        The weights are the opponent model: a top they left (drew from the stock or passed, GR-4,
        GR-5) or a card they discarded would have made a meld with a sampled hand means that hand is
        unlikely, since a player takes a card that melds and keeps melded cards. Each such card
        multiplies the weight by `refuse_weight` or `drop_weight`. Cards they took and still hold are
        in every sample.
        """
        unseen = bits(seen.unseen)
        need = 10 - seen.known.bit_count()
        out: list[tuple[float, int, list[int]]] = []
        for _ in range(max(self.samples, self.danger_samples) * self.spread):
            rng.shuffle(unseen)
            hand = seen.known
            for card in unseen[:need]:
                hand |= 1 << card
            weight = 1.0
            for card in bits(seen.refused):
                if useful(card, hand):
                    weight *= self.refuse_weight
            for card in bits(seen.dropped & ~seen.refused):
                if useful(card, hand):
                    weight *= self.drop_weight
            out.append((weight, hand, list(unseen[need : need + seen.stock])))
        if self.spread > 1:  # a hand kept by a sensible player: the least deadwood of each group drawn
            groups = [out[i : i + self.spread] for i in range(0, len(out), self.spread)]
            out = [min(group, key=lambda item: deadwood(item[1])) for group in groups]
        return out

    @staticmethod
    def take_chance(card: int, samples: list[tuple[float, int, list[int]]]) -> float:
        total = sum(weight for weight, _, _ in samples)
        return sum(weight for weight, hand, _ in samples if useful(card, hand)) / total

    def knock_pays(self, seen: Seen, knock_card: int, discard: int, samples: list[tuple[float, int, list[int]]],
                   rng: random.Random) -> bool:
        """Knock when its exact value against the sampled hands beats playing the hand on."""
        laid = seen.hand ^ 1 << knock_card
        total = knock_value = play_value = 0.0
        for weight, opp, stock in resample(samples, self.playouts, rng):
            knock_value += weight * knock_points(laid, opp, seen.doubled)
            after = seen.hand ^ 1 << discard
            play_value += weight * playout(after, opp, stock, discard, seen.limit, seen.doubled, rng)
            total += weight
        return knock_value >= play_value


def resample(samples: list[tuple[float, int, list[int]]], count: int,
             rng: random.Random) -> list[tuple[float, int, list[int]]]:
    """`count` of the weighted hands, each picked with its weight's chance (systematic), weight 1 each:
    the playouts go where the weight is instead of to whichever hands come first."""
    total = sum(weight for weight, _, _ in samples)
    if not samples or count <= 0 or total <= 0:
        return samples[:count]
    step = total / count
    point = rng.random() * step
    out: list[tuple[float, int, list[int]]] = []
    running = 0.0
    for weight, hand, stock in samples:
        running += weight
        while point < running and len(out) < count:
            out.append((1.0, hand, stock))
            point += step
    while len(out) < count:
        out.append((1.0, samples[-1][1], samples[-1][2]))
    return out


def knock_points(laid: int, opponent: int, doubled: bool) -> int:
    """The knocker's signed score for laying out `laid` (10 cards) against `opponent` (GR-8, GR-9, D-GR-3)."""
    gin = deadwood(laid) == 0
    melds, defence = knocker_arrangement(laid, opponent, gin)
    mine = sum(VALUES[c] for c in bits(laid & ~melded_mask(melds)))
    score = score_hand(mine, defence.deadwood, HandEnd.GIN if gin else HandEnd.KNOCK, doubled)
    return score.points if score.knocker_wins else -score.points


def _rollout_knock(hand: int, opponent: int, doubled: bool) -> int:
    """Like `knock_points`, faster: the first least-deadwood arrangement, lay-offs counted exactly."""
    from games.gin.melds import best_arrangement

    gin = deadwood(hand) == 0
    melds = best_arrangement(hand)
    defence = defend(opponent, melds, allow_layoffs=not gin)
    score = score_hand(deadwood(hand), defence.deadwood, HandEnd.GIN if gin else HandEnd.KNOCK, doubled)
    return score.points if score.knocker_wins else -score.points


def playout(mine: int, theirs: int, stock: list[int], top: int, limit: int, doubled: bool,
            rng: random.Random) -> int:
    """Play the rest of a hand after our discard of `top`, both sides by normal's simple rules.

    Returns our signed score (0 for a drawn hand, GR-10). The pile below `top` is not tracked: a
    card taken from it twice in a row is rare enough not to matter to an estimate.
    """
    hands = [mine, theirs]
    turn = 1
    pile = [top]
    stock = list(stock)
    known = [0, 0]
    takes = 0
    while len(stock) > 2:
        hand = hands[turn]
        taken: int | None = None
        if pile and useful(pile[-1], hand):
            takes += 1
            if takes > MAX_DISCARD_TAKES:  # D-GR-9: two hands trading discards for ever draw the hand
                return 0
            taken = pile.pop()
            hand |= 1 << taken
            known[turn] |= 1 << taken
        else:
            hand |= 1 << stock.pop(0)
        options = best_discards(hand, taken)
        least, card = options[0]
        if least == 0 or least <= knock_threshold(limit, len(stock), known[1 - turn].bit_count()):
            points = _rollout_knock(hand ^ 1 << card, hands[1 - turn], doubled)
            return points if turn == 0 else -points
        hands[turn] = hand ^ 1 << card
        known[turn] &= ~(1 << card)
        pile.append(card)
        turn = 1 - turn
    return 0


EASY_POWER = 3  # the easy level's discard weighting (EasyPlayer): high cards thrown, now and then a chance


def easy_player() -> EasyPlayer:
    """The "easy" level: easy's rules with the discard weighted by value cubed."""
    return EasyPlayer(power=EASY_POWER)


LEVELS: dict[str, Callable[[], EasyPlayer | NormalPlayer]] = {
    "easy": easy_player,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}


def computer_player(level: str) -> EasyPlayer | NormalPlayer:
    """A computer player for one of `ENGINE.levels`."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose easy, normal or hard") from None
