"""Safe text for images: player names are arbitrary Unicode and must never crash a render or overflow.

Names come from Discord (up to 32 characters of anything: emoji, right-to-left scripts, zero-width
joiners, control characters), so every name goes through `clean` and then `fit`, which truncates by
*measured* width with an ellipsis rather than by character count: "WWWW" and "iiii" differ by 4x.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from PIL import ImageDraw, ImageFont

from rendering.fonts import DIRECTION
from rendering.theme import RGB

ELLIPSIS = "…"
MAX_CHARS = 200  # longer input is cut before measuring, so a hostile name cannot cost much time

# Explicit bidi embeddings, overrides and isolates: harmless inside one draw call, but a name should
# not be able to reverse how it reads, so they go. Marks (LRM/RLM) and joiners (ZWJ for emoji) stay.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Code points that must not end a truncated string: they only make sense before something else.
_DANGLING = frozenset("\u200d\u200c\ufe0e\ufe0f")

Align = Literal["left", "center", "right"]
_ANCHORS: dict[Align, str] = {"left": "lm", "center": "mm", "right": "rm"}


def clean(text: str, placeholder: str = "") -> str:
    """One line of printable text: controls dropped, whitespace runs collapsed; `placeholder` if empty."""
    out: list[str] = []
    for ch in text[:MAX_CHARS]:
        category = unicodedata.category(ch)
        if ch in _BIDI_CONTROLS:
            continue
        if category in ("Zl", "Zp") or ch in "\t\n\r\v\f":
            out.append(" ")
        elif category in ("Cc", "Cs", "Co", "Cn"):
            continue
        else:
            out.append(ch)
    result = " ".join("".join(out).split())
    return result or placeholder


def _trim_end(text: str) -> str:
    """Drop trailing spaces, joiners, variation selectors and combining marks left by a cut."""
    while text and (text[-1] in _DANGLING or text[-1].isspace() or unicodedata.category(text[-1]).startswith("M")):
        text = text[:-1]
    return text


def width(text: str, font: ImageFont.FreeTypeFont) -> float:
    """Advance width of `text` as `draw_fitted` lays it out (left-to-right paragraph)."""
    return font.getlength(text, direction=DIRECTION)


def display_name(name: str) -> str:
    """A player name fit for drawing: cleaned, and "?" rather than nothing when nothing printable is left."""
    return clean(name, placeholder="?")


def fit(text: str, font: ImageFont.FreeTypeFont, max_width: float) -> str:
    """`text` cleaned, and cut with an ellipsis if wider than `max_width` pixels in `font`."""
    text = clean(text)
    if not text or width(text, font) <= max_width:
        return text
    if width(ELLIPSIS, font) > max_width:
        return ""
    low, high = 0, len(text)  # the longest prefix that fits with its ellipsis lies in [low, high)
    while high - low > 1:
        middle = (low + high) // 2
        if width(_trim_end(text[:middle]) + ELLIPSIS, font) <= max_width:
            low = middle
        else:
            high = middle
    return _trim_end(text[:low]) + ELLIPSIS


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: RGB,
    align: Align = "left",
) -> str:
    """Draw `text` fitted into `box` (left, top, right, bottom), vertically centred. Returns what was drawn."""
    left, top, right, bottom = box
    shown = fit(text, font, right - left)
    if not shown:
        return shown
    x = {"left": left, "center": (left + right) / 2, "right": right}[align]
    draw.text((x, (top + bottom) / 2), shown, font=font, fill=fill, anchor=_ANCHORS[align], direction=DIRECTION)
    return shown
