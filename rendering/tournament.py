"""A tournament's standings image after a round: rank, player, points, tie-breaks and the next pairing.

Rows arrive as plain values already written in the reader's language (the caller formats the numbers
and names the columns through the catalogs), so this module draws and never translates or looks
anything up; like every renderer it knows nothing of Discord.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rendering.boards import Column, Row, draw_board
from rendering.encode import encode
from rendering.offload import offloaded
from rendering.text import display_name
from rendering.theme import DEFAULT_THEME, Theme

RANK_WIDTH, NUMBER_WIDTH, NEXT_WIDTH = 64, 110, 150
# One tie-break column reads its full name; two (Swiss) read as abbreviations, named in the subtitle.
ONE_TIEBREAK_WIDTH, TIEBREAK_WIDTH = 150, 90


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """One player's line: `points` and `tiebreaks` already written as the reader reads numbers, `next` who
    they meet next ("" when nothing is paired), `dropped` when they take no further part."""

    rank: int
    name: str
    points: str
    tiebreaks: tuple[str, ...]
    next: str = ""
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class Headers:
    """The column names in the reader's language: rank, player, points, each tie-break, next pairing."""

    rank: str
    player: str
    points: str
    tiebreaks: tuple[str, ...]
    next: str


def columns(headers: Headers) -> tuple[Column, ...]:
    width = ONE_TIEBREAK_WIDTH if len(headers.tiebreaks) == 1 else TIEBREAK_WIDTH
    return (
        Column(headers.rank, RANK_WIDTH, "center"),
        Column(headers.player, 0, "left"),
        Column(headers.points, NUMBER_WIDTH),
        *(Column(name, width) for name in headers.tiebreaks),
        Column(headers.next, NEXT_WIDTH, "left"),
    )


def _row(entry: TournamentRow) -> Row:
    name = display_name(entry.name) + (" ✗" if entry.dropped else "")
    cells = (str(entry.rank), name, entry.points, *entry.tiebreaks, display_name(entry.next) if entry.next else "")
    return Row(cells, place=None if entry.dropped else entry.rank)


@offloaded
def render_tournament(
    title: str, subtitle: str, headers: Headers, rows: Sequence[TournamentRow], theme: Theme = DEFAULT_THEME, *,
    lang: str = "en",
) -> bytes:
    """PNG of the standings: `rows` in rank order under `headers`, laid out in `lang`'s reading direction
    (the words arrive in it already)."""
    return encode(draw_board(title, subtitle, columns(headers), [_row(r) for r in rows], theme, lang=lang), theme)
