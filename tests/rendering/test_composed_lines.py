"""Left-to-right lines of DejaVu text are put together from cached word masks (rendering.text): the same
width and, within half a pixel per word, the same pixels as shaping the line whole, and a new line of
known words shapes nothing."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from locales import t
from rendering import text
from rendering.fonts import Face, bold, font
from rendering.text import draw_line, language, runs, width

NAME = "Giorgi Tskhadadze"
LINES = (
    ("en", "Guest 0806 played 3♠ 4♣ 5♠ 6♣ 7♦ (5-card sequence to 7♦)"),
    ("en", "Lan 5♠ › Minh passed"),
    ("vi", t("vi", "{name} leads a new round", name="Trần Thị Bích")),
    ("de", t("de", "{name} to play", name=NAME)),
    ("bg", t("bg", "{name} passed", name="Борислав Петков")),
    ("ka", t("ka", "{name} leads a new round", name=NAME)),
)


def _whole(line: str, typeface) -> np.ndarray:  # type: ignore[no-untyped-def]
    """`line` shaped by Raqm in one call, left-aligned at x = 20 on the baseline y = 80."""
    image = Image.new("L", (1200, 120))
    ImageDraw.Draw(image).text((20, 80), line, font=typeface, fill=255, anchor="ls")
    return np.asarray(image).astype(int)


def _composed(line: str, typeface, lang: str) -> np.ndarray:  # type: ignore[no-untyped-def]
    image = Image.new("RGB", (1200, 120))
    ascent, descent = typeface.getmetrics()
    with language(lang):
        draw_line(ImageDraw.Draw(image), (20, 80 - (ascent - descent) / 2), line, typeface, (255, 255, 255))
    return np.asarray(image.convert("L")).astype(int)


@pytest.mark.parametrize("typeface", [font(23), bold(27)], ids=["regular-23", "bold-27"])
@pytest.mark.parametrize(("lang", "line"), LINES, ids=[lang for lang, _ in LINES])
def test_a_line_put_together_from_words_draws_what_raqm_draws_whole(lang, line, typeface):
    """Each word lands where Raqm puts it in the whole line, within half a pixel: the same ink, the same
    columns at both ends and the same width, so composing changes no image a player could tell apart."""
    with language(lang):
        pieces = runs(line, Face.BOLD if typeface.size == 27 else Face.REGULAR)
        assert len(pieces) == 1 and text._composed(pieces[0].text, pieces[0].face, False, False)  # as assumed
        assert width(line, typeface) == typeface.getlength(line)  # no kerning or ligature across a space
    whole, composed = _whole(line, typeface), _composed(line, typeface, lang)
    assert abs(whole.sum() - composed.sum()) <= 0.02 * whole.sum()
    ink_whole, ink_composed = np.nonzero(whole.sum(axis=0))[0], np.nonzero(composed.sum(axis=0))[0]
    assert abs(ink_whole.min() - ink_composed.min()) <= 1 and abs(ink_whole.max() - ink_composed.max()) <= 1
    rows_whole, rows_composed = np.nonzero(whole.sum(axis=1))[0], np.nonzero(composed.sum(axis=1))[0]
    assert (rows_whole.min(), rows_whole.max()) == (rows_composed.min(), rows_composed.max())


def test_a_new_line_of_known_words_shapes_nothing():
    """A sentence never drawn before, made of words drawn before (a name, a verb, cards), costs no shaping:
    the word caches are not missed and the line is composed from them."""
    draw = ImageDraw.Draw(Image.new("RGB", (900, 60)))
    draw_line(draw, (10, 30), "Lan played pair of 4s", font(25), (255, 255, 255))
    before = text._plain_word_mask.cache_info().misses, text._plain_advance.cache_info().misses
    draw_line(draw, (10, 30), "4s of pair played Lan", font(25), (255, 255, 255))
    assert (text._plain_word_mask.cache_info().misses, text._plain_advance.cache_info().misses) == before


def test_a_right_to_left_run_of_dejavu_is_shaped_whole():
    """Numbers and spaces between two Hebrew words are a right-to-left run set in DejaVu (UAX #9 N1):
    Raqm lays it out right to left, so it is shaped as one and never composed left to right."""
    pieces = runs("שלום 5 6 שלום", Face.REGULAR)
    middle = [run for run in pieces if run.face in text.COMPOSED_FACES and run.text.strip()]
    assert [run.text.strip() for run in middle] == ["5 6"] and middle[0].rtl  # as assumed
    assert not text._composed(middle[0].text, middle[0].face, middle[0].rtl, middle[0].embolden)


def test_a_word_reaching_back_over_its_neighbour_leaves_that_ink(monkeypatch):
    """Where a word's box reaches over the one before (here: advances halved, so the boxes overlap), its
    blank margin is not pasted over the earlier word's ink: both words are drawn whole."""
    real = text._plain_advance.__wrapped__
    monkeypatch.setattr(text, "_plain_advance", lambda word, px, face: real(word, px, face) / 2)
    line, left, top = text._composed_mask("Wall Wall", 25, Face.REGULAR)
    word, word_left, word_top = text._plain_word_mask("Wall", 25, Face.REGULAR)
    drawn = np.asarray(line).astype(int)
    first = np.asarray(word).astype(int)
    x, y = word_left - left, word_top - top  # where the first word sits in the line
    assert (drawn[y : y + first.shape[0], x : x + first.shape[1]] >= first).all()
