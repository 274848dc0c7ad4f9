"""Where a hand is drawn: an RGB picture (the reference) or straight into the theme palette's indices.

Why two: a hand is sprites and short labels over flat colours, yet drawn in RGB it pays for every
pixel three times over: the felt filled in RGB, each sprite blended channel by channel, and at the end
the whole picture mapped onto the theme's palette (`rendering.encode`), a per-pixel cost the same for
felt as for cards. Drawn on the palette itself, the felt is one byte a pixel, and what lies on it is
pasted already mapped: each sprite is blended once over what it lies on (the felt, or the plain card
it overlaps) and mapped once per process, each label once per text, ink and background. The encoder
then writes the indices as they are, and a hand costs about half what it did (`bench.render` times
the hands).

The two surfaces draw the same layout from the same calls, so the hand modules hold it once. The RGB
surface is the picture as it would be drawn before mapping; the indexed one matches it pixel for pixel
wherever what lies under a sprite or a label is what the cached blend assumed (the felt, a plain card,
a flat tag), and the tests hold the two to that (`tests/rendering/test_surface.py`). Where a sprite
lies over anything else (a raised card's neighbour, a card over a framed one) it is blended over the
picture as drawn so far, which costs what the RGB blend did, for that card alone.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PIL import Image, ImageChops, ImageDraw, ImageFont

from rendering import cards as sprites
from rendering.encode import palette
from rendering.fonts import Face, weight_of
from rendering.measure import note
from rendering.text import Align, current_language, draw_fitted, draw_line, fit
from rendering.text import width as text_width
from rendering.theme import RGB, Size, Theme

LINE_PATCHES = 4096  # cached labels: a few per card and ink, plus captions and counts


@dataclass(frozen=True, slots=True)
class Over:
    """What lies under a sprite where it is pasted, as far as its blend depends on it: `flat` (the felt
    colour) alone, or that colour with a plain card of the same size `overlap` pixels to the left (a
    fanned card's left corners and shadow lie on the card before it). `None` in its place: anything
    else, blended over the picture as it is."""

    flat: RGB
    overlap: int = 0


class Surface(Protocol):
    """A picture being drawn: shapes through `draw` in colours given by `ink`, sprites and text by the
    methods, which say what lies under them."""

    image: Image.Image
    draw: ImageDraw.ImageDraw

    def ink(self, colour: RGB) -> RGB | int: ...

    def sprite(self, sprite: Image.Image, xy: tuple[int, int], over: Over | None) -> None: ...

    def line(self, xy: tuple[float, float], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB, align: Align,
             over: RGB) -> None: ...

    def fitted(self, box: tuple[int, int, int, int], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
               align: Align, over: RGB) -> None: ...


SurfaceKind = Callable[[tuple[int, int], RGB, Theme], Surface]


class RGBSurface:
    """The reference: an RGB picture, blended as drawn (what `rendering.encode` maps afterwards)."""

    def __init__(self, size: tuple[int, int], background: RGB, theme: Theme) -> None:
        self.theme = theme
        self.image = Image.new("RGB", size, background)
        self.draw = ImageDraw.Draw(self.image)

    def ink(self, colour: RGB) -> RGB | int:
        return colour

    def sprite(self, sprite: Image.Image, xy: tuple[int, int], over: Over | None) -> None:
        sprites.paste(self.image, sprite, xy)

    def line(self, xy: tuple[float, float], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB, align: Align,
             over: RGB) -> None:
        draw_line(self.draw, xy, text, typeface, fill, align)

    def fitted(self, box: tuple[int, int, int, int], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
               align: Align, over: RGB) -> None:
        draw_fitted(self.draw, box, text, typeface, fill, align)


class IndexedSurface:
    """A "P" picture on the theme's palette: shapes in palette indices, sprites and text pasted from
    mapped patches cached per process (`rendering.encode.palette_png` writes it as it is)."""

    def __init__(self, size: tuple[int, int], background: RGB, theme: Theme) -> None:
        self.theme = theme
        self._mapping = _mapping(theme)
        self.image = Image.new("P", size, self._mapping.index(background))
        self.image.putpalette(self._mapping.colours)
        self.draw = ImageDraw.Draw(self.image)

    def ink(self, colour: RGB) -> RGB | int:
        return self._mapping.index(colour)

    def sprite(self, sprite: Image.Image, xy: tuple[int, int], over: Over | None) -> None:
        if over is None:  # blended over the picture as drawn so far, as the RGB surface blends it
            x, y = xy
            box = (x, y, x + sprite.width, y + sprite.height)
            region = self.image.crop(box).convert("RGB")
            sprites.paste(region, sprite, (0, 0))
            self.image.paste(self._mapping.mapped(region), box)
            return
        tile, mask = self._mapping.tile(sprite, over)
        self.image.paste(tile, xy, mask)

    def line(self, xy: tuple[float, float], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB, align: Align,
             over: RGB) -> None:
        # A patch is laid at an even offset from the picture's origin: draw_line rounds halves to even,
        # so an odd shift could move a glyph by a pixel.
        x, y = xy
        reach = text_width(text, typeface) * {"left": 0.0, "center": 0.5, "right": 1.0}[align]
        left = _even_floor(x - reach) - _margin(typeface)
        top = _even_floor(y) - _margin(typeface)
        patch = self._mapping.line(text, typeface, fill, align, over, x - left, y - top)
        if patch is not None:
            tile, mask, dx, dy = patch
            self.image.paste(tile, (left + dx, top + dy), mask)

    def fitted(self, box: tuple[int, int, int, int], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
               align: Align, over: RGB) -> None:
        # The same placement as rendering.text.draw_fitted: cut to the box, centred on its middle.
        left, top, right, bottom = box
        shown = fit(text, typeface, right - left)
        if shown:
            x = {"left": left, "center": (left + right) / 2, "right": right}[align]
            self.line((x, (top + bottom) / 2), shown, typeface, fill, align, over)


Patch = tuple[Image.Image, Image.Image, int, int]  # mapped tile, mask of the pixels it sets, offset


class _Mapping:
    """One theme's palette and what has been mapped onto it in this process. Sprites live as long as the
    process (rendering.cards), so their tiles are kept for good; lines are bounded."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.onto = palette(theme)
        self.colours = self.onto.getpalette() or []
        self._indices: dict[RGB, int] = {}
        for index in range(len(self.colours) // 3):
            self._indices.setdefault((self.colours[3 * index], self.colours[3 * index + 1],
                                      self.colours[3 * index + 2]), index)
        self._tiles: dict[tuple[int, Over], tuple[Image.Image, Image.Image, Image.Image]] = {}
        self._lines: dict[tuple[object, ...], Patch | None] = {}
        self._lock = threading.Lock()

    def mapped(self, image: Image.Image) -> Image.Image:
        return image.quantize(palette=self.onto, dither=Image.Dither.NONE)

    def index(self, colour: RGB) -> int:
        """A theme colour's exact entry (`rendering.encode` keeps them all); any other colour's nearest, as
        the encoder would map it."""
        found = self._indices.get(colour)
        if found is None:
            value = self.mapped(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))
            assert isinstance(value, int)
            found = self._indices[colour] = value
        return found

    def tile(self, sprite: Image.Image, over: Over) -> tuple[Image.Image, Image.Image]:
        """`sprite` blended over what `over` says lies under it and mapped, with the mask of every pixel it
        touches."""
        key = (id(sprite), over)
        found = self._tiles.get(key)
        if found is None or found[0] is not sprite:
            under = Image.new("RGB", sprite.size, over.flat)
            if over.overlap:
                size = next(size for size in Size if sprites.sprite_size(size) == sprite.size)
                sprites.paste(under, sprites.plain(size, self.theme), (-over.overlap, 0))
            sprites.paste(under, sprite, (0, 0))
            mask = sprite.getchannel("A").point(_touched).convert("1")
            found = (sprite, self.mapped(under), mask)
            with self._lock:
                self._tiles[key] = found
        return found[1], found[2]

    def line(self, text: str, typeface: ImageFont.FreeTypeFont, fill: RGB, align: Align, over: RGB, x: float,
             y: float) -> Patch | None:
        """The line `draw_line` draws at (x, y) of a patch of `over`, cut to what it changed and mapped;
        None for a line that draws nothing."""
        lang = current_language()
        key = (text, typeface, fill, align, over, x, y, lang)
        if key in self._lines:
            # What draw_line notes when it draws the line (rendering.measure), so a cached line counts too.
            note("text", int(typeface.size), text, weight_of(typeface) is Face.BOLD, lang)
            return self._lines[key]
        margin = _margin(typeface)
        patch = Image.new("RGB", (math.ceil(x + text_width(text, typeface)) + margin, math.ceil(y) + margin), over)
        draw_line(ImageDraw.Draw(patch), (x, y), text, typeface, fill, align)
        changed = ImageChops.difference(patch, Image.new("RGB", patch.size, over)).convert("L").point(_touched)
        bbox = changed.getbbox()
        found: Patch | None = None
        if bbox is not None:
            found = (self.mapped(patch.crop(bbox)), changed.crop(bbox).convert("1"), bbox[0], bbox[1])
        with self._lock:
            if len(self._lines) >= LINE_PATCHES:
                self._lines.clear()  # dropped wholesale: at worst a few labels are drawn again
            self._lines[key] = found
        return found


_mappings: dict[Theme, _Mapping] = {}
_mappings_lock = threading.Lock()


def _mapping(theme: Theme) -> _Mapping:
    found = _mappings.get(theme)
    if found is None:
        with _mappings_lock:
            found = _mappings.get(theme)
            if found is None:
                found = _mappings[theme] = _Mapping(theme)
    return found


def index_of(colour: RGB, theme: Theme) -> int:
    """The palette index `colour` is drawn in on `theme`'s palette."""
    return _mapping(theme).index(colour)


def _touched(value: int) -> int:
    return 255 if value else 0


def _even_floor(value: float) -> int:
    return 2 * math.floor(value / 2)


def _margin(typeface: ImageFont.FreeTypeFont) -> int:
    """Room around a line for its glyphs (even, see `IndexedSurface.line`): two line heights each way, as
    Nastaliq's letters reach far above and below the line."""
    return 2 * math.ceil(typeface.size) + 2
