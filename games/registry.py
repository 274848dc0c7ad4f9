"""The game kinds, discovered: every subpackage of `games` that exports a `GAME` (games.plugin.GameType).

Nothing here lists the games; a new package with a `GAME` is picked up on the next start. The scan
imports each game package once (engines are light to import; solvers and AI load when first used).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

import games as _package
from games.base import Engine
from games.plugin import GameType


@functools.cache
def games_by_kind() -> dict[str, GameType]:
    """kind -> GameType, ordered by `GameType.order` then kind (the first is the default game)."""
    found: list[GameType] = []
    for info in pkgutil.iter_modules(_package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{_package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, GameType):
            if game.kind != info.name:
                raise ValueError(f"games.{info.name} declares kind {game.kind!r}; the package name is the kind")
            found.append(game)
    return {game.kind: game for game in sorted(found, key=lambda game: (game.order, game.kind))}


def games() -> tuple[GameType, ...]:
    """Every registered game, in display order."""
    return tuple(games_by_kind().values())


def kinds() -> tuple[str, ...]:
    """The stored kinds of every registered game."""
    return tuple(games_by_kind())


def get(kind: str) -> GameType:
    """The game of `kind` (or of an old alias); raises KeyError naming the known kinds for anything else."""
    table = games_by_kind()
    if kind in table:
        return table[kind]
    for game in table.values():
        if kind in game.aliases:
            return game
    raise KeyError(f"unknown game kind {kind!r}; known kinds: {', '.join(table)}")


def get_engine(kind: str) -> Engine:
    """The engine for `kind`; raises KeyError with the known kinds for anything else."""
    return get(kind).engine


def __getattr__(name: str) -> tuple[str, ...]:
    # `KINDS` reads like the constant it replaced, but is derived from the declarations.
    if name == "KINDS":
        return kinds()
    raise AttributeError(name)
