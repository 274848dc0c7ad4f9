"""`ai_shapes.shape_plays`: normal's candidate list built per rank shape equals the full enumeration's."""

from __future__ import annotations

import random

import pytest

from games.thirteen import Options
from games.thirteen.ai import rank_counts
from games.thirteen.ai_shapes import shape_plays
from games.thirteen.combos import Combo, all_combos, beating_combos, classify

from .helpers import combo, mask


def lowest_per_shape(masks: list[int]) -> list[int]:
    """The oracle: of the full enumeration, the lowest mask of every rank shape."""
    best: dict[int, int] = {}
    for m in masks:
        key = rank_counts(m)
        if key not in best or m < best[key]:
            best[key] = m
    return sorted(best.values())


def full(hand: int, table: Combo | None, forced: int | None, window: bool, options: Options) -> list[int]:
    if table is None:
        return lowest_per_shape([m for m in all_combos(hand) if forced is None or m >> forced & 1])
    return lowest_per_shape(beating_combos(hand, table, options, window))


@pytest.mark.parametrize("options", [Options(), Options(over_chopping=True, n_or_more_pairs=True)])
def test_tl5_tl6_tl8_shape_plays_match_the_full_enumeration(options):
    """On 1,500 seeded hands and tables, one lowest-suited play per shape, exactly those of `combos`."""
    rng = random.Random(13)
    for _ in range(1500):
        deck = rng.sample(range(52), 40)
        hand = sum(1 << v for v in deck[: rng.randint(1, 20)])
        table = classify(rng.choice(all_combos(sum(1 << v for v in deck[20:])))) if rng.random() < 0.8 else None
        forced = (hand & -hand).bit_length() - 1 if table is None and rng.random() < 0.3 else None
        window = table is not None and rng.random() < 0.2
        assert sorted(shape_plays(hand, table, forced, window, options)) == full(hand, table, forced, window, options)


def test_tl6_same_rank_single_needs_a_higher_suit():
    """Onto 8♦ the lowest play of the 8s is 8♥, and 9♠ stands for the 9s (TL-6)."""
    plays = shape_plays(mask("8s 8h 9s 9h"), combo("8d"), None, False, Options())
    assert sorted(plays) == sorted([mask("8h"), mask("9s")])


def test_tl6_sequence_topped_in_the_same_rank_needs_a_higher_top_suit():
    """Onto 5♣ 6♣ 7♦ the run 5-6-7 must end on 7♥, its other cards the lowest suits."""
    plays = shape_plays(mask("5s 5h 6s 7c 7h 8d"), combo("5c 6c 7d"), None, False, Options())
    assert sorted(plays) == sorted([mask("5s 6s 7h"), mask("6s 7c 8d")])


def test_tl4_first_lead_keeps_only_shapes_with_the_lowest_card():
    """With 3♠ forced, every play holds it (TL-4)."""
    plays = shape_plays(mask("3s 3d 4c 5h 9s"), None, 0, False, Options())
    assert plays and all(m & 1 for m in plays)
    assert mask("3s 3d") in plays and mask("3s 4c 5h") in plays
