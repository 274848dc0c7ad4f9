"""A player's hand as an image: cards in rows, labels matching the select menu, selection raised.

Shared by the three games; each game module sorts the cards in its own order first (TL-2 for
Thirteen, suit then rank for Carousel, trumps last for Sixty-Six) and passes them here.

Layout: the image is always `theme.width` wide, so Discord scales every hand alike (about half size
on a phone, discord-notes §C.5). Cards spread apart when they fit; otherwise they overlap, leaving
each card's index strip visible, and wrap into balanced rows of at most `MAX_PER_ROW`. Under each
card's visible part goes its label, `str(card)` ("7♥", "🃏"), the same text the select menu uses,
so a player can match the picture to the options. A hand is the same picture in every language, right
to left ones included: cards run low to high from left to right, as the menu lists them, and only a
left-to-right fan keeps every overlapped card's corner index in view (`rendering.layout`). Selected
cards are raised and outlined; space for the raise is always reserved, so selecting never changes the
image size. The card the seat has just
drawn (Carousel CA-4, Sixty-Six SX-5) gets a blue frame inside its edge and a small blue pointer
above it, so it can be found at a glance (selecting it raises it over the pointer, the frame stays).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Sequence

from PIL import Image

from games.cards import Card
from locales import t
from rendering import cards as sprites
from rendering.fonts import bold
from rendering.offload import offloaded
from rendering.surface import Over, Surface, SurfaceKind, reference, sent
from rendering.theme import DEFAULT_THEME, TEXT_PX, Size, Theme

PAD = 20
RAISE = 22
LABEL_H = 32
ROW_GAP = 8
SPREAD_GAP = 10
LABEL_PX = TEXT_PX
DRAWN_W = 4  # the frame of the card just drawn
SIZE = Size.HAND
# Every seat's hand is redrawn after each move (its controls must carry the new version), yet the
# picture depends only on the cards, their order and the selection: after a pass or another player's
# move it is unchanged (in the 1,000-game Thirteen load run about half the hand images were such
# repeats; in a 5-player Carousel game four of the five redrawn hands are). 4,096 entries of 9-20 KB
# bound the cache near 40-80 MB and keep a seat's last hand long enough for 2,000 seats. lru_cache is
# thread-safe (hands are asked for from worker threads), and it stays in the bot's own process.
HAND_CACHE_SIZE = 4096


def max_per_row(theme: Theme) -> int:
    """How many overlapped cards fit in one row of the image."""
    card = SIZE.value
    return 1 + (theme.width - 2 * PAD - card.width) // card.strip


def rows_of(count: int, theme: Theme) -> list[int]:
    """Cards per row: as few rows as possible, balanced (20 cards: 10 + 10, not 14 + 6)."""
    if count == 0:
        return []
    rows = math.ceil(count / max_per_row(theme))
    base, extra = divmod(count, rows)
    return [base + 1 if row < extra else base for row in range(rows)]


def hand_size(count: int, theme: Theme = DEFAULT_THEME) -> tuple[int, int]:
    """Pixel size of a hand image of `count` cards (an empty hand keeps one empty row)."""
    rows = max(1, len(rows_of(count, theme)))
    card = SIZE.value
    return theme.width, 2 * PAD + RAISE + rows * (card.height + LABEL_H) + (rows - 1) * ROW_GAP


def _step(count: int, theme: Theme) -> int:
    """Horizontal distance between cards in a row of `count`: spread when they fit, else overlapped."""
    card = SIZE.value
    spread = card.width + SPREAD_GAP
    if count * spread - SPREAD_GAP <= theme.width - 2 * PAD:
        return spread
    return card.strip


def draw_hand(
    hand: Sequence[Card], selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME,
    marked: Collection[Card] = frozenset(), drawn: Card | None = None, *, lang: str = "en",
) -> Image.Image:
    """The hand in the given order; cards in `selected` (matched as physical cards) are raised, the
    labels of cards in `marked` (Sixty-Six's trumps) sit on a gold tag, and `drawn` is framed. Card
    labels are the cards' own notation, the same in every language; an empty hand says so in `lang`.
    This is the RGB picture; the bot sends the same layout drawn on the palette (`hand_png`)."""
    return reference(lambda surface: _draw_hand(surface, hand, selected, theme, marked, drawn, lang), lang)


def _draw_hand(surface: SurfaceKind, hand: Sequence[Card], selected: Collection[Card], theme: Theme,
               marked: Collection[Card], drawn: Card | None, lang: str) -> Surface:
    canvas = surface(hand_size(len(hand), theme), theme.felt, theme)
    card = SIZE.value
    label_font = bold(LABEL_PX)
    if not hand:
        canvas.line((theme.width / 2, canvas.image.height / 2), t(lang, "No cards in hand"), bold(26),
                    theme.text_muted, "center")
        return canvas
    y = PAD + RAISE
    start = 0
    for count in rows_of(len(hand), theme):
        step = _step(count, theme)
        x = (theme.width - (step * (count - 1) + card.width)) // 2
        plain_before = False  # the card to the left is on the row's line, unframed: a fanned card lies on it
        for position, physical in enumerate(hand[start : start + count]):
            chosen = physical in selected
            top = y - RAISE if chosen else y
            over = None
            if position == 0 or step > card.width:
                over = Over(theme.felt)
            elif plain_before and not chosen:
                over = Over(theme.felt, step)
            canvas.sprite(sprites.face(physical, SIZE, theme), (x, top), over)
            if physical == drawn:
                _mark_drawn(canvas, x, top, min(step, card.width) if position < count - 1 else card.width, chosen,
                            theme)
            if chosen:
                canvas.draw.rounded_rectangle((x - 3, top - 3, x + card.width + 2, top + card.height + 2),
                                              card.radius + 3, outline=canvas.ink(theme.accent), width=4)
            visible = card.width if position == count - 1 else min(step, card.width)
            label_y = y + card.height + LABEL_H // 2 + 2
            ink = theme.accent if chosen else theme.text
            if physical in marked:
                half = min(visible, card.width) / 2 - 2
                canvas.draw.rounded_rectangle((x + visible / 2 - half, label_y - LABEL_H / 2 + 1,
                                               x + visible / 2 + half, label_y + LABEL_H / 2 - 1), 8,
                                              fill=canvas.ink(theme.gold))
                ink = theme.board_bg
            canvas.line((x + visible / 2, label_y), str(physical), label_font, ink, "center")
            plain_before = not chosen and physical != drawn
            x += step
        start += count
        y += card.height + LABEL_H + ROW_GAP
    return canvas


def _mark_drawn(canvas: Surface, x: int, top: int, visible: int, chosen: bool, theme: Theme) -> None:
    """The just-drawn card: a frame inside its edge (visible on its strip) and, unless it is raised into
    that space, a pointer above it."""
    card = SIZE.value
    canvas.draw.rounded_rectangle((x + 1, top + 1, x + card.width - 2, top + card.height - 2), card.radius,
                                  outline=canvas.ink(theme.fresh), width=DRAWN_W)
    if not chosen:
        centre = x + visible / 2
        canvas.draw.polygon([(centre - 11, top - RAISE + 4), (centre + 11, top - RAISE + 4), (centre, top - 3)],
                            fill=canvas.ink(theme.fresh))


@functools.lru_cache(maxsize=HAND_CACHE_SIZE)
def hand_png(hand: tuple[Card, ...], selected: frozenset[Card], theme: Theme = DEFAULT_THEME,
             marked: frozenset[Card] = frozenset(), drawn: Card | None = None, *, lang: str = "en") -> bytes:
    """The encoded picture of `hand` in this order, `selected` raised, `marked` tagged, `drawn` framed,
    in `lang`: drawn once per distinct hand and language."""
    return _draw_hand_png(hand, selected, theme, marked, drawn, lang)


@offloaded
def _draw_hand_png(hand: tuple[Card, ...], selected: frozenset[Card], theme: Theme, marked: frozenset[Card],
                   drawn: Card | None, lang: str = "en") -> bytes:
    """Drawn in a drawing process when the bot runs them (rendering.offload)."""
    return sent(lambda surface: _draw_hand(surface, hand, selected, theme, marked, drawn, lang), lang)
