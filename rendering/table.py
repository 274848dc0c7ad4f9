"""Pieces every table image shares: the header bar, seat panels, a row of cards and the footer line.

The game modules (`thirteen`, `carousel`, `schnapsen`) decide *what* to show from a public view;
this module decides how it looks, so the three tables read alike: whose turn is always the panel
with the gold border, a passed or finished seat is dimmed, the last action is the footer. Layouts are
written left to right and pass through `rendering.layout.mirror`, so a table in a right-to-left
language reads from the right (header, seat order, each panel's content); cards are never mirrored.

Every word here comes from the catalogs (`locales.t`) in the image's language, which each game's
render function receives as `lang` and sets for the text layer (`rendering.text.language`), so the
image reads in the same language as the message it is attached to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.cards import Card
from locales import number, t, tn
from rendering import cards as sprites
from rendering.fonts import bold, font
from rendering.layout import mirror
from rendering.surface import Over, Surface, SurfaceKind
from rendering.text import current_language, display_name, two_lines
from rendering.text import width as text_width
from rendering.theme import RGB, TEXT_PX, Size, Theme

HEADER_H = 56
FOOTER_H = 50
PAD = 16
NAME_PX = 27  # shrinks to TEXT_PX for a long name before it is cut
NAME_ROW = 40
# A name too long for one line even at TEXT_PX takes a second line (then is cut by grapheme); every
# panel of the table then grows by this much, so the panels stay alike.
NAME_LINE2 = 28
COUNT_ROW = 34
LINE_H = 31
BADGE_ROW = 38
BADGE_GAP = 6
PANEL_GAP = 10
PANELS_PER_ROW = 3  # 4 seats: 2 + 2; 5 seats: 3 + 2, so a name has a third of the width, not a fifth

def seat_name(names: Sequence[str], seat: int, *, lang: str = "en") -> str:
    """The name for `seat`, cleaned; a seat the bot gave no name reads "Seat n" (1-based) in `lang`."""
    if 0 <= seat < len(names):
        return display_name(names[seat])
    return t(lang, "Seat {n}", n=number(lang, seat + 1))


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


def turn_label(names: Sequence[str], to_move: int | None, over: bool, doing: str, ended: str | None = None, *,
               lang: str = "en") -> str:
    """The header's right-hand side: "Lan to play", "Game over", or nothing between turns. `doing` is a
    translated sentence with a `{name}` field (each language puts the name where it goes); `ended`
    defaults to "Game over" in `lang`."""
    if over:
        return t(lang, "Game over") if ended is None else ended
    return doing.format(name=seat_name(names, to_move, lang=lang)) if to_move is not None else ""


def canvas(height: int, theme: Theme, surface: SurfaceKind) -> Surface:
    """A table's picture, felt all over, on `surface` (the bot's on the palette, RGB for the reference)."""
    return surface((theme.width, height), theme.felt, theme)


def header(canvas: Surface, left: str, right: str, theme: Theme) -> None:
    """The title bar: game and round where reading starts (left, or right in a right-to-left image), whose
    turn at the other end (gold)."""
    canvas.draw.rectangle((0, 0, theme.width, HEADER_H), fill=canvas.ink(theme.felt_dark))
    page = mirror(theme.width)
    right_font = bold(25)
    right_width = min(int(text_width(right, right_font)) + 4, theme.width // 2)
    canvas.fitted(page.box((PAD, 0, theme.width - PAD - right_width - 16, HEADER_H)), left, bold(26), theme.text,
                  page.align("left"), min_px=TEXT_PX)
    canvas.fitted(page.box((theme.width - PAD - right_width, 0, theme.width - PAD, HEADER_H)), right, right_font,
                  theme.accent, page.align("right"), min_px=TEXT_PX)


def footer(canvas: Surface, top: int, text: str, theme: Theme) -> None:
    """The last action, one line, under the table, from where reading starts."""
    canvas.draw.rectangle((0, top, theme.width, top + FOOTER_H), fill=canvas.ink(theme.felt_dark))
    canvas.fitted((PAD, top, theme.width - PAD, top + FOOTER_H), text, font(TEXT_PX), theme.text_muted,
                  mirror(theme.width).align("left"))


def _grid(count: int) -> tuple[int, int]:
    """(panels per row, rows) for `count` seats."""
    per_row = 2 if count == 4 else max(1, min(PANELS_PER_ROW, count))
    return per_row, -(-count // per_row)


def panel_width(count: int, theme: Theme) -> int:
    per_row, _ = _grid(count)
    return (theme.width - 2 * PAD - PANEL_GAP * (per_row - 1)) // per_row


def _badge_width(badge: Badge) -> int:
    return int(text_width(badge.text, bold(TEXT_PX))) + 18


def _badge_rows(badges: Sequence[Badge], width: int) -> list[list[Badge]]:
    """Badges wrapped into rows that fit a panel `width` wide (a badge is never dropped)."""
    rows: list[list[Badge]] = [[]]
    used = 0
    for badge in badges:
        need = _badge_width(badge) + (BADGE_GAP if rows[-1] else 0)
        if rows[-1] and used + need > width - 20:
            rows.append([])
            used, need = 0, _badge_width(badge)
        rows[-1].append(badge)
        used += need
    return rows


def _name_width(width: int) -> int:
    return width - 22


def _needs_two_lines(name: str, width: int) -> bool:
    """True when `name` does not fit one line of a panel `width` wide even at the smallest size."""
    return text_width(display_name(name), bold(TEXT_PX)) > _name_width(width)


def _one_panel_height(panels: Sequence[SeatPanel], width: int, badge_rows: int = 1) -> int:
    lines = max((len(panel.lines) for panel in panels), default=0)
    badge_rows = max([badge_rows, *(len(_badge_rows(panel.badges, width)) for panel in panels)])
    names = NAME_LINE2 if any(_needs_two_lines(panel.name, width) for panel in panels) else 0
    return NAME_ROW + names + COUNT_ROW + LINE_H * lines + BADGE_ROW * max(1, badge_rows) + 4


def panel_height(panels: Sequence[SeatPanel], theme: Theme, badge_rows: int = 1) -> int:
    """Height of the seat panels: rows of up to three (name, card count, text lines, at least `badge_rows`
    rows of badges)."""
    _, rows = _grid(len(panels))
    one = _one_panel_height(panels, panel_width(len(panels), theme), badge_rows)
    return rows * one + (rows - 1) * PANEL_GAP


def seat_panels(canvas: Surface, top: int, panels: Sequence[SeatPanel], theme: Theme, badge_rows: int = 1) -> int:
    """Seat panels in seat order, up to three a row (a short last row centred), from the right in a
    right-to-left image; returns their height."""
    per_row, _ = _grid(len(panels))
    width = panel_width(len(panels), theme)
    height = _one_panel_height(panels, width, badge_rows)
    second_line = any(_needs_two_lines(panel.name, width) for panel in panels)
    for index, panel in enumerate(panels):
        row, column = divmod(index, per_row)
        in_row = min(per_row, len(panels) - row * per_row)
        start = (theme.width - in_row * width - (in_row - 1) * PANEL_GAP) // 2
        left = mirror(theme.width).at(start + column * (width + PANEL_GAP), width)
        y = top + row * (height + PANEL_GAP)
        _seat_panel(canvas, (left, y, left + width, y + height), panel, theme, second_line)
    return panel_height(panels, theme, badge_rows)


def _seat_panel(
    canvas: Surface, box: tuple[int, int, int, int], panel: SeatPanel, theme: Theme, second_line: bool = False,
) -> None:
    """One panel; with `second_line` its name row has room for two lines (`NAME_LINE2`)."""
    left, top, right, _ = box
    fill = theme.panel_active if panel.active else theme.panel
    canvas.draw.rounded_rectangle(box, 12, fill=canvas.ink(fill),
                                  outline=canvas.ink(theme.accent) if panel.active else None, width=3)
    ink = theme.text_muted if panel.dimmed else theme.text
    inside = mirror(theme.width).inside(left, right)  # the panel's content starts at its right in RTL
    start = inside.align("left")
    if second_line and _needs_two_lines(panel.name, right - left):
        first, rest = two_lines(display_name(panel.name), bold(TEXT_PX), _name_width(right - left))
        canvas.fitted(inside.box((left + 12, top + 8, right - 10, top + 8 + NAME_LINE2)), first, bold(TEXT_PX), ink,
                      start)
        canvas.fitted(inside.box((left + 12, top + 8 + NAME_LINE2, right - 10, top + 8 + 2 * NAME_LINE2)), rest,
                      bold(TEXT_PX), ink, start)
    else:
        canvas.fitted(inside.box((left + 12, top + 6, right - 10, top + NAME_ROW)), panel.name, bold(NAME_PX), ink,
                      start, min_px=TEXT_PX)
    y = top + NAME_ROW + (NAME_LINE2 if second_line else 0)
    count_font = bold(TEXT_PX + 1)
    if panel.cards is not None:  # a small back and the number of cards held
        icon = Size.ICON.value
        canvas.sprite(sprites.back(Size.ICON, theme), (inside.at(left + 12, icon.width), y + 1), Over(fill))
        lang = current_language()
        count = tn(lang, "{n} card", "{n} cards", panel.cards)
        if text_width(count, count_font) > right - left - 30 - icon.width:  # a narrow panel: the number
            count = number(lang, panel.cards)
        canvas.fitted(inside.box((left + 20 + icon.width, y, right - 10, y + COUNT_ROW - 2)), count, count_font,
                      ink, start)
    elif panel.status:
        canvas.fitted(inside.box((left + 12, y, right - 10, y + COUNT_ROW - 2)), panel.status, count_font, ink,
                      start)
    y += COUNT_ROW
    for line in panel.lines:
        canvas.fitted(inside.box((left + 12, y, right - 10, y + LINE_H)), line, font(TEXT_PX), theme.text_muted,
                      start)
        y += LINE_H
    badge_font = bold(TEXT_PX)
    for row in _badge_rows(panel.badges, right - left):
        x = left + 10
        for badge in row:
            width = _badge_width(badge)
            pill_left = inside.at(x, width)
            canvas.draw.rounded_rectangle((pill_left, y + 3, pill_left + width, y + BADGE_ROW - 3), 14,
                                          fill=canvas.ink(badge.colour))
            canvas.line((pill_left + width / 2, y + BADGE_ROW / 2), badge.text, badge_font, theme.board_bg, "center")
            x += width + BADGE_GAP
        y += BADGE_ROW


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
    canvas: Surface, cards: Sequence[Card | None], size: Size, centre_x: int, top: int, max_width: int, theme: Theme,
    over: RGB,
) -> int:
    """Draw cards (None = face down) centred on `centre_x`, over a flat `over`; returns the row's width."""
    step, total = card_row_width(len(cards), size, max_width)
    x = centre_x - total // 2
    before: Card | None = None
    for position, card in enumerate(cards):
        sprite = sprites.back(size, theme) if card is None else sprites.face(card, size, theme)
        canvas.sprite(sprite, (x, top), fanned(position, step, size, before, over))
        before = card
        x += step
    return total


def fanned(position: int, step: int, size: Size, before: Card | None, over: RGB) -> Over | None:
    """What a card of a row lies on: the flat colour alone when it is the first or the cards are apart; the
    colour and a plain card when it overlaps a face-up card by the usual strip; else the picture as drawn
    (rendering.surface)."""
    if position == 0 or step > size.value.width + sprites.SHADOW[0]:
        return Over(over)
    if step == size.value.strip and before is not None:
        return Over(over, step)
    return None


def pill(
    canvas: Surface, centre: tuple[float, float], text: str, colour: RGB, ink: RGB, px: int = TEXT_PX
) -> None:
    """A rounded label centred on `centre` (trump suit, "closed", stock count)."""
    typeface = bold(px)
    half_w = text_width(text, typeface) / 2 + 10
    half_h = px * 0.75
    x, y = centre
    canvas.draw.rounded_rectangle((x - half_w, y - half_h, x + half_w, y + half_h), half_h, fill=canvas.ink(colour))
    canvas.line((x, y), text, typeface, ink, "center")
