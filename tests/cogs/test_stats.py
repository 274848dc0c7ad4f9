"""Trend, favourite game and result lines of /stats, without Discord."""

from __future__ import annotations

from cogs.stats import favourite, result_line, trend_of
from data import MatchPlayer, MatchRecord, PlayerStats, Rating


def rated(match_id: int, before: float, after: float, *, is_rated: bool = True) -> MatchRecord:
    """User 1's match, their ordinal moving from `before` to `after` (sigma 0 keeps ordinal = mu)."""
    me = MatchPlayer(0, 1, "Me", False, 1, 3, Rating(before, 0.0), Rating(after, 0.0))
    if not is_rated:
        me = MatchPlayer(0, 1, "Me", False, 2, 0)
    other = MatchPlayer(1, None, "🤖", True, 2, 0) if not is_rated else MatchPlayer(1, 2, "You", False, 2, 0)
    return MatchRecord(match_id, match_id, 1, "thirteen", 1_700_000_000.0, is_rated, not is_rated, (me, other))


def test_trend_sums_the_newest_rated_changes() -> None:
    """The trend adds shown-rating changes (40 per ordinal point) of the newest rated games only."""
    newest_first = [rated(5, 10, 12), rated(4, 0, 0, is_rated=False), rated(3, 9, 10), rated(2, 5, 9)]
    trend = trend_of(newest_first, 1, limit=2)
    assert trend.games == 2 and trend.change == 120
    assert "+120" in trend.text() and "📈" in trend.text()


def test_trend_without_rated_games_says_so() -> None:
    assert trend_of([rated(1, 0, 0, is_rated=False)], 1).text() == "no rated games yet"


def test_favourite_is_the_most_played_kind() -> None:
    """Most games wins; a kind never played is never the favourite."""
    stats = {
        kind: PlayerStats(1, 1, kind, games, 0, None, 0)
        for kind, games in (("thirteen", 2), ("carousel", 5), ("schnapsen", 0))
    }
    assert favourite(stats) == "carousel"
    assert favourite({"schnapsen": stats["schnapsen"]}) is None


def test_result_line_names_place_of_players_and_kind() -> None:
    line = result_line(rated(9, 1, 2), 1, "Thirteen")
    assert line.startswith("Thirteen #9 · 1st of 2 · 3 pts · rated")
    assert "with computers" in result_line(rated(9, 0, 0, is_rated=False), 1, "Thirteen")
