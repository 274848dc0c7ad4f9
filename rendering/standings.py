"""Final standings of a finished game: title, then place, name and score per seat.

The bot builds the rows from `GameResult` (places may repeat: Carousel ties share a place, D-CA-4)
and names; a note per row carries what the score alone does not say ("+100 for 150", "2nd out").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from locales import number, t
from rendering.boards import Column, Row, draw_board
from rendering.encode import encode
from rendering.fonts import bold
from rendering.offload import offloaded
from rendering.text import display_name, language
from rendering.text import width as text_width
from rendering.theme import DEFAULT_THEME, TEXT_PX, Theme
from rendering.words import ordinal, place

__all__ = ["StandingRow", "columns", "ordinal", "render_standings", "standing_rows"]


PLACE_W = 90
NOTE_W = 270


def columns(lang: str = "en", place_width: int = PLACE_W) -> tuple[Column, ...]:
    """The standings' columns, headed in `lang`; a wider place column ("hạng 1") narrows the notes."""
    return (
        Column(t(lang, "Place"), place_width, "center"),
        Column(t(lang, "Player"), 0, "left"),
        Column("", NOTE_W - (place_width - PLACE_W), "right"),
        Column(t(lang, "Score"), 110),
    )


def place_width(rows: Sequence[StandingRow], lang: str) -> int:
    """The place column's width: room for the longest place in `lang` in its medal, `PLACE_W` at least."""
    with language(lang):
        widest = max((text_width(place(lang, row.place), bold(TEXT_PX)) for row in rows), default=0.0)
    return max(PLACE_W, int(widest) + 40)


COLUMNS = columns()


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One seat's result. `place` 1 is a winner; equal places are shared."""

    place: int
    name: str
    score: int
    note: str = ""
    highlight: bool = False


@offloaded
def render_standings(
    title: str, rows: Sequence[StandingRow], subtitle: str = "", theme: Theme = DEFAULT_THEME, *, lang: str = "en"
) -> bytes:
    """PNG of the standings in `lang` (`title`, `subtitle` and notes arrive in it), best place first
    (stable for equal places, so seat order breaks ties)."""
    heads = columns(lang, place_width(rows, lang))
    return encode(draw_board(title, subtitle, heads, standing_rows(rows, lang=lang), theme, lang=lang), theme)


def standing_rows(rows: Sequence[StandingRow], *, lang: str = "en") -> list[Row]:
    """The rows to draw, best place first; the sort is stable, so shared places keep the caller's order.
    Places and scores are written the CLDR way of `lang` ("2nd", "2.", "-1 234")."""
    ordered = sorted(rows, key=lambda row: row.place)
    return [
        Row(
            (place(lang, row.place), display_name(row.name), row.note, number(lang, row.score)),
            highlight=row.highlight,
            place=row.place,
        )
        for row in ordered
    ]
