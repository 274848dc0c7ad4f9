"""Pillow images of tables, hands and leaderboards, drawn from engine views only. Never imports discord.

Public API (every function is pure: plain data in, PNG bytes out; safe to call from worker threads)

Per game, `rendering.thirteen`, `rendering.carousel`, `rendering.schnapsen`:
- `render_table(view, names, theme=DEFAULT_THEME) -> bytes`: the public table. `view` is the game's
  view (`state.view(None)`; a seat's view gives the identical image, hands are never drawn on the
  table); `names` is one str per seat (arbitrary Unicode: cleaned and truncated to fit; missing
  names read "Seat n").
- `render_hand(view, selected=frozenset(), theme=DEFAULT_THEME) -> bytes`: the viewing seat's hand
  in the game's order, labelled like the select menu (`str(card)`: "7♥", "🃏"), `selected` cards
  (physical `Card`s) raised and outlined.
- `table_size(...)`, `sort_hand(cards)`: the image size and card order the above use.

Dispatch by kind, for the bot: `render_table(kind, view, names)` and `render_hand(kind, view,
selected)` below, with `kind` one of `games.registry.KINDS`.

Boards, from plain frozen rows:
- `rendering.leaderboard.render_leaderboard(title, rows, caller=None, subtitle="")` with
  `LeaderboardRow(rank, name, rating, games, wins)`; the caller's row is highlighted, and appended
  below a gap when it is outside the rows shown.
- `rendering.standings.render_standings(title, rows, subtitle="")` with
  `StandingRow(place, name, score, note="", highlight=False)`: the end-of-game results.

Output is a palette PNG (`rendering.encode`: smaller and faster than RGB PNG or WebP for flat card
art); `FILE_EXTENSION` names it for `discord.File(..., filename=f"table-{n}.{FILE_EXTENSION}")`.
Themes: `rendering.theme.DEFAULT_THEME`, a frozen `Theme`; make variants with `dataclasses.replace`.

Threads: fonts are per thread (FreeType faces are not thread-safe); card sprites are drawn once
under a lock and then only read; nothing else is shared.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from games.cards import Card
from rendering import carousel, gin, schnapsen, thirteen
from rendering.encode import EXTENSION as FILE_EXTENSION
from rendering.theme import DEFAULT_THEME, Theme

__all__ = ["DEFAULT_THEME", "FILE_EXTENSION", "Theme", "render_hand", "render_table"]

_TABLES: dict[str, Callable[..., bytes]] = {
    "thirteen": thirteen.render_table,
    "carousel": carousel.render_table,
    "schnapsen": schnapsen.render_table,
    "gin": gin.render_table,
}
_HANDS: dict[str, Callable[..., bytes]] = {
    "thirteen": thirteen.render_hand,
    "carousel": carousel.render_hand,
    "schnapsen": schnapsen.render_hand,
    "gin": gin.render_hand,
}


def _lookup(table: dict[str, Callable[..., bytes]], kind: str) -> Callable[..., bytes]:
    try:
        return table[kind]
    except KeyError:
        raise KeyError(f"no renderer for game kind {kind!r}; known kinds: {', '.join(table)}") from None


def render_table(kind: str, view: Any, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> bytes:
    """The public table image of a game of `kind` ("thirteen", "carousel", "schnapsen")."""
    return _lookup(_TABLES, kind)(view, names, theme)


def render_hand(kind: str, view: Any, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME) -> bytes:
    """The hand image of the seat whose view this is, `selected` cards raised."""
    return _lookup(_HANDS, kind)(view, selected, theme)
