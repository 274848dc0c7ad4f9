"""`StateEngine`: the `games.base.Engine` every game is, made from its state module's functions.

Each game's `engine.py` is one line of data: its kind, seat limits and the functions that make, replay
and reload its state. The computer players are named by module, not imported, so reading moves and
states never loads a search or a solver (only `computer(level)` does).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.base import ComputerPlayer

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class StateEngine(Generic[S]):
    """One game kind: seats, computer levels, new games, replays and snapshots, all from its state."""

    kind: str
    min_players: int
    max_players: int
    make: Callable[[int, int, Mapping[str, Any] | None], S]
    replayed: Callable[[int, int, Mapping[str, Any] | None, list[str]], S]
    loaded: Callable[[dict[str, Any]], S]
    ai_module: str  # the module whose `computer_player(level)` makes this game's computer players
    levels: tuple[str, ...] = ("easy", "normal", "hard")

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        return self.make(players, seed, options)

    def replay(self, players: int, seed: int, options: Mapping[str, Any] | None, moves: Iterable[str]) -> S:
        return self.replayed(players, seed, options, list(moves))

    def from_dict(self, data: Mapping[str, Any]) -> S:
        return self.loaded(dict(data))

    def computer(self, level: str) -> ComputerPlayer[Any]:
        factory: Callable[[str], ComputerPlayer[Any]] = importlib.import_module(self.ai_module).computer_player
        return factory(level)
