"""Which way an image reads, and the mirror that turns a left-to-right layout into a right-to-left one.

Why: an Urdu reader starts at the right. Setting only the text right to left (`rendering.text`) left
the page reading left to right: the title at the left, the standings' place column first on the left,
a seat's card count before its card back. The drawing code keeps describing every layout left to
right (one set of coordinates to maintain) and passes its boxes, points and alignments through a
`Mirror`, which reflects them about the middle of the image (or of a panel) when the image's language
is written right to left. So the header's title sits at the right and whose turn at the left, the
columns of a board come in reverse order (place or rank rightmost), seat panels follow each other
from the right, and inside a panel the name, card back and badges start at its right edge.

What never mirrors:
- a card: its sprite is pasted as drawn (A♠ stays A♠, its index in the top-left corner);
- numbers, card labels and Latin names inside a line (`rendering.text` keeps them left to right);
- the order of cards in a hand, a trick row or a meld. A run reads low to high from left to right,
  as the cards are labelled and listed in the select menu, in every language; and our overlapped
  cards show each card's index strip on its left, which only a left-to-right fan keeps visible.
  So a row of cards is placed (centred, or its box mirrored) as a whole, and drawn left to right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal, TypeVar

from rendering.fonts import RTL_LANGUAGES
from rendering.text import current_language

Align = Literal["left", "center", "right"]
T = TypeVar("T")


class Direction(Enum):
    """The reading direction of an image's language."""

    LTR = "ltr"
    RTL = "rtl"


def direction(lang: str) -> Direction:
    """RTL for a language written right to left (Urdu), else LTR (pseudo-language included)."""
    return Direction.RTL if lang in RTL_LANGUAGES else Direction.LTR


@dataclass(frozen=True, slots=True)
class Mirror:
    """Reflects x coordinates about the middle of [`left`, `right`] when `rtl`; the identity otherwise.

    Layout code computes a left-to-right position and asks the mirror where it goes: `x` for a point,
    `box` for a text box or shape, `at` for the left edge of something pasted (a sprite keeps its own
    orientation), `align` for a text alignment, `order` for items laid out in reading order."""

    left: float
    right: float
    rtl: bool

    def x(self, x: float) -> float:
        return self.left + self.right - x if self.rtl else x

    def box(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """A (left, top, right, bottom) box reflected: still left < right."""
        if not self.rtl:
            return box
        left, top, right, bottom = box
        axis = round(self.left + self.right)
        return axis - right, top, axis - left, bottom

    def at(self, left: int, width: int) -> int:
        """The left edge of a `width`-wide thing whose left-to-right left edge is `left`."""
        return round(self.left + self.right) - left - width if self.rtl else left

    def align(self, align: Align) -> Align:
        if not self.rtl or align == "center":
            return align
        return "right" if align == "left" else "left"

    def order(self, items: Sequence[T]) -> list[T]:
        """Items in visual order, left to right, given in reading order."""
        return list(reversed(items)) if self.rtl else list(items)

    def inside(self, left: float, right: float) -> Mirror:
        """A mirror of the same direction about the middle of [`left`, `right`] (a panel, a column)."""
        return Mirror(left, right, self.rtl)


def mirror(width: float, lang: str | None = None) -> Mirror:
    """The mirror of an image `width` wide in `lang` (by default the language the thread is drawing in,
    `rendering.text.language`)."""
    if lang is None:
        lang = current_language()
    return Mirror(0, width, direction(lang) is Direction.RTL)
