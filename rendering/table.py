"""Pieces every table image shares: the header bar, seat panels, a row of cards and the footer line.

The game modules (`thirteen`, `carousel`, `schnapsen`) decide *what* to show from a public view;
this module decides how it looks, so the three tables read alike: whose turn is always the panel
with the gold border, a passed or finished seat is dimmed, the last action is the footer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from games.cards import Card
from rendering import cards as sprites
from rendering.fonts import bold, font
from rendering.text import display_name, draw_fitted
from rendering.text import width as text_width
from rendering.theme import RGB, Size, Theme

HEADER_H = 52
FOOTER_H = 46
PAD = 16
NAME_PX = 24
NAME_ROW = 38
COUNT_ROW = 36
LINE_H = 26
BADGE_ROW = 30


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name for `seat`, cleaned; a seat the bot gave no name reads "Seat n" (1-based)."""
    if 0 <= seat < len(names):
        return display_name(names[seat])
    return f"Seat {seat + 1}"


# Engines write log lines with "Player 1" / "Seat 1" (they do not know names); images show names.
_SEAT_IN_LOG = re.compile(r"\b(?:Player|Seat) ([1-9])\b")


def with_names(line: str, names: Sequence[str]) -> str:
    """An engine log line with each "Seat n" / "Player n" replaced by that seat's name."""
    return _SEAT_IN_LOG.sub(lambda match: seat_name(names, int(match.group(1)) - 1), line)


@dataclass(frozen=True, slots=True)
class Badge:
    """A small coloured pill in a seat panel: "to play", "passed", "1st", "knocked"."""

    text: str
    colour: RGB


@dataclass(frozen=True, slots=True)
class SeatPanel:
    """What one seat panel shows: name, a card count drawn as a back, up to two text lines, badges."""

    name: str
    cards: int | None = None
    status: str = ""  # shown where the card count goes when `cards` is None ("out", "dealer")
    lines: tuple[str, ...] = ()
    badges: tuple[Badge, ...] = field(default=())
    active: bool = False
    dimmed: bool = False


def turn_label(names: Sequence[str], to_move: int | None, over: bool, doing: str, ended: str = "Game over") -> str:
    """The header's right-hand side: "Lan to play", "Game over", or nothing between turns."""
    if over:
        return ended
    return f"{seat_name(names, to_move)} {doing}" if to_move is not None else ""


def canvas(height: int, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (theme.width, height), theme.felt)
    return image, ImageDraw.Draw(image)


