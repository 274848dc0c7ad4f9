"""The opponent's hidden Gin hand, inferred by replaying their public history (a particle filter).

Every particle is one story of the opponent's hand: which ten cards they were dealt and which card
each of their stock draws brought, drawn from the cards that could have been theirs. The particle's
hand is replayed through the opponent's public events of the hand (GR-4 take or pass the upcard,
GR-5 stock or discard, the card discarded, the knock not made) and weighted by how likely a player
like the normal level would have made each choice with it:

- a top that would have made a meld with the hand is taken (`take_miss` the chance it was left,
  `take_odd` the chance a top that melds with nothing was taken);
- the discard is one of the least-deadwood discards: each option's chance is proportional to
  exp(-`sharpness` * the deadwood it leaves above the least);
- a discard that left a knock within the knock rule (`knock_threshold`) was a knock not made
  (`knock_miss`).

What the opponent's hand must hold is forced, not hoped for: a card they discarded that nobody saw
before came from their deal or a stock draw no later than that discard, so each particle places such
cards by their deadline (earliest first, only when the slots left demand it) and its weight is
corrected for the forcing, which keeps the sampling unbiased for a uniformly shuffled deck. When the
weights concentrate (effective size below `resample` of the count) the particles are resampled, and later stock draws
spread the copies again. The budget is the particle count and the randomness comes from the `rng`
given, so the result is deterministic.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from games.bits import bits
from games.gin.ai import knock_threshold, useful
from games.gin.cards import FULL, mask_of
from games.gin.melds import deadwood_after_each
from games.gin.views import Action, GinView

INITIAL_STOCK = 31  # GR-3: 52 cards, two hands of ten, the upcard


class Inconsistent(ValueError):
    """The view's history cannot be replayed (a position built by hand rather than played)."""


@dataclass(frozen=True, slots=True)
class Model:
    """How closely the opponent is assumed to follow the normal level's habits (see the module)."""

    # A discard leaving one point above the least is e^2 (about 7) times less likely than the least:
    # a player who throws their worst card. With 0.15 the particles held 13 points too much deadwood.
    sharpness: float = 2.0
    take_miss: float = 0.15
    take_odd: float = 0.15
    knock_miss: float = 0.3
    resample: float = 0.3


@dataclass(frozen=True, slots=True)
class Particle:
    """One weighted guess: the opponent's hand now and the unseen cards left for the stock, shuffled."""

    weight: float
    hand: int
    stock: list[int]


