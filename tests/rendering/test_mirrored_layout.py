"""Right-to-left images are laid out mirrored (rendering.layout): an Urdu image reads from the right.

Checked on the pixels of the shared pieces every image is made of, by where the theme's colours land:
the header's title and whose turn, the seat whose turn it is, a board's place or rank medal. Each
game's own parts (melds, talon, stock) and the hand, which never mirrors, are checked in its tests.
"""

from __future__ import annotations

from rendering.boards import HEADER_H, ROW_H, SUBTITLE_H, TITLE_H
from rendering.encode import palette_png
from rendering.leaderboard import LeaderboardRow, render_leaderboard
from rendering.standings import StandingRow, render_standings
from rendering.surface import IndexedSurface
from rendering.table import HEADER_H as TABLE_HEADER_H
from rendering.table import PAD, SeatPanel, canvas, header, panel_height, seat_panels
from rendering.text import language
from rendering.theme import DEFAULT_THEME
from tests.rendering.helpers import columns_of, pixels

NAMES = ("Ann", "Bob", "Cy", "Dee")
WIDTH = DEFAULT_THEME.width


def _table_top(lang: str, to_move: int) -> bytes:
    """A table's header and four seat panels in `lang`, seat `to_move` framed as the one to play."""
    panels = [SeatPanel(name, cards=13, active=seat == to_move) for seat, name in enumerate(NAMES)]
    picture = canvas(TABLE_HEADER_H + PAD + panel_height(panels, DEFAULT_THEME) + PAD, DEFAULT_THEME, IndexedSurface)
    with language(lang):
        header(picture, "تیرہ" if lang == "ur" else "Thirteen", "Ann", DEFAULT_THEME)
        seat_panels(picture, TABLE_HEADER_H + PAD, panels, DEFAULT_THEME)
    return palette_png(picture.image)


def test_urdu_header_title_sits_at_the_right():
    """The title (text colour) is in the right half of an Urdu header, whose turn (gold) in the left half;
    English keeps them the other way round."""
    for lang, title_right in (("ur", True), ("en", False)):
        image = pixels(_table_top(lang, 0))
        title = columns_of(image, DEFAULT_THEME.text, slice(0, TABLE_HEADER_H))
        turn = columns_of(image, DEFAULT_THEME.accent, slice(0, TABLE_HEADER_H))
        assert title.size and turn.size, lang
        assert bool(title.min() > WIDTH // 2) is title_right, (lang, title.min(), title.max())
        assert bool(turn.max() < WIDTH // 2) is title_right, (lang, turn.min(), turn.max())


def test_urdu_seats_follow_each_other_from_the_right():
    """Seat panels are in seat order from where reading starts: the first seat's panel (framed in gold) is
    in the right column in Urdu, the left one in English; the second seat's the other way round."""
    band = slice(TABLE_HEADER_H + PAD, TABLE_HEADER_H + PAD + 20)  # the first row of panels' top edge
    for seat, starts_right in ((0, True), (1, False)):
        english = columns_of(pixels(_table_top("en", seat)), DEFAULT_THEME.accent, band)
        urdu = columns_of(pixels(_table_top("ur", seat)), DEFAULT_THEME.accent, band)
        assert bool(urdu.mean() > WIDTH // 2) is starts_right
        assert bool(english.mean() > WIDTH // 2) is not starts_right


def _medals(image, top: int):  # type: ignore[no-untyped-def]
    """The x of the first row's gold medal on a board whose rows start at `top`."""
    return columns_of(image, DEFAULT_THEME.gold, slice(top + 8, top + ROW_H - 8))


def test_urdu_standings_place_column_is_rightmost():
    """The place column (the 1st place's gold medal) is the rightmost column of Urdu standings, the leftmost
    of English ones."""
    rows = [StandingRow(place, name, 100 - place) for place, name in enumerate(NAMES, start=1)]
    first_row = TITLE_H + SUBTITLE_H + HEADER_H
    urdu = _medals(pixels(render_standings("حتمی نتائج", rows, "کیروسل", lang="ur")), first_row)
    english = _medals(pixels(render_standings("Final standings", rows, "Carousel", lang="en")), first_row)
    assert urdu.size and urdu.min() > WIDTH - 150
    assert english.size and english.max() < 150


def test_urdu_leaderboard_rank_column_is_rightmost():
    """The rank column (rank 1's gold medal) is rightmost on an Urdu leaderboard."""
    rows = [LeaderboardRow(rank, name, 1400 - rank, 10, 5) for rank, name in enumerate(NAMES, start=1)]
    urdu = _medals(pixels(render_leaderboard("لیڈر بورڈ", rows, lang="ur")), TITLE_H + HEADER_H)
    assert urdu.size and urdu.min() > WIDTH - 120
