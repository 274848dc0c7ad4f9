"""Plays that leave the table's melds where they are: lay-offs and new melds from hand.

This is the "cheap path" of ai-notes §1.5 (a): most real plays append to a run end, fill a group or
put down a fresh meld, and a table that did not move is the easiest for people to follow. It is
also the easy computer player's whole repertoire (it never rearranges) and the fallback when the
integer program fails or runs out of time. Everything here respects the copy cap of D-CA-2 and
never re-declares a table joker.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from games.cards import AnyCard, Card, Rank, Suit
from games.carousel.melds import Meld, TableCard, card_value, classify, low_position
from games.carousel.table_check import table_faces

ALL_FACES: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
_SEARCH_LIMIT = 8  # cards; the exhaustive placement below is exponential in this


def declarations(cards: Sequence[AnyCard], faces_used: Counter[AnyCard], copies: int) -> Iterator[Meld]:
    """Every way to declare the jokers among `cards` so that they form one valid meld (CA-7.1).

    Declarations never push a card over its copies in play (D-CA-2), counting `faces_used` already
    on the table. Naturals come first in the yielded melds' source order; callers sort for display.
    """
    naturals = [card for card in cards if not card.is_joker]
    jokers = [card for card in cards if card.is_joker]
    if not naturals:
        return
    if not jokers:
        meld = Meld.of(naturals)
        if classify(meld.faces) is not None:
            yield meld.in_display_order()
        return
    candidates = _joker_faces(naturals)
    for chosen in combinations(candidates, len(jokers)):
        extra = Counter(chosen)
        if any(faces_used[face] + extra[face] + _count(naturals, face) > copies for face in extra):
            continue
        meld = Meld((*map(TableCard, naturals), *(TableCard(j, f) for j, f in zip(jokers, chosen, strict=True))))
        if classify(meld.faces) is not None:
            yield meld.in_display_order()


def _count(naturals: Sequence[AnyCard], face: Card) -> int:
    return sum(1 for card in naturals if card.face == face)


def _joker_faces(naturals: Sequence[AnyCard]) -> list[Card]:
    """Faces a joker could stand for next to these naturals: same rank, or same suit within 2 ranks."""
    faces: set[Card] = set()
    for card in naturals:
        assert not card.is_joker
        faces.update(Card(card.rank, suit) for suit in Suit)
        low = 1 if card.rank is Rank.ACE else int(card.rank)
        positions = {low, 14} if card.rank is Rank.ACE else {low}
        for position in positions:
            for step in (-2, -1, 1, 2):
                target = position + step
                if 1 <= target <= 14:
                    rank = Rank.ACE if target in (1, 14) else Rank(target)
                    faces.add(Card(rank, card.suit))
    return sorted(faces, key=lambda face: (face.suit.value, int(face.rank)))


def extensions(meld: Meld, card: AnyCard, faces_used: Counter[AnyCard], copies: int) -> Iterator[Meld]:
    """`meld` with `card` laid off on it (run end or fourth suit of a group), if that is legal."""
    if not card.is_joker and not _may_touch(meld.faces, card):
        return
    if card.is_joker:
        options = [TableCard(card, face) for face in _joker_faces([c.face for c in meld.cards if not c.is_joker])]
    else:
        options = [TableCard(card)]
    for placed in options:
        if faces_used[placed.face] + 1 > copies:
            continue
        grown = Meld((*meld.cards, placed))
        if classify(grown.faces) is not None:
            yield grown.in_display_order()


def _may_touch(faces: Sequence[Card], card: AnyCard) -> bool:
    """Cheap filter: could `card` extend these faces at all (same rank, or same suit next to an end)?"""
    first = faces[0]
    if card.rank == first.rank:
        return len(faces) < 4 and all(face.suit != card.suit for face in faces)
    if card.suit != first.suit:
        return False
    assert not card.is_joker
    positions = {low_position(face.rank) for face in faces}
    mine = low_position(card.rank)
    near = {mine - 1, mine + 1} | ({13, 2} if card.rank is Rank.ACE else set())
    return bool(near & positions) or (Rank.ACE in {f.rank for f in faces} and mine in (2, 13))


def lay_off(table: Sequence[Meld], cards: Sequence[AnyCard], copies: int) -> tuple[Meld, ...] | None:
    """Place *all* `cards` without changing any existing meld except by adding to it, or None.

    Exhaustive over up to 8 cards (the cheap path for `arrange`); existing melds keep their place
    and new melds go at the end.
    """
    if not cards or len(cards) > _SEARCH_LIMIT:
        return None
    return _place(tuple(table), tuple(cards), table_faces(table), copies)


def _place(
    table: tuple[Meld, ...], cards: tuple[AnyCard, ...], used: Counter[AnyCard], copies: int
) -> tuple[Meld, ...] | None:
    if not cards:
        return table
    first, rest = cards[0], cards[1:]
    for index, meld in enumerate(table):
        for grown in extensions(meld, first, used, copies):
            face = next(c.face for c in grown.cards if c.card == first)
            used[face] += 1
            found = _place((*table[:index], grown, *table[index + 1 :]), rest, used, copies)
            used[face] -= 1
            if found is not None:
                return found
    for size in range(2, min(len(rest), 12) + 1):
        for others in combinations(rest, size):
            for meld in declarations((first, *others), used, copies):
                faces = Counter(meld.faces)
                used.update(faces)
                remaining = tuple(card for card in rest if card not in others)
                found = _place((*table, meld), remaining, used, copies)
                used.subtract(faces)
                if found is not None:
                    return found
    return None


def greedy_play(
    table: Sequence[Meld], hand: Sequence[AnyCard], copies: int
) -> tuple[tuple[AnyCard, ...], tuple[Meld, ...]]:
    """The easy player's play: the richest new melds from hand first, then every lay-off, no rearranging.

    Returns (hand cards played, new table); nothing played gives ((), table).
    """
    current = list(table)
    used = table_faces(current)
    left = list(hand)
    played: list[AnyCard] = []
    while True:
        best = _richest_hand_meld(left, used, copies)
        if best is None:
            break
        current.append(best)
        used.update(best.faces)
        for placed in best.cards:
            left.remove(placed.card)
            played.append(placed.card)
    progress = True
    while progress:
        progress = False
        for card in sorted(left, key=lambda c: (not c.is_joker, -card_value(c))):
            for index, meld in enumerate(current):
                grown = next(extensions(meld, card, used, copies), None)
                if grown is not None:
                    current[index] = grown
                    used.update([next(c.face for c in grown.cards if c.card == card)])
                    left.remove(card)
                    played.append(card)
                    progress = True
                    break
            if progress:
                break
    return tuple(played), tuple(current)


def _richest_hand_meld(cards: Sequence[AnyCard], used: Counter[AnyCard], copies: int) -> Meld | None:
    """The highest-count valid meld of naturals from hand (groups of 3-4, runs of 3 up to 13)."""
    naturals = [card for card in cards if not card.is_joker]
    best: Meld | None = None
    best_value = 0
    by_rank: dict[Rank, dict[Suit, AnyCard]] = {}
    by_suit: dict[Suit, dict[int, AnyCard]] = {}
    for card in naturals:
        assert card.rank is not None and card.suit is not None
        if used[card.face] >= copies:
            continue
        by_rank.setdefault(card.rank, {}).setdefault(card.suit, card)
        low = 1 if card.rank is Rank.ACE else int(card.rank)
        by_suit.setdefault(card.suit, {}).setdefault(low, card)
        if card.rank is Rank.ACE:
            by_suit[card.suit].setdefault(14, card)
    candidates: list[list[AnyCard]] = [list(suits.values()) for suits in by_rank.values() if len(suits) >= 3]
    for ranks in by_suit.values():
        run: list[AnyCard] = []
        for position in range(1, 15):
            found = ranks.get(position)
            if found is not None and found not in run:
                run.append(found)
                continue
            if len(run) >= 3:
                candidates.append(run)
            run = [found] if found is not None else []
        if len(run) >= 3:
            candidates.append(run)
    for group in candidates:
        value = sum(card_value(card) for card in group)
        if value > best_value:
            best, best_value = Meld.of(group).in_display_order(), value
    return best
