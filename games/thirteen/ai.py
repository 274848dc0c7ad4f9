"""Computer players for Thirteen (ai-notes §3): easy, normal (hand decomposition) and hard (Monte Carlo).

All three implement `choose(view, rng) -> Move` and see only a `ThirteenView`; every random choice
comes from the `rng` they are given, so a seeded game replays exactly.

- easy: the lowest combination that beats; at a lead, the longest combination holding the lowest card;
  bombs only onto 2s. No memory, no planning.
- normal: splits the hand into combinations that need the fewest turns in control (a DP over rank
  counts, cached), keeps 2s and bombs for control, blocks a player close to going out and counts the
  unseen cards for its last plays (ai-notes §3.2).
- hard: normal's best few candidates, each played out to the end of the game over sampled deals of
  the unseen cards (determinized Monte Carlo, ai-notes §3.2), within an iteration and a time budget.
  Deals are redrawn when they contradict the round's passes; playouts run on `ai_rollout.Table`, a
  bitmask copy of the rules without views or log text, with normal's cached policy for every seat;
  normal's candidates come one per rank shape from `ai_shapes`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from games.cards import Card
from games.thirteen.ai_rollout import Table
from games.thirteen.ai_shapes import shape_plays
from games.thirteen.combos import Combo, ComboKind, all_combos, beating_combos, can_beat, classify
from games.thirteen.moves import PASS, Move, Play
from games.thirteen.options import Options
from games.thirteen.order import ACE, CARDS, FULL_DECK, TWO, lowest_of, mask_of, nibble, rank_of, value
from games.thirteen.views import ThirteenView

TWOS_MASK = 0xF << (TWO * 4)


@dataclass(frozen=True, slots=True)
class Situation:
    """What a policy needs to decide, built from a view (or, in rollouts, from a sampled state)."""

    hand: int
    table: Combo | None
    forced: int | None
    window: bool  # passed, so only a bomb on a 2 is allowed (TL-8.8)
    unseen: int  # cards neither in this hand nor played: the others' hands and undealt cards
    opponents: tuple[int, ...]  # card counts of the other players still in, clockwise from this seat
    options: Options

    def legal_masks(self) -> list[int]:
        """The plays the engine would accept (pass aside), from the same rule functions."""
        if self.table is None:
            masks = all_combos(self.hand)
            if self.forced is not None:
                masks = [m for m in masks if m >> self.forced & 1]
            return masks
        return beating_combos(self.hand, self.table, self.options, self.window)


_VALUE_BY_ID = {id(card): v for v, card in enumerate(CARDS)}


def _cards_mask(cards: tuple[Card, ...]) -> int:
    """`mask_of` for a view's cards, which are `order.CARDS`' own objects (`cards_of` builds views).

    Looking them up by identity skips hashing each card (a dataclass of enums, hashed in Python), which
    was most of a normal decision; any other object falls back to `mask_of`.
    """
    mask = 0
    for card in cards:
        v = _VALUE_BY_ID.get(id(card))
        if v is None or CARDS[v] is not card:
            return mask_of(cards)
        mask |= 1 << v
    return mask


def situation_of(view: ThirteenView) -> Situation:
    """The policy's input from a seat's view."""
    if view.seat is None:
        raise ValueError("a computer player needs a seat's view, not the public one")
    hand = _cards_mask(view.hand)
    played = _cards_mask(view.played)
    table = classify(_cards_mask(view.table.cards)) if view.table is not None else None
    seat = view.seat
    opponents = tuple(
        view.hand_counts[(seat + k) % view.players]
        for k in range(1, view.players)
        if view.hand_counts[(seat + k) % view.players]
    )
    return Situation(
        hand=hand,
        table=table,
        forced=value(view.must_include) if view.must_include is not None else None,
        window=view.in_bomb_window,
        unseen=FULL_DECK & ~hand & ~played,
        opponents=opponents,
        options=view.options,
    )


def _to_move(mask: int) -> Move:
    return Play(mask) if mask else PASS


# Easy -------------------------------------------------------------------------------------------


class EasyPlayer:
    """The lowest combination that beats; bombs only onto 2s (the common "simple AI", ai-notes §3.1)."""

    level = "easy"

    def choose(self, view: ThirteenView, rng: random.Random) -> Move:
        return _to_move(easy_policy(situation_of(view)))


def easy_policy(s: Situation) -> int:
    """The mask to play, or 0 to pass."""
    masks = s.legal_masks()
    if s.table is None:
        low = lowest_of(s.hand) if s.forced is None else s.forced
        holding = [m for m in masks if m >> low & 1 and not _is_bomb(m)]
        return max(holding or masks, key=lambda m: (m.bit_count(), -m))
    if not s.table.is_twos and not s.table.is_bomb:
        masks = [m for m in masks if not _is_bomb(m)]
    return min(masks, key=lambda m: m.bit_length()) if masks else 0


# Hand decomposition -----------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def rank_counts(mask: int) -> int:
    """Cards per rank, 3 bits a rank: the decomposition ignores suits, so equal shapes share a plan."""
    counts = 0
    for r in range(13):
        n = (mask >> (r << 2) & 0xF).bit_count()
        if n:
            counts |= n << (3 * r)
    return counts


def _strength(rank: int) -> float:
    return (rank / TWO) ** 3


# Cost of holding one combination: about one turn in control, less for those hard to beat (ai-notes §3.2).
SET_COST = tuple(
    (0.0, 1.0 - 0.7 * _strength(r), 1.0 - 0.8 * _strength(r), 0.8 - 0.5 * _strength(r), -0.3) for r in range(13)
)
BOMB_COST = -0.3


def _run_cost(length: int, top: int) -> float:
    return max(0.2, 1.0 - 0.4 * (top / ACE) ** 2 - 0.08 * (length - 3))


@lru_cache(maxsize=1 << 18)
def plan_cost(counts: int) -> float:
    """Minimum total cost of splitting a hand (given as rank counts) into TL-5 combinations.

    DFS on the lowest rank present: it must be covered by a set of that rank or a run starting there.
    """
    if counts == 0:
        return 0.0
    r = 0
    while not (counts >> (3 * r)) & 7:
        r += 1
    n = (counts >> (3 * r)) & 7
    best = math.inf
    for k in range(1, n + 1):
        best = min(best, SET_COST[r][k] + plan_cost(counts - (k << (3 * r))))
    if r <= ACE - 2:
        for per_rank in (1, 2):
            taken = 0
            for s in range(r, ACE + 1):
                if (counts >> (3 * s)) & 7 < per_rank:
                    break
                taken += per_rank << (3 * s)
                length = s - r + 1
                if length >= 3:
                    cost = _run_cost(length, s) if per_rank == 1 else BOMB_COST
                    best = min(best, cost + plan_cost(counts - taken))
    return best


# Normal -----------------------------------------------------------------------------------------

CONTROL_PENALTY = 0.6  # spending a 2 or a bomb early gives up control for later (ai-notes §3.2 point 4)
ENDGAME_PLAN = 2.5  # with a plan this cheap, control cards are spent freely (§3.2.4: "when ≤ 2 combos remain")
URGENT_CARDS = 2  # an opponent this close to going out must be blocked (§3.2.3)


def _is_boss(combo: Combo, unseen: int) -> bool:
    """No unseen cards could make a higher combination of this kind (approximate card memory, §3.2.6)."""
    if combo.kind is ComboKind.SINGLE:
        return unseen >> (combo.top + 1) == 0
    if combo.kind in (ComboKind.PAIR, ComboKind.TRIPLE, ComboKind.QUAD):
        low = rank_of(combo.top)
        for r in range(low, TWO + 1):
            nib = nibble(unseen, r)
            if nib.bit_count() >= combo.size and (r > low or nib >> ((combo.top & 3) + 1)):
                return False
        return True
    return rank_of(combo.top) == ACE and unseen >> (combo.top + 1) & ~TWOS_MASK == 0


def score_moves(s: Situation) -> list[tuple[float, int]]:
    """(score, mask) per candidate, lower is better; mask 0 is a pass. One mask per rank shape.

    Only what the scores read goes into the cached call: the unseen cards matter only at a lead and
    the opponents only through the closest one's count up to URGENT_CARDS + 1. Playouts meet the same
    positions again and again (every candidate is played out on the same deals), so this cache is
    what makes the hard player's budget affordable.
    """
    closest = min(s.opponents) if s.opponents else 13
    if s.table is None:
        return list(_scored(s.hand, None, s.forced, False, s.unseen, min(closest, URGENT_CARDS + 1), s.options))
    return list(_scored(s.hand, s.table, None, s.window, 0, min(closest, URGENT_CARDS + 1), s.options))


@lru_cache(maxsize=1 << 17)
def _scored(
    hand: int, table: Combo | None, forced: int | None, window: bool, unseen: int, closest: int, options: Options
) -> tuple[tuple[float, int], ...]:
    s = Situation(hand, table, forced, window, unseen, (), options)
    shapes = {rank_counts(m): m for m in shape_plays(hand, table, forced, window, options)}
    hand_counts = rank_counts(s.hand)
    before = plan_cost(hand_counts)
    urgent = closest <= URGENT_CARDS or before <= ENDGAME_PLAN
    scored: list[tuple[float, int]] = []
    for shape, m in shapes.items():
        rest = s.hand & ~m
        combo = classify(m)
        assert combo is not None
        if not rest:
            loses = s.options.two_finish_loses and m & TWOS_MASK
            scored.append((5.0 if loses else -100.0, m))
            continue
        score = plan_cost(hand_counts - shape)
        control = combo.is_bomb or bool(m & TWOS_MASK)
        chop = s.table is not None and combo.is_bomb and (s.table.is_twos or s.table.is_bomb)
        if control and not urgent and not chop:
            score += CONTROL_PENALTY
        if s.table is None:
            if closest == 1 and combo.kind is ComboKind.SINGLE and not _is_boss(combo, s.unseen):
                score += 1.5  # don't feed a player waiting on one card (§3.2.5)
            if rest.bit_count() <= 4 and _is_boss(combo, s.unseen):
                score -= 0.5  # last combos: take control with the unbeatable one first
        elif urgent:
            score -= 0.2 * (combo.top / 51)  # block with the highest we have
        scored.append((score, m))
    if s.table is not None:
        scored.append((before + (1.5 if urgent else 0.0), 0))
    scored.sort(key=lambda item: (item[0], -item[1].bit_count(), item[1]))
    return tuple(scored)


def normal_policy(s: Situation) -> int:
    """Normal's choice as a mask (0 = pass)."""
    return score_moves(s)[0][1]


