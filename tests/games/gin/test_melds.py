"""The arrangement search against a brute force (GR-2, GR-6, GR-8, D-GR-3) on thousands of seeded hands.

The brute force shares nothing with `games.gin.melds`: it finds melds by testing every subset of the
hand against the GR-2 definition, tries every combination of disjoint melds, and for lay-offs tries
every subset of the defender's cards with every assignment of them to the knocker's melds.
"""

import os
import random
from functools import lru_cache
from itertools import combinations, product

import pytest

from games.gin.cards import VALUES, bits
from games.gin.melds import (
    arrangements,
    deadwood,
    deadwood_after_each,
    defend,
    knocker_arrangement,
    loose_cards,
    melded_mask,
)

HANDS = int(os.environ.get("GIN_ARRANGEMENT_HANDS", "2000"))
KNOCKS = int(os.environ.get("GIN_KNOCK_HANDS", "1000"))


def value(card: int) -> int:
    return min(card % 13 + 1, 10)


def brute_is_meld(cards: tuple[int, ...]) -> bool:
    """GR-2 read literally: 3-4 cards of one rank, or 3+ of one suit with consecutive ranks, ace low."""
    if len(cards) < 3:
        return False
    ranks = sorted(card % 13 for card in cards)
    suits = {card // 13 for card in cards}
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    return len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards)))


@lru_cache(maxsize=100_000)
def brute_melds(mask: int) -> tuple[int, ...]:
    cards = bits(mask)
    found = []
    for size in range(3, len(cards) + 1):
        for group in combinations(cards, size):
            if brute_is_meld(group):
                found.append(sum(1 << card for card in group))
    return tuple(found)


@lru_cache(maxsize=100_000)
def brute_arrangements(mask: int) -> tuple[int, list[tuple[int, ...]]]:
    """(least deadwood, every arrangement reaching it) over all sets of at most 3 disjoint melds."""
    melds = brute_melds(mask)
    best = None
    found: list[tuple[int, ...]] = []
    for count in range(0, 4):  # four melds need 12 cards
        for chosen in combinations(melds, count):
            used = 0
            ok = True
            for meld in chosen:
                if used & meld:
                    ok = False
                    break
                used |= meld
            if not ok:
                continue
            left = sum(value(card) for card in bits(mask & ~used))
            if best is None or left < best:
                best, found = left, [tuple(sorted(chosen))]
            elif left == best:
                found.append(tuple(sorted(chosen)))
    assert best is not None
    return best, found


def brute_defence(defender: int, knocker_melds: tuple[int, ...]) -> int:
    """The defender's least deadwood over every legal set of lay-offs (GR-8), tried exhaustively.

    Every subset of the defender's cards is tried with every assignment of its cards to a knocker meld
    of the same rank (a set) or suit (a run); a card fitting neither can never be laid off.
    """
    groups = [bits(meld) for meld in knocker_melds]
    eligible = {}
    for card in bits(defender):
        fits = [i for i, group in enumerate(groups)
                if (len({c % 13 for c in group}) == 1 and card % 13 == group[0] % 13)
                or (len({c % 13 for c in group}) > 1 and card // 13 == group[0] // 13)]
        if fits:
            eligible[card] = fits
    best = brute_arrangements(defender)[0]
    candidates = sorted(eligible)
    for size in range(1, len(candidates) + 1):
        for laid in combinations(candidates, size):
            for target in product(*(eligible[card] for card in laid)):
                extended = [list(group) for group in groups]
                for card, where in zip(laid, target, strict=True):
                    extended[where].append(card)
                if all(brute_is_meld(tuple(group)) for group in extended):
                    rest = defender & ~sum(1 << card for card in laid)
                    best = min(best, brute_arrangements(rest)[0])
                    break
    return best


def deal_hand(rng: random.Random, size: int) -> int:
    """Half uniform hands, half from a crowded corner of the deck (few ranks), where melds overlap."""
    if rng.random() < 0.5:
        deck = list(range(52))
    else:
        low = rng.randrange(0, 8)
        suits = rng.sample(range(4), rng.choice((2, 3, 4)))
        deck = [s * 13 + r for s in suits for r in range(low, low + 6)]
    return sum(1 << card for card in rng.sample(deck, size))


@pytest.mark.slow
def test_gr2_least_deadwood_and_every_best_arrangement_match_the_brute_force():
    """GR-2, §4.1: on thousands of 10- and 11-card hands the search finds the exact minimum and every
    arrangement reaching it."""
    rng = random.Random("gin-arrangements")
    for i in range(HANDS):
        hand = deal_hand(rng, 10 + i % 2)
        least, best = brute_arrangements(hand)
        assert deadwood(hand) == least, bits(hand)
        assert arrangements(hand) == sorted(set(best)), bits(hand)


def test_gr2_deadwood_after_each_discard_equals_a_search_per_card():
    """GR-2: the shortcut behind the opponent model (a loose card leaves the deadwood less its value,
    a melded card is searched) gives every discard's exact least deadwood, and the loose cards of the
    retraced arrangement add up to the hand's deadwood."""
    rng = random.Random("gin-after-each")
    for _ in range(2000):
        hand = deal_hand(rng, 11)
        assert deadwood_after_each(hand) == {card: deadwood(hand ^ 1 << card) for card in bits(hand)}, bits(hand)
        assert sum(VALUES[card] for card in bits(loose_cards(hand))) == deadwood(hand), bits(hand)


def deal_knock(rng: random.Random) -> tuple[int, int]:
    """A knocker's 10 cards with at most 10 deadwood and a defender's 10, from a crowded deck."""
    while True:
        low = rng.randrange(0, 7)
        deck = [s * 13 + r for s in range(4) for r in range(low, low + 7)]
        cards = rng.sample(deck, 20)
        knocker = sum(1 << c for c in cards[:10])
        if deadwood(knocker) <= 10:
            return knocker, sum(1 << c for c in cards[10:])


@pytest.mark.slow
def test_gr8_d_gr3_defence_and_knocker_choice_match_the_brute_force():
    """GR-8, D-GR-3: the defender's lay-offs leave the least deadwood, and the knocker's arrangement is
    a least-deadwood one leaving the defender the most, each checked against the brute force."""
    rng = random.Random("gin-knocks")
    for _ in range(KNOCKS):
        knocker, defender = deal_knock(rng)
        least, options = brute_arrangements(knocker)
        gin = least == 0
        melds, defence = knocker_arrangement(knocker, defender, gin)
        assert melds in options
        assert sum(value(c) for c in bits(knocker & ~melded_mask(melds))) == least
        if gin:
            assert defence.deadwood == brute_arrangements(defender)[0] and not defence.laid_off  # GR-7
            continue
        results = {option: brute_defence(defender, option) for option in options}
        assert defence.deadwood == results[melds]
        assert defence.deadwood == max(results.values())


def test_gr8_a_defence_lays_off_only_its_own_cards_legally():
    """GR-8: what `defend` lays off comes from the defender's hand and makes each knocker meld longer."""
    rng = random.Random("gin-defence")
    checked = 0
    while checked < 200:
        knocker, defender = deal_knock(rng)
        melds = arrangements(knocker)[0]
        defence = defend(defender, melds)
        for meld, extra in zip(melds, defence.layoffs, strict=True):
            assert extra & ~defender == 0
            if extra:
                assert brute_is_meld(tuple(bits(meld | extra)))
                checked += 1
        left = defender & ~defence.laid_off & ~melded_mask(defence.melds)
        assert sum(value(c) for c in bits(left)) == defence.deadwood
