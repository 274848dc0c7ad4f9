"""Season arithmetic (data.seasons): calendar months and quarters in UTC, keys, carried ratings. Pure."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from data import MatchPlayer, MatchRecord, Rating, RatingModel
from data.seasons import (
    CARRIED_SIGMA_SHARE,
    SeasonLength,
    SeasonPlan,
    board_of,
    carry_over,
    previous_season,
    season_at,
    season_before,
    season_by_key,
    season_dates,
    season_in,
    season_ratings,
)

MONTHLY, QUARTERLY = SeasonLength.MONTHLY, SeasonLength.QUARTERLY


def utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()  # type: ignore[misc]


def match(match_id: int, *places: tuple[int, int]) -> MatchRecord:
    players = tuple(
        MatchPlayer(seat=i, user_id=user, display_name=f"P{user}", is_computer=False, place=place, score=0)
        for i, (user, place) in enumerate(places)
    )
    return MatchRecord(match_id, match_id, 1, "thirteen", float(match_id), True, False, players)


def test_a_monthly_season_runs_from_the_first_of_the_month_to_the_next_first_in_utc() -> None:
    """December 2026 is [1 Dec 00:00 UTC, 1 Jan 2027 00:00 UTC): its last second is in it, the next is not."""
    season = season_at(MONTHLY, utc(2026, 12, 15, 12))
    assert (season.start, season.end) == (utc(2026, 12, 1), utc(2027, 1, 1))
    assert season.key == "2026-12" and season.label == "December 2026"
    assert season.contains(utc(2027, 1, 1) - 0.001) and not season.contains(utc(2027, 1, 1))


def test_a_quarterly_season_is_a_calendar_quarter_in_utc() -> None:
    """1 May is in Q2 (April to June); 1 July 00:00 UTC starts Q3."""
    season = season_at(QUARTERLY, utc(2026, 5, 1))
    assert (season.start, season.end, season.key) == (utc(2026, 4, 1), utc(2026, 7, 1), "2026-Q2")
    assert season_at(QUARTERLY, utc(2026, 7, 1)).key == "2026-Q3"


def test_the_season_before_january_is_last_december_and_before_q1_is_last_q4() -> None:
    assert previous_season(MONTHLY, season_at(MONTHLY, utc(2027, 1, 10))).key == "2026-12"
    assert previous_season(QUARTERLY, season_at(QUARTERLY, utc(2027, 2, 10))).key == "2026-Q4"


def test_a_stored_key_names_its_season_again_and_nonsense_names_none() -> None:
    for season in (season_at(MONTHLY, utc(2026, 2, 3)), season_at(QUARTERLY, utc(2026, 11, 3))):
        assert season_by_key(season.key) == season
    assert season_by_key("2026-13") is None and season_by_key("all") is None and season_by_key("2026-Q5") is None


def test_a_carried_rating_keeps_mu_and_widens_a_settled_sigma_to_the_models_share() -> None:
    """A settled player (small sigma) gets half a newcomer's uncertainty back; mu is kept."""
    model = RatingModel()
    carried = carry_over(model, Rating(31.0, 1.5))
    assert carried == Rating(31.0, model.initial.sigma * CARRIED_SIGMA_SHARE)


def test_a_carried_rating_never_gets_more_certain() -> None:
    """A sigma already wider than the share is kept as it is."""
    model = RatingModel()
    assert carry_over(model, Rating(20.0, 7.0)) == Rating(20.0, 7.0)


def test_season_ratings_start_from_the_carried_ratings() -> None:
    """A carried player's first season game starts from the carried rating, not the initial one."""
    model = RatingModel()
    start = {1: Rating(35.0, 4.0)}
    carried = {s.user_id: s for s in season_ratings(model, [match(1, (1, 1), (2, 2))], start)}
    fresh = {s.user_id: s for s in season_ratings(model, [match(1, (1, 1), (2, 2))])}
    assert carried[1].rating == model.rate([Rating(35.0, 4.0), model.initial], [1, 2])[0]
    assert carried[1].rating != fresh[1].rating and carried[1].games == 1


def test_a_season_board_lists_players_with_enough_games_best_first() -> None:
    """Two wins over the same opponent: the winner is first, a one-game player is under the minimum."""
    model = RatingModel()
    standings = season_ratings(model, [match(1, (1, 1), (2, 2)), match(2, (1, 1), (2, 2)), match(3, (3, 1), (1, 2))])
    board = board_of(standings, frozenset(), min_games=2)
    assert [e.user_id for e in board] == [1, 2]


DATED = (utc(2027, 1, 10), utc(2027, 2, 15))  # 10 January to 14 February, both included


def test_set_dates_read_as_whole_utc_days_with_both_days_included() -> None:
    assert season_dates("2027-01-10..2027-02-14") == DATED
    assert season_dates(" 2027-01-10 2027-02-14 ") == DATED


def test_set_dates_out_of_order_or_not_dates_are_refused() -> None:
    for text in ("2027-02-14..2027-01-10", "2027-01-10", "soon..later", "2027-13-01..2027-14-01"):
        with pytest.raises(ValueError):
            season_dates(text)


def test_a_season_with_set_dates_cuts_the_calendar_season_it_starts_in_short() -> None:
    plan = SeasonPlan(MONTHLY, DATED)
    before = season_in(plan, utc(2027, 1, 5))
    dated = season_in(plan, utc(2027, 1, 10))
    assert before is not None and (before.start, before.end, before.key) == (
        utc(2027, 1, 1),
        DATED[0],
        "2027-01-01..2027-01-09",
    )
    assert dated is not None and (dated.start, dated.end, dated.key) == (*DATED, "2027-01-10..2027-02-14")
    assert season_in(plan, utc(2026, 12, 31)) == season_at(MONTHLY, utc(2026, 12, 31))
    assert season_before(plan, dated) == before


def test_after_a_season_with_set_dates_seasons_of_the_chosen_length_follow_from_its_end() -> None:
    plan = SeasonPlan(MONTHLY, DATED)
    first = season_in(plan, utc(2027, 2, 15))
    second = season_in(plan, utc(2027, 3, 20))
    assert first is not None and (first.start, first.end) == (utc(2027, 2, 15), utc(2027, 3, 15))
    assert second is not None and (second.start, second.end) == (utc(2027, 3, 15), utc(2027, 4, 15))
    assert season_before(plan, second) == first and season_by_key(second.key) == second
    quarterly = season_in(SeasonPlan(QUARTERLY, DATED), utc(2027, 3, 1))
    assert quarterly is not None and (quarterly.start, quarterly.end) == (utc(2027, 2, 15), utc(2027, 5, 15))


def test_after_a_season_with_set_dates_and_no_length_seasons_stop() -> None:
    plan = SeasonPlan(SeasonLength.OFF, DATED)
    assert season_in(plan, utc(2027, 1, 5)) is None
    assert season_in(plan, utc(2027, 2, 1)) is not None
    assert season_in(plan, DATED[1]) is None


def test_a_dated_key_names_its_season_again() -> None:
    season = season_by_key("2027-01-10..2027-02-14")
    assert season is not None and (season.start, season.end) == DATED and season.label == "2027-01-10 – 2027-02-14"
    assert season_by_key("2027-02-14..2027-01-10") is None and season_by_key("2027-02-30..2027-03-01") is None