class NormalPlayer:
    """Hand decomposition with control, blocking and card counting (ai-notes §3.2)."""

    level = "normal"

    def choose(self, view: ThirteenView, rng: random.Random) -> Move:
        return _to_move(normal_policy(situation_of(view)))


# Hard -------------------------------------------------------------------------------------------

FIRST_BONUS = 1.0  # a playout won counts this much on top of its place points: the target is first places
PRIOR = 0.1  # place points per sample credited to normal's own choice, so noise alone never overrules it
SAMPLE_TRIES = 24  # deals drawn per sample before settling for the one that best fits the passes seen
SOFT_REJECT = 0.7  # chance to redraw a deal in which a seat passed although normal play would have beaten


@dataclass(frozen=True, slots=True)
class PassSeen:
    """A seat passed this round on `table` (TL-9): what that says about its hand.

    An automatic pass (D-TL-4) proves the seat held nothing that beats `table`; hands only shrink, so it
    still holds nothing. A chosen pass is soft evidence: the seat probably had no play it wanted.
    `since` holds the cards it played afterwards this round (a bomb in a window, TL-8.8), which were
    in its hand when it passed.
    """

    seat: int
    table: Combo
    auto: bool
    since: int


def passes_seen(view: ThirteenView) -> list[PassSeen]:
    """The other seats' first passes of the current round, each with the combination it declined."""
    seen: dict[int, tuple[Combo, bool]] = {}
    since: dict[int, int] = {}
    table = None
    for turn in view.history:
        if isinstance(turn.move, Play):
            table = classify(turn.move.mask)
            if turn.seat in seen:
                since[turn.seat] = since.get(turn.seat, 0) | turn.move.mask
        elif table is not None and turn.seat != view.seat and turn.seat not in seen:
            seen[turn.seat] = (table, turn.auto)
    return [PassSeen(seat, combo, auto, since.get(seat, 0)) for seat, (combo, auto) in seen.items()]


