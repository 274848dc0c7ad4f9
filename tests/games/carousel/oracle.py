"""An independent exact solver for the tests: memoised search over face counts (no HiGHS, no melds of
the engine's solver). It answers the same question as `solver.best_play` on joker-free positions:
the most hand points (CA-8) that can go down with every table card in a valid meld.

Method (a value sweep in the spirit of van Rijn, Takes & Vis 2015, ai-notes §1.3-1.4): first decide
for every suit how many aces play high (position 14) and how many low (position 1); then repeatedly
take the first slot (position-major) that still holds cards. Its cards must either start a meld
there (a run of 3-5 upwards in its suit, or a group whose lowest suit it is) or, for hand cards only,
stay in the hand. Table copies are used before hand copies, which loses nothing (a hand copy used
later scores the same). Longer runs are unions of 3-5 runs, so nothing is missed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from games.cards import Card, Rank, Suit
from games.carousel.melds import card_value

SUITS = tuple(Suit)
POSITIONS = 14
SLOTS = POSITIONS * 4
NEG = float("-inf")


def _slot(position: int, suit_index: int) -> int:
    return (position - 1) * 4 + suit_index


def _value(position: int) -> int:
    rank = Rank.ACE if position in (1, 14) else Rank(position)
    return card_value(Card(rank, Suit.SPADES))


def _melds_starting_at(slot: int) -> list[tuple[int, ...]]:
    position, suit_index = divmod(slot, 4)
    position += 1
    melds: list[tuple[int, ...]] = []
    for length in (3, 4, 5):
        if position + length - 1 <= POSITIONS:
            melds.append(tuple(_slot(p, suit_index) for p in range(position, position + length)))
    if position <= 13:
        others = range(suit_index + 1, 4)
        for size in (2, 3):
            for rest in combinations(others, size):
                melds.append((slot, *(_slot(position, s) for s in rest)))
    return melds


MELDS = [_melds_starting_at(slot) for slot in range(SLOTS)]


def oracle_best(table: Sequence[Card], hand: Sequence[Card], force_hand: bool = False) -> float:
    """Max hand points placeable (all table cards used); -inf when impossible. No jokers."""
    assert not any(card.is_joker for card in (*table, *hand))
    table_counts = [[0] * 4 for _ in range(13)]
    hand_counts = [[0] * 4 for _ in range(13)]
    for counts, cards in ((table_counts, table), (hand_counts, hand)):
        for card in cards:
            assert card.rank is not None and card.suit is not None
            position = 1 if card.rank is Rank.ACE else int(card.rank)
            counts[position - 1][SUITS.index(card.suit)] += 1
    best = NEG
    ace_choices = [
        [(tl, hl) for tl in range(table_counts[0][s] + 1) for hl in range(hand_counts[0][s] + 1)] for s in range(4)
    ]
    for split in product(*ace_choices):
        t = [0] * SLOTS
        h = [0] * SLOTS
        for position in range(1, 14):
            for s in range(4):
                t[_slot(position, s)] = table_counts[position - 1][s]
                h[_slot(position, s)] = hand_counts[position - 1][s]
        for s, (table_low, hand_low) in enumerate(split):
            t[_slot(14, s)] = t[_slot(1, s)] - table_low
            h[_slot(14, s)] = h[_slot(1, s)] - hand_low
            t[_slot(1, s)] = table_low
            h[_slot(1, s)] = hand_low
        best = max(best, _search(tuple(t), tuple(h), force_hand))
    return best


@cache
def _search(t: tuple[int, ...], h: tuple[int, ...], force: bool) -> float:
    first = next((i for i in range(SLOTS) if t[i] or h[i]), None)
    if first is None:
        return 0.0
    best = NEG
    if h[first] and not t[first] and not force:
        hand = list(h)
        hand[first] -= 1
        best = _search(t, tuple(hand), force)
    for meld in MELDS[first]:
        if all(t[i] or h[i] for i in meld):
            table = list(t)
            hand = list(h)
            gained = 0
            for i in meld:
                if table[i]:
                    table[i] -= 1
                else:
                    hand[i] -= 1
                    gained += _value(i // 4 + 1)
            result = _search(tuple(table), tuple(hand), force)
            if result != NEG:
                best = max(best, gained + result)
    return best
