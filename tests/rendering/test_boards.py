"""Leaderboard and standings images from plain rows: sizes, the caller's row, places and odd names."""

from __future__ import annotations

from rendering.boards import GAP, board_size
from rendering.leaderboard import LeaderboardRow, board_rows, format_rating, render_leaderboard
from rendering.standings import StandingRow, ordinal, render_standings, standing_rows
from rendering.theme import DEFAULT_THEME
from tests.rendering.helpers import AWKWARD_NAMES, decode

TOP = tuple(
    LeaderboardRow(rank=i + 1, name=name, rating=1500 - 40 * i, games=30 - i, wins=20 - 2 * i)
    for i, name in enumerate(AWKWARD_NAMES)
)


def test_leaderboard_decodes_at_its_size():
    """A ten-row board with a subtitle decodes at the board size, as a palette PNG."""
    image = decode(render_leaderboard("Thirteen", TOP, subtitle="Top ten"))
    assert image.format == "PNG"
    assert image.mode == "P"
    assert image.size == board_size(len(TOP), True, DEFAULT_THEME)


def test_caller_in_the_top_is_highlighted_in_place():
    """The caller's row on the board is highlighted, and nothing is appended."""
    rows = board_rows(TOP, TOP[3])
    assert len(rows) == len(TOP)
    assert [row.highlight for row in rows] == [i == 3 for i in range(len(TOP))]


def test_caller_outside_the_top_is_appended_below_a_gap():
    """A caller ranked 57th is shown highlighted after a gap marker."""
    me = LeaderboardRow(rank=57, name="me", rating=3.25, games=2, wins=0)
    rows = board_rows(TOP, me)
    assert rows[-2].cells == (GAP,)
    assert rows[-1].highlight and rows[-1].cells[0] == "57"
    image = decode(render_leaderboard("Thirteen", TOP, caller=me))
    assert image.size == board_size(len(TOP) + 2, False, DEFAULT_THEME)


def test_empty_board_still_renders():
    """A board with no rated players yet draws a one-row placeholder."""
    assert decode(render_leaderboard("Carousel", ())).size == board_size(0, False, DEFAULT_THEME)


def test_ratings_are_rounded_for_display():
    """Display ratings are shown as whole numbers."""
    assert (format_rating(1499.6), format_rating(999.4)) == ("1500", "999")


def test_standings_put_the_best_place_first_and_keep_shared_places():
    """Rows are sorted by place; equal places (D-CA-4 ties) keep their given order."""
    rows = standing_rows([StandingRow(2, "b", 10), StandingRow(1, "a", 30), StandingRow(1, "c", 30)])
    assert [row.cells[1] for row in rows] == ["a", "c", "b"]
    assert [row.cells[0] for row in rows] == ["1st", "1st", "2nd"]


def test_ordinals():
    """Place labels read naturally, including the teens."""
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
    ]


def test_standings_with_awkward_names_render():
    """Long, emoji, right-to-left and empty names render in the standings image."""
    rows = [StandingRow(place + 1, name, 100 - place) for place, name in enumerate(AWKWARD_NAMES)]
    image = decode(render_standings("Final standings", rows, subtitle="Game 3"))
    assert image.size == board_size(len(rows), True, DEFAULT_THEME)
