"""Combinations (TL-5), beating (TL-6, TL-8, E-TL-2, E-TL-3) and their enumeration from a hand.

Everything works on card bitmasks (see `order`). A combination has a kind, a length (cards for
single..quad, ranks for a sequence, pairs for a double sequence) and a top card; with one deck no two
combinations share a top card (E-TL-5), so beating is never a tie.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from games.base import IllegalMove
from games.cards import Rank
from games.thirteen.options import Options
from games.thirteen.order import ACE, CARDS, RANK_ORDER, TWO, nibble, rank_of, top_of, values_of


class ComboKind(Enum):
    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    QUAD = "quad"
    SEQUENCE = "sequence"
    DOUBLE_SEQUENCE = "double sequence"


SETS = (ComboKind.SINGLE, ComboKind.PAIR, ComboKind.TRIPLE, ComboKind.QUAD)  # index = cards - 1


@dataclass(frozen=True, slots=True)
class Combo:
    """A legal combination (TL-5)."""

    kind: ComboKind
    length: int
    top: int
    mask: int

    @property
    def size(self) -> int:
        """Number of cards."""
        return self.mask.bit_count()

    @property
    def is_bomb(self) -> bool:
        """Quads and double sequences chop 2s (TL-8)."""
        return self.kind is ComboKind.QUAD or self.kind is ComboKind.DOUBLE_SEQUENCE

    @property
    def is_twos(self) -> bool:
        """A single, pair or triple of 2s: what bombs may beat (TL-8.1-4)."""
        return rank_of(self.top) == TWO and self.kind in (ComboKind.SINGLE, ComboKind.PAIR, ComboKind.TRIPLE)

    def describe(self) -> str:
        """Short words for a player: "pair of 7s", "triple of kings", "4-card sequence to J♦"."""
        rank = _plural(RANK_ORDER[rank_of(self.top)])
        if self.kind is ComboKind.SEQUENCE:
            return f"{self.length}-card sequence to {CARDS[self.top]}"
        if self.kind is ComboKind.DOUBLE_SEQUENCE:
            return f"{self.length}-pair double sequence to {CARDS[self.top]}"
        if self.kind is ComboKind.SINGLE:
            return f"single {CARDS[self.top]}"
        return f"{self.kind.value} of {rank}"


_FACE_PLURALS = {Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings", Rank.ACE: "aces"}


def _plural(rank: Rank) -> str:
    """How a player says several cards of a rank: "6s", "10s", "2s" for numbers, "kings" for faces."""
    return _FACE_PLURALS.get(rank, f"{rank.label}s")


def _four_twos(combo: Combo) -> bool:
    return combo.kind is ComboKind.QUAD and rank_of(combo.top) == TWO


def bomb_class(combo: Combo) -> int:
    """Over-chopping order (E-TL-2): 3-pair double sequence < quad < 4-pair < 5-pair < 6-pair."""
    if combo.kind is ComboKind.QUAD:
        return 2
    return 1 if combo.length == 3 else combo.length


@lru_cache(maxsize=1 << 16)
def classify(mask: int) -> Combo | None:
    """The combination a set of cards forms, or None when it is not one (TL-5)."""
    n = mask.bit_count()
    if n == 0:
        return None
    top = top_of(mask)
    low_rank = rank_of((mask & -mask).bit_length() - 1)
    high_rank = rank_of(top)
    if low_rank == high_rank:
        return Combo(SETS[n - 1], n, top, mask) if n <= 4 else None
    if high_rank == TWO:
        return None  # a 2 never sits in a sequence (TL-5, E-TL-6)
    span = high_rank - low_rank + 1
    counts = {nibble(mask, r).bit_count() for r in range(low_rank, high_rank + 1)}
    if counts == {1} and span == n and n >= 3:
        return Combo(ComboKind.SEQUENCE, n, top, mask)
    if counts == {2} and span * 2 == n and span >= 3:
        return Combo(ComboKind.DOUBLE_SEQUENCE, span, top, mask)
    return None


def refused_combo(mask: int) -> IllegalMove:
    """Why these cards are no combination (TL-5), as the refusal to raise: a code and an English sentence."""
    ranks = sorted({rank_of(v) for v in values_of(mask)})
    n = mask.bit_count()
    if n == 0:
        return IllegalMove("Choose at least one card to play.", "thirteen.no_cards")
    if len(ranks) == 1:
        return IllegalMove("There are only four cards of a rank.", "thirteen.five_of_a_rank")
    if n == 2:  # two cards can only be meant as a pair; a sequence needs three (TL-5)
        return IllegalMove("Two cards make a pair only when they are the same rank.", "thirteen.pair_ranks")
    if TWO in ranks:
        return IllegalMove("A 2 can never be part of a sequence.", "thirteen.two_in_sequence")
    if ranks != list(range(ranks[0], ranks[-1] + 1)):
        return IllegalMove("Those ranks are not consecutive, so they make no sequence.", "thirteen.gap")
    counts = {nibble(mask, r).bit_count() for r in ranks}
    if counts == {2}:
        return IllegalMove("A double sequence needs at least three consecutive pairs.", "thirteen.short_double")
    if counts == {1}:
        return IllegalMove("A sequence needs at least three consecutive ranks.", "thirteen.short_sequence")
    return IllegalMove(
        "Those cards are no combination: a sequence has one card per rank and a double sequence two.",
        "thirteen.no_combination",
    )


def why_not_combo(mask: int) -> str:
    """A sentence saying why these cards are no combination (TL-5)."""
    return refused_combo(mask).reason


def beats(play: Combo, table: Combo, options: Options) -> bool:
    """Whether `play` may go onto `table`: TL-6 same kind, length and higher top; TL-8 bombs on 2s."""
    if play.kind is table.kind and play.length == table.length:
        return play.top > table.top
    if not play.is_bomb:
        return False
    if table.is_twos:
        needed = table.size + 2  # TL-8.2-4: 3 pairs on one 2, 4 pairs on two, 5 pairs on three
        if play.kind is ComboKind.QUAD:
            return table.size == 1  # TL-8.1
        return play.length == needed or (options.n_or_more_pairs and play.length > needed)  # E-TL-3
    if options.over_chopping and table.is_bomb and not _four_twos(table):
        return bomb_class(play) > bomb_class(table)  # E-TL-2; nothing beats four 2s (TL-8.5)
    return False


def refused_beat(play: Combo, table: Combo) -> IllegalMove:
    """Why `play` cannot beat `table` (the caller knows it does not), as the refusal to raise. The combos
    go along as parameters so the words module can name them in the reader's language."""
    if play.kind is table.kind and play.length == table.length:
        mine, theirs = CARDS[play.top], CARDS[table.top]
        return IllegalMove(
            f"Your top card {mine} is lower than {theirs}: only the top card counts.",
            "thirteen.lower_top",
            card=mine,
            table_card=theirs,
        )
    if play.kind is table.kind and play.kind is ComboKind.SEQUENCE:
        return IllegalMove(
            f"A {play.length}-card sequence can't beat a {table.length}-card one.",
            "thirteen.sequence_length",
            length=play.length,
            table_length=table.length,
        )
    if play.kind is table.kind and play.kind is ComboKind.DOUBLE_SEQUENCE:
        return IllegalMove(
            f"A {play.length}-pair double sequence can't beat a {table.length}-pair one.",
            "thirteen.double_length",
            length=play.length,
            table_length=table.length,
        )
    if play.is_bomb and table.is_twos:
        what = {1: "a single 2", 2: "a pair of 2s", 3: "three 2s"}[table.size]
        needs = {1: "a quad or a 3-pair double sequence", 2: "a 4-pair double sequence",
                 3: "a 5-pair double sequence"}[table.size]  # fmt: skip
        return IllegalMove(f"Only {needs} can chop {what}.", "thirteen.chop_twos", twos=table.size)
    if play.is_bomb and not table.is_bomb:
        return IllegalMove("Bombs beat only 2s.", "thirteen.bomb_on_twos_only")
    return IllegalMove(
        f"A {play.describe()} can't beat a {table.describe()}: play the same kind and length, higher.",
        "thirteen.different_kind",
        play=play,
        table=table,
    )


