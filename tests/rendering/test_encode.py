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


def _table_picture() -> Image.Image:
    """A real Thirteen table as drawn, caught on its way to the encoder: felt, cards, anti-aliased text."""
    from games.thirteen.state import new_game
    from rendering import thirteen

    caught: list[Image.Image] = []
    real = thirteen.encode
    thirteen.encode = lambda image, theme=DEFAULT_THEME: caught.append(image.copy()) or real(image, theme)
    try:
        thirteen.render_table(new_game(4, 3).view(None), ("Lan", "Minh", "Bob", "Ada"))
    finally:
        thirteen.encode = real
    return caught[0]


def test_a_drawn_table_decodes_to_exactly_the_pixels_it_was_mapped_to():
    """The PNG written by hand is a valid file holding every mapped pixel and the theme's palette."""
    picture = _table_picture()
    mapped = picture.quantize(palette=palette(DEFAULT_THEME), dither=Image.Dither.NONE)
    out = decode(encode(picture))
    assert out.tobytes() == mapped.tobytes()
    assert out.convert("RGB").tobytes() == mapped.convert("RGB").tobytes()