def _misfits(hands: list[int], evidence: list[PassSeen], s: Situation, played: int) -> tuple[int, int]:
    """(hard, soft) contradictions between sampled hands and the passes seen."""
    hard = soft = 0
    for p in evidence:
        hand = hands[p.seat] | p.since
        if can_beat(hand, p.table, s.options):
            if p.auto:
                hard += 1
            else:
                them = Situation(hand, p.table, None, False, FULL_DECK & ~hand & ~played, s.opponents, s.options)
                soft += normal_policy(them) != 0
    return hard, soft


def sample_hands(view: ThirteenView, s: Situation, evidence: list[PassSeen], rng: random.Random) -> list[int]:
    """Hands for every seat consistent with the view: the unseen cards dealt at random to the others.

    Deals contradicting an automatic pass are redrawn; one contradicting a chosen pass is redrawn with
    probability SOFT_REJECT per contradiction, since passing is allowed with a play in hand (TL-7).
    """
    assert view.seat is not None
    pool = [v for v in range(52) if s.unseen >> v & 1]
    played = FULL_DECK & ~s.hand & ~s.unseen
    best: list[int] = []
    best_fit = (99, 99)
    for _ in range(SAMPLE_TRIES):
        rng.shuffle(pool)
        hands, at = [], 0
        for seat, count in enumerate(view.hand_counts):
            if seat == view.seat:
                hands.append(s.hand)
                continue
            mask = 0
            for v in pool[at : at + count]:
                mask |= 1 << v
            hands.append(mask)
            at += count
        if not evidence:
            return hands
        hard, soft = _misfits(hands, evidence, s, played)
        if not hard and all(rng.random() >= SOFT_REJECT for _ in range(soft)):
            return hands
        if (hard, soft) < best_fit:
            best, best_fit = hands, (hard, soft)
    return best


