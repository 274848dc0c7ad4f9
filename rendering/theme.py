"""Colours and card proportions shared by every image, so all three games look like one cardroom.

A `Theme` is a frozen value: it is hashable, so sprite caches can be keyed by it, and it can be
passed to worker threads without copying. Sizes are in image pixels. Discord shows an image about
420 px wide on a phone (discord-notes §C.5), so our images are drawn 800 px wide and every size is
chosen to stay legible scaled to `PHONE_WIDTH`: a card index at least `MIN_INDEX_PHONE_PX` and any
other text at least `MIN_TEXT_PHONE_PX` there, which at 800 px means `INDEX_PX` and `TEXT_PX`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

RGB = tuple[int, int, int]

IMAGE_WIDTH = 800
PHONE_WIDTH = 420
MIN_INDEX_PHONE_PX = 14
MIN_TEXT_PHONE_PX = 12


def at_full_width(phone_px: float, width: int = IMAGE_WIDTH) -> int:
    """The smallest size in image pixels that reads as `phone_px` once the image is shown PHONE_WIDTH wide."""
    return -(-int(phone_px * width * 1000) // (PHONE_WIDTH * 1000))


INDEX_PX = at_full_width(MIN_INDEX_PHONE_PX)  # 27: the smallest card corner index
TEXT_PX = at_full_width(MIN_TEXT_PHONE_PX)  # 23: the smallest text of any kind


@dataclass(frozen=True, slots=True)
class CardSize:
    """One drawn card size. `strip` is how much of a card stays visible when cards overlap."""

    width: int
    height: int
    strip: int
    index_px: int  # rank letters in the corner index
    pip_px: int  # suit glyph under the rank
    centre_px: int  # the big centre glyph
    radius: int


class Size(Enum):
    """The card sizes the images use: hands are largest, melds on a crowded table smallest."""

    HAND = CardSize(width=96, height=134, strip=50, index_px=34, pip_px=28, centre_px=58, radius=9)
    TABLE = CardSize(width=80, height=112, strip=42, index_px=30, pip_px=24, centre_px=48, radius=8)
    MELD = CardSize(width=68, height=96, strip=36, index_px=29, pip_px=22, centre_px=36, radius=6)
    COMPACT = CardSize(width=60, height=86, strip=33, index_px=INDEX_PX, pip_px=20, centre_px=28, radius=5)
    ICON = CardSize(width=22, height=31, strip=22, index_px=10, pip_px=9, centre_px=12, radius=3)  # backs only


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour an image uses. Make a variant with `dataclasses.replace(DEFAULT_THEME, felt=...)`."""

    felt: RGB = (22, 83, 56)
    felt_dark: RGB = (15, 60, 40)
    panel: RGB = (12, 48, 32)
    panel_active: RGB = (36, 112, 76)
    text: RGB = (240, 240, 232)
    text_muted: RGB = (170, 200, 182)
    accent: RGB = (246, 196, 64)  # whose turn, the caller's row, selected cards
    danger: RGB = (226, 96, 82)  # passed, closed talon
    card_face: RGB = (252, 251, 246)
    card_edge: RGB = (120, 120, 112)
    card_shadow: RGB = (0, 0, 0)
    red_suit: RGB = (200, 24, 44)
    black_suit: RGB = (24, 24, 28)
    joker_ink: RGB = (110, 46, 160)
    joker_tint: RGB = (236, 226, 250)  # background of a joker standing in for a declared card
    back: RGB = (38, 58, 122)
    back_pattern: RGB = (74, 98, 168)
    back_border: RGB = (250, 250, 250)
    board_bg: RGB = (26, 30, 38)  # leaderboard and standings cards
    board_row: RGB = (34, 39, 50)
    board_row_alt: RGB = (30, 34, 44)
    gold: RGB = (242, 190, 60)
    silver: RGB = (196, 202, 212)
    bronze: RGB = (205, 127, 70)
    fresh: RGB = (64, 196, 255)  # cards just laid from hand (Carousel) and the card just drawn
    moved: RGB = (255, 120, 200)  # cards a meld step moved from one meld to another (Carousel)
    changed: RGB = (150, 196, 170)  # the subtle outline of a meld the last step changed
    width: int = IMAGE_WIDTH  # table, hand, leaderboard and standings width in pixels


DEFAULT_THEME = Theme()
