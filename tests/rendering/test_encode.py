"""Encoding: palette PNG with the theme's colours kept exactly, deterministic output."""

from __future__ import annotations

from PIL import Image, ImageDraw

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


def _drawn_picture() -> Image.Image:
    """A picture as the renderers draw them: felt, card sprites with their shadows, anti-aliased text."""
    from games.cards import parse_card
    from rendering import cards as sprites
    from rendering.fonts import bold
    from rendering.text import draw_line
    from rendering.theme import Size

    picture = Image.new("RGB", (DEFAULT_THEME.width, 300), DEFAULT_THEME.felt)
    for n, code in enumerate(("10h", "Ks", "2d", "Ac", "7h")):
        sprites.paste(picture, sprites.face(parse_card(code), Size.HAND, DEFAULT_THEME), (40 + 60 * n, 40))
    sprites.paste(picture, sprites.back(Size.TABLE, DEFAULT_THEME), (500, 40))
    draw_line(ImageDraw.Draw(picture), (400, 250), "Lan to play · 10♥ K♠", bold(27), DEFAULT_THEME.accent, "center")
    return picture


def test_a_drawn_picture_decodes_to_exactly_the_pixels_it_was_mapped_to():
    """The PNG written by hand is a valid file holding every mapped pixel and the theme's palette."""
    picture = _drawn_picture()
    mapped = picture.quantize(palette=palette(DEFAULT_THEME), dither=Image.Dither.NONE)
    out = decode(encode(picture))
    assert out.tobytes() == mapped.tobytes()
    assert out.convert("RGB").tobytes() == mapped.convert("RGB").tobytes()

