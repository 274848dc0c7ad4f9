"""The bundled fonts and their fallback chain, loaded once per thread.

Player names are anything Discord allows, so one font cannot draw them all. The primary face is
DejaVu Sans (Bitstream Vera licence): Latin, Greek, Cyrillic, the four suit glyphs, the joker 🃏 and
★, so cards and most names look the same everywhere. What it lacks comes from Noto faces (SIL OFL,
subset by scripts/build_fonts.py; licences in rendering/assets): Noto Sans Arabic, Noto Sans Hebrew,
Noto Sans CJK SC (common Han, kana and hangul only) and the monochrome Noto Emoji. `rendering.text`
splits a line into runs, each drawn with the first face of the chain that has every character of it.

An image in Urdu sets its Arabic-script text in Noto Nastaliq Urdu (SIL OFL), the hand Urdu readers
expect, ahead of Noto Sans Arabic (`chain(weight, "ur")`); Georgian needs nothing more, as DejaVu Sans
maps all of Mkhedruli in both weights.

Why per thread: a FreeType face is not safe to use from two threads at once, and renders run in
worker threads (design §3). The file bytes and each face's character coverage are read once and
shared (immutable); each thread builds its own `FreeTypeFont` objects on first use, which costs
about a millisecond a face and size.
"""

from __future__ import annotations

import io
import struct
import threading
from enum import Enum
from functools import cache
from pathlib import Path

from PIL import ImageFont, features

ASSETS = Path(__file__).resolve().parent / "assets"


class Face(Enum):
    """Which bundled font file to draw with."""

    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    ARABIC = "NotoSansArabic-Regular.ttf"
    ARABIC_BOLD = "NotoSansArabic-Bold.ttf"
    HEBREW = "NotoSansHebrew-Regular.ttf"
    HEBREW_BOLD = "NotoSansHebrew-Bold.ttf"
    URDU = "NotoNastaliqUrdu-Regular.ttf"
    URDU_BOLD = "NotoNastaliqUrdu-Bold.ttf"
    CJK = "NotoSansCJKsc-Common.otf"  # one weight: bold CJK text uses it too, so the package stays small
    EMOJI = "NotoEmoji-Regular.ttf"


# The fallback order per weight. The text layer may try a script's own face first (Arabic letters in
# Noto Sans Arabic even though DejaVu has some of them, so a word is never set in two fonts).
CHAINS: dict[Face, tuple[Face, ...]] = {
    Face.REGULAR: (Face.REGULAR, Face.ARABIC, Face.HEBREW, Face.CJK, Face.EMOJI),
    Face.BOLD: (Face.BOLD, Face.ARABIC_BOLD, Face.HEBREW_BOLD, Face.CJK, Face.EMOJI),
}

# An Urdu image: Nastaliq first for Arabic script (names too, so a line is never set in two hands), then
# Noto Sans Arabic for the few Arabic letters outside the Nastaliq subset.
URDU_CHAINS: dict[Face, tuple[Face, ...]] = {
    Face.REGULAR: (Face.REGULAR, Face.URDU, Face.ARABIC, Face.HEBREW, Face.CJK, Face.EMOJI),
    Face.BOLD: (Face.BOLD, Face.URDU_BOLD, Face.ARABIC_BOLD, Face.HEBREW_BOLD, Face.CJK, Face.EMOJI),
}
ARABIC_FACES = frozenset({Face.URDU, Face.URDU_BOLD, Face.ARABIC, Face.ARABIC_BOLD})
HEBREW_FACES = frozenset({Face.HEBREW, Face.HEBREW_BOLD})
URDU_FACES = frozenset({Face.URDU, Face.URDU_BOLD})
# Languages written right to left: an image in one of them is a right-to-left paragraph (rendering.text).
RTL_LANGUAGES = frozenset({"ur"})


def chain(weight: Face, lang: str = "en") -> tuple[Face, ...]:
    """The fallback chain of `weight` for an image in `lang`."""
    return URDU_CHAINS[weight] if lang == "ur" else CHAINS[weight]


