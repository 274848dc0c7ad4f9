"""What a game package declares about itself, so every other layer can find it without a list.

Each package `games/<kind>/` exports `GAME = GameType(...)` next to its `ENGINE`; `games.registry`
discovers them by scanning the subpackages of `games`. The bot derives its cogs (`cogs.<kind>`), the
renderers (`rendering.<kind>`), board titles and the terminal's choices from these declarations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.base import ComputerPlayer, Engine


@dataclass(frozen=True, slots=True)
class GameType:
    """One game kind. `name` is the single display name players read everywhere (command help,
    lobby, images, boards, the terminal); `kind` is what the database stores and the package name."""

    kind: str
    name: str
    command: str  # the slash command group: `/<command> new`
    min_seats: int
    max_seats: int
    levels: tuple[str, ...]  # computer levels, weakest first
    engine: Engine
    computer_player: Callable[[str], ComputerPlayer[Any]]
    aliases: tuple[str, ...] = ()  # old command names or kinds still accepted when decoding
    order: int = 100  # position in lists and choices; the lowest is the default game

    def __post_init__(self) -> None:
        if not 1 <= self.min_seats <= self.max_seats:
            raise ValueError(f"{self.kind}: seat range {self.min_seats}..{self.max_seats} is empty")
        if self.engine.kind != self.kind:
            raise ValueError(f"{self.kind}: the engine says it is {self.engine.kind!r}")


def declare(name: str, command: str, engine: Engine, aliases: tuple[str, ...] = (), order: int = 100) -> GameType:
    """The GameType of `engine`, its seats and levels read from the engine so they are said once."""
    return GameType(
        kind=engine.kind,
        name=name,
        command=command,
        min_seats=engine.min_players,
        max_seats=engine.max_players,
        levels=tuple(engine.levels),
        engine=engine,
        computer_player=engine.computer,
        aliases=aliases,
        order=order,
    )
