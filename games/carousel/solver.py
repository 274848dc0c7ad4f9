"""The exact table-rearrangement solver (CA-6, CA-7, D-CA-2): an integer program on HiGHS.

Model (den Hertog & Hulshof 2006, adapted in ai-notes §1.4-1.5):

- Cards are 52 *faces*; a table joker declared X is one more X to the model (its declaration is
  fixed, CA-7.2), jokers from hand and jokers being freed are *wild*.
- Columns are candidate melds: runs of 3-5 (longer runs split into those) and groups of 3-4, each
  slot natural or a joker slot with an explicit declaration; every meld keeps a natural (D-CA-2).
  Extra columns per existing meld ("the meld itself, possibly extended") carry a small bonus, so the
  solver keeps melds intact when it can and people can follow what moved (den Hertog's extension).
- Rows per face f: natural balance  Σ N·x − y_f + z_f = table_f + fixed_jokers_f;
  the copy cap Σ (N+J)·x ≤ copies (D-CA-2); freeing z_f ≤ natural f on the new table (D-CA-2,
  CA-7.3); and one wild-joker balance Σ J·x = Σ z + y_joker (a freed joker must be placed at once).
- `best_play` maximises 1000·(points shed, CA-8) + kept melds; `arrange` fixes the hand cards and
  maximises kept melds.

Fallback: HiGHS runs single-threaded with a time limit (callers run us off the event loop). If it
fails or times out without a solution, `arrange` tries the no-rearrangement lay-off search and
`best_play` the greedy lay-off play, and the reason is logged. Every arrangement is re-checked with
the engine's own `check_meld_step` before it is returned.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Any

import highspy
import numpy as np

from games.base import IllegalMove
from games.cards import AnyCard, Card, Rank, Suit
from games.carousel.layoff import ALL_FACES, declarations, greedy_play, lay_off
from games.carousel.melds import JOKER_VALUE, Meld, MeldKind, TableCard, card_value, classify, low_position
from games.carousel.table_check import check_meld_step

log = logging.getLogger(__name__)

DEFAULT_TIME_LIMIT = 2.0  # seconds; a timeout never happened in measurement, the fallback covers it
POINT_WEIGHT = 1000  # points shed dominate; kept melds (at most ~40) only break ties
MAX_RUN_COLUMN = 5  # longer runs are unions of 3-5 runs
SUITS = tuple(Suit)
N_FACES = 52
FACE_INDEX = {face: index for index, face in enumerate(ALL_FACES)}


def face_at(suit: Suit, position: int) -> Card:
    """The face at sequence position 1..14 (1 and 14 are the same ace, CA-5)."""
    rank = Rank.ACE if position in (1, 14) else Rank(position)
    return Card(rank, suit)


# --- public helpers -----------------------------------------------------------------------------


def is_meld(cards: Iterable[AnyCard | TableCard]) -> bool:
    """CA-5: do these cards form one valid meld? Undeclared jokers may stand for any fitting card."""
    items = list(cards)
    if all(isinstance(item, TableCard) or not item.is_joker for item in items):
        meld = Meld.of(items)
        return classify(meld.faces) is not None and any(not c.is_joker for c in meld.cards)
    declared = [item for item in items if isinstance(item, TableCard)]
    if any(item.is_joker for item in declared):
        return False  # mixing declared and bare jokers: declare them all or none
    bare = [item.card if isinstance(item, TableCard) else item for item in items]
    return next(declarations(bare, Counter(), 2), None) is not None


@dataclass(frozen=True, slots=True)
class Play:
    """A solver answer: the hand cards that go down and the complete new table."""

    cards: tuple[AnyCard, ...]
    table: tuple[Meld, ...]
    points: int
    exact: bool  # False when the fallback produced it


# --- candidate melds ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Slots:
    """A candidate meld: faces in display order, with the joker slots marked."""

    faces: tuple[int, ...]
    jokers: tuple[bool, ...]
    kind: MeldKind


@cache
def _base_candidates() -> tuple[_Slots, ...]:
    candidates: list[_Slots] = []
    for suit in SUITS:
        for length in range(3, MAX_RUN_COLUMN + 1):
            for start in range(1, 16 - length):
                faces = tuple(FACE_INDEX[face_at(suit, p)] for p in range(start, start + length))
                candidates.extend(_with_jokers(faces, MeldKind.SEQUENCE))
    for rank in Rank:
        for size in (3, 4):
            for suits in combinations(SUITS, size):
                faces = tuple(FACE_INDEX[Card(rank, s)] for s in suits)
                candidates.extend(_with_jokers(faces, MeldKind.GROUP))
    return tuple(candidates)


def _with_jokers(faces: tuple[int, ...], kind: MeldKind) -> list[_Slots]:
    """The meld with 0, 1 or 2 joker slots (at most 2 jokers exist; one natural always stays)."""
    result = []
    for count in range(0, min(2, len(faces) - 1) + 1):
        for chosen in combinations(range(len(faces)), count):
            result.append(_Slots(faces, tuple(i in chosen for i in range(len(faces))), kind))
    return result


@dataclass(frozen=True, slots=True)
class _Matrix:
    """The candidate columns as CSC arrays plus per-column facts used for pruning."""

    starts: np.ndarray
    rows: np.ndarray
    values: np.ndarray
    entry_column: np.ndarray
    natural_need: np.ndarray  # (columns, 52) bool: faces filled by naturals/fixed jokers
    joker_slots: np.ndarray  # jokers the column needs


def _row_layout(old_melds: int) -> tuple[int, int, int, int, int]:
    """Row offsets: balance[52], cap[52], free[52], wild[1], keep[old_melds]."""
    return 0, N_FACES, 2 * N_FACES, 3 * N_FACES, 3 * N_FACES + 1 + old_melds


def _column_entries(slots: _Slots) -> tuple[list[int], list[float]]:
    """Row indices and coefficients of one candidate meld column."""
    rows: list[int] = []
    wild = 0
    for face, joker in zip(slots.faces, slots.jokers, strict=True):
        if joker:
            wild += 1
        else:
            rows.append(face)  # natural balance
        rows.append(N_FACES + face)  # copy cap counts jokers declared as the face too
    values = [1.0] * len(rows)
    if wild:
        rows.append(3 * N_FACES)
        values.append(float(wild))
    return rows, values


@cache
def _base_matrix() -> _Matrix:
    candidates = _base_candidates()
    starts = [0]
    rows: list[int] = []
    values: list[float] = []
    columns: list[int] = []
    need = np.zeros((len(candidates), N_FACES), dtype=bool)
    jokers = np.zeros(len(candidates), dtype=np.int64)
    for index, slots in enumerate(candidates):
        entries, coefficients = _column_entries(slots)
        rows.extend(entries)
        values.extend(coefficients)
        columns.extend([index] * len(entries))
        starts.append(len(rows))
        for face, joker in zip(slots.faces, slots.jokers, strict=True):
            if joker:
                jokers[index] += 1
            else:
                need[index, face] = True
    return _Matrix(
        np.array(starts, dtype=np.int32),
        np.array(rows, dtype=np.int32),
        np.array(values, dtype=np.float64),
        np.array(columns, dtype=np.int32),
        need,
        jokers,
    )


def _kept_candidates(meld: Meld, wild_available: int) -> list[_Slots]:
    """Columns that keep `meld` together: itself, a run extended by up to 2 at each end, a group
    completed to 4. Extension slots may be jokers when wild jokers are available."""
    faces = meld.faces
    kind = classify(faces)
    base = tuple(FACE_INDEX[face] for face in faces)
    result = [_Slots(base, (False,) * len(base), kind or MeldKind.GROUP)]
    if kind is MeldKind.GROUP and len(faces) == 3:
        missing = next(s for s in SUITS if s not in {f.suit for f in faces})
        extra = FACE_INDEX[Card(faces[0].rank, missing)]
        for joker in (False, True) if wild_available else (False,):
            result.append(_Slots((*base, extra), (False, False, False, joker), kind))
    elif kind is MeldKind.SEQUENCE:
        suit = faces[0].suit
        assert suit is not None
        high = not any(f.rank is Rank.TWO for f in faces)
        positions = sorted(14 if (f.rank is Rank.ACE and high) else low_position(f.rank) for f in faces)
        low_end, high_end = positions[0], positions[-1]
        ordered = tuple(FACE_INDEX[face_at(suit, p)] for p in positions)
        for before in range(3):
            for after in range(3):
                if before == after == 0:
                    continue
                first, last = low_end - before, high_end + after
                if first < 1 or last > 14 or (first == 1 and last == 14):
                    continue
                head = tuple(FACE_INDEX[face_at(suit, p)] for p in range(first, low_end))
                tail = tuple(FACE_INDEX[face_at(suit, p)] for p in range(high_end + 1, last + 1))
                added = before + after
                patterns = product((False, True), repeat=added) if wild_available else [(False,) * added]
                for pattern in patterns:
                    if sum(pattern) > min(2, wild_available):
                        continue
                    jokers = (*pattern[:before], *(False,) * len(ordered), *pattern[before:])
                    result.append(_Slots((*head, *ordered, *tail), jokers, kind))
    return result


# --- the integer program ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Inventory:
    """Counts the model needs, read from the table and the hand."""

    table_naturals: np.ndarray  # per face
    fixed_jokers: np.ndarray  # per face: table jokers declared as it
    hand_naturals: np.ndarray
    hand_jokers: int

    @classmethod
    def read(cls, table: Sequence[Meld], hand: Sequence[AnyCard]) -> _Inventory:
        naturals = np.zeros(N_FACES, dtype=np.int64)
        fixed = np.zeros(N_FACES, dtype=np.int64)
        in_hand = np.zeros(N_FACES, dtype=np.int64)
        for meld in table:
            for card in meld.cards:
                (fixed if card.is_joker else naturals)[FACE_INDEX[card.face]] += 1
        jokers = 0
        for held in hand:
            if held.is_joker:
                jokers += 1
            else:
                in_hand[FACE_INDEX[held.face]] += 1
        return cls(naturals, fixed, in_hand, jokers)


@dataclass(frozen=True, slots=True)
class _Solution:
    melds: list[tuple[_Slots, int | None]]  # (slots, index of the kept old meld or None)
    hand_faces: Counter[int]
    hand_jokers: int
    freed: Counter[int]
    exact: bool


def _solve(
    table: Sequence[Meld],
    inventory: _Inventory,
    forced: np.ndarray,
    forced_jokers: int,
    copies: int,
    maximise_points: bool,
    time_limit: float,
) -> _Solution | None:
    """Build and solve the program; None when infeasible or when HiGHS gives no usable answer."""
    matrix = _base_matrix()
    candidates = _base_candidates()
    available = inventory.table_naturals + inventory.fixed_jokers + inventory.hand_naturals
    # A table joker can be freed only where a natural of its face is on the table or in hand (D-CA-2).
    freeable = np.minimum(inventory.fixed_jokers, inventory.table_naturals + inventory.hand_naturals)
    wild_available = inventory.hand_jokers + int(freeable.sum())
    usable = ~(matrix.natural_need & (available == 0)).any(axis=1) & (matrix.joker_slots <= wild_available)
    chosen = np.flatnonzero(usable)

    kept: list[tuple[_Slots, int]] = []
    for index, meld in enumerate(table):
        for slots in _kept_candidates(meld, wild_available):
            need = [f for f, j in zip(slots.faces, slots.jokers, strict=True) if not j]
            if all(available[f] > 0 for f in need):
                kept.append((slots, index))

    balance, cap, free, wild, keep = _row_layout(len(table))
    n_rows = keep + len(table)
    # Variables: y[52], z[52], y_joker, base columns, kept columns.
    y0, z0, yj = 0, N_FACES, 2 * N_FACES
    first_column = 2 * N_FACES + 1
    n_base = len(chosen)
    n_vars = first_column + n_base + len(kept)

    lower = np.zeros(n_vars)
    upper = np.zeros(n_vars)
    cost = np.zeros(n_vars)
    # best_play: any hand card may go down; arrange: exactly the named cards must.
    lower[y0:z0] = forced
    upper[y0:z0] = inventory.hand_naturals if maximise_points else forced
    upper[z0:yj] = inventory.fixed_jokers
    lower[yj] = forced_jokers
    upper[yj] = inventory.hand_jokers if maximise_points else forced_jokers
    upper[first_column : first_column + n_base] = copies
    upper[first_column + n_base :] = 1
    if maximise_points:
        cost[y0:z0] = [POINT_WEIGHT * card_value(face) for face in ALL_FACES]
        cost[yj] = POINT_WEIGHT * JOKER_VALUE
    cost[first_column + n_base :] = 1

    # Column-wise sparse matrix.
    starts: list[np.ndarray] = []
    rows: list[np.ndarray] = []
    values: list[np.ndarray] = []
    offset = 0
    # y_f: -1 in balance[f], -1 in free[f]
    for f in range(N_FACES):
        rows.append(np.array([balance + f, free + f], dtype=np.int32))
        values.append(np.array([-1.0, -1.0]))
        starts.append(np.array([offset], dtype=np.int32))
        offset += 2
    # z_f: +1 in balance[f], +1 in free[f], -1 in wild
    for f in range(N_FACES):
        rows.append(np.array([balance + f, free + f, wild], dtype=np.int32))
        values.append(np.array([1.0, 1.0, -1.0]))
        starts.append(np.array([offset], dtype=np.int32))
        offset += 3
    rows.append(np.array([wild], dtype=np.int32))
    values.append(np.array([-1.0]))
    starts.append(np.array([offset], dtype=np.int32))
    offset += 1
    # base candidate columns, vectorised from the cached CSC arrays
    entry_mask = usable[matrix.entry_column]
    base_rows = matrix.rows[entry_mask]
    lengths = (matrix.starts[1:] - matrix.starts[:-1])[chosen]
    if n_base:
        starts.append((offset + np.concatenate(([0], np.cumsum(lengths)[:-1]))).astype(np.int32))
    rows.append(base_rows)
    values.append(matrix.values[entry_mask])
    offset += len(base_rows)
    for slots, index in kept:
        entries, coefficients = _column_entries(slots)
        starts.append(np.array([offset], dtype=np.int32))
        rows.append(np.array([*entries, keep + index], dtype=np.int32))
        values.append(np.array([*coefficients, 1.0]))
        offset += len(entries) + 1  # the meld's entries plus its keep row

    row_lower = np.full(n_rows, -highspy.kHighsInf)
    row_upper = np.zeros(n_rows)
    fixed_material = (inventory.table_naturals + inventory.fixed_jokers).astype(float)
    row_lower[balance:cap] = fixed_material
    row_upper[balance:cap] = fixed_material
    row_upper[cap:free] = copies
    row_upper[free:wild] = inventory.table_naturals
    row_lower[wild] = 0.0
    row_upper[wild] = 0.0
    row_upper[keep:] = 1.0

    a_start = np.concatenate([*starts, np.array([offset], dtype=np.int32)])[:-1].astype(np.int32)
    a_index = np.concatenate(rows).astype(np.int32)
    a_value = np.concatenate(values).astype(np.float64)
    h = _highs()
    h.setOptionValue("time_limit", float(time_limit))
    # Points are exact: any play with fewer points is POINT_WEIGHT below. The kept-meld tie-break may
    # stop within one meld of its best, which spares HiGHS long proofs on symmetric joker models.
    h.setOptionValue("mip_abs_gap", POINT_WEIGHT - 1.0 if maximise_points else 1.0)
    status_pass = h.passModel(
        n_vars,
        n_rows,
        len(a_index),
        _COLWISE,
        _MAXIMISE,
        0.0,
        cost,
        lower,
        upper,
        row_lower,
        row_upper,
        a_start,
        a_index,
        a_value,
        np.ones(n_vars, dtype=np.int32),
    )
    if status_pass == highspy.HighsStatus.kError:
        raise _SolverFailed("HiGHS refused the model")
    if maximise_points:
        # Playing nothing (the table as it is) is always feasible: hand it to HiGHS as the first
        # incumbent, so even a run cut short by the time limit returns a legal answer.
        seen: set[int] = set()
        start: list[int] = []
        for k, (slots, index) in enumerate(kept):
            if index not in seen and slots.faces == _faces_of(table[index]) and not any(slots.jokers):
                seen.add(index)
                start.append(first_column + n_base + k)
        h.setSolution(len(start), np.array(start, dtype=np.int32), np.ones(len(start)))
    h.run()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return None
    exact = status == highspy.HighsModelStatus.kOptimal
    if not exact:
        if h.getInfo().primal_solution_status != 2:  # 2 = feasible
            log.warning("Carousel solver gave no solution (status %s)", h.modelStatusToString(status))
            raise _SolverFailed(h.modelStatusToString(status))
        log.warning("Carousel solver stopped early (%s); using its best solution", h.modelStatusToString(status))
    x = np.rint(np.array(h.getSolution().col_value)).astype(np.int64)
    melds: list[tuple[_Slots, int | None]] = []
    for position, column in enumerate(chosen):
        melds.extend([(candidates[column], None)] * int(x[first_column + position]))
    for position, (slots, index) in enumerate(kept):
        if x[first_column + n_base + position] > 0:
            melds.append((slots, index))
    hand_faces = Counter({f: int(x[y0 + f]) for f in range(N_FACES) if x[y0 + f] > 0})
    freed = Counter({f: int(x[z0 + f]) for f in range(N_FACES) if x[z0 + f] > 0})
    return _Solution(melds, hand_faces, int(x[yj]), freed, exact)


_COLWISE = 1  # HiGHS MatrixFormat::kColwise
_MAXIMISE = -1  # HiGHS ObjSense::kMaximize
_local = threading.local()


_banner_lock = threading.Lock()
_banner_done = False


def _new_highs() -> Any:
    """A new HiGHS instance that has printed nothing.

    HiGHS writes its version and copyright banner to the process's standard output from its
    constructor, the first time one is built in a process, before any option (`output_flag`,
    `log_to_console`) can be set on it: the bot's standard output would show it at the first Carousel
    move. So the first construction runs with file descriptor 1 pointed at the null device (C's stdio
    writes there, not through `sys.stdout`), under a lock; later ones print nothing by themselves.
    """
    global _banner_done
    highs: Any = highspy.Highs  # highspy ships no annotations for its constructor
    with _banner_lock:
        if _banner_done:
            return highs()
        sys.stdout.flush()
        _flush_c_stdout()  # what others wrote so far goes out first, not to the null device
        saved = os.dup(1)
        try:
            with open(os.devnull, "wb") as null:
                os.dup2(null.fileno(), 1)
                try:
                    h = highs()
                    h.setOptionValue("output_flag", False)
                    h.setOptionValue("log_to_console", False)
                finally:
                    _flush_c_stdout()
                    os.dup2(saved, 1)
        finally:
            os.close(saved)
        _banner_done = True
        return h


def _flush_c_stdout() -> None:
    """Flush C's stdout buffer (where the banner waits when standard output is not a terminal) while
    it still points at the null device."""
    try:
        import ctypes

        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError):  # no C library to ask (not on the platforms the bot runs on)
        pass


def _highs() -> highspy.Highs:
    """One HiGHS instance per thread (callers run the solver in worker threads), quiet, 1 thread."""
    h: highspy.Highs | None = getattr(_local, "highs", None)
    if h is None:
        h = _new_highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("log_to_console", False)
        h.setOptionValue("threads", 1)
        h.setOptionValue("mip_rel_gap", 0.0)  # only the absolute gap set per solve may stop the search
        # Measured on late-game tables with jokers: HiGHS presolve spent seconds substituting the
        # symmetric joker columns (max 4.2 s); without it the worst case was 0.15 s, the median lower.
        h.setOptionValue("presolve", "off")
        _local.highs = h
    else:
        h.clearModel()
    return h


def _faces_of(meld: Meld) -> tuple[int, ...]:
    return tuple(FACE_INDEX[face] for face in meld.faces)


class _SolverFailed(RuntimeError):
    """HiGHS stopped without a usable solution; the callers fall back."""


# --- turning a solution back into physical cards -------------------------------------------------


def _build_table(
    table: Sequence[Meld], hand: Sequence[AnyCard], solution: _Solution
) -> tuple[tuple[AnyCard, ...], tuple[Meld, ...]]:
    """Assign physical cards to the solution's slots, keep old melds in their places, merge runs."""
    kept_indexes = {index for _, index in solution.melds if index is not None}
    naturals: dict[int, list[AnyCard]] = defaultdict(list)
    fixed: dict[int, list[TableCard]] = defaultdict(list)
    # Free jokers that sit in melds that are not kept first, so kept melds change least.
    for _index, meld in sorted(enumerate(table), key=lambda item: item[0] in kept_indexes):
        for card in meld.cards:
            if card.is_joker:
                fixed[FACE_INDEX[card.face]].append(card)
            else:
                naturals[FACE_INDEX[card.face]].append(card.card)
    wild: list[AnyCard] = []
    for face, count in solution.freed.items():
        for _ in range(count):
            wild.append(fixed[face].pop(0).card)
    played: list[AnyCard] = []
    wanted = Counter(solution.hand_faces)
    jokers_wanted = solution.hand_jokers
    for held in hand:
        if held.is_joker and jokers_wanted > 0:
            jokers_wanted -= 1
            wild.append(held)
            played.append(held)
        elif not held.is_joker and wanted[FACE_INDEX[held.face]] > 0:
            wanted[FACE_INDEX[held.face]] -= 1
            naturals[FACE_INDEX[held.face]].append(held)
            played.append(held)

    def take(face: int, prefer: TableCard | None = None) -> TableCard:
        if prefer is not None:
            if prefer.is_joker and prefer in fixed[face]:
                fixed[face].remove(prefer)
                return prefer
            if not prefer.is_joker and prefer.card in naturals[face]:
                naturals[face].remove(prefer.card)
                return prefer
        if naturals[face]:
            return TableCard(naturals[face].pop())
        return fixed[face].pop()

    placed_kept: dict[int, Meld] = {}
    new_melds: list[Meld] = []
    for slots, index in sorted(solution.melds, key=lambda item: item[1] is None):
        originals: dict[int, list[TableCard]] = defaultdict(list)
        if index is not None:
            for card in table[index].cards:
                originals[FACE_INDEX[card.face]].append(card)
        cards: list[TableCard] = []
        for face, joker in zip(slots.faces, slots.jokers, strict=True):
            if joker:
                cards.append(TableCard(wild.pop(), ALL_FACES[face]))
            else:
                prefer = originals[face].pop(0) if originals[face] else None
                cards.append(take(face, prefer))
        meld = Meld(tuple(cards)).in_display_order()
        if index is not None:
            placed_kept[index] = meld
        else:
            new_melds.append(meld)
    leftovers = [*wild, *(c for cs in naturals.values() for c in cs), *(c.card for cs in fixed.values() for c in cs)]
    if leftovers:
        raise _SolverFailed(f"reconstruction left cards over: {leftovers}")
    ordered = [placed_kept[index] for index in sorted(placed_kept)]
    merged = _merge_runs(ordered, new_melds)
    return tuple(played), tuple(merged)