def why_not_beats(play: Combo, table: Combo) -> str:
    """A sentence saying why `play` cannot beat `table` (the caller knows it does not)."""
    return refused_beat(play, table).reason


# Enumeration -------------------------------------------------------------------------------------

_SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(16) if s & ~nib == 0 and s.bit_count() == k) for k in range(5)) for nib in range(16)
)
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(1 << i for i in range(4) if nib >> i & 1) for nib in range(16))


def sets_of(hand: int, k: int, min_rank: int = 0) -> Iterator[int]:
    """Every k-card same-rank set in `hand` (singles, pairs, triples, quads)."""
    for r in range(min_rank, 13):
        nib = (hand >> (r << 2)) & 0xF
        if nib.bit_count() >= k:
            shift = r << 2
            for sub in _SUBSETS[nib][k]:
                yield sub << shift


def runs_of(hand: int, length: int, per_rank: int) -> Iterator[int]:
    """Every sequence (per_rank=1) or double sequence (per_rank=2) of `length` ranks in `hand`."""
    nibs = [(hand >> (r << 2)) & 0xF for r in range(ACE + 1)]
    for start in range(ACE + 2 - length):
        if any(nibs[r].bit_count() < per_rank for r in range(start, start + length)):
            continue
        partial = [0]
        for r in range(start, start + length):
            choices = _BITS[nibs[r]] if per_rank == 1 else _SUBSETS[nibs[r]][2]
            shift = r << 2
            partial = [p | (c << shift) for p in partial for c in choices]
        yield from partial


