"""What a seat could do right now, read from its own view only: for tips that explain a rule as it applies.

These answer "is there a meld in my hand", "does one of my cards fit on the table as it stands" and
"may I knock", cheaply and exactly for those questions. They do not ask whether a rearrangement of the
whole table (CA-6) would take a card: that is the solver's work (games.carousel.solver), too slow to
run on every hand message. Everything here looks at `view.hand`, the public table and the seat's own
phase, never at another hand (design: hidden information by construction).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from games.cards import AnyCard, Rank, Suit
from games.carousel.layoff import declarations, extensions
from games.carousel.melds import Meld, card_value, low_position
from games.carousel.table_check import table_faces
from games.carousel.views import CarouselView, Phase

MELD_SIZE = 3  # CA-5: the smallest group or sequence


def hand_meld(view: CarouselView) -> Meld | None:
    """A meld made of hand cards alone (CA-5), the one worth the most points; None when there is none.

    Naturals first (groups of different suits, runs with the ace low or high); failing those, two
    naturals and a joker. The copy cap of D-CA-2 counts the cards already on the table.
    """
    used = table_faces(view.table)
    natural = _natural_meld(view.hand, used, view.decks)
    if natural is not None:
        return natural
    jokers = [card for card in view.hand if card.is_joker]
    if not jokers:
        return None
    naturals = [card for card in view.hand if not card.is_joker and used[card.face] < view.decks]
    best: Meld | None = None
    for pair in combinations(naturals, 2):
        for meld in declarations((*pair, jokers[0]), used, view.decks):
            if best is None or _points(meld) > _points(best):
                best = meld
            break
    return best


def table_fits(view: CarouselView) -> tuple[AnyCard, ...]:
    """Hand cards that fit on a table meld as it stands: a run's end, a group's missing suit (CA-5, CA-6)."""
    if not view.table:
        return ()
    used = table_faces(view.table)
    return tuple(
        card
        for card in view.hand
        if any(next(extensions(meld, card, used, view.decks), None) is not None for meld in view.table)
    )


def may_meld_from_hand(view: CarouselView) -> bool:
    """The seat is between draws (CA-4) and holds a meld of its own."""
    return view.may_meld and hand_meld(view) is not None


def may_add_to_table(view: CarouselView) -> bool:
    """The seat is between draws (CA-4) and one of its cards fits on a meld already on the table."""
    return view.may_meld and bool(table_fits(view))


def may_knock(view: CarouselView) -> bool:
    """CA-9: the seat's turn is over and its hand counts at most the knock limit."""
    return view.my_turn and view.phase is Phase.KNOCK and view.can_knock and view.hand_value <= view.knock_limit


def _points(meld: Meld) -> int:
    return sum(card_value(card) for card in meld.physical)


def _natural_meld(hand: Sequence[AnyCard], used: Counter[AnyCard], copies: int) -> Meld | None:
    """The richest group or sequence of naturals in `hand` that the copy cap lets onto this table."""
    by_rank: dict[Rank, dict[Suit, AnyCard]] = {}
    by_suit: dict[Suit, dict[int, AnyCard]] = {}
    for card in hand:
        if card.is_joker or used[card.face] >= copies:
            continue
        assert card.rank is not None and card.suit is not None
        by_rank.setdefault(card.rank, {}).setdefault(card.suit, card)
        places = by_suit.setdefault(card.suit, {})
        places.setdefault(low_position(card.rank), card)
        if card.rank is Rank.ACE:
            places.setdefault(14, card)  # CA-5: the ace also plays high, after the king
    candidates = [list(suits.values())[:4] for suits in by_rank.values() if len(suits) >= MELD_SIZE]
    for places in by_suit.values():
        run: list[AnyCard] = []
        for position in range(1, 15):
            found = places.get(position)
            if found is not None and found not in run:
                run.append(found)
                continue
            if len(run) >= MELD_SIZE:
                candidates.append(run)
            run = [found] if found is not None else []
        if len(run) >= MELD_SIZE:
            candidates.append(run)
    if not candidates:
        return None
    best = max(candidates, key=lambda cards: sum(card_value(card) for card in cards))
    return Meld.of(best).in_display_order()
