"""Turning a drawn image into the bytes the bot attaches.

Our images are flat theme colours plus anti-aliased edges: a few hundred colours at most, so a
256-colour palette PNG loses nothing visible and is a fraction of an RGB PNG's size. Choosing the
palette is most of an adaptive quantize's time; lossless WebP is larger and slower than the palette
PNG, and lossy WebP blurs text (`bench/render.py` times and sizes the images).

So the palette is chosen once per theme, not per image: `_palette` draws a sample sheet of everything
the theme can put on screen (card sprites, text and pills in each ink over each background) and
quantizes that. The output is deterministic for a given theme, which the hidden-information tests
rely on (identical views give identical bytes). Mapping onto a fixed palette still costs a few
nanoseconds a pixel, so the game images are drawn on the palette to begin with (`rendering.surface`)
and written by `palette_png` as they are; `encode` maps the RGB pictures that remain (the boards).

The PNG file is written here rather than by Pillow's encoder, so that its one costly step, deflating
the rows, is zlib-ng's (the `zlib-ng` package: zlib rewritten with vector instructions). Its level 2
deflates our tables several times faster than zlib's level 3, into files about as small,
since long runs of one palette index are what both find. Rows are written unfiltered, as the PNG
specification advises for palette images: a colour index minus its neighbour's means nothing.
(ISA-L's deflate, the `isal` package, is a little faster still, but once it has run in a process that
process's standard zlib compresses markedly slower, and the bot draws in its own threads when
its drawing processes are gone.)
"""

from __future__ import annotations

import struct
import threading
import zlib

from PIL import Image, ImageDraw
from zlib_ng import zlib_ng

from rendering.theme import DEFAULT_THEME, RGB, Theme

EXTENSION = "png"
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NEAR = 6  # per channel: learned palette entries this close to a theme colour are dropped

_palettes: dict[Theme, Image.Image] = {}
_lock = threading.Lock()


def encode(image: Image.Image, theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of `image` mapped onto the theme's palette (the file's mode is "P")."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    mapped = rgb.quantize(palette=palette(theme), dither=Image.Dither.NONE)
    return palette_png(mapped)


def palette_png(mapped: Image.Image) -> bytes:
    """A "P" mode image as PNG bytes: 8-bit indices, its 256-entry palette, every row unfiltered."""
    width, height = mapped.size
    # Each row is preceded by its filter type, 0 for "none": a zero column left of the picture, laid
    # out in C by a paste rather than row by row in Python (which cost more than the deflate).
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(mapped, (1, 0))
    rows = framed.tobytes()
    colours = bytes((mapped.getpalette() or [])[:768]).ljust(768, b"\x00")
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit depth, colour type 3 (palette)
    return b"".join((_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", colours),
                     _chunk(b"IDAT", deflate(rows)), _chunk(b"IEND", b"")))


def deflate(data: bytes) -> bytes:
    """zlib-ng's deflate at level 2: level 1 leaves files much larger for little time saved."""
    return zlib_ng.compress(data, 2)


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, and the CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def blank_floor(size: tuple[int, int], colour: RGB, theme: Theme = DEFAULT_THEME) -> bytes:
    """Encode a blank image of `size` the same way: the benchmark's floor for that image kind."""
    return encode(Image.new("RGB", size, colour), theme)


def palette(theme: Theme) -> Image.Image:
    """The theme's 256-colour palette image, computed once per theme and process."""
    found = _palettes.get(theme)
    if found is not None:
        return found
    with _lock:
        found = _palettes.get(theme)
        if found is None:
            found = _palettes[theme] = _build_palette(theme)
        return found


def theme_colours(theme: Theme) -> list[RGB]:
    """Every colour the theme names, once each, in field order."""
    colours: list[RGB] = []
    for name in theme.__dataclass_fields__:
        value = getattr(theme, name)
        if isinstance(value, tuple) and value not in colours:
            colours.append(value)
    return colours


def _build_palette(theme: Theme) -> Image.Image:
    """The theme's own colours exactly (big flat areas must not shift), the rest learned from a sample
    sheet: the blends that anti-aliased text and card edges produce."""
    exact = theme_colours(theme)
    learned = (_sample_sheet(theme).quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE).getpalette() or [])
    colours = list(exact)
    for index in range(0, min(len(learned), 3 * (256 - len(exact))), 3):
        colour = (learned[index], learned[index + 1], learned[index + 2])
        # A learned colour this close to a theme colour would steal its pixels in Pillow's mapping.
        if all(max(abs(a - b) for a, b in zip(colour, kept, strict=True)) > NEAR for kept in exact):
            colours.append(colour)
    flat = [channel for colour in colours for channel in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + [0] * (768 - len(flat)))
    return image


def _sample_sheet(theme: Theme) -> Image.Image:
    """Everything the theme draws, once per background: sprites, text in every ink, pills and medals."""
    from games.cards import Joker, parse_card, parse_suited  # local: keeps `encode` importable without the card model
    from rendering import cards as sprites
    from rendering.fonts import bold, font
    from rendering.theme import Size

    backgrounds = (theme.felt, theme.felt_dark, theme.panel, theme.panel_active, theme.board_bg, theme.board_row,
                   theme.board_row_alt)
    inks = (theme.text, theme.text_muted, theme.accent, theme.danger)
    pills = (theme.accent, theme.danger, theme.gold, theme.silver, theme.bronze, theme.text_muted, theme.card_face)
    band = 150
    sheet = Image.new("RGB", (900, band * len(backgrounds)), theme.felt)
    draw = ImageDraw.Draw(sheet)
    for row, background in enumerate(backgrounds):
        top = row * band
        draw.rectangle((0, top, 900, top + band), fill=background)
        for column, ink in enumerate(inks):
            draw.text((10 + 220 * column, top + 8), "Lan 10♥ Ag", font=bold(24), fill=ink)
            draw.text((10 + 220 * column, top + 40), "7♠ 2♦ pts", font=font(18), fill=ink)
        for column, colour in enumerate(pills):
            x = 10 + 70 * column
            draw.rounded_rectangle((x, top + 70, x + 60, top + 96), 13, fill=colour)
            draw.text((x + 30, top + 83), "1st", font=bold(16), fill=theme.board_bg, anchor="mm")
        draw.rounded_rectangle((10, top + 104, 300, top + 140), 10, outline=theme.accent, width=3)
        x = 520
        for card in (parse_card("10h"), parse_card("Ks"), Joker()):
            sprites.paste(sheet, sprites.face(card, Size.MELD, theme), (x, top + 60))
            x += 40
        sprites.paste(sheet, sprites.declared_joker(parse_suited("7d"), Size.MELD, theme), (x, top + 60))
        sprites.paste(sheet, sprites.back(Size.MELD, theme), (x + 40, top + 60))
    return sheet
