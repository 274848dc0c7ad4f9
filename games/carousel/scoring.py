"""Hand scoring (CA-12) and the end of the game (CA-13, D-CA-3, D-CA-4), as pure functions of counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.carousel.views import GameEndSummary

KNOCK_BONUS = 10  # CA-12: a winner who is not the knocker, when someone knocked
OUT_BONUS = 25  # CA-12: a winner who went out
TARGET_BONUS = 100  # CA-13, D-CA-4: every player at or over the target
HAND_WON_BONUS = 25  # CA-13: per hand won, for every player


@dataclass(frozen=True, slots=True)
class HandScore:
    winners: tuple[int, ...]
    base: tuple[int, ...]
    knock_bonus: tuple[int, ...]
    out_bonus: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(b + k + o for b, k, o in zip(self.base, self.knock_bonus, self.out_bonus, strict=True))


def score_hand(counts: Sequence[int], knocker: int | None = None, went_out: int | None = None) -> HandScore:
    """CA-12. Winners are everyone on the lowest count; a knocker tied with anyone drops out of them.

    With no knock (going out, or an empty stock, D-CA-3) nobody gets the +10.
    """
    low = min(counts)
    winners = [seat for seat, count in enumerate(counts) if count == low]
    if knocker is not None and knocker in winners and len(winners) > 1:
        winners.remove(knocker)  # CA-12: a tie goes to the other player(s)
    seats = range(len(counts))
    base = [0] * len(counts)
    knock = [0] * len(counts)
    out = [0] * len(counts)
    for winner in winners:
        base[winner] = sum(counts[p] - counts[winner] for p in seats if p != winner)
        if knocker is not None and winner != knocker:
            knock[winner] = KNOCK_BONUS
        if went_out == winner:
            out[winner] = OUT_BONUS
    return HandScore(tuple(winners), tuple(base), tuple(knock), tuple(out))


def end_of_game(
    totals: Sequence[int], hands_won: Sequence[int], target: int, *, last: bool = False
) -> GameEndSummary | None:
    """CA-13: None while nobody has reached the target; otherwise the bonuses and the winners (D-CA-4).
    `last`: the game ends here whatever the totals (D-CA-5, the last hand of a fixed count), scored alike."""
    if max(totals) < target and not last:
        return None
    target_bonus = tuple(TARGET_BONUS if total >= target else 0 for total in totals)
    won_bonus = tuple(HAND_WON_BONUS * won for won in hands_won)
    final = tuple(t + b + w for t, b, w in zip(totals, target_bonus, won_bonus, strict=True))
    best = max(final)
    winners = tuple(seat for seat, total in enumerate(final) if total == best)
    return GameEndSummary(tuple(totals), target_bonus, won_bonus, final, winners)
