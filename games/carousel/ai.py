"""Carousel computer players (ai-notes §4). Each sees only its `CarouselView` and returns a move the
engine's own check accepts: meld steps come from the lay-off search or the exact solver, both of which
re-check their table with `check_meld_step`.

- easy: lays off onto existing melds and melds from hand, never rearranging (ai-notes §4.2.6).
- normal: the exact solver's maximum-points play every time it can meld; knocks whenever allowed.
- hard: normal plus judgement. The hand is a race: the first player to end a turn within the knock
  limit knocks and nearly always wins (CA-9, CA-12). So after DRAW_1, when the best meld still leaves
  it over the limit with a few cards, hard samples the unseen cards and declines the meld to draw a
  second card when enough of them would let it finish this very turn (CA-4; `ai_draws`). It also
  holds back one cheap card (not a joker) that will still lay off next turn when the hand cannot
  knock anyway (§4.2.2), and knocks when sampling the unseen cards says every opponent most likely
  holds more, or at once when an opponent is down to 2 cards (§4.2.4). Jokers are freed whenever
  that sheds more points, as the solver already decides for normal. bench/carousel.py measures
  how often hard beats normal over seat-rotated hands, and how long its turns take.
"""

from __future__ import annotations

import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from games.cards import AnyCard, rummy_deck
from games.carousel.ai_draws import draw_outlook
from games.carousel.layoff import greedy_play, lay_off
from games.carousel.melds import Meld, card_value, hand_value
from games.carousel.moves import Draw, Knock, MeldStep, Move, PassKnock
from games.carousel.solver import Play, solve_best
from games.carousel.views import CarouselView, Phase

log = logging.getLogger(__name__)

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class EasyPlayer:
    """Lay-offs and melds from hand only; always knocks when allowed."""

    level: str = "easy"

    def choose(self, view: CarouselView, rng: random.Random) -> Move:
        if view.phase is Phase.KNOCK:
            return Knock() if view.can_knock else PassKnock()
        if view.phase is Phase.DRAW_1:
            return Draw()
        played, table = greedy_play(view.table, view.hand, view.decks)
        return MeldStep(table) if played else Draw()


@dataclass(frozen=True, slots=True)
class NormalPlayer:
    """The exact solver's maximum-points play (ai-notes §4.2.1); always knocks when allowed."""

    level: str = "normal"
    time_limit: float = 2.0

    def choose(self, view: CarouselView, rng: random.Random) -> Move:
        if view.phase is Phase.KNOCK:
            return Knock() if view.can_knock else PassKnock()
        if view.phase is Phase.DRAW_1:
            return Draw()
        play = solve_best(view.table, view.hand, copies=view.decks, time_limit=self.time_limit)
        return MeldStep(play.table) if play.cards else Draw()