def _span(meld: Meld) -> tuple[Suit, int, int] | None:
    faces = meld.faces
    if classify(faces) is not MeldKind.SEQUENCE:
        return None
    high = not any(f.rank is Rank.TWO for f in faces)
    positions = [14 if (f.rank is Rank.ACE and high) else low_position(f.rank) for f in faces]
    return faces[0].suit, min(positions), max(positions)


def _merge_runs(kept: list[Meld], new: list[Meld]) -> list[Meld]:
    """Join new run pieces to touching runs (kept ones first), so the table shows long runs again."""
    table = list(kept)
    pending = sorted(new, key=lambda m: (m.kind is MeldKind.GROUP, str(m.faces[0].suit), len(m)))
    changed = True
    while changed:
        changed = False
        for piece in list(pending):
            span = _span(piece)
            if span is None:
                continue
            for pool in (table, pending):
                for index, other in enumerate(pool):
                    if other is piece:
                        continue
                    joined = _join(other, piece, span)
                    if joined is not None:
                        pool[index] = joined
                        pending.remove(piece)
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    return table + sorted(pending, key=lambda m: (m.kind is MeldKind.SEQUENCE, _sort_key(m)))


def _join(other: Meld, piece: Meld, span: tuple[Suit, int, int]) -> Meld | None:
    other_span = _span(other)
    if other_span is None or other_span[0] != span[0]:
        return None
    if other_span[2] + 1 == span[1] or span[2] + 1 == other_span[1]:
        joined = Meld((*other.cards, *piece.cards))
        low, high = min(other_span[1], span[1]), max(other_span[2], span[2])
        if low == 1 and high == 14:
            return None
        if classify(joined.faces) is MeldKind.SEQUENCE:
            return joined.in_display_order()
    return None


