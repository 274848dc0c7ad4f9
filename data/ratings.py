"""OpenSkill Plackett-Luce ratings, as pure functions over the match log (notes D.2, D.3).

Every player is a one-person team. Matches are rated by place (1 = best, equal places share a rank)
for every kind: Thirteen's places are its finishing order, and Carousel's and Sixty-Six's places are
derived from their final scores by the engines. With the model's default `margin=0`, OpenSkill turns
`scores=` into ranks anyway, so rating by places gives the same numbers and does not depend on
whether a game counts points up or down.

Only `mu` and `sigma` are stored (notes D.3), and recomputing from the log replays the same float
operations in the same order, so it reproduces stored ratings exactly.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .models import Rating

# The one scale players see. The stored figure is OpenSkill's ordinal (mu - 3 sigma), which starts at 0
# and goes negative after a first loss ("rating -1.8"); players read that as a penalty. Shown instead:
# 1000 + 40 x ordinal, never below 0, so a new player starts at 1000, a first loss reads as about 930
# and the best players of a server sit around 1800-2200. Boards still sort by the ordinal itself.
DISPLAY_BASE = 1000
DISPLAY_PER_ORDINAL = 40


def display_rating(rating: Rating) -> int:
    """The rating as every image and message shows it (see DISPLAY_BASE)."""
    return max(0, round(DISPLAY_BASE + DISPLAY_PER_ORDINAL * rating.ordinal))


def display_change(before: Rating, after: Rating) -> int:
    """How far the shown rating moved from `before` to `after`."""
    return display_rating(after) - display_rating(before)


class RatingModel:
    """One configured PlackettLuce model. Parameters are fixed per database so recomputes agree."""

    def __init__(self, *, mu: float = 25.0, sigma: float = 25.0 / 3.0) -> None:
        self._model = PlackettLuce(mu=mu, sigma=sigma)
        self._initial = Rating(mu, sigma)

    @property
    def initial(self) -> Rating:
        """The rating of a player who has never played a rated game."""
        return self._initial

    def rate(self, ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
        """New ratings after one match; `places[i]` is where the player with `ratings[i]` finished."""
        if len(ratings) != len(places):
            raise ValueError(f"{len(ratings)} ratings but {len(places)} places")
        if len(ratings) < 2:
            raise ValueError("a rated match needs at least two players")
        teams = [[self._model.create_rating([r.mu, r.sigma])] for r in ratings]
        rated = self._model.rate(teams, ranks=[float(p) for p in places])
        return [Rating(team[0].mu, team[0].sigma) for team in rated]


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """One player's part in a match being (re)rated."""

    player: Hashable
    place: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    player: Hashable
    before: Rating
    after: Rating


def replay_ratings(
    model: RatingModel, matches: Iterable[Sequence[RatedSeat]]
) -> tuple[list[list[RatingChange]], dict[Hashable, Rating]]:
    """Rate `matches` in order from scratch: the per-match changes and everyone's final rating.

    CPU-only and synchronous on purpose, so a large recompute can run in a worker thread.
    """
    current: dict[Hashable, Rating] = {}
    changes: list[list[RatingChange]] = []
    for seats in matches:
        before = [current.get(seat.player, model.initial) for seat in seats]
        after = model.rate(before, [seat.place for seat in seats])
        for seat, new in zip(seats, after, strict=True):
            current[seat.player] = new
        changes.append(
            [RatingChange(seat.player, old, new) for seat, old, new in zip(seats, before, after, strict=True)]
        )
    return changes, current
