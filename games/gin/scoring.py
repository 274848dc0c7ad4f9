"""Hand scores (GR-7, GR-9, GR-12), games with their bonuses (GR-11, D-GR-6) and Hollywood booking (GR-13).

Pure functions over small frozen records, so the rules can be checked on their own (Hypothesis tests
book random hand sequences). A hand is always won by one player with a positive score: a knock wins
the difference (at least 1), an undercut at least its bonus of 25, gin at least 25.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from games.gin.options import BIG_GIN_BONUS, GAME_BONUS, GIN_BONUS, LINE_BONUS, UNDERCUT_BONUS


class HandEnd(Enum):
    """How a hand ended."""

    KNOCK = "knock"  # GR-9: the knocker had less deadwood
    UNDERCUT = "undercut"  # GR-9: the defender had as little or less
    GIN = "gin"  # GR-7
    BIG_GIN = "big gin"  # D-GR-4
    DRAWN = "drawn"  # GR-10, D-GR-9: nobody scores


@dataclass(frozen=True, slots=True)
class HandScore:
    """The score of one hand: who won it, the difference, the bonus and the Oklahoma spade doubling."""

    end: HandEnd
    knocker_wins: bool
    difference: int
    bonus: int
    multiplier: int

    @property
    def points(self) -> int:
        return (self.difference + self.bonus) * self.multiplier


def score_hand(knocker_deadwood: int, defender_deadwood: int, end: HandEnd, doubled: bool = False) -> HandScore:
    """GR-9 (with GR-7, D-GR-4, D-GR-5, GR-12): `end` is KNOCK, GIN or BIG_GIN as laid out.

    `defender_deadwood` is after lay-offs (none after gin). A knock becomes an undercut when the
    knocker's deadwood is not less than the defender's; gin and big gin cannot be undercut.
    """
    multiplier = 2 if doubled else 1
    if end is HandEnd.GIN or end is HandEnd.BIG_GIN:
        if knocker_deadwood:
            raise ValueError("gin leaves no deadwood")
        bonus = GIN_BONUS if end is HandEnd.GIN else BIG_GIN_BONUS
        return HandScore(end, True, defender_deadwood, bonus, multiplier)
    if end is not HandEnd.KNOCK:
        raise ValueError(f"a hand is scored after a knock, gin or big gin, not {end.value}")
    if knocker_deadwood < defender_deadwood:
        return HandScore(HandEnd.KNOCK, True, defender_deadwood - knocker_deadwood, 0, multiplier)
    return HandScore(HandEnd.UNDERCUT, False, knocker_deadwood - defender_deadwood, UNDERCUT_BONUS, multiplier)


@dataclass(frozen=True, slots=True)
class GameTally:
    """One game's running score (GR-11): points and hands won per seat, and once closed the final totals.

    `final` holds each seat's total with the game, line and shutout bonuses; `winner` is set on close.
    """

    points: tuple[int, int] = (0, 0)
    hands: tuple[int, int] = (0, 0)
    winner: int | None = None
    final: tuple[int, int] | None = None

    @property
    def closed(self) -> bool:
        return self.winner is not None

    @property
    def shutout(self) -> bool:
        """D-GR-6: the loser won no hand in this game."""
        return self.winner is not None and self.hands[1 - self.winner] == 0

    def bonuses(self) -> tuple[int, int]:
        """GR-11: game bonus 100 plus 25 a hand won for the winner, 25 a hand won for the loser."""
        if self.winner is None:
            return (0, 0)
        line = tuple(LINE_BONUS * won for won in self.hands)
        return (
            line[0] + (GAME_BONUS if self.winner == 0 else 0),
            line[1] + (GAME_BONUS if self.winner == 1 else 0),
        )


def close_game(tally: GameTally, winner: int) -> GameTally:
    """Close a game with its bonuses counted once (GR-11), doubling a shutout winner's total (D-GR-6)."""
    if tally.closed:
        raise ValueError("this game is already closed")
    closed = replace(tally, winner=winner)
    bonus = closed.bonuses()
    totals = [tally.points[0] + bonus[0], tally.points[1] + bonus[1]]
    if closed.shutout:
        totals[winner] *= 2
    return replace(closed, final=(totals[0], totals[1]))


@dataclass(frozen=True, slots=True)
class Booking:
    """Where a hand went: the games it was booked in and the games it closed (GR-13)."""

    tallies: tuple[GameTally, ...]
    booked: tuple[int, ...]
    closed: tuple[int, ...]


def book_hand(tallies: tuple[GameTally, ...], wins_before: int, winner: int, points: int, target: int) -> Booking:
    """Book a hand won by `winner` for `points` (GR-11, GR-13, D-GR-8).

    `wins_before` is how many hands the winner had already won in the match; their n-th win goes into
    the first n games still open (with a single game, into it). A game the winner brings to `target`
    closes at once with its bonuses.
    """
    if points <= 0:
        raise ValueError("a won hand scores at least 1")
    open_games = [i for i, tally in enumerate(tallies) if not tally.closed]
    booked = tuple(open_games[: wins_before + 1])
    new = list(tallies)
    closed: list[int] = []
    for i in booked:
        tally = new[i]
        scored = list(tally.points)
        scored[winner] += points
        won = list(tally.hands)
        won[winner] += 1
        tally = replace(tally, points=(scored[0], scored[1]), hands=(won[0], won[1]))
        if tally.points[winner] >= target:
            tally = close_game(tally, winner)
            closed.append(i)
        new[i] = tally
    return Booking(tuple(new), booked, tuple(closed))


def match_totals(tallies: tuple[GameTally, ...]) -> tuple[int, int]:
    """GR-13: the sum over the games of their final totals (running points for a game still open)."""
    totals = [0, 0]
    for tally in tallies:
        values = tally.final if tally.final is not None else tally.points
        totals[0] += values[0]
        totals[1] += values[1]
    return (totals[0], totals[1])