def _sort_key(meld: Meld) -> tuple[int, int]:
    face = meld.faces[0]
    return (SUITS.index(face.suit), int(face.rank))


# --- the public entry points ----------------------------------------------------------------------


def arrange(
    table_melds: Sequence[Meld],
    added_cards: Sequence[AnyCard],
    *,
    copies: int = 2,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[Meld, ...] | None:
    """A legal complete table holding the old table plus all `added_cards`, or None if there is none.

    Tries plain lay-offs and new melds first (nothing moves), then the exact program, which frees
    jokers where that is what makes the play possible and keeps the most existing melds (ai-notes
    §1.5 a). `copies` is the number of decks in play (1 for 2 players, 2 otherwise).
    """
    table = tuple(table_melds)
    added = tuple(added_cards)
    if not added:
        return None
    quick = lay_off(table, added, copies)
    if quick is not None:
        return quick
    inventory = _Inventory.read(table, added)
    try:
        solution = _solve(table, inventory, inventory.hand_naturals, inventory.hand_jokers, copies, False, time_limit)
        if solution is None:
            return None
        _, new_table = _build_table(table, added, solution)
        check_meld_step(table, new_table, added, copies)
    except (_SolverFailed, IllegalMove) as error:
        log.error("Carousel arrange fell back to no rearrangement: %s", error)
        return None
    return new_table


def best_play(
    table_melds: Sequence[Meld],
    hand: Sequence[AnyCard],
    *,
    copies: int = 2,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[tuple[AnyCard, ...], tuple[Meld, ...]]:
    """The play shedding the most points (CA-8), then keeping the most existing melds.

    Returns (cards from hand, new table); ((), table) when nothing can be played.
    """
    play = solve_best(table_melds, hand, copies=copies, time_limit=time_limit)
    return play.cards, play.table


def solve_best(
    table_melds: Sequence[Meld],
    hand: Sequence[AnyCard],
    *,
    copies: int = 2,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Play:
    """`best_play` with the points and whether the answer is proven optimal."""
    table = tuple(table_melds)
    cards = tuple(hand)
    if not cards:
        return Play((), table, 0, True)
    inventory = _Inventory.read(table, cards)
    try:
        solution = _solve(table, inventory, np.zeros(N_FACES, dtype=np.int64), 0, copies, True, time_limit)
        if solution is None:  # cannot happen (playing nothing is feasible) unless the table is illegal
            raise _SolverFailed("the current table itself is not a legal arrangement")
        played, new_table = _build_table(table, cards, solution)
        if not played:
            return Play((), table, 0, solution.exact)
        check_meld_step(table, new_table, cards, copies)
        return Play(played, new_table, sum(card_value(c) for c in played), solution.exact)
    except (_SolverFailed, IllegalMove) as error:
        log.error("Carousel best_play fell back to lay-offs: %s", error)
        played, new_table = greedy_play(table, cards, copies)
        return Play(played, new_table if played else table, sum(card_value(c) for c in played), False)