def _max_run(hand: int, per_rank: int) -> int:
    best = run = 0
    for r in range(ACE + 1):
        if ((hand >> (r << 2)) & 0xF).bit_count() >= per_rank:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def all_combos(hand: int) -> list[int]:
    """The mask of every distinct combination in `hand` (TL-5), every suit choice included."""
    out: list[int] = []
    for k in range(1, 5):
        out.extend(sets_of(hand, k))
    for length in range(3, _max_run(hand, 1) + 1):
        out.extend(runs_of(hand, length, 1))
    for length in range(3, _max_run(hand, 2) + 1):
        out.extend(runs_of(hand, length, 2))
    return out


def combos_like(hand: int, kind: ComboKind, length: int) -> Iterator[int]:
    """Every combination of one kind and length in `hand`."""
    if kind is ComboKind.SEQUENCE:
        return runs_of(hand, length, 1)
    if kind is ComboKind.DOUBLE_SEQUENCE:
        return runs_of(hand, length, 2)
    return sets_of(hand, length)


def beating_combos(hand: int, table: Combo, options: Options, bombs_only: bool = False) -> list[int]:
    """Every combination in `hand` that beats `table` (TL-6, TL-8); only bombs in a bomb window (TL-8.8)."""
    return list(iter_beating(hand, table, options, bombs_only))


def can_beat(hand: int, table: Combo, options: Options, bombs_only: bool = False) -> bool:
    """Whether `hand` holds any play onto `table`: auto-pass (D-TL-4) needs only this, not the list."""
    if hand.bit_count() < table.size and not table.is_twos and not options.over_chopping:
        return False
    return next(iter_beating(hand, table, options, bombs_only), None) is not None


def could_beat(size: int, unseen: int, table: Combo, options: Options, bombs_only: bool = False) -> bool:
    """Whether *some* hand of `size` cards drawn from `unseen` could beat `table`: `can_beat` from what the
    whole table knows (hand sizes, cards played), so an auto-pass decided by it reveals nothing (D-TL-4).

    Mirrors `iter_beating`, but a bomb needs only its shortest length: a longer double sequence holds a
    shorter one, so looking for the shortest never misses a hand that could chop."""
    if size < table.size and not table.is_twos and not options.over_chopping:
        return False
    same_kind = combos_like(_thinned(unseen, table), table.kind, table.length)
    if (not bombs_only or table.is_bomb) and size >= table.size and any(top_of(m) > table.top for m in same_kind):
        return True
    shortest: list[tuple[ComboKind, int]] = []
    if table.is_twos:
        if table.size == 1:
            shortest.append((ComboKind.QUAD, 4))
        shortest.append((ComboKind.DOUBLE_SEQUENCE, table.size + 2))
    elif options.over_chopping and table.is_bomb and not _four_twos(table):
        own = bomb_class(table)
        if own < 2:
            shortest.append((ComboKind.QUAD, 4))
        shortest.append((ComboKind.DOUBLE_SEQUENCE, max(4, own + 1)))
    for kind, length in shortest:
        if kind is table.kind and length == table.length:
            continue  # the same kind was looked at above
        cards = 4 if kind is ComboKind.QUAD else 2 * length
        if cards <= size and next(iter(combos_like(unseen, kind, length)), None) is not None:
            return True
    return False


def _thinned(cards: int, table: Combo) -> int:
    """`cards` with the ranks below the table's top rank cut to the copies a combination of its kind
    needs there (1 in a sequence, 2 in a double sequence, none in a set): which suits fill them cannot
    decide whether the combination beats, and fewer cards keep the search short."""
    need = {ComboKind.SEQUENCE: 1, ComboKind.DOUBLE_SEQUENCE: 2}.get(table.kind, 0)
    top_rank = rank_of(table.top)
    kept = cards & ~((1 << (top_rank << 2)) - 1)
    for rank in range(top_rank):
        bits = nibble(cards, rank)
        for _ in range(need):
            if bits:
                low = bits & -bits
                kept |= low << (rank << 2)
                bits ^= low
    return kept


def iter_beating(hand: int, table: Combo, options: Options, bombs_only: bool = False) -> Iterator[int]:
    """Lazily, the masks of `beating_combos`."""
    if not bombs_only or table.is_bomb:
        yield from (m for m in combos_like(hand, table.kind, table.length) if top_of(m) > table.top)
    bomb_kinds: list[tuple[ComboKind, int]] = []
    if table.is_twos:
        needed = table.size + 2
        if table.size == 1:
            bomb_kinds.append((ComboKind.QUAD, 4))
        longest = _max_run(hand, 2) if options.n_or_more_pairs else needed
        bomb_kinds.extend((ComboKind.DOUBLE_SEQUENCE, n) for n in range(needed, longest + 1))
    elif options.over_chopping and table.is_bomb and not _four_twos(table):
        own = bomb_class(table)
        if own < 2:
            bomb_kinds.append((ComboKind.QUAD, 4))
        bomb_kinds.extend((ComboKind.DOUBLE_SEQUENCE, n) for n in range(max(4, own + 1), _max_run(hand, 2) + 1))
    for kind, length in bomb_kinds:
        if kind is table.kind and length == table.length:
            continue  # already listed above
        yield from combos_like(hand, kind, length)
