"""Seasons: the calendar arithmetic and the season board, as pure functions (no I/O).

A server may run its boards in seasons (a manager's setting, off by default): calendar months or
quarters in UTC, or a season with dates the manager set (`SeasonPlan.custom`, whole UTC days). A season
with set dates cuts the calendar season it starts in short (that one ends where it begins); after it,
seasons of the chosen length follow, counted from its end (a monthly plan after a season ending on
14 February runs 15 February to 14 March, and so on), or, when no length is chosen, seasons stop and
only the all-time board remains. A match belongs to the season its end time falls in (start inclusive, end
exclusive). A season's ratings are replayed from its own rated matches only; each player starts
either fresh (OpenSkill's initial rating) or from their final rating of the season before with the
uncertainty widened (`carry_over`), as the manager chose. The all-time ratings are never touched.
"""

from __future__ import annotations

import calendar
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from .models import BoardEntry, MatchRecord, Rating, SeasonLength, SeasonReset
from .ratings import RatingModel

__all__ = [
    "CARRIED_SIGMA_SHARE",
    "Season",
    "SeasonLength",
    "SeasonPlan",
    "SeasonRating",
    "SeasonReset",
    "board_of",
    "carry_over",
    "previous_season",
    "season_at",
    "season_before",
    "season_by_key",
    "season_dates",
    "season_in",
    "season_ratings",
]

# How much of a newcomer's uncertainty a carried rating gets back at a new season: at least half of the
# model's initial sigma. Half keeps the ranking a player earned (mu is kept, and mu - 3 sigma stays well
# above a newcomer's) while the first games of the season move the rating about as much as a new
# player's second or third rated game would, so "old ratings count less" without being thrown away.
CARRIED_SIGMA_SHARE = 0.5

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")  # fmt: skip
_KEY = re.compile(r"^(?P<year>[0-9]{4})-(?:(?P<month>[0-9]{2})|Q(?P<quarter>[1-4]))$")
_DAY = "[0-9]{4}-[0-9]{2}-[0-9]{2}"
_DATED_KEY = re.compile(rf"^(?P<first>{_DAY})\.\.(?P<last>{_DAY})$")
DAY_SECONDS = 86400.0


@dataclass(frozen=True, slots=True, order=True)
class Season:
    """One season: [start, end) in UTC seconds. `key` ("2026-12", "2026-Q4") names it in storage and options."""

    start: float
    end: float
    key: str
    label: str
    length: SeasonLength

    def contains(self, at: float) -> bool:
        return self.start <= at < self.end


def _month_start(year: int, month: int) -> float:
    """UTC midnight of the first of a month; months past December roll into the next year."""
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    return datetime(year, month, 1, tzinfo=UTC).timestamp()


def _season(length: SeasonLength, year: int, first_month: int) -> Season:
    start = _month_start(year, first_month)
    end = _month_start(year, first_month + length.months)
    if length is SeasonLength.MONTHLY:
        key, label = f"{year:04d}-{first_month:02d}", f"{_MONTHS[first_month - 1]} {year}"
    else:
        quarter = (first_month - 1) // 3 + 1
        last = _MONTHS[first_month + 1][:3]
        key, label = f"{year:04d}-Q{quarter}", f"{year} Q{quarter} ({_MONTHS[first_month - 1][:3]}–{last})"
    return Season(start, end, key, label, length)


def season_at(length: SeasonLength, at: float) -> Season:
    """The season that `at` (UTC seconds) falls in."""
    if length is SeasonLength.OFF:
        raise ValueError("seasons are off")
    moment = datetime.fromtimestamp(at, tz=UTC)
    first = moment.month if length is SeasonLength.MONTHLY else (moment.month - 1) // 3 * 3 + 1
    return _season(length, moment.year, first)


def previous_season(length: SeasonLength, season: Season) -> Season:
    """The season just before `season` (the one that ended when it began)."""
    return season_at(length, season.start - 1)


def season_by_key(key: str) -> Season | None:
    """The season a stored key names ("2026-12" monthly, "2026-Q4" quarterly, "2027-01-01..2027-02-14" by
    dates, both days included), None for anything else."""
    dated = _DATED_KEY.match(key.strip())
    if dated is not None:
        try:
            first, last = _day(dated["first"]), _day(dated["last"])
        except ValueError:
            return None
        return dated_season(first, last + DAY_SECONDS) if last >= first else None
    found = _KEY.match(key)
    if found is None:
        return None
    year = int(found["year"])
    if found["month"] is not None:
        month = int(found["month"])
        return _season(SeasonLength.MONTHLY, year, month) if 1 <= month <= 12 else None
    return _season(SeasonLength.QUARTERLY, year, (int(found["quarter"]) - 1) * 3 + 1)


def _day(text: str) -> float:
    """UTC midnight of a "YYYY-MM-DD" day (ValueError when it is no date)."""
    return datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=UTC).timestamp()


def _day_text(at: float) -> str:
    return datetime.fromtimestamp(at, tz=UTC).strftime("%Y-%m-%d")


def dated_season(start: float, end: float) -> Season:
    """A season of whole UTC days [start, end), named by its first and last day. Its `length` is OFF: it
    is no calendar season (the plan, not the season, says what follows it)."""
    first, last = _day_text(start), _day_text(end - DAY_SECONDS)
    return Season(start, end, f"{first}..{last}", f"{first} – {last}", SeasonLength.OFF)


