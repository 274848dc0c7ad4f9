"""Plain-data inputs and shared drawing for the two list images: leaderboards and final standings.

Both are a title, an optional subtitle and rows of columns; they share the row drawing here so the
bot's results and its leaderboards look alike. Columns are declared in reading order; a board in a
right-to-left language is drawn mirrored (`rendering.layout`): the title at the right, the first column
(place, rank) rightmost, each cell's alignment reflected. Rows are frozen dataclasses built by the caller from
the database or a `GameResult`: no engine or Discord object reaches this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from locales import t
from rendering.fonts import bold, font
from rendering.layout import mirror
from rendering.text import draw_fitted, language
from rendering.text import width as text_width
from rendering.theme import RGB, TEXT_PX, Theme

TITLE_H = 64
SUBTITLE_H = 34
HEADER_H = 38
ROW_H = 48
PAD = 20
NAME_PX = 26
CELL_PX = TEXT_PX


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a board: header text (already in the board's language), width in pixels and alignment
    of its cells."""

    header: str
    width: int
    align: Literal["left", "center", "right"] = "right"


@dataclass(frozen=True, slots=True)
class Row:
    """One drawn row: the cells (already formatted), whether to highlight it, and the place medal."""

    cells: tuple[str, ...]
    highlight: bool = False
    place: int | None = None  # 1, 2, 3 get a medal colour on the first cell


GAP = "…"  # a row of this single cell draws a gap marker (the caller's row below the top N)


def place_colour(place: int | None, theme: Theme) -> RGB | None:
    return {1: theme.gold, 2: theme.silver, 3: theme.bronze}.get(place or 0)


def board_size(rows: int, subtitle: bool, theme: Theme) -> tuple[int, int]:
    """Pixel size of a board with `rows` rows (an empty board keeps one row for "No games yet")."""
    return theme.width, TITLE_H + (SUBTITLE_H if subtitle else 0) + HEADER_H + ROW_H * max(1, rows) + PAD


def draw_board(title: str, subtitle: str, columns: Sequence[Column], rows: Sequence[Row], theme: Theme, *,
               lang: str = "en") -> Image.Image:
    """The image for a board in `lang`; the name column (width 0) takes whatever width the others leave.
    The title, subtitle, headers and cells arrive in `lang` already; "No games yet" is said here."""
    with language(lang):
        return _draw_board(title, subtitle, columns, rows, theme, lang)


def _draw_board(title: str, subtitle: str, columns: Sequence[Column], rows: Sequence[Row], theme: Theme,
                lang: str) -> Image.Image:
    width = theme.width
    # A fixed column widens to its header when a language's word is longer ("% thắng" for "Win %"); the
    # name column gives up the room.
    fixed_widths = [max(column.width, int(text_width(column.header, bold(TEXT_PX))) + 16) if column.width else 0
                    for column in columns]
    flexible = max(80, width - 2 * PAD - sum(fixed_widths))
    widths = [fixed or flexible for fixed in fixed_widths]
    image = Image.new("RGB", board_size(len(rows), bool(subtitle), theme), theme.board_bg)
    draw = ImageDraw.Draw(image)
    page = mirror(width)
    draw_fitted(draw, (PAD, 8, width - PAD, TITLE_H - 4), title, bold(32), theme.text, page.align("left"))
    y = TITLE_H
    if subtitle:
        draw_fitted(draw, (PAD, y - 6, width - PAD, y + SUBTITLE_H - 6), subtitle, font(TEXT_PX), theme.text_muted,
                    page.align("left"))
        y += SUBTITLE_H
    x = PAD
    for column, column_width in zip(columns, widths, strict=True):
        draw_fitted(draw, page.box((x + 6, y, x + column_width - 6, y + HEADER_H)), column.header, bold(TEXT_PX),
                    theme.text_muted, page.align(column.align))
        x += column_width
    y += HEADER_H
    if not rows:
        draw_fitted(draw, (PAD, y, width - PAD, y + ROW_H), t(lang, "No games yet"), font(CELL_PX), theme.text_muted,
                    "center")
    for number, row in enumerate(rows):
        _draw_row(draw, y, row, columns, widths, number, theme)
        y += ROW_H
    return image


def _draw_row(
    draw: ImageDraw.ImageDraw, y: int, row: Row, columns: Sequence[Column], widths: Sequence[int], number: int,
    theme: Theme,
) -> None:
    width = theme.width
    if row.cells == (GAP,):
        draw_fitted(draw, (PAD, y, width - PAD, y + ROW_H), "⋯", bold(CELL_PX), theme.text_muted, "center")
        return
    fill = theme.panel_active if row.highlight else (theme.board_row if number % 2 == 0 else theme.board_row_alt)
    draw.rounded_rectangle((PAD, y + 3, width - PAD, y + ROW_H - 3), 8, fill=fill,
                           outline=theme.accent if row.highlight else None, width=2)
    x = PAD
    medal = place_colour(row.place, theme)
    page = mirror(width)
    for index, (column, column_width, cell) in enumerate(zip(columns, widths, row.cells, strict=True)):
        box = page.box((x + 8, y, x + column_width - 8, y + ROW_H))
        if index == 0 and medal is not None:
            typeface = bold(TEXT_PX)
            half = max(17, int(text_width(cell, typeface)) // 2 + 9)  # a round medal, or a pill for "1st"
            centre_x, centre_y = (box[0] + box[2]) // 2, y + ROW_H // 2
            draw.rounded_rectangle((centre_x - half, centre_y - 17, centre_x + half, centre_y + 17), 17, fill=medal)
            draw_fitted(draw, box, cell, typeface, theme.board_bg, "center")
        else:
            typeface = bold(NAME_PX) if column.width == 0 else font(CELL_PX)
            draw_fitted(draw, box, cell, typeface, theme.text, page.align(column.align), min_px=TEXT_PX)
        x += column_width
