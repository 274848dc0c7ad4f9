"""The pure arithmetic of casual deadlines: away, the server's limit, quiet hours in a time zone (DST too)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.moves.deadlines import (
    DAY,
    Away,
    QuietHours,
    casual_deadline,
    out_of_quiet,
    parse_until,
    time_zone,
    zone_or_utc,
)

UTC = ZoneInfo("UTC")
PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
NIGHT = QuietHours.parse("23:00-07:00")
HOUR = 3600


def at(zone: ZoneInfo, *parts: int) -> float:
    return datetime(*parts, tzinfo=zone).timestamp()  # type: ignore[misc]


def test_a_deadline_inside_the_night_moves_to_its_end_the_next_morning() -> None:
    assert out_of_quiet(at(UTC, 2026, 3, 2, 23, 30), NIGHT, UTC) == at(UTC, 2026, 3, 3, 7, 0)


def test_a_deadline_after_midnight_moves_to_the_same_morning() -> None:
    assert out_of_quiet(at(UTC, 2026, 3, 3, 4, 0), NIGHT, UTC) == at(UTC, 2026, 3, 3, 7, 0)


def test_a_deadline_outside_the_night_stays() -> None:
    assert out_of_quiet(at(UTC, 2026, 3, 3, 7, 0), NIGHT, UTC) == at(UTC, 2026, 3, 3, 7, 0)
    assert out_of_quiet(at(UTC, 2026, 3, 3, 22, 59), NIGHT, UTC) == at(UTC, 2026, 3, 3, 22, 59)


def test_quiet_hours_that_do_not_wrap_midnight_end_the_same_day() -> None:
    lunch = QuietHours.parse("12:00-14:00")
    assert out_of_quiet(at(UTC, 2026, 3, 3, 13, 0), lunch, UTC) == at(UTC, 2026, 3, 3, 14, 0)
    assert out_of_quiet(at(UTC, 2026, 3, 3, 23, 0), lunch, UTC) == at(UTC, 2026, 3, 3, 23, 0)


def test_the_night_is_read_on_the_players_clock() -> None:
    """04:00 UTC is 05:00 in Paris (winter): moved to 07:00 Paris, which is 06:00 UTC."""
    four_utc = at(UTC, 2026, 1, 15, 4, 0)
    assert out_of_quiet(four_utc, NIGHT, PARIS) == at(UTC, 2026, 1, 15, 6, 0)
    # The same instant is 23:00 the evening before in New York: the night there ends at 07:00 New York.
    assert out_of_quiet(four_utc, NIGHT, NEW_YORK) == at(NEW_YORK, 2026, 1, 15, 7, 0)


def test_a_night_across_the_spring_change_ends_at_seven_on_the_new_clock() -> None:
    """Paris moves from 02:00 to 03:00 on 29 March 2026: the night is an hour shorter, it still ends at 07:00."""
    end = out_of_quiet(at(PARIS, 2026, 3, 29, 1, 30), NIGHT, PARIS)
    assert end == at(PARIS, 2026, 3, 29, 7, 0)
    assert datetime.fromtimestamp(end, PARIS).utcoffset().total_seconds() == 2 * HOUR  # type: ignore[union-attr]


def test_a_night_across_the_autumn_change_ends_at_seven_on_the_new_clock() -> None:
    end = out_of_quiet(at(PARIS, 2026, 10, 24, 23, 30), NIGHT, PARIS)
    assert end == at(PARIS, 2026, 10, 25, 7, 0)
    assert end - at(PARIS, 2026, 10, 24, 23, 0) == 9 * HOUR  # the night of the change is an hour longer


def test_a_quiet_end_skipped_by_the_spring_change_falls_just_after_the_gap() -> None:
    short = QuietHours.parse("01:00-02:30")  # 02:30 never happens in Paris on 29 March 2026
    end = out_of_quiet(at(PARIS, 2026, 3, 29, 1, 45), short, PARIS)
    assert at(PARIS, 2026, 3, 29, 1, 45) < end <= at(PARIS, 2026, 3, 29, 3, 30)
    assert out_of_quiet(end, short, PARIS) == end


def test_away_gives_a_whole_turn_from_the_return() -> None:
    away = Away(since=1000.0, until=1000.0 + 3 * DAY)
    got = casual_deadline(2000.0, DAY, away=away, limit_seconds=7 * DAY, quiet=None, zone=UTC)
    assert got == 1000.0 + 4 * DAY


def test_away_is_capped_by_the_servers_limit() -> None:
    away = Away(since=1000.0, until=1000.0 + 30 * DAY)
    got = casual_deadline(2000.0, DAY, away=away, limit_seconds=7 * DAY, quiet=None, zone=UTC)
    assert got == 1000.0 + 8 * DAY


def test_away_until_back_is_held_up_to_the_limit() -> None:
    away = Away(since=1000.0, until=None)
    assert casual_deadline(2000.0, DAY, away=away, limit_seconds=2 * DAY, quiet=None, zone=UTC) == 1000.0 + 3 * DAY
    assert away.holds(1000.0 + DAY, 2 * DAY) and not away.holds(1000.0 + 2 * DAY, 2 * DAY)


def test_an_away_that_ended_before_the_turn_changes_nothing() -> None:
    away = Away(since=0.0, until=100.0)
    assert casual_deadline(5 * DAY, DAY, away=away, limit_seconds=7 * DAY, quiet=None, zone=UTC) == 5 * DAY


def test_the_return_deadline_also_leaves_the_night() -> None:
    away = Away(since=at(UTC, 2026, 3, 1, 0, 0), until=at(UTC, 2026, 3, 2, 3, 0))
    got = casual_deadline(away.since + DAY, DAY, away=away, limit_seconds=7 * DAY, quiet=NIGHT, zone=UTC)
    assert got == at(UTC, 2026, 3, 3, 7, 0)


@pytest.mark.parametrize("text", ["23:00", "25:00-07:00", "23:00-07:60", "7-8", "22:00-22:00", "night"])
def test_bad_quiet_hours_are_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError, match=r"24-hour|differ"):
        QuietHours.parse(text)


def test_quiet_hours_read_back_as_written() -> None:
    assert QuietHours.parse("23:00 - 7:05").text() == "23:00-07:05"


def test_a_bad_time_zone_is_refused_in_words() -> None:
    for name in ("Mars/Olympus", "", "../etc/passwd", "Europe/"):
        with pytest.raises(ValueError, match="time zone"):
            time_zone(name)
    assert time_zone(" Europe/Paris ") == PARIS
    assert zone_or_utc(None) == UTC and zone_or_utc("Nowhere/Land") == UTC


def test_an_away_date_is_read_on_the_players_clock() -> None:
    now = at(UTC, 2026, 1, 1, 0, 0)
    assert parse_until("2026-12-24", PARIS, now) == at(PARIS, 2026, 12, 24, 0, 0)
    assert parse_until("2026-12-24 18:00", NEW_YORK, now) == at(NEW_YORK, 2026, 12, 24, 18, 0)


def test_an_away_date_in_the_past_or_garbled_is_refused() -> None:
    now = at(UTC, 2026, 6, 1, 0, 0)
    with pytest.raises(ValueError, match="passed"):
        parse_until("2026-01-01", UTC, now)
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_until("next friday", UTC, now)
