"""Dealing (TL-3), who leads (TL-4) and instant wins (TL-13)."""

from __future__ import annotations

from games.base import seeded_rng
from games.cards import shuffled
from games.thirteen.order import ACE, CARDS, TWO, mask_of, nibble

HAND_SIZE = 13  # whatever the number of players (TL-3)
MAX_REDEALS = 100


def deal(players: int, seed: int, game_number: int, redeal: int = 0) -> tuple[int, ...]:
    """Hands as masks for game `game_number` (1-based), from `seeded_rng(seed, "deal", n)` (D-TL-5).

    With 2 or 3 players the cards after 13 × players stay undealt and unseen (TL-3, E-TL-11). A redeal
    forced by two instant winners (TL-13) draws from a sub-path, so every deal rebuilds on its own.
    """
    path: tuple[object, ...] = ("deal", game_number) if redeal == 0 else ("deal", game_number, "redeal", redeal)
    deck = shuffled(CARDS, seeded_rng(seed, *path))
    return tuple(mask_of(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players))


def instant_win(hand: int) -> str | None:
    """The TL-13 hand a 13-card hand holds, as words for the log, or None."""
    counts = [nibble(hand, r).bit_count() for r in range(TWO + 1)]
    if counts[TWO] == 4:
        return "four 2s"
    if all(counts[r] >= 1 for r in range(ACE + 1)):
        return "a dragon (3 to A)"
    if sum(c // 2 for c in counts) >= 6:
        return "six pairs"
    if _run(counts, 2) >= 5:
        return "five consecutive pairs"
    if _run(counts, 3) >= 3:
        return "three consecutive triples"
    return None


def _run(counts: list[int], per_rank: int) -> int:
    """Longest run of ranks 3..A with at least `per_rank` cards each (no 2s in runs, TL-5)."""
    best = run = 0
    for r in range(ACE + 1):
        run = run + 1 if counts[r] >= per_rank else 0
        best = max(best, run)
    return best