def header(draw: ImageDraw.ImageDraw, left: str, right: str, theme: Theme) -> None:
    """The title bar: game and round on the left, whose turn on the right (gold)."""
    draw.rectangle((0, 0, theme.width, HEADER_H), fill=theme.felt_dark)
    right_font = bold(22)
    right_width = min(int(text_width(right, right_font)) + 4, theme.width // 2)
    draw_fitted(draw, (PAD, 0, theme.width - PAD - right_width - 16, HEADER_H), left, bold(24), theme.text)
    draw_fitted(draw, (theme.width - PAD - right_width, 0, theme.width - PAD, HEADER_H), right, right_font,
                theme.accent, "right")


def footer(draw: ImageDraw.ImageDraw, top: int, text: str, theme: Theme) -> None:
    """The last action, one line, under the table."""
    draw.rectangle((0, top, theme.width, top + FOOTER_H), fill=theme.felt_dark)
    draw_fitted(draw, (PAD, top, theme.width - PAD, top + FOOTER_H), text, font(21), theme.text_muted)


def panel_height(panels: Sequence[SeatPanel]) -> int:
    """Height of a row of seat panels: name, card count, text lines, then one row of badges."""
    lines = max((len(panel.lines) for panel in panels), default=0)
    return NAME_ROW + COUNT_ROW + LINE_H * lines + BADGE_ROW + 8


def seat_panels(image: Image.Image, top: int, panels: Sequence[SeatPanel], theme: Theme) -> int:
    """Seat panels side by side across the image, in seat order; returns their height."""
    draw = ImageDraw.Draw(image)
    gap = 10
    height = panel_height(panels)
    width = (theme.width - 2 * PAD - gap * (len(panels) - 1)) // max(1, len(panels))
    for index, panel in enumerate(panels):
        left = PAD + index * (width + gap)
        _seat_panel(image, draw, (left, top, left + width, top + height), panel, theme)
    return height


def _seat_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], panel: SeatPanel, theme: Theme
) -> None:
    left, top, right, _ = box
    fill = theme.panel_active if panel.active else theme.panel
    draw.rounded_rectangle(box, 12, fill=fill, outline=theme.accent if panel.active else None, width=3)
    ink = theme.text_muted if panel.dimmed else theme.text
    draw_fitted(draw, (left + 12, top + 6, right - 10, top + NAME_ROW), panel.name, bold(NAME_PX), ink)
    y = top + NAME_ROW
    if panel.cards is not None:  # a small back and the number of cards held
        icon = Size.ICON.value
        sprites.paste(image, sprites.back(Size.ICON, theme), (left + 12, y + 1))
        count = f"{panel.cards} card" + ("" if panel.cards == 1 else "s")
        if text_width(count, bold(22)) > right - left - 30 - icon.width:  # narrow panel (5 seats): the number
            count = str(panel.cards)
        draw_fitted(draw, (left + 20 + icon.width, y, right - 10, y + COUNT_ROW - 2), count,
                    bold(22), ink)
    elif panel.status:
        draw_fitted(draw, (left + 12, y, right - 10, y + COUNT_ROW - 2), panel.status, bold(22), ink)
    y += COUNT_ROW
    for line in panel.lines:
        draw_fitted(draw, (left + 12, y, right - 10, y + LINE_H), line, font(20), theme.text_muted)
        y += LINE_H
    x = left + 10
    badge_font = bold(16)
    for badge in panel.badges:
        width = int(badge_font.getlength(badge.text)) + 16
        if x + width > right - 6:
            break
        draw.rounded_rectangle((x, y + 3, x + width, y + BADGE_ROW - 3), 12, fill=badge.colour)
        draw.text((x + width / 2, y + BADGE_ROW / 2), badge.text, font=badge_font, fill=theme.board_bg, anchor="mm")
        x += width + 6


def card_row_width(count: int, size: Size, max_width: int, gap: int = 8) -> tuple[int, int]:
    """(step, total width) of `count` cards: spread with `gap` when they fit, else overlapped by strips."""
    card = size.value
    if count == 0:
        return 0, 0
    spread = card.width + gap
    if count * spread - gap <= max_width:
        return spread, count * spread - gap
    step = max(4, min(card.strip, (max_width - card.width) // max(1, count - 1)))
    return step, step * (count - 1) + card.width


def card_row(
    image: Image.Image, cards: Sequence[Card | None], size: Size, centre_x: int, top: int, max_width: int, theme: Theme
) -> int:
    """Draw cards (None = face down) centred on `centre_x`; returns the row's width."""
    step, total = card_row_width(len(cards), size, max_width)
    x = centre_x - total // 2
    for card in cards:
        sprite = sprites.back(size, theme) if card is None else sprites.face(card, size, theme)
        sprites.paste(image, sprite, (x, top))
        x += step
    return total


def pill(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, colour: RGB, ink: RGB, px: int = 18
) -> None:
    """A rounded label centred on `centre` (trump suit, "closed", stock count)."""
    typeface = bold(px)
    half_w = typeface.getlength(text) / 2 + 10
    half_h = px * 0.75
    x, y = centre
    draw.rounded_rectangle((x - half_w, y - half_h, x + half_w, y + half_h), half_h, fill=colour)
    draw.text((x, y), text, font=typeface, fill=ink, anchor="mm")
