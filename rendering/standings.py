"""Final standings of a finished game: title, then place, name and score per seat.

The bot builds the rows from `GameResult` (places may repeat: Carousel ties share a place, D-CA-4)
and names; a note per row carries what the score alone does not say ("+100 for 150", "2nd out").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rendering.boards import Column, Row, draw_board
from rendering.encode import encode
from rendering.offload import offloaded
from rendering.text import display_name
from rendering.theme import DEFAULT_THEME, Theme
from rendering.words import ordinal

COLUMNS = (
    Column("Place", 90, "center"),
    Column("Player", 0, "left"),
    Column("", 270, "right"),
    Column("Score", 110),
)


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
    title: str, rows: Sequence[StandingRow], subtitle: str = "", theme: Theme = DEFAULT_THEME
) -> bytes:
    """PNG of the standings, best place first (stable for equal places, so seat order breaks ties)."""
    return encode(draw_board(title, subtitle, COLUMNS, standing_rows(rows), theme), theme)


def standing_rows(rows: Sequence[StandingRow]) -> list[Row]:
    """The rows to draw, best place first; the sort is stable, so shared places keep the caller's order."""
    ordered = sorted(rows, key=lambda row: row.place)
    return [
        Row(
            (ordinal(row.place), display_name(row.name), row.note, str(row.score)),
            highlight=row.highlight,
            place=row.place,
        )
        for row in ordered
    ]
