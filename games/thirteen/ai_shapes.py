"""One play per rank shape: the lowest-suited mask of every legal combination shape, built directly.

The normal player's decomposition ignores suits (ai-notes §3.2.1), so of all the legal plays with the
same ranks it only ever considers the one with the lowest cards, keeping the high suits for later.
`legal_masks` lists every suit choice (a hand with three pairs in a row has dozens of double-sequence
masks) and normal then threw all but one away; this module builds just the kept ones, which is most
of what makes playouts cheap. `tests/games/thirteen/test_ai_shapes.py` checks it against the full
enumeration of `combos` on seeded hands and tables.

Bombs onto 2s and over-chopping (TL-8, E-TL-2, E-TL-3) are rare, so those tables fall back to the
full enumeration.
"""

from __future__ import annotations

from games.thirteen.combos import Combo, ComboKind, beating_combos
from games.thirteen.options import Options
from games.thirteen.order import ACE, rank_of

# _LOW[nib][k]: the k lowest suit bits of a rank's nibble (0 when it has fewer than k cards).
_LOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(b for b in (1, 2, 4, 8) if nib & b and (nib & (b - 1)).bit_count() < k) if nib.bit_count() >= k else 0
        for k in range(5)
    )
    for nib in range(16)
)


def _lowest_above(nib: int, k: int, suit: int) -> int:
    """The lowest k-card subset of `nib` whose top suit is above `suit` (TL-6 within a rank), or 0."""
    for b in range(suit + 1, 4):
        if nib >> b & 1:
            below = nib & ((1 << b) - 1)
            if below.bit_count() >= k - 1:
                return _LOW[below][k - 1] | 1 << b
    return 0


def _sets(nibs: list[int], k: int, min_rank: int, suit: int) -> list[int]:
    """Lowest k-card set per rank from `min_rank` up; at `min_rank` itself the top suit must beat `suit`."""
    out = []
    for r in range(min_rank, 13):
        low = _lowest_above(nibs[r], k, suit) if r == min_rank and suit >= 0 else _LOW[nibs[r]][k]
        if low:
            out.append(low << (r << 2))
    return out


def _runs(nibs: list[int], per_rank: int, length: int, min_top: int, suit: int) -> list[int]:
    """Lowest (double) sequence of `length` ranks per top rank from `min_top` up (no 2s, TL-5)."""
    out = []
    for top in range(max(min_top, length - 1), ACE + 1):
        mask = 0
        for r in range(top - length + 1, top + 1):
            at_min = r == top == min_top and suit >= 0
            part = _lowest_above(nibs[r], per_rank, suit) if at_min else _LOW[nibs[r]][per_rank]
            if not part:
                break
            mask |= part << (r << 2)
        else:
            out.append(mask)
    return out


def _longest(nibs: list[int], per_rank: int) -> int:
    best = run = 0
    for r in range(ACE + 1):
        run = run + 1 if nibs[r].bit_count() >= per_rank else 0
        best = max(best, run)
    return best


def shape_plays(hand: int, table: Combo | None, forced: int | None, window: bool, options: Options) -> list[int]:
    """The lowest-suited legal play of every rank shape (pass aside), in no particular order."""
    nibs = [(hand >> (r << 2)) & 0xF for r in range(13)]
    if table is None:
        out = [m for k in range(1, 5) for m in _sets(nibs, k, 0, -1)]
        for per_rank in (1, 2):
            for length in range(3, _longest(nibs, per_rank) + 1):
                out.extend(_runs(nibs, per_rank, length, 0, -1))
        if forced is not None:
            out = [m for m in out if m >> forced & 1]  # TL-4: the lowest card's rank, so its lowest suits
        return out
    if table.is_twos or (options.over_chopping and table.is_bomb):
        return _lowest_per_shape(beating_combos(hand, table, options, window))
    if window and not table.is_bomb:
        return []  # a passed seat may only chop a 2 (TL-8.8)
    rank, suit = rank_of(table.top), table.top & 3
    if table.kind is ComboKind.SEQUENCE:
        return _runs(nibs, 1, table.length, rank, suit)
    if table.kind is ComboKind.DOUBLE_SEQUENCE:
        return _runs(nibs, 2, table.length, rank, suit)
    return _sets(nibs, table.size, rank, suit)


def _lowest_per_shape(masks: list[int]) -> list[int]:
    """Of plays with equal cards per rank, the one with the lowest suits."""
    best: dict[tuple[int, ...], int] = {}
    for m in masks:
        key = tuple(((m >> (r << 2)) & 0xF).bit_count() for r in range(13))
        if key not in best or m < best[key]:
            best[key] = m
    return list(best.values())
