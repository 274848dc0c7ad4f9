"""The plays a seat is offered as one-tap buttons: the few lowest legal plays of each shape.

A shape is a combination kind and length (single, pair, 4-card sequence...). Of the plays with the
same ranks only the lowest-suited one is offered (`ai_shapes.shape_plays`, the same plays the normal
computer player weighs), so the high suits stay in hand; within a shape the lowest tops come first
(TL-6: the lowest play that still beats the table). Shapes take turns filling the budget, so every
shape gets its lowest play before any gets a second. Pure: a function of the seat's own view, so it
can reveal nothing the seat does not already know.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card
from games.thirteen.ai import situation_of
from games.thirteen.ai_shapes import shape_plays
from games.thirteen.combos import SETS, Combo, ComboKind, can_beat, classify
from games.thirteen.order import cards_of, mask_of
from games.thirteen.views import ThirteenView

PER_SHAPE = 2  # the lowest plays of each shape
LIMIT = 10  # two rows of five buttons beside the hand's select and its Play / Pass row

_KIND_ORDER = {kind: i for i, kind in enumerate((*SETS, ComboKind.SEQUENCE, ComboKind.DOUBLE_SEQUENCE))}
_NAMES = {
    ComboKind.SINGLE: "Single",
    ComboKind.PAIR: "Pair",
    ComboKind.TRIPLE: "Triple",
    ComboKind.QUAD: "Quad",
    ComboKind.SEQUENCE: "Sequence",
    ComboKind.DOUBLE_SEQUENCE: "Double sequence",
}


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One suggested play: its cards (in hand order) and its words, "Pair 9♠ 9♥"."""

    cards: tuple[Card, ...]
    kind: ComboKind
    length: int

    @property
    def label(self) -> str:
        return f"{_NAMES[self.kind]} {' '.join(str(card) for card in self.cards)}"


def suggestions(view: ThirteenView, *, per_shape: int = PER_SHAPE, limit: int = LIMIT) -> list[Suggestion]:
    """The plays to offer this seat now (none when it is not its turn), shapes in order single ..
    double sequence, each shape's lowest first, at most `limit`."""
    if not view.my_turn or view.is_over or not view.hand:
        return []
    s = situation_of(view)
    combos = [c for c in (classify(m) for m in shape_plays(s.hand, s.table, s.forced, s.window, s.options)) if c]
    by_shape: dict[tuple[int, int], list[Combo]] = {}
    for combo in combos:
        by_shape.setdefault((_KIND_ORDER[combo.kind], combo.length), []).append(combo)
    shapes = [sorted(by_shape[key], key=lambda c: c.top)[:per_shape] for key in sorted(by_shape)]
    chosen: list[Combo] = []
    for depth in range(per_shape):
        chosen += [plays[depth] for plays in shapes if len(plays) > depth]
    chosen = sorted(chosen[:limit], key=lambda c: (_KIND_ORDER[c.kind], c.length, c.top))
    return [Suggestion(cards_of(c.mask), c.kind, c.length) for c in chosen]


def has_beating_play(view: ThirteenView) -> bool:
    """Whether the seat holds anything it may play on the table now (TL-6, TL-8; only a bomb in a bomb
    window). A leader always has a play. With public auto-pass (D-TL-4) a seat is still asked when no
    play of its own beats the table, unless no hand of its size could: the words then say so."""
    if view.table is None:
        return bool(view.hand)
    table = classify(mask_of(view.table.cards))
    assert table is not None
    return can_beat(mask_of(view.hand), table, view.options, view.in_bomb_window)
