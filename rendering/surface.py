"""Where hands and tables are drawn: an RGB picture (the reference) or straight into the palette's indices.

Why two: a game image is sprites, shapes and text over flat colours, yet drawn in RGB it paid for
every pixel again at the end, when the whole picture was mapped onto the theme's palette
(`rendering.encode`): a per-pixel cost, the same for felt as for cards, about a third of a table's
drawing. Drawn on the palette itself, shapes are filled with palette indices, and what is blended
arrives already mapped:
- a sprite as a tile blended once per process over what lies under it (`Over`: a flat colour, or that
  colour with a plain card where a fanned card lies on the one before it);
- text through a table, per ink and background colour, from each coverage value to the index of that
  blend, made with ImageDraw's own blend and mapped, so a stamped pixel is the RGB pixel mapped.
Whatever lies under text or a flat-colour sprite is read from the picture, so neither relies on the
layout's word: where it is not one colour (a letter reaching past its pill, a Nastaliq word over the
one before, a shadow on an outline) the piece is blended over the picture as drawn, as the RGB surface
blends it, then mapped. The encoder then writes the indices as they are.

The two surfaces draw the same layout from the same calls, so each game module holds it once: the RGB
picture is what the layout tests read, the indexed one what the bot sends, and
`tests/rendering/test_surface.py` holds the two together pixel by pixel.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PIL import Image, ImageDraw, ImageFont

from rendering import cards as sprites
from rendering.encode import palette, palette_png
from rendering.text import Align, draw_fitted, draw_line, language
from rendering.theme import RGB, Size, Theme

# Masks kept with their indices, by the bytes they hold (the mask, its indices, which pixels it touches):
# every card label in its three inks is well under a megabyte, the rest goes to the latest table lines.
STAMP_BYTES = 8 << 20
_TOUCHED = [0] + [255] * 255


@dataclass(frozen=True, slots=True)
class Over:
    """What lies under a sprite where it is pasted, as far as its blend depends on it: a `flat` colour
    alone (the felt, a panel; checked against the picture), or that colour with a plain card of the same
    size `overlap` pixels to the left (a fanned card's left corners and shadow lie on the card before
    it). `None` in its place: anything else, blended over the picture as it is."""

    flat: RGB
    overlap: int = 0


class Surface(Protocol):
    """A picture being drawn: shapes through `draw` in colours given by `ink`, sprites by `sprite`, told
    what lies under them, and text by `line` and `fitted`, which find it in the picture."""

    image: Image.Image
    draw: ImageDraw.ImageDraw

    def ink(self, colour: RGB) -> RGB | int: ...

    def sprite(self, sprite: Image.Image, xy: tuple[int, int], over: Over | None) -> None: ...

    def line(self, xy: tuple[float, float], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
             align: Align = "left") -> None: ...

    def fitted(self, box: tuple[int, int, int, int], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
               align: Align = "left", min_px: int | None = None) -> str: ...


SurfaceKind = Callable[[tuple[int, int], RGB, Theme], Surface]


class RGBSurface:
    """The reference: an RGB picture, blended as drawn (what `rendering.encode` maps afterwards)."""

    def __init__(self, size: tuple[int, int], background: RGB, theme: Theme) -> None:
        self.image = Image.new("RGB", size, background)
        self.draw = ImageDraw.Draw(self.image)

    def ink(self, colour: RGB) -> RGB | int:
        return colour

    def sprite(self, sprite: Image.Image, xy: tuple[int, int], over: Over | None) -> None:
        sprites.paste(self.image, sprite, xy)

    def line(self, xy: tuple[float, float], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
             align: Align = "left") -> None:
        draw_line(self.draw, xy, text, typeface, fill, align)

    def fitted(self, box: tuple[int, int, int, int], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
               align: Align = "left", min_px: int | None = None) -> str:
        return draw_fitted(self.draw, box, text, typeface, fill, align, min_px)


class IndexedSurface:
    """A "P" picture on the theme's palette: shapes in palette indices, sprites pasted from tiles mapped
    once per process, text stamped through a blend table per ink and background
    (`rendering.encode.palette_png` writes it as it is)."""

    def __init__(self, size: tuple[int, int], background: RGB, theme: Theme) -> None:
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
        if not over.overlap:  # the flat colour must be all that is there (a meld's outline, a word, may not)
            x, y = xy
            only = _one_index(self.image.crop((x, y, x + sprite.width, y + sprite.height)))
            if only is None or self._mapping.colour(only) != over.flat:
                self.sprite(sprite, xy, None)
                return
        tile, mask = self._mapping.tile(sprite, over)
        self.image.paste(tile, xy, mask)

    def line(self, xy: tuple[float, float], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
             align: Align = "left") -> None:
        draw_line(self.draw, xy, text, typeface, fill, align, self)

    def fitted(self, box: tuple[int, int, int, int], text: str, typeface: ImageFont.FreeTypeFont, fill: RGB,
               align: Align = "left", min_px: int | None = None) -> str:
        return draw_fitted(self.draw, box, text, typeface, fill, align, min_px, self)

    def stamp(self, xy: tuple[int, int], mask: Image.Image, fill: RGB) -> None:
        """Lay a coverage mask in `fill`: through the blend table of what lies under it when that is one
        colour (text on a panel, a pill, the felt), else blended over the picture as drawn (a letter
        reaching past its pill, a word over the one before), as the RGB surface blends it."""
        x, y = xy
        box = (x, y, x + mask.width, y + mask.height)
        region = self.image.crop(box)
        only = _one_index(region)
        if only is not None:
            indices, touched = self._mapping.stamp(mask, fill, self._mapping.colour(only))
            self.image.paste(indices, xy, touched)
            return
        blended = region.convert("RGB")
        ImageDraw.Draw(blended).bitmap((0, 0), mask, fill=fill)
        self.image.paste(self._mapping.mapped(blended), box)


def sent(draw: Callable[[SurfaceKind], Surface], lang: str) -> bytes:
    """What the bot sends of a layout: `draw` on the palette, in `lang`, as PNG bytes."""
    with language(lang):
        return palette_png(draw(IndexedSurface).image)


def reference(draw: Callable[[SurfaceKind], Surface], lang: str) -> Image.Image:
    """The same layout as an RGB picture, in `lang` (what the layout tests read)."""
    with language(lang):
        return draw(RGBSurface).image


class _Mapping:
    """One theme's palette and what has been mapped onto it in this process. Sprites live as long as the
    process (rendering.cards), so their tiles are kept for good; stamped masks are bounded."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.onto = palette(theme)
        self.colours = self.onto.getpalette() or []
        self._indices: dict[RGB, int] = {}
        for index in range(len(self.colours) // 3):
            self._indices.setdefault((self.colours[3 * index], self.colours[3 * index + 1],
                                      self.colours[3 * index + 2]), index)
        self._tiles: dict[tuple[int, Over], tuple[Image.Image, Image.Image, Image.Image]] = {}
        self._blends: dict[tuple[RGB, RGB], list[int]] = {}
        self._stamps: dict[tuple[int, RGB, RGB], tuple[Image.Image, Image.Image, Image.Image]] = {}
        self._stamp_bytes = 0
        self._lock = threading.Lock()

    def mapped(self, image: Image.Image) -> Image.Image:
        return image.quantize(palette=self.onto, dither=Image.Dither.NONE)

    def colour(self, index: int) -> RGB:
        return (self.colours[3 * index], self.colours[3 * index + 1], self.colours[3 * index + 2])

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
            mask = sprite.getchannel("A").point(_TOUCHED, "1")
            found = (sprite, self.mapped(under), mask)
            with self._lock:
                self._tiles[key] = found
        return found[1], found[2]

    def blend(self, fill: RGB, over: RGB) -> list[int]:
        """For each coverage 0-255, the index of `fill` laid over `over` at that coverage: drawn by
        ImageDraw's own blend and mapped, so a stamped pixel is the RGB picture's pixel mapped."""
        found = self._blends.get((fill, over))
        if found is None:
            coverage = Image.new("L", (256, 1))
            coverage.putdata(range(256))
            strip = Image.new("RGB", (256, 1), over)
            ImageDraw.Draw(strip).bitmap((0, 0), coverage, fill=fill)
            found = self._blends[(fill, over)] = list(self.mapped(strip).tobytes())
        return found

    def stamp(self, mask: Image.Image, fill: RGB, over: RGB) -> tuple[Image.Image, Image.Image]:
        """A coverage mask as palette indices of `fill` over `over`, and the mask of the pixels it covers
        at all; kept per mask within STAMP_BYTES (a card's label is stamped in every hand, a name in every
        table of its game)."""
        key = (id(mask), fill, over)
        found = self._stamps.get(key)
        if found is None or found[0] is not mask:
            # Pillow's core point: Image.point's checks cost ten times the table look-up on a small mask.
            indices = Image.Image()._new(mask.im.point(self.blend(fill, over), "P"))
            touched = Image.Image()._new(mask.im.point(_TOUCHED, "1"))
            found = (mask, indices, touched)
            size = 3 * mask.width * mask.height
            with self._lock:
                if self._stamp_bytes + size > STAMP_BYTES:
                    self._stamps.clear()  # dropped wholesale: at worst a few masks are looked up again
                    self._stamp_bytes = 0
                self._stamps[key] = found
                self._stamp_bytes += size
        return found[1], found[2]


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


def _one_index(region: Image.Image) -> int | None:
    """The palette index every pixel of `region` has, or None when they differ."""
    low, high = region.getextrema()
    return low if isinstance(low, int) and low == high else None
