"""Deadline arithmetic for casual turns: a player away, a server's quiet hours, the server's away limit.

Pure (no I/O, nothing from discord), so every case is checked by unit tests with fixed instants and
time zones. Times are Unix seconds; the wall clock of quiet hours is read in an IANA time zone
(`zoneinfo`), so daylight-saving changes move the end of a quiet night the way the player's clock does.

The service (`GameService.wake_up`) feeds this the person at turn's away state and the server's quiet
hours whenever a casual turn starts, and the `/settings away` command when a person leaves or comes back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from datetime import time as wall_time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DAY = 86400
DEFAULT_AWAY_LIMIT_SECONDS = 7 * DAY  # a server may choose another; past it the timer counts again
UTC_NAME = "UTC"
_HHMM = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*$")


@dataclass(frozen=True, slots=True)
class Away:
    """A person away since `since`, until `until` (None: until they say they are back)."""

    since: float
    until: float | None

    def back(self, limit_seconds: float) -> float:
        """When their timers count again: their return, or the server's limit after they left, if sooner."""
        cap = self.since + limit_seconds
        return cap if self.until is None else min(self.until, cap)

    def holds(self, now: float, limit_seconds: float) -> bool:
        """Whether their timers are stopped at `now`."""
        return self.since <= now < self.back(limit_seconds)


@dataclass(frozen=True, slots=True)
class QuietHours:
    """A nightly window in which no casual deadline falls, as minutes after midnight; it may wrap
    midnight (23:00-07:00)."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if not (0 <= self.start < 1440 and 0 <= self.end < 1440) or self.start == self.end:
            raise ValueError("quiet hours need a start and an end that differ, each between 00:00 and 23:59")

    @classmethod
    def parse(cls, text: str) -> QuietHours:
        """`"23:00-07:00"` → QuietHours; a ValueError says what is wrong in player words."""
        parts = text.replace("–", "-").split("-")
        if len(parts) != 2:
            raise ValueError("Write quiet hours as start-end in 24-hour time, for example 23:00-07:00.")
        minutes = [_minutes(part) for part in parts]
        if minutes[0] == minutes[1]:
            raise ValueError("Quiet hours need a start and an end that differ.")
        return cls(minutes[0], minutes[1])

    def text(self) -> str:
        return f"{self.start // 60:02d}:{self.start % 60:02d}-{self.end // 60:02d}:{self.end % 60:02d}"


def _minutes(text: str) -> int:
    match = _HHMM.match(text)
    if match is None or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError("Write quiet hours as start-end in 24-hour time, for example 23:00-07:00.")
    return int(match[1]) * 60 + int(match[2])


def time_zone(name: str) -> ZoneInfo:
    """The IANA zone `name` (Europe/Paris); a ValueError in player words when there is no such zone."""
    cleaned = name.strip()
    try:
        if not cleaned or cleaned.startswith(("/", ".")) or ".." in cleaned:
            raise ValueError(cleaned)
        return ZoneInfo(cleaned)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"I don't know the time zone “{cleaned[:60]}”. Use a name like Europe/Paris, America/New_York or UTC."
        ) from None


def zone_or_utc(name: str | None) -> ZoneInfo:
    """A stored zone name (checked when it was saved); UTC when there is none or it is no longer known."""
    try:
        return time_zone(name or UTC_NAME)
    except ValueError:
        return ZoneInfo(UTC_NAME)


def out_of_quiet(at: float, quiet: QuietHours | None, zone: tzinfo) -> float:
    """`at`, or the end of the quiet window it falls in, read on the wall clock of `zone`."""
    if quiet is None:
        return at
    local = datetime.fromtimestamp(at, zone)
    second = local.hour * 3600 + local.minute * 60 + local.second + local.microsecond / 1e6
    start, end = quiet.start * 60, quiet.end * 60
    if start < end:
        inside, end_day = start <= second < end, local.date()
    else:  # wraps midnight: the night's end is tomorrow when `at` is before midnight
        inside = second >= start or second < end
        end_day = local.date() + timedelta(days=1) if second >= start else local.date()
    if not inside:
        return at
    # A wall time skipped by a spring-forward change reads as the instant just after the gap (fold 0).
    ends = datetime.combine(end_day, wall_time(quiet.end // 60, quiet.end % 60), tzinfo=zone)
    return max(at, ends.timestamp())


def casual_deadline(
    deadline: float,
    turn_seconds: float,
    *,
    away: Away | None,
    limit_seconds: float,
    quiet: QuietHours | None,
    zone: tzinfo,
) -> float:
    """The real deadline of a casual turn whose ordinary deadline is `deadline`.

    A person away gets a whole turn from their return (their timer stops while they are away), but
    never past the server's limit after they left; then the deadline leaves the quiet hours."""
    if away is not None:
        deadline = max(deadline, away.back(limit_seconds) + turn_seconds)
    return out_of_quiet(deadline, quiet, zone)


def parse_until(text: str, zone: tzinfo, now: float) -> float:
    """`"2026-12-24"` (the start of that day) or `"2026-12-24 18:00"` on the wall clock of `zone`; a
    ValueError in player words for anything else or a time already past."""
    cleaned = " ".join(text.strip().replace("T", " ").split())
    for layout in ("%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            parsed = datetime.strptime(cleaned, layout)
        except ValueError:
            continue
        at = parsed.replace(tzinfo=zone).timestamp()
        if at <= now:
            raise ValueError("That time has already passed; give a date in the future, like 2026-12-24.")
        return at
    raise ValueError("Write the date as YYYY-MM-DD, or YYYY-MM-DD HH:MM, for example 2026-12-24 18:00.")
