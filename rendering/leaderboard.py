"""The leaderboard / stats card: rank, name, rating, games and wins, from plain rows.

The caller's own row is highlighted; when the caller is outside the rows shown (not in the top N),
their row is added below a gap marker, so `/leaderboard` always answers "where am I?".
Ratings arrive on the display scale (`data.ratings.display_rating`: 1000 + 40 x the OpenSkill ordinal,
design §5), so they are whole numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from locales import number, t
from rendering.boards import GAP, Column, Row, draw_board
from rendering.encode import encode
from rendering.offload import offloaded
from rendering.text import display_name
from rendering.theme import DEFAULT_THEME, Theme
from rendering.words import percent


def columns(lang: str = "en") -> tuple[Column, ...]:
    """The board's columns, headed in `lang`."""
    return (
        Column("#", 70, "center"),
        Column(t(lang, "Player"), 0, "left"),
        Column(t(lang, "Rating"), 110),
        Column(t(lang, "Games"), 100),
        Column(t(lang, "Wins"), 90),
        Column(t(lang, "Win %"), 100),
    )


COLUMNS = columns()


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One player's line on a board. `rank` is their position on the whole board, 1 for the best."""

    rank: int
    name: str
    rating: float
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def format_rating(rating: float) -> str:
    """A display rating as a whole number, ungrouped in every language ("1500"): a rating is a score
    read as one figure, like a chess rating, not a quantity (all our languages write Latin digits)."""
    return f"{rating:.0f}"


def _row(entry: LeaderboardRow, highlight: bool, lang: str) -> Row:
    cells = (
        number(lang, entry.rank),
        display_name(entry.name),
        format_rating(entry.rating),
        number(lang, entry.games),
        number(lang, entry.wins),
        percent(lang, round(entry.win_rate, 2)),
    )
    return Row(cells, highlight=highlight, place=entry.rank)


@offloaded
def render_leaderboard(
    title: str,
    rows: Sequence[LeaderboardRow],
    caller: LeaderboardRow | None = None,
    subtitle: str = "",
    theme: Theme = DEFAULT_THEME,
    *,
    lang: str = "en",
) -> bytes:
    """PNG of the board in `lang` (`title` and `subtitle` arrive in it): `rows` in order, `caller`'s row
    highlighted (appended below a gap if absent)."""
    return encode(draw_board(title, subtitle, columns(lang), board_rows(rows, caller, lang=lang), theme, lang=lang),
                  theme)


def board_rows(rows: Sequence[LeaderboardRow], caller: LeaderboardRow | None, *, lang: str = "en") -> list[Row]:
    """The rows to draw: the board, then a gap and the caller's own row when it is not on the board."""
    drawn = [_row(entry, entry == caller, lang) for entry in rows]
    if caller is not None and caller not in rows:
        drawn.append(Row((GAP,)))
        drawn.append(_row(caller, True, lang))
    return drawn