def season_dates(text: str) -> tuple[float, float]:
    """A manager's season dates, "2027-01-01..2027-02-14" (first and last day included, UTC; a space or
    " to " also separates them): [start, end) in UTC seconds. ValueError when they are not two dates in
    order."""
    parts = re.split(r"\s*(?:\.\.|\s|to|–|—)\s*", text.strip())
    days = [part for part in parts if part]
    if len(days) != 2:
        raise ValueError("two dates")
    first, last = _day(days[0]), _day(days[1])
    if last < first:
        raise ValueError("last before first")
    return first, last + DAY_SECONDS


def _add_months(at: float, months: int) -> float:
    """The same day `months` later (the month's last day when it is shorter), UTC midnight."""
    moment = datetime.fromtimestamp(at, tz=UTC)
    index = moment.year * 12 + moment.month - 1 + months
    year, month = divmod(index, 12)
    day = min(moment.day, calendar.monthrange(year, month + 1)[1])
    return datetime(year, month + 1, day, tzinfo=UTC).timestamp()


@dataclass(frozen=True, slots=True)
class SeasonPlan:
    """How a server's seasons run: the chosen length, and a season with set dates, if any (`custom`:
    [start, end) in UTC seconds)."""

    length: SeasonLength
    custom: tuple[float, float] | None = None

    @property
    def running(self) -> bool:
        """Whether the plan has seasons at all (some may be over: see `season_in`)."""
        return self.length is not SeasonLength.OFF or self.custom is not None


def season_in(plan: SeasonPlan, at: float) -> Season | None:
    """The season `at` falls in under the plan, None when there is none (seasons off, or over after a
    season with set dates and no length chosen)."""
    if plan.custom is None:
        return None if plan.length is SeasonLength.OFF else season_at(plan.length, at)
    start, end = plan.custom
    if start <= at < end:
        return dated_season(start, end)
    if at >= end:
        if plan.length is SeasonLength.OFF:
            return None
        step = plan.length.months
        count = 0  # counted from the end each time, so a 31st stays a 31st where the month has one
        while True:
            first, after = _add_months(end, count * step), _add_months(end, (count + 1) * step)
            if at < after:
                return dated_season(first, after)
            count += 1
    if plan.length is SeasonLength.OFF:
        return None
    calendar_season = season_at(plan.length, at)
    if calendar_season.end > start:  # cut short where the season with set dates begins
        return dated_season(calendar_season.start, start)
    return calendar_season


def season_before(plan: SeasonPlan, season: Season) -> Season | None:
    """The season that ended when `season` began, under the plan (None when there was none)."""
    before = season_in(plan, season.start - 1)
    return before if before is not None and before.end == season.start else None


def carry_over(model: RatingModel, rating: Rating) -> Rating:
    """A rating carried into a new season: mu kept, sigma widened to at least `CARRIED_SIGMA_SHARE` of the
    model's initial sigma (never narrowed)."""
    return Rating(rating.mu, max(rating.sigma, model.initial.sigma * CARRIED_SIGMA_SHARE))


@dataclass(frozen=True, slots=True)
class SeasonRating:
    """One player's standing in a season of one game (every real player, listed or not)."""

    user_id: int
    display_name: str
    rating: Rating
    games: int
    wins: int


def season_ratings(
    model: RatingModel, matches: Iterable[MatchRecord], start: Mapping[int, Rating] | None = None
) -> list[SeasonRating]:
    """Every real player's rating over the season's rated `matches` (replayed oldest first), starting
    from `start` (the carried ratings) or the model's initial rating. Erased players (negative ids) are
    rated so others' numbers do not depend on them, but are not returned."""
    rated = sorted((m for m in matches if m.rated), key=lambda m: (m.finished_at, m.id))
    current: dict[int, Rating] = dict(start or {})
    games: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for match in rated:
        seats = sorted((p for p in match.players if p.user_id is not None), key=lambda p: p.seat)
        ids = [p.user_id for p in seats if p.user_id is not None]
        if len(ids) != len(match.players) or len(ids) < 2:
            continue
        after = model.rate([current.get(u, model.initial) for u in ids], [p.place for p in seats])
        for player, user, new in zip(seats, ids, after, strict=True):
            current[user] = new
            games[user] += 1
            wins[user] += player.place == 1
            names[user] = player.display_name
    return [SeasonRating(user, names[user], current[user], games[user], wins[user]) for user in games if user > 0]


def board_of(standings: Iterable[SeasonRating], hidden: frozenset[int], min_games: int) -> list[BoardEntry]:
    """The listed players in board order (conservative rating, then games, then id); equal ordinals share
    a rank, as the stored boards' SQL RANK() does."""
    listed = [s for s in standings if s.user_id not in hidden and s.games >= min_games]
    listed.sort(key=lambda s: (-s.rating.ordinal, -s.games, s.user_id))
    board: list[BoardEntry] = []
    for index, entry in enumerate(listed):
        tied = bool(board) and board[-1].rating.ordinal == entry.rating.ordinal
        rank = board[-1].rank if tied else index + 1
        board.append(BoardEntry(rank, entry.user_id, entry.display_name, entry.rating, entry.games, entry.wins))
    return board
