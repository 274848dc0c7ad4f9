"""Encoding: palette PNG with the theme's colours kept exactly, deterministic output."""

from __future__ import annotations

from PIL import Image

from rendering.encode import blank_floor, encode, palette, theme_colours
from rendering.theme import DEFAULT_THEME
from tests.rendering.helpers import decode


def test_every_theme_colour_survives_exactly():
    """Flat areas in any theme colour come out of the palette unchanged (no shifted felt or card face)."""
    colours = theme_colours(DEFAULT_THEME)
    strip = Image.new("RGB", (len(colours), 1))
    for x, colour in enumerate(colours):
        strip.putpixel((x, 0), colour)
    out = decode(encode(strip)).convert("RGB")
    assert [out.getpixel((x, 0)) for x in range(len(colours))] == colours


def test_the_palette_is_computed_once_per_theme():
    """The same palette object is reused, so encoding is cheap after the first image."""
    assert palette(DEFAULT_THEME) is palette(DEFAULT_THEME)


def test_encoding_is_deterministic_and_a_palette_png():
    """Encoding the same picture twice gives the same bytes, as a "P" mode PNG of the same size."""
    data = blank_floor((320, 200), DEFAULT_THEME.felt)
    assert data == blank_floor((320, 200), DEFAULT_THEME.felt)
    image = decode(data)
    assert (image.format, image.mode, image.size) == ("PNG", "P", (320, 200))
