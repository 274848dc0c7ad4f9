"""Right-to-left images are laid out mirrored (rendering.layout): an Urdu image reads from the right.

Checked on the pixels of real renders, by where the theme's colours land: the header's title, a
board's place or rank medals, the seat whose turn it is, the talon or stock. Cards are never mirrored: a hand draws the
same picture in every language and a meld's cards still run low to high from left to right.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.carousel import ENGINE as CAROUSEL
from games.carousel import new_game as carousel_game
from games.gin import new_game as gin_game
from games.schnapsen.state import new_game as schnapsen_game
from games.thirteen.state import new_game as thirteen_game
from rendering import carousel, gin, schnapsen, thirteen
from rendering.boards import HEADER_H, ROW_H, SUBTITLE_H, TITLE_H
from rendering.leaderboard import LeaderboardRow, render_leaderboard
from rendering.standings import StandingRow, render_standings
from rendering.table import FOOTER_H, PAD
from rendering.table import HEADER_H as TABLE_HEADER_H
from rendering.theme import DEFAULT_THEME, RGB
from tests.rendering.helpers import decode

NAMES = ("Ann", "Bob", "Cy", "Dee")
WIDTH = DEFAULT_THEME.width


def _pixels(data: bytes) -> np.ndarray:
    return np.asarray(decode(data).convert("RGB")).astype(int)


def _columns_of(pixels: np.ndarray, colour: RGB, rows: slice) -> np.ndarray:
    """The x of every pixel in `rows` within a few levels of `colour` (anti-aliased edges excluded)."""
    near = (np.abs(pixels[rows] - np.array(colour)).sum(axis=2) <= 12)
    return np.nonzero(near)[1]


def _thirteen_table(lang: str) -> np.ndarray:
    return _pixels(thirteen.render_table(thirteen_game(4, 3).view(None), NAMES, lang=lang))


def test_urdu_header_title_sits_at_the_right():
    """The title (text colour) is in the right half of an Urdu header, whose turn (gold) in the left half;
    English keeps them the other way round."""
    for lang, title_right in (("ur", True), ("en", False)):
        pixels = _thirteen_table(lang)
        title = _columns_of(pixels, DEFAULT_THEME.text, slice(0, TABLE_HEADER_H))
        turn = _columns_of(pixels, DEFAULT_THEME.accent, slice(0, TABLE_HEADER_H))
        assert title.size and turn.size, lang
        assert bool(title.min() > WIDTH // 2) is title_right, (lang, title.min(), title.max())
        assert bool(turn.max() < WIDTH // 2) is title_right, (lang, turn.min(), turn.max())


def test_urdu_seats_follow_each_other_from_the_right():
    """Seat panels are in seat order from where reading starts: the panel of the seat to play (gold frame)
    is in the right column in Urdu exactly when it is in the left column in English."""
    view = thirteen_game(4, 3).view(None)
    assert view.to_move is not None
    first_column = view.to_move % 2 == 0
    band = slice(TABLE_HEADER_H + PAD, TABLE_HEADER_H + PAD + 20)  # the panels' top edge
    english = _columns_of(_thirteen_table("en"), DEFAULT_THEME.accent, band)
    urdu = _columns_of(_thirteen_table("ur"), DEFAULT_THEME.accent, band)
    assert bool(english.mean() < WIDTH // 2) is first_column
    assert bool(urdu.mean() > WIDTH // 2) is first_column


def _medals(pixels: np.ndarray, top: int) -> np.ndarray:
    """The x of the first row's gold medal on a board whose rows start at `top`."""
    return _columns_of(pixels, DEFAULT_THEME.gold, slice(top + 8, top + ROW_H - 8))


def test_urdu_standings_place_column_is_rightmost():
    """The place column (the 1st place's gold medal) is the rightmost column of Urdu standings, the leftmost
    of English ones."""
    rows = [StandingRow(place, name, 100 - place) for place, name in enumerate(NAMES, start=1)]
    first_row = TITLE_H + SUBTITLE_H + HEADER_H
    urdu = _medals(_pixels(render_standings("حتمی نتائج", rows, "کیروسل", lang="ur")), first_row)
    english = _medals(_pixels(render_standings("Final standings", rows, "Carousel", lang="en")), first_row)
    assert urdu.size and urdu.min() > WIDTH - 150
    assert english.size and english.max() < 150


def test_urdu_leaderboard_rank_column_is_rightmost():
    """The rank column (rank 1's gold medal) is rightmost on an Urdu leaderboard."""
    rows = [LeaderboardRow(rank, name, 1400 - rank, 10, 5) for rank, name in enumerate(NAMES, start=1)]
    urdu = _medals(_pixels(render_leaderboard("لیڈر بورڈ", rows, lang="ur")), TITLE_H + HEADER_H)
    assert urdu.size and urdu.min() > WIDTH - 120


def test_a_hand_is_the_same_picture_in_urdu():
    """A hand is never mirrored: cards, their order and labels draw the same pixels in Urdu as in English."""
    view = thirteen_game(4, 11).view(0)
    english = thirteen.render_hand(view, frozenset(view.hand[:2]), lang="en")
    urdu = thirteen.render_hand(view, frozenset(view.hand[:2]), lang="ur")
    assert np.array_equal(_pixels(english), _pixels(urdu))


def test_urdu_melds_start_at_the_right_and_their_cards_run_left_to_right():
    """Carousel melds follow each other from the right in Urdu, but inside a meld the cards keep their
    left-to-right order (a run reads low to high, as in the hand and the select menu)."""
    bot, game, rng = CAROUSEL.computer("easy"), carousel_game(4, 7), random.Random(3)
    while len(game.view(None).table) < 2:
        game = game.apply(bot.choose(game.view(game.to_move), rng))
    view = game.view(None)
    for lang in ("en", "ur"):
        boxes = carousel.table_card_boxes(view, NAMES, lang=lang)
        for meld in {box.meld for box in boxes}:
            lefts = [box.box[0] for box in boxes if box.meld == meld]
            assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts), (lang, meld, lefts)
    english = carousel.table_card_boxes(view, NAMES, lang="en")
    urdu = carousel.table_card_boxes(view, NAMES, lang="ur")
    first_en = min(box.box[0] for box in english if box.meld == 0)
    first_ur = max(box.box[2] for box in urdu if box.meld == 0)
    assert first_en < WIDTH // 4 and first_ur > WIDTH - WIDTH // 4


def _backs_below_panels(data: bytes) -> np.ndarray:
    """The x of card-back pixels in the lower half of a table image, above its footer (the talon or stock)."""
    pixels = _pixels(data)
    height = pixels.shape[0]
    return _columns_of(pixels, DEFAULT_THEME.back, slice(height // 2, height - FOOTER_H))


@pytest.mark.parametrize("game", ["sixty_six", "gin"])
def test_urdu_talon_and_stock_sit_where_reading_starts(game):
    """The face-down talon (Sixty-Six) or stock (Gin) is at the left of an English table and at the right of
    an Urdu one; the trick or the pile follows it."""
    if game == "gin":
        view = gin_game(2, 4).view(None)
        draw = gin.render_table
    else:
        view = schnapsen_game(2, 2).view(None)
        draw = schnapsen.render_table
    english = _backs_below_panels(draw(view, NAMES[:2], lang="en"))
    urdu = _backs_below_panels(draw(view, NAMES[:2], lang="ur"))
    assert english.size and english.max() < WIDTH // 3
    assert urdu.size and urdu.min() > WIDTH - WIDTH // 3
