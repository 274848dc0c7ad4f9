"""Melds and the exact deadwood arrangement search (GR-2, GR-6, GR-8, D-GR-3).

A hand is an int bitmask (see `games.gin.cards`). Every meld of the deck is precomputed once: 264
runs (3..13 adjacent cards of one suit) and 65 sets (each 3-of-a-kind and the 4-of-a-kind). The
search takes the lowest card of what is left: either it is deadwood, or it lies in a meld whose
lowest card it is (any meld inside the remaining cards that contains the lowest remaining card has it
as its own lowest card). That visits every partition into melds and deadwood exactly once, so the
minimum it finds is exact; results are memoised by mask because computer players ask about the same
hands again and again.

Lay-offs (GR-8): for each of the knocker's melds the defender's possible additions are the fourth card
of a three-card set, or a contiguous chain below and/or above a run (9♥ then 10♥ onto 6♥ 7♥ 8♥). The
defender's best result is the minimum, over every disjoint choice of additions, of the best
arrangement of the cards left: again exact. D-GR-3 then picks, among the knocker's arrangements of
least deadwood, the one after which the defender keeps the most deadwood (lays off the fewest points).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from games.gin.cards import VALUES, bits, mask_value

CACHE_LIMIT = 400_000  # memoised hands; cleared when full so a long-lived bot stays bounded


def _all_melds() -> tuple[list[list[int]], list[int]]:
    by_low: list[list[int]] = [[] for _ in range(52)]
    every: list[int] = []
    for suit in range(4):
        base = suit * 13
        for start in range(13):
            for end in range(start + 3, 14):  # GR-2: 3+ cards in sequence, ace low, no wrap
                meld = ((1 << (end - start)) - 1) << (base + start)
                by_low[base + start].append(meld)
                every.append(meld)
    for rank in range(13):
        cards = [suit * 13 + rank for suit in range(4)]
        groups = [cards, *([c for c in cards if c != left_out] for left_out in cards)]  # GR-2: 3 or 4 of a rank
        for group in groups:
            meld = sum(1 << c for c in group)
            by_low[min(group)].append(meld)
            every.append(meld)
    return by_low, every


MELDS_BY_LOW, ALL_MELDS = _all_melds()

_deadwood_cache: dict[int, int] = {}


def is_meld(mask: int) -> bool:
    """GR-2: a set of 3-4 cards of one rank, or a run of 3+ adjacent cards of one suit (ace low)."""
    return mask in _MELD_SET


_MELD_SET = frozenset(ALL_MELDS)


def is_set(mask: int) -> bool:
    return len({i % 13 for i in bits(mask)}) == 1


def deadwood(mask: int) -> int:
    """The least deadwood count of `mask` over every arrangement into melds (GR-2), exactly."""
    cached = _deadwood_cache.get(mask)
    if cached is not None:
        return cached
    if not mask:
        return 0
    low = mask & -mask
    card = low.bit_length() - 1
    best = VALUES[card] + deadwood(mask ^ low)
    if best:
        for meld in MELDS_BY_LOW[card]:
            if meld & mask == meld:
                rest = deadwood(mask ^ meld)
                if rest < best:
                    best = rest
                    if not best:
                        break
    if len(_deadwood_cache) >= CACHE_LIMIT:
        _deadwood_cache.clear()
    _deadwood_cache[mask] = best
    return best


def loose_cards(mask: int) -> int:
    """The deadwood cards of one least-deadwood arrangement of `mask`, found by retracing `deadwood`'s
    memoised search (every step it asks about is already cached, so this costs little more than the
    deadwood itself)."""
    loose = 0
    rest = mask
    while rest:
        best = deadwood(rest)
        low = rest & -rest
        card = low.bit_length() - 1
        if VALUES[card] + deadwood(rest ^ low) == best:
            loose |= low
            rest ^= low
            continue
        for meld in MELDS_BY_LOW[card]:
            if meld & rest == meld and deadwood(rest ^ meld) == best:
                rest ^= meld
                break
        else:  # unreachable: the search found the minimum through one of these branches
            raise AssertionError("deadwood search could not be retraced")
    return loose


def deadwood_after_each(mask: int) -> dict[int, int]:
    """`deadwood(mask ^ card)` for every card of `mask`, exactly, with fewer searches than asking each.

    A card that is deadwood in some least arrangement leaves exactly that deadwood less its value: any
    arrangement without it is one of `mask` with it as deadwood, so nothing lower exists. Only the
    melded cards need a search of their own."""
    total = deadwood(mask)
    loose = loose_cards(mask)
    out: dict[int, int] = {}
    for card in bits(mask):
        out[card] = total - VALUES[card] if loose >> card & 1 else deadwood(mask ^ 1 << card)
    return out


def arrangements(mask: int) -> list[tuple[int, ...]]:
    """Every arrangement of `mask` with the least deadwood, each as a sorted tuple of meld masks."""
    target = deadwood(mask)
    found: list[tuple[int, ...]] = []

    def walk(rest: int, melds: tuple[int, ...], spent: int) -> None:
        if spent + deadwood(rest) > target:
            return
        if not rest:
            found.append(tuple(sorted(melds)))
            return
        low = rest & -rest
        card = low.bit_length() - 1
        walk(rest ^ low, melds, spent + VALUES[card])
        for meld in MELDS_BY_LOW[card]:
            if meld & rest == meld:
                walk(rest ^ meld, (*melds, meld), spent)

    walk(mask, (), 0)
    return sorted(set(found))


def best_arrangement(mask: int) -> tuple[int, ...]:
    """One least-deadwood arrangement, the first in a fixed order, so the same hand always shows the same."""
    return arrangements(mask)[0]


def melded_mask(melds: tuple[int, ...]) -> int:
    total = 0
    for meld in melds:
        total |= meld
    return total


# Lay-offs (GR-8) ---------------------------------------------------------------------------------


def layoff_options(meld: int, defender: int) -> list[int]:
    """Every set of the defender's cards that may go onto `meld` together (including none)."""
    cards = bits(meld)
    if is_set(meld):
        if len(cards) == 4:
            return [0]  # §4.1: nothing goes onto a set of four
        fourth = next(s * 13 + cards[0] % 13 for s in range(4) if not meld >> (s * 13 + cards[0] % 13) & 1)
        return [0, 1 << fourth] if defender >> fourth & 1 else [0]
    low, high = cards[0], cards[-1]
    base = low - low % 13
    below = [0]
    chain = 0
    for card in range(low - 1, base - 1, -1):  # down to the ace
        if not defender >> card & 1:
            break
        chain |= 1 << card
        below.append(chain)
    above = [0]
    chain = 0
    for card in range(high + 1, base + 13):  # up to the king
        if not defender >> card & 1:
            break
        chain |= 1 << card
        above.append(chain)
    return [b | a for b in below for a in above]


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's best answer to a knock: own melds, cards laid off per knocker meld, deadwood left."""

    melds: tuple[int, ...]
    layoffs: tuple[int, ...]  # one mask per knocker meld, same order
    deadwood: int

    @property
    def laid_off(self) -> int:
        return melded_mask(self.layoffs)


