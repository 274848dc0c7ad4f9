"""Card faces and backs, drawn by our own code and cached once per (theme, size, face).

Design for legibility at phone width (about 420 px): every face carries a big corner index (rank over
suit) that fits inside the strip left visible when cards overlap, so a fanned hand or a long meld
still shows every card. "10" is squeezed horizontally rather than shrunk so it matches the other
ranks' height. A joker shows a star index and 🃏; a joker on the table standing for a declared card
(CA-7) shows that card on a lilac face with a ★ under its index, so players can both read the meld
and see which card is a joker.

Sprites are RGBA with a soft shadow baked in; callers paste them with themselves as the mask.
The cache is a dict behind a lock: drawing happens under the lock (about a millisecond per sprite,
once), reads of a finished sprite are lock-free because a sprite is never modified after caching.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import Enum

from PIL import Image, ImageDraw, ImageFont

from games.cards import AnyCard, Card, Suit
from rendering.fonts import bold, font
from rendering.measure import note
from rendering.theme import DEFAULT_THEME, RGB, CardSize, Size, Theme

SHADOW = (2, 3)  # offset of the baked-in shadow, in pixels


class Look(Enum):
    """How a sprite presents its card."""

    FACE = "face"
    BACK = "back"
    JOKER = "joker"  # an undeclared joker (in a hand)
    DECLARED = "declared"  # a joker on the table, drawn as the card it stands for (CA-7)
    PLAIN = "plain"  # a face with nothing on it: what a fanned card's corners lie on (rendering.surface)


@dataclass(frozen=True, slots=True)
class _Key:
    theme: Theme
    size: Size
    look: Look
    card: Card | None  # the face shown (copy 0); None for backs and undeclared jokers


_cache: dict[_Key, Image.Image] = {}
_lock = threading.Lock()


def sprite_size(size: Size) -> tuple[int, int]:
    """Width and height of a sprite of `size`, shadow included."""
    return size.value.width + SHADOW[0], size.value.height + SHADOW[1]


def face(card: AnyCard, size: Size, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The face-up sprite for `card`; a joker gets the joker face."""
    note("index", size.value.index_px, str(card))
    if card.is_joker:
        return _get(_Key(theme, size, Look.JOKER, None))
    return _get(_Key(theme, size, Look.FACE, card.face))


