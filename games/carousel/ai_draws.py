"""Sampling the next card for the hard Carousel player: is one more draw this turn worth it? (CA-4)

In Carousel the first player to end a turn at or under the knock limit almost always wins the hand
(they knock at once, CA-9, and a player who can knock is usually lowest), so a hand is a race. After
DRAW_1 a player who can meld may still decline and draw a second card (CA-4): everything playable now
stays playable (it is their own turn, the table cannot change), and the second card is one more
chance to finish *this* turn, before the opponents move. The price is that card itself when it can
be played nowhere: it stays in hand.

Only the computer's `CarouselView` is used: the unseen cards are the full deck minus the table and
the player's own hand, exactly what the stock and the other hands hold between them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from games.cards import AnyCard, Card, Rank, rummy_deck
from games.carousel.layoff import lay_off
from games.carousel.melds import card_value, hand_value, low_position
from games.carousel.solver import Play, solve_best
from games.carousel.views import CarouselView


@dataclass(frozen=True, slots=True)
class DrawOutlook:
    """What one more card drawn now would likely do, as shares of the unseen cards."""

    finish: float  # the turn could then end at or under the knock limit (or go out)
    worse: float  # the card fits nowhere and stays in hand on top of what is left now
    solves: int  # solver calls spent (the deterministic budget)


def unseen_cards(view: CarouselView) -> list[AnyCard]:
    """Every physical card the viewer cannot see: the stock and the other hands together."""
    seen = {placed.card for meld in view.table for placed in meld.cards} | set(view.hand)
    return [card for card in rummy_deck(view.decks) if card not in seen]


def _neighbours(card: AnyCard) -> set[Card]:
    """Faces that could meld with `card` directly: its rank in other suits, its suit within two ranks."""
    assert not card.is_joker
    faces = {Card(card.rank, suit) for suit in type(card.suit) if suit is not card.suit}
    positions = {1, 14} if card.rank is Rank.ACE else {low_position(card.rank)}
    for position in positions:
        for step in (-2, -1, 1, 2):
            target = position + step
            if 1 <= target <= 14:
                faces.add(Card(Rank.ACE if target in (1, 14) else Rank(target), card.suit))
    return faces


def draw_outlook(
    view: CarouselView,
    play: Play,
    budget: int,
    rng: random.Random,
    *,
    time_limit: float,
    out_of_time: Callable[[], bool] | None = None,
) -> DrawOutlook:
    """Estimate `DrawOutlook` for declining `play` now and drawing once more.

    A card can turn a leftover into a meld only if it is a joker or a neighbour of that leftover
    (same rank, or same suit within two ranks, possibly with table cards moved in, CA-6), so it can
    finish the turn only if the leftovers it does not touch already fit the knock limit. Those faces
    get one exact solver call each, at most `budget` of them, picked with `rng` when there are more,
    so the work is fixed and reproducible. Every other card either lays off onto the table `play`
    leaves (no loss) or stays in hand. `out_of_time` is an optional wall-clock cap: once it
    says so, the faces not yet solved count as neither finishing nor worse.
    """
    left = hand_value(view.hand) - play.points
    leftovers = [card for card in Counter(view.hand) - Counter(play.cards) if not card.is_joker]
    near = {card: _neighbours(card) for card in leftovers}
    by_face: dict[AnyCard, list[AnyCard]] = {}
    for card in unseen_cards(view):
        by_face.setdefault(card.face, []).append(card)
    total = sum(len(cards) for cards in by_face.values())
    if not total:
        return DrawOutlook(0.0, 1.0, 0)

    def may_finish(face: AnyCard) -> bool:
        # The leftovers the card does not touch stay in hand: they alone must fit the knock limit.
        stuck = sum(card_value(card) for card in leftovers if face not in near[card])
        return face.is_joker or stuck <= view.knock_limit

    candidates = sorted((face for face in by_face if may_finish(face)), key=lambda f: f.code)
    if len(candidates) > budget:
        candidates = rng.sample(candidates, budget)
    finish = worse = 0.0
    solves = 0
    for face in candidates:
        if out_of_time is not None and out_of_time():
            break
        card = by_face[face][0]
        after = solve_best(view.table, (*view.hand, card), copies=view.decks, time_limit=time_limit)
        solves += 1
        remaining = hand_value(view.hand) + card_value(card) - after.points
        weight = len(by_face[face]) / total
        if remaining <= view.knock_limit:
            finish += weight
        elif remaining > left:
            worse += weight
    for face, cards in by_face.items():
        if may_finish(face):
            continue  # solved above, or an unsampled candidate: counted as neither (a small share)
        if lay_off(play.table, [cards[0]], view.decks) is None:
            worse += len(cards) / total
    return DrawOutlook(finish, worse, solves)
