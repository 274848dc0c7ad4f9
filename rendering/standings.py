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
from rendering.offload import offloaded
from rendering.text import display_name
from rendering.theme import DEFAULT_THEME, Theme
from rendering.words import ordinal, place

__all__ = ["StandingRow", "columns", "ordinal", "render_standings", "standing_rows"]


def columns(lang: str = "en") -> tuple[Column, ...]:
    """The standings' columns, headed in `lang`."""
    return (
        Column(t(lang, "Place"), 90, "center"),
        Column(t(lang, "Player"), 0, "left"),
        Column("", 270, "right"),
        Column(t(lang, "Score"), 110),
    )


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
    return encode(draw_board(title, subtitle, columns(lang), standing_rows(rows, lang=lang), theme, lang=lang), theme)


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
