"""The bundled fonts, loaded once per thread.

We ship DejaVu Sans (rendering/assets, Bitstream Vera licence) rather than rely on the host: it has
the four suit glyphs, the joker 🃏, Latin, Greek, Cyrillic, Hebrew and Arabic, so cards and most
player names look the same everywhere.

Why per thread: a FreeType face is not safe to use from two threads at once, and renders run in
worker threads (design §3). The file bytes are read once and shared (bytes are immutable); each
thread builds its own `FreeTypeFont` objects from them on first use, which costs about a millisecond.
"""

from __future__ import annotations

import io
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


# Raqm (bundled with Pillow's wheels) shapes right-to-left and joined scripts correctly; without it
# Pillow's basic layout still draws every glyph, just in logical order, so names never fail to render.
LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
# Our lines mix names with English ("שלום to play"); a left-to-right paragraph keeps the English where
# it belongs while a right-to-left name still reads right to left inside it. Only Raqm takes a direction.
DIRECTION: str | None = "ltr" if LAYOUT == ImageFont.Layout.RAQM else None

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
