"""Which ended seasons a pass closes (bot.projection.seasons.ended_seasons): the one just ended, and those a stopped
bot slept through, oldest first, never one that ended before seasons were turned on."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.projection.seasons import LOOK_BACK_SEASONS, ended_seasons, season_nonce
from data.models import SeasonLength
from data.seasons import SeasonPlan, season_by_key


def at(year: int, month: int, day: int = 1, hour: int = 0) -> float:
    return datetime(year, month, day, hour, tzinfo=UTC).timestamp()


def test_a_pass_just_after_a_months_end_closes_that_month() -> None:
    found = ended_seasons(SeasonPlan(SeasonLength.MONTHLY), since=at(2031, 5, 10), now=at(2031, 6, 1, 1))
    assert [s.key for s in found] == ["2031-05"]


def test_months_slept_through_are_closed_oldest_first() -> None:
    found = ended_seasons(SeasonPlan(SeasonLength.MONTHLY), since=at(2031, 5, 10), now=at(2031, 8, 3))
    assert [s.key for s in found] == ["2031-05", "2031-06", "2031-07"]


def test_quarters_slept_through_are_closed_oldest_first() -> None:
    found = ended_seasons(SeasonPlan(SeasonLength.QUARTERLY), since=at(2031, 2, 1), now=at(2031, 10, 2))
    assert [s.key for s in found] == ["2031-Q1", "2031-Q2", "2031-Q3"]


def test_a_season_that_ended_before_seasons_were_on_is_never_closed() -> None:
    assert ended_seasons(SeasonPlan(SeasonLength.MONTHLY), since=at(2031, 6, 1), now=at(2031, 6, 20)) == []


def test_the_look_back_is_bounded() -> None:
    found = ended_seasons(SeasonPlan(SeasonLength.MONTHLY), since=0.0, now=at(2031, 6, 2))
    assert len(found) == LOOK_BACK_SEASONS and found[-1].key == "2031-05"


def test_a_season_with_set_dates_closes_at_its_end_and_seasons_stop_after_it() -> None:
    """No length chosen: the dated season closes once it is over (also long after), nothing follows it."""
    plan = SeasonPlan(SeasonLength.OFF, (at(2031, 5, 10), at(2031, 6, 15)))
    assert ended_seasons(plan, since=at(2031, 5, 1), now=at(2031, 6, 1)) == []
    for now in (at(2031, 6, 15, 1), at(2031, 9, 1)):
        assert [s.key for s in ended_seasons(plan, since=at(2031, 5, 1), now=now)] == ["2031-05-10..2031-06-14"]


def test_seasons_after_set_dates_close_in_order_with_the_cut_calendar_season_first() -> None:
    plan = SeasonPlan(SeasonLength.MONTHLY, (at(2031, 5, 10), at(2031, 6, 15)))
    found = ended_seasons(plan, since=at(2031, 5, 2), now=at(2031, 7, 20))
    assert [s.key for s in found] == ["2031-05-01..2031-05-09", "2031-05-10..2031-06-14", "2031-06-15..2031-07-14"]


def test_every_closing_posts_nonce_fits_discords_25_characters() -> None:
    dated = season_by_key("2031-05-10..2031-06-14")
    calendar = season_by_key("2031-05")
    assert dated is not None and calendar is not None
    for season in (dated, calendar):
        assert len(season_nonce(2**63 - 1, season)) <= 25
    assert season_nonce(1, dated) != season_nonce(2, dated)
