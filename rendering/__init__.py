"""Pillow images of tables, hands and leaderboards, drawn from engine views only. Never imports discord.

Public API (every function is pure: plain data in, PNG bytes out; safe to call from worker threads)

Per game, `rendering.<kind>` for every registered kind (`games.registry`):
- `render_table(view, names, theme=DEFAULT_THEME) -> bytes`: the public table. `view` is the game's
  view (`state.view(None)`; a seat's view gives the identical image, hands are never drawn on the
  table); `names` is one str per seat (arbitrary Unicode: cleaned and truncated to fit; missing
  names read "Seat n").
- `render_hand(view, selected=frozenset(), theme=DEFAULT_THEME) -> bytes`: the viewing seat's hand
  in the game's order, labelled like the select menu (`str(card)`: "7♥", "🃏"), `selected` cards
  (physical `Card`s) raised and outlined.
- `table_size(...)`, `sort_hand(cards)`: the image size and card order the above use.
- Every drawing function takes a keyword-only `lang` ("en" by default; any of `locales.LANGUAGES` or the
  pseudo-language): every word drawn is the catalogs' in that language, numbers and places CLDR's, and
  an image in Urdu is a right-to-left paragraph set in Noto Nastaliq Urdu (`rendering.text.language`).
  The caller passes the language of the message the image goes with.

Dispatch by kind, for the bot: `render_table(kind, view, names)` and `render_hand(kind, view,
selected)` below, with `kind` one of `games.registry.kinds()`; `game_renderer(kind)` is the module.

Boards, from plain frozen rows:
- `rendering.leaderboard.render_leaderboard(title, rows, caller=None, subtitle="", *, lang="en")` with
  `LeaderboardRow(rank, name, rating, games, wins)`; the caller's row is highlighted, and appended
  below a gap when it is outside the rows shown.
- `rendering.standings.render_standings(title, rows, subtitle="", *, lang="en")` with
  `StandingRow(place, name, score, note="", highlight=False)`: the end-of-game results.

Output is a palette PNG (`rendering.encode`: smaller and faster than RGB PNG or WebP for flat card
art); `FILE_EXTENSION` names it for `discord.File(..., filename=f"table-{n}.{FILE_EXTENSION}")`.
Themes: `rendering.theme.DEFAULT_THEME`, a frozen `Theme`; make variants with `dataclasses.replace`.

Threads: fonts are per thread (FreeType faces are not thread-safe); card sprites are drawn once
under a lock and then only read; nothing else is shared.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Sequence
from types import ModuleType
from typing import Any

from games.cards import Card
from rendering.encode import EXTENSION as FILE_EXTENSION
from rendering.theme import DEFAULT_THEME, Theme

__all__ = ["DEFAULT_THEME", "FILE_EXTENSION", "Theme", "game_renderer", "render_hand", "render_table"]


def game_renderer(kind: str) -> ModuleType:
    """`rendering.<kind>`, found by convention and imported on first use, so importing one rendering
    module (or this package) never loads every game's renderer. Raises KeyError naming the known kinds."""
    from games import registry  # the registry imports every game package; only a drawing call needs it

    return importlib.import_module(f"{__name__}.{registry.get(kind).kind}")


def render_table(kind: str, view: Any, names: Sequence[str], theme: Theme = DEFAULT_THEME, *,
                 lang: str = "en") -> bytes:
    """The public table image of a game of `kind` (a registered kind, `games.registry.kinds()`), in `lang`."""
    image: bytes = game_renderer(kind).render_table(view, names, theme, lang=lang)
    return image


def render_hand(kind: str, view: Any, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME, *,
                lang: str = "en") -> bytes:
    """The hand image of the seat whose view this is, `selected` cards raised, in `lang`."""
    image: bytes = game_renderer(kind).render_hand(view, selected, theme, lang=lang)
    return image