def infer(view: GinView, count: int, rng: random.Random, model: Model | None = None) -> list[Particle]:
    """`count` weighted particles for the opponent's hand (weights sum to 1), from `view` only.

    Raises `Inconsistent` when the history does not add up to the opponent's card count."""
    model = model or Model()
    assert view.seat is not None
    me, opp = view.seat, 1 - view.seat
    hand = mask_of(view.hand)
    known = mask_of(view.known[opp])
    upcard = mask_of((view.upcard,)).bit_length() - 1
    events = [(e.seat, e.action, mask_of((e.card,)).bit_length() - 1 if e.card is not None else -1)
              for e in view.history]

    # Cards first seen as the opponent's discard were theirs privately; each one's deadline is the
    # slot (0 the deal, k the k-th stock draw) it must have arrived by.
    seen_cards = 1 << upcard
    deadline: dict[int, int] = {}
    slot = 0
    for seat, action, card in events:
        if seat == opp and action is Action.DRAW:
            slot += 1
        if card >= 0 and not seen_cards >> card & 1:
            seen_cards |= 1 << card
            if seat == opp and action is Action.DISCARD:
                deadline[card] = slot
    required = sum(1 << c for c in deadline)
    unseen = FULL & ~hand & ~mask_of(view.discard) & ~known & ~required
    pool = bits(unseen | required)
    by_deadline = sorted(deadline, key=lambda c: (deadline[c], c))

    hands = [0] * count
    placed = [0] * count
    logw = [0.0] * count

    def arrive(i: int, size: int, at: int) -> None:
        """Place `size` cards in particle i at slot `at`: the ones its deadlines demand, the rest at random."""
        left = [c for c in by_deadline if not placed[i] >> c & 1]
        must = 0
        for k, card in enumerate(left):  # earliest deadline first: slots after this one hold one card each
            must = max(must, k + 1 - (deadline[card] - at))
        must = max(0, min(must, len(left), size))
        chosen = left[:must]
        for card in chosen:
            placed[i] |= 1 << card
            hands[i] |= 1 << card
        if at > 0 and must:
            free = sum(1 for c in pool if not placed[i] >> c & 1) + must
            logw[i] -= math.log(free)  # the forced arrival's prior chance against the proposal's 1
        candidates = [c for c in pool if not placed[i] >> c & 1]
        for card in rng.sample(candidates, size - must):
            placed[i] |= 1 << card
            hands[i] |= 1 << card

    for i in range(count):
        arrive(i, 10, 0)

    pile = [upcard]
    stock = INITIAL_STOCK
    taken_by = [0, 0]  # cards each seat took from the pile and still holds (public)
    slot = 0
    previous: Action | None = None
    limit = view.knock_limit
    just: int | None = None
    for seat, action, card in events:
        if seat != opp:
            if action is Action.DISCARD:
                pile.append(card)
                taken_by[me] &= ~(1 << card)
            elif action is Action.TAKE:
                if not pile:
                    raise Inconsistent("a card was taken from an empty pile")
                pile.pop()
                taken_by[me] |= 1 << card
            elif action is Action.DRAW:
                stock -= 1
            previous = action
            continue
        if not pile and action in (Action.PASS, Action.TAKE, Action.DRAW):
            raise Inconsistent("the opponent drew on an empty pile")
        if action in (Action.PASS, Action.TAKE) or (action is Action.DRAW and previous is not Action.PASS):
            top = pile[-1]
            took = action is Action.TAKE
            for i in range(count):
                fits = useful(top, hands[i])
                p = (1 - model.take_miss if took else model.take_miss) if fits else \
                    (model.take_odd if took else 1 - model.take_odd)
                logw[i] += math.log(p)
        if action is Action.TAKE:
            pile.pop()
            taken_by[opp] |= 1 << card
            just = card
            for i in range(count):
                hands[i] |= 1 << card
        elif action is Action.DRAW:
            stock -= 1
            slot += 1
            just = None
            for i in range(count):
                before = placed[i]
                arrive(i, 1, slot)
                hands[i] |= placed[i] & ~before
        elif action is Action.DISCARD:
            threshold = knock_threshold(limit, stock, taken_by[me].bit_count())
            for i in range(count):
                h = hands[i]
                if not h >> card & 1:  # cannot happen with forced arrivals; a guard, not a path
                    logw[i] = -math.inf
                    continue
                after = deadwood_after_each(h)
                options = [dw for c, dw in after.items() if c != just]
                least = min(options)
                chosen = after[card]
                total = sum(math.exp(-model.sharpness * (dw - least)) for dw in options)
                logw[i] += -model.sharpness * (chosen - least) - math.log(total)
                if least <= threshold:
                    logw[i] += math.log(model.knock_miss)
                hands[i] = h ^ 1 << card
            pile.append(card)
            taken_by[opp] &= ~(1 << card)
            just = None
            _resample(hands, placed, logw, rng, model.resample)
        previous = action

    if any(h.bit_count() != view.hand_counts[opp] for h in hands):
        raise Inconsistent("the replayed hand does not have the opponent's card count")
    top_log = max(logw)
    weights = [math.exp(w - top_log) if w > -math.inf else 0.0 for w in logw]
    total = sum(weights) or 1.0
    out = []
    for i in range(count):
        rest = [c for c in pool if not placed[i] >> c & 1]
        rng.shuffle(rest)
        out.append(Particle(weights[i] / total, hands[i], rest))
    return out


def _resample(hands: list[int], placed: list[int], logw: list[float], rng: random.Random, below: float) -> None:
    """Systematic resampling in place when the effective sample size falls below half the particles."""
    count = len(logw)
    top = max(logw)
    if top == -math.inf:
        return
    weights = [math.exp(w - top) for w in logw]
    total = sum(weights)
    ess = total * total / sum(w * w for w in weights)
    if ess >= count * below:
        return
    step = total / count
    point = rng.random() * step
    picks: list[int] = []
    running = 0.0
    j = 0
    for i in range(count):
        running += weights[i]
        while point < running and len(picks) < count:
            picks.append(i)
            point += step
        j = i
    while len(picks) < count:
        picks.append(j)
    hands[:] = [hands[i] for i in picks]
    placed[:] = [placed[i] for i in picks]
    logw[:] = [0.0] * count


def effective_size(particles: list[Particle]) -> float:
    """1 / sum of squared weights: how many equal particles the weighted set is worth."""
    return 1.0 / sum(p.weight * p.weight for p in particles)