@dataclass(frozen=True, slots=True)
class HardPlayer:
    """Normal play plus one more draw when it may finish the hand, holding back, a sampled knock.

    Every decision is a fixed amount of work driven by the caller's seeded `rng`, so a game replays
    move for move. `turn_cap` (seconds, measured with the injectable `clock`) only bounds the wall
    time of the draw sampling on a slow machine; left at None the player is fully deterministic.
    """

    level: str = "hard"
    time_limit: float = 2.0
    samples: int = 200
    knock_confidence: float = 0.75
    # Insurance is weakly better for next turn's count whenever the held card stays placeable, and the
    # extra count only matters if someone else ends the hand first, when a hand over the knock limit
    # usually loses anyway; 300-hand trials: value cap 3 -> 48.4 %, 6 -> 49.1 %, 10 -> 51.4 % head to head.
    hold_back_max_value: int = 10
    # One more draw after a possible meld (CA-4) when the sampled share of cards that finish this
    # turn is at least fish_ratio times the share that would be stuck in hand; only with at most
    # fish_max_left cards left over (a bigger leftover never finishes on one card).
    # 300 seat-rotated hands, same deals, head to head: no second draw 51.4 %; ratio 0.2 with at most
    # 3 leftovers and 12 solves 54.9 %; ratio 0.1, 4 leftovers, 16 solves 58.2 %.
    fish_ratio: float = 0.1
    fish_max_left: int = 4
    fish_budget: int = 16  # solver calls per decision
    turn_cap: float | None = None
    clock: Callable[[], float] = time.monotonic

    def choose(self, view: CarouselView, rng: random.Random) -> Move:
        if view.phase is Phase.KNOCK:
            return Knock() if view.can_knock and self._should_knock(view, rng) else PassKnock()
        if view.phase is Phase.DRAW_1:
            return Draw()
        started = self.clock()
        play = solve_best(view.table, view.hand, copies=view.decks, time_limit=self.time_limit)
        if not play.cards:
            return Draw()
        if len(play.cards) == len(view.hand):
            return MeldStep(play.table)  # going out: +25 and the hand ends (CA-10)
        if self._should_draw_again(view, play, rng, started):
            return Draw()
        held = self._hold_back(view, play.cards)
        return MeldStep(held if held is not None else play.table)

    def _should_draw_again(self, view: CarouselView, play: Play, rng: random.Random, started: float) -> bool:
        """CA-4: decline to meld after DRAW_1 when the second card often finishes the hand this turn.

        The hand is a race (the first to end a turn within the knock limit knocks and nearly always
        wins, CA-9), and everything playable now stays playable after the second draw, so the only
        price is a second card that fits nowhere.
        """
        left = hand_value(view.hand) - play.points
        if view.phase is not Phase.MELD_1 or left <= view.knock_limit or view.stock < 1:
            return False  # a knock is already there, or an empty stock would end the hand (CA-11)
        if len(view.hand) - len(play.cards) > self.fish_max_left:
            return False
        cap = self.turn_cap

        def out_of_time() -> bool:
            return cap is not None and self.clock() - started > cap

        outlook = draw_outlook(view, play, self.fish_budget, rng, time_limit=self.time_limit, out_of_time=out_of_time)
        return outlook.finish > 0 and outlook.finish >= self.fish_ratio * outlook.worse

    def _hold_back(self, view: CarouselView, played: tuple[AnyCard, ...]) -> tuple[Meld, ...] | None:
        """A table that plays everything but one cheap card that still lays off afterwards, or None.

        Only worth it when the hand could not knock anyway: then next turn melds after one draw.
        """
        left = hand_value(view.hand) - sum(card_value(card) for card in played)
        if left <= view.knock_limit:
            return None
        cheap = sorted(
            (card for card in played if not card.is_joker and card_value(card) <= self.hold_back_max_value),
            key=card_value,
        )
        for card in cheap:
            hand = [c for c in view.hand if c != card]
            alternative = solve_best(view.table, hand, copies=view.decks, time_limit=self.time_limit)
            if not alternative.cards or Counter(alternative.cards) != Counter(played) - Counter([card]):
                continue
            if lay_off(alternative.table, [card], view.decks) is not None:
                return alternative.table
        return None

    def _should_knock(self, view: CarouselView, rng: random.Random) -> bool:
        """Estimate P(every opponent holds more) by dealing the unseen cards at random (ai-notes §4.2.4)."""
        assert view.seat is not None
        opponents = [seat for seat in range(view.players) if seat != view.seat]
        if min(view.hand_sizes[seat] for seat in opponents) <= 2:
            return True  # someone is close to going out: take the points while they are there
        mine = view.hand_value
        seen = {card.card for meld in view.table for card in meld.cards} | set(view.hand)
        unseen = [card for card in rummy_deck(view.decks) if card not in seen]
        wins = 0
        for _ in range(self.samples):
            rng.shuffle(unseen)
            start = 0
            lowest = True
            for seat in opponents:
                size = view.hand_sizes[seat]
                if hand_value(unseen[start : start + size]) <= mine:
                    lowest = False
                    break
                start += size
            wins += lowest
        return wins >= self.knock_confidence * self.samples


def computer_player(level: str) -> EasyPlayer | NormalPlayer | HardPlayer:
    """The computer player for `level` (one of LEVELS)."""
    if level == "easy":
        return EasyPlayer()
    if level == "normal":
        return NormalPlayer()
    if level == "hard":
        return HardPlayer()
    raise ValueError(f"unknown Carousel level {level!r}; choose from {', '.join(LEVELS)}")