# Faces of the bold chain with no bold weight bundled: bold text drawn in them is emboldened by a
# stroke of the glyph outline (synthetic bold), so a CJK name in a bold title looks bold beside the
# Latin around it, still without a .notdef.
SYNTHETIC_BOLD = frozenset({Face.CJK})


def synthetic_stroke(px: int) -> int:
    """The outline stroke, in pixels, that makes a regular face read as bold at `px`."""
    return max(1, round(px / 28))


# Raqm (bundled with Pillow's wheels) shapes right-to-left and joined scripts correctly; without it
# Pillow's basic layout still draws every glyph, just in logical order, so names never fail to render.
LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
# Our lines mix names with English ("שלום to play"); a left-to-right paragraph keeps the English where
# it belongs while a right-to-left name still reads right to left inside it. Only Raqm takes a direction.
DIRECTION: str | None = "ltr" if LAYOUT == ImageFont.Layout.RAQM else None
RTL: str | None = "rtl" if LAYOUT == ImageFont.Layout.RAQM else None

_local = threading.local()


@cache
def _font_bytes(face: Face) -> bytes:
    return (ASSETS / face.value).read_bytes()


def font(px: int, face: Face = Face.REGULAR) -> ImageFont.FreeTypeFont:
    """The bundled font at `px` pixels, cached for the calling thread."""
    fonts: dict[tuple[int, Face], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    key = (px, face)
    loaded = fonts.get(key)
    if loaded is None:
        loaded = fonts[key] = ImageFont.truetype(io.BytesIO(_font_bytes(face)), px, layout_engine=LAYOUT)
    return loaded


def bold(px: int) -> ImageFont.FreeTypeFont:
    """Shorthand for the bold face, used for card indices, titles and names."""
    return font(px, Face.BOLD)


def weight_of(typeface: ImageFont.FreeTypeFont) -> Face:
    """Face.BOLD or Face.REGULAR: which primary face (and so which fallback chain) `typeface` is."""
    return Face.BOLD if "Bold" in (typeface.font.style or "") else Face.REGULAR


@cache
def coverage(face: Face) -> frozenset[int]:
    """Every code point `face` maps to a glyph (its cmap), read once from the file."""
    return frozenset(_cmap(_font_bytes(face)))


def _cmap(data: bytes) -> set[int]:
    """The code points of an sfnt's best Unicode cmap subtable (format 12, else format 4).

    A few lines of struct reading instead of a font library at run time: only the two formats every
    modern Unicode font carries are needed (OpenType spec, 'cmap' table).
    """
    tables = struct.unpack_from(">H", data, 4)[0]
    offset = None
    for index in range(tables):
        tag, _, table_offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if tag == b"cmap":
            offset = table_offset
    if offset is None:
        return set()
    count = struct.unpack_from(">H", data, offset + 2)[0]
    subtables: dict[int, int] = {}
    for index in range(count):
        platform, encoding, sub_offset = struct.unpack_from(">HHI", data, offset + 4 + 8 * index)
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3)):
            sub = offset + sub_offset
            subtables[struct.unpack_from(">H", data, sub)[0]] = sub
    codes: set[int] = set()
    if 12 in subtables:
        sub = subtables[12]
        groups = struct.unpack_from(">I", data, sub + 12)[0]
        for group in range(groups):
            start, end, _ = struct.unpack_from(">III", data, sub + 16 + 12 * group)
            codes.update(range(start, end + 1))
    elif 4 in subtables:
        sub = subtables[4]
        segments = struct.unpack_from(">H", data, sub + 6)[0] // 2
        ends = struct.unpack_from(f">{segments}H", data, sub + 14)
        starts = struct.unpack_from(f">{segments}H", data, sub + 16 + 2 * segments)
        for start, end in zip(starts, ends, strict=True):
            if start != 0xFFFF:
                codes.update(range(start, end + 1))
    return codes