def declared_joker(stands_for: Card, size: Size, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """A table joker shown as the card it was declared to be, marked as a joker (CA-7)."""
    note("index", size.value.index_px, str(stands_for))
    return _get(_Key(theme, size, Look.DECLARED, stands_for.face))


def back(size: Size, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The face-down sprite (talon, opponents' hands, closed trump)."""
    return _get(_Key(theme, size, Look.BACK, None))


def plain(size: Size, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """A card face with its edge and shadow and nothing on it."""
    return _get(_Key(theme, size, Look.PLAIN, None))


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a sprite at `xy` (its card's top-left corner), blending its rounded corners and shadow."""
    canvas.paste(sprite, xy, sprite)


def suit_colour(suit: Suit, theme: Theme) -> RGB:
    return theme.red_suit if suit.is_red else theme.black_suit


def _get(key: _Key) -> Image.Image:
    found = _cache.get(key)
    if found is not None:
        return found
    with _lock:
        found = _cache.get(key)
        if found is None:
            found = _cache[key] = _draw(key)
        return found


# Drawing ------------------------------------------------------------------------------------------


def _blank(size: CardSize, fill: RGB, edge: RGB, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (size.width + SHADOW[0], size.height + SHADOW[1]), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    shadow_box = (SHADOW[0], SHADOW[1], size.width + SHADOW[0] - 1, size.height + SHADOW[1] - 1)
    draw.rounded_rectangle(shadow_box, size.radius, fill=(*theme.card_shadow, 90))
    draw.rounded_rectangle((0, 0, size.width - 1, size.height - 1), size.radius, fill=(*fill, 255), outline=edge)
    return image, draw


def _text_mask(text: str, typeface: ImageFont.FreeTypeFont, max_width: int) -> Image.Image:
    """An L-mode mask of `text`, squeezed horizontally if wider than `max_width` (the "10" case)."""
    left, top, right, bottom = (int(edge) for edge in typeface.getbbox(text, anchor="lt"))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=typeface, fill=255, anchor="lt")
    if mask.width > max_width:
        mask = mask.resize((max_width, mask.height), Image.Resampling.LANCZOS)
    return mask


def _stamp(image: Image.Image, mask: Image.Image, centre_x: int, top: int, colour: RGB) -> int:
    """Colour `mask` onto `image`, centred on `centre_x`; returns the y just below it."""
    ink = Image.new("RGBA", mask.size, (*colour, 255))
    image.paste(ink, (centre_x - mask.width // 2, top), mask)
    return top + mask.height


def _index(size: CardSize, rank_text: str, pip_text: str, colour: RGB, star: RGB | None) -> Image.Image:
    """The corner index (rank over suit, optional joker star) as a transparent tile."""
    column = size.strip - 5
    rank_mask = _text_mask(rank_text, bold(size.index_px), column)
    pip_mask = _text_mask(pip_text, font(size.pip_px), column)
    gap = max(2, size.index_px // 8)
    height = rank_mask.height + gap + pip_mask.height
    star_mask = None
    if star is not None:
        star_mask = _text_mask("★", font(size.pip_px), column)
        height += gap + star_mask.height
    tile = Image.new("RGBA", (column, height), (0, 0, 0, 0))
    y = _stamp(tile, rank_mask, column // 2, 0, colour) + gap
    y = _stamp(tile, pip_mask, column // 2, y, colour) + gap
    if star_mask is not None and star is not None:
        _stamp(tile, star_mask, column // 2, y, star)
    return tile


def _draw(key: _Key) -> Image.Image:
    size, theme = key.size.value, key.theme
    if key.look is Look.BACK:
        return _draw_back(size, theme)
    if key.look is Look.JOKER:
        return _draw_joker(size, theme)
    if key.look is Look.PLAIN:
        return _blank(size, theme.card_face, theme.card_edge, theme)[0]
    card = key.card
    assert card is not None and card.rank is not None and card.suit is not None
    declared = key.look is Look.DECLARED
    image, draw = _blank(size, theme.joker_tint if declared else theme.card_face, theme.card_edge, theme)
    if declared:
        draw.rounded_rectangle((1, 1, size.width - 2, size.height - 2), size.radius, outline=theme.joker_ink, width=2)
    colour = suit_colour(card.suit, theme)
    tile = _index(size, card.rank.label, card.suit.symbol, colour, theme.joker_ink if declared else None)
    margin = max(3, size.width // 24)
    image.alpha_composite(tile, (margin, margin))
    # No mirrored index: in a fan only the left strip shows, and the space goes to a bigger centre.
    centre_x, centre_y = _centre(size)
    if size.width - size.strip < 16:  # an icon: the index is all there is room for
        return image
    if card.rank.label in ("J", "Q", "K"):
        frame = (size.strip - 2, size.height * 0.3, size.width - margin - 1, size.height - margin - 1)
        draw.rounded_rectangle(frame, max(2, size.radius // 2), outline=colour, width=2)
        draw.text(((frame[0] + frame[2]) / 2, (frame[1] + frame[3]) / 2), card.rank.label,
                  font=bold(size.centre_px), fill=colour, anchor="mm")
    else:
        draw.text((centre_x, centre_y), card.suit.symbol, font=font(size.centre_px), fill=colour, anchor="mm")
    return image


def _centre(size: CardSize) -> tuple[int, int]:
    """Where the big centre glyph goes: right of the index column, a little below the middle."""
    return (size.strip + size.width) // 2 - 2, int(size.height * 0.62)


def _draw_joker(size: CardSize, theme: Theme) -> Image.Image:
    image, draw = _blank(size, theme.card_face, theme.card_edge, theme)
    margin = max(3, size.width // 24)
    tile = _index(size, "★", "JK", theme.joker_ink, None)
    image.alpha_composite(tile, (margin, margin))
    draw.text(_centre(size), "🃏", font=font(size.centre_px), fill=theme.joker_ink, anchor="mm")
    return image


def _draw_back(size: CardSize, theme: Theme) -> Image.Image:
    image, _ = _blank(size, theme.back_border, theme.card_edge, theme)
    inset = max(3, size.width // 14)
    inner_w, inner_h = size.width - 2 * inset, size.height - 2 * inset
    inner = Image.new("RGBA", (inner_w, inner_h), (*theme.back, 255))
    pattern = ImageDraw.Draw(inner)
    step = max(6, size.width // 7)
    for offset in range(-inner_h, inner_w + inner_h, step):  # a diagonal lattice
        pattern.line((offset, 0, offset + inner_h, inner_h), fill=theme.back_pattern, width=2)
        pattern.line((offset, inner_h, offset + inner_h, 0), fill=theme.back_pattern, width=2)
    mask = Image.new("L", inner.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, inner_w - 1, inner_h - 1), max(2, size.radius - inset // 2), fill=255)
    image.paste(inner, (inset, inset), mask)
    return image