def table_of(view: ThirteenView) -> Table:
    """The rule state a view shows, hands left empty for the sampler (who declined a window is unseen)."""
    assert view.to_move is not None
    combo = classify(_cards_mask(view.table.cards)) if view.table is not None else None
    return Table(
        hands=[0] * view.players,
        played=_cards_mask(view.played),
        combo=combo,
        leader=view.table.seat if view.table is not None else -1,
        passed=sum(1 << seat for seat in view.passed),
        declined=0,
        on_two=view.table is not None and view.table.on_two and combo is not None and not combo.is_twos,
        places=[p or 0 for p in view.places],
        forced=value(view.must_include) if view.must_include is not None else None,
        turn=view.to_move,
        options=view.options,
    )


def normal_at(table: Table, seat: int) -> int:
    """Normal's choice for `seat` in a playout, straight from the cached scores (as `score_moves` keys them)."""
    hands = table.hands
    hand = hands[seat]
    n = len(hands)
    closest = URGENT_CARDS + 1
    for k in range(1, n):
        count = hands[(seat + k) % n].bit_count()
        if count and count < closest:
            closest = count
    if table.combo is None:
        unseen = FULL_DECK & ~hand & ~table.played
        return _scored(hand, None, table.forced, False, unseen, closest, table.options)[0][1]
    window = bool(table.passed >> seat & 1)
    return _scored(hand, table.combo, None, window, 0, closest, table.options)[0][1]


class HardPlayer:
    """Normal's top candidates compared by playouts over sampled deals of the unseen cards (ai-notes §3.2).

    Each sample deals the unseen cards to the other seats, redrawing deals that contradict the passes
    of the current round, then plays every candidate to the end with normal play for all seats (common
    random numbers: every candidate meets the same deals). A candidate scores its place points plus
    FIRST_BONUS for a win (the aim is first places, and place points alone rate a safe second nearly
    as high); normal's own choice gets a small PRIOR so that sampling noise alone does not overrule
    it. Half way through, only the `finalists` best candidates go on being played out.

    `iterations` (sampled deals) is the budget that makes decisions reproducible on any machine;
    `time_budget` (seconds, None for none) is only a cap for a slow or loaded machine. The clock is
    injectable; the engine itself never reads one.
    """

    level = "hard"

    def __init__(
        self,
        iterations: int = 40,
        time_budget: float | None = 0.8,
        candidates: int = 5,
        clock: Callable[[], float] = time.perf_counter,
        first_bonus: float = FIRST_BONUS,
        finalists: int = 2,
    ) -> None:
        self.iterations = iterations
        self.time_budget = time_budget
        self.candidates = candidates
        self.clock = clock
        self.first_bonus = first_bonus
        self.finalists = finalists

    def choose(self, view: ThirteenView, rng: random.Random) -> Move:
        s = situation_of(view)
        ranked = score_moves(s)
        if len(ranked) == 1 or ranked[0][0] <= -100.0:
            return _to_move(ranked[0][1])
        return _to_move(self.search(view, s, [m for _, m in ranked[: self.candidates]], rng))

    def search(self, view: ThirteenView, s: Situation, options: list[int], rng: random.Random) -> int:
        """The candidate with the best mean playout score (see the class docstring).

        After half the samples only the `finalists` best go on, so the close decisions get the most
        playouts (successive halving); every survivor meets every deal, so their totals stay comparable.
        """
        seat = view.seat
        assert seat is not None
        root = table_of(view)
        evidence = passes_seen(view)
        totals = [0.0] * len(options)
        live = list(range(len(options)))
        start = self.clock()
        samples = 0

        def ranked() -> list[int]:
            prior = PRIOR * samples
            return sorted(live, key=lambda i: (-(totals[i] + (prior if i == 0 else 0.0)), i))

        while samples < self.iterations:
            if samples == self.iterations // 2:
                live = ranked()[: self.finalists]
            samples += 1
            root.hands = sample_hands(view, s, evidence, rng)
            for i in live:
                table = root.copy()
                table.move(options[i])
                place = table.finish(normal_at)[seat]
                totals[i] += view.players - place + (self.first_bonus if place == 1 else 0.0)
            if self.time_budget is not None and self.clock() - start > self.time_budget:
                break
        return options[ranked()[0]]


def _is_bomb(mask: int) -> bool:
    """A legal mask is always a combination; anything else is not a bomb."""
    combo = classify(mask)
    return combo is not None and combo.is_bomb


LEVELS: dict[str, Callable[[], EasyPlayer | NormalPlayer | HardPlayer]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}


def computer_player(level: str) -> EasyPlayer | NormalPlayer | HardPlayer:
    """A computer player for one of `ENGINE.levels`."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose easy, normal or hard") from None