def defend(defender: int, knocker_melds: tuple[int, ...], allow_layoffs: bool = True) -> Defence:
    """GR-8, D-GR-3: the lay-offs and arrangement leaving the defender the least deadwood.

    Among equal results the one laying off fewest cards, then the first in a fixed order, so it is
    deterministic. With `allow_layoffs` False (gin, GR-7) the defender only arranges their own cards.
    """
    options = [layoff_options(meld, defender) for meld in knocker_melds] if allow_layoffs else []
    best: tuple[int, int, tuple[int, ...]] | None = None
    for choice in product(*options):
        used = 0
        clash = False
        for extra in choice:
            if used & extra:
                clash = True
                break
            used |= extra
        if clash:
            continue
        score = (deadwood(defender ^ used), used.bit_count(), choice)
        if best is None or score < best:
            best = score
    assert best is not None
    dw, _, choice = best
    layoffs = choice if allow_layoffs else tuple(0 for _ in knocker_melds)
    rest = defender ^ melded_mask(tuple(layoffs))
    return Defence(best_arrangement(rest), tuple(layoffs), dw)


def knocker_arrangement(knocker: int, defender: int, gin: bool) -> tuple[tuple[int, ...], Defence]:
    """D-GR-3: the knocker's least-deadwood arrangement that leaves the defender the most deadwood.

    Ties after that go to the first arrangement in a fixed order. With gin no lay-off is allowed
    (GR-7), so every arrangement gives the defender the same and the first is taken.
    """
    choices = arrangements(knocker)
    best: tuple[tuple[int, ...], Defence] | None = None
    for melds in choices:
        defence = defend(defender, melds, allow_layoffs=not gin)
        if best is None or defence.deadwood > best[1].deadwood:
            best = (melds, defence)
        if gin:
            break
    assert best is not None
    return best


def deadwood_cards(mask: int, melds: tuple[int, ...]) -> int:
    """The cards of `mask` outside `melds`."""
    return mask & ~melded_mask(melds)


def deadwood_of(mask: int, melds: tuple[int, ...]) -> int:
    return mask_value(deadwood_cards(mask, melds))
