"""Urdu lines are laid out word by word (rendering.text) and the images' words shaped ahead
(rendering.prewarm): the same pixels as shaping each line whole, for much less shaping."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from locales import t
from rendering import prewarm, text
from rendering.fonts import RTL, Face, bold, font
from rendering.text import draw_line, language, runs

LINES = (
    t("ur", "No cards in hand"),
    t("ur", "{name} passed", name="علی"),
    "فاطمہ خان نے 3 میں سے 12 اٹھایا",
    "چالیں · 305 پوائنٹس",
)


def _whole(line: str, typeface) -> np.ndarray:  # type: ignore[no-untyped-def]
    """`line` (one right-to-left Nastaliq run) shaped by Raqm in one call, right-aligned at x = 580."""
    image = Image.new("L", (600, 120))
    ImageDraw.Draw(image).text((580, 80), line, font=typeface, fill=255, anchor="rs", direction=RTL, language="ur")
    return np.asarray(image).astype(int)


def _by_words(line: str, typeface) -> np.ndarray:  # type: ignore[no-untyped-def]
    image = Image.new("RGB", (600, 120))
    ascent, descent = typeface.getmetrics()
    with language("ur"):
        draw_line(ImageDraw.Draw(image), (580, 80 - (ascent - descent) / 2), line, typeface, (255, 255, 255), "right")
    return np.asarray(image.convert("L")).astype(int)


@pytest.mark.parametrize("line", LINES)
def test_a_line_laid_out_word_by_word_draws_what_raqm_draws_whole(line):
    """Words, spaces and numbers placed one by one land where Raqm puts them in the whole line (within a
    pixel of rounding), so the cache changes no image."""
    typeface = font(23, Face.URDU)
    with language("ur"):
        pieces = runs(line, Face.REGULAR)
    assert [run.face for run in pieces] == [Face.URDU] and pieces[0].rtl  # one Nastaliq run, as assumed
    whole, words = _whole(line, typeface), _by_words(line, font(23))
    assert abs(whole.sum() - words.sum()) <= 0.02 * whole.sum()
    columns_whole, columns_words = np.nonzero(whole.sum(axis=0))[0], np.nonzero(words.sum(axis=0))[0]
    assert abs(columns_whole.min() - columns_words.min()) <= 1 and abs(columns_whole.max() - columns_words.max()) <= 1


def test_a_new_number_in_an_urdu_line_needs_no_shaping():
    """Digits are drawn from their own cached masks: a number never seen before shapes nothing."""
    draw = ImageDraw.Draw(Image.new("RGB", (800, 60)))
    with language("ur"):
        draw_line(draw, (10, 30), "چالیں · 0123456789 پوائنٹس", bold(25), (255, 255, 255))
        before = text._advance.cache_info().misses, text._word_mask.cache_info().misses
        draw_line(draw, (10, 30), "چالیں · 98765 پوائنٹس", bold(25), (255, 255, 255))
    assert (text._advance.cache_info().misses, text._word_mask.cache_info().misses) == before


def test_prewarm_shapes_the_words_images_draw():
    """After `prewarm.warm("ur")`, drawing an image's catalog line at a warmed size shapes nothing."""
    prewarm.warm("ur", sizes=((23, False), (23, True)))
    draw = ImageDraw.Draw(Image.new("RGB", (800, 60)))
    before = text._advance.cache_info().misses, text._word_mask.cache_info().misses
    with language("ur"):
        for line in (t("ur", "No cards in hand"), t("ur", "Game over"), t("ur", "Series over")):
            draw_line(draw, (10, 30), line, font(23), (255, 255, 255))
            draw_line(draw, (10, 30), line, bold(23), (255, 255, 255))
    assert (text._advance.cache_info().misses, text._word_mask.cache_info().misses) == before


def test_prewarm_leaves_left_to_right_languages_alone():
    assert prewarm.warm("de") == 0 and prewarm.warm("en") == 0
