"""`ENGINE`: Sixty-Six as the bot, the storage layer and the terminal table see it (games.base.Engine)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.schnapsen.state import State, new_game, replay


class SchnapsenEngine:
    """Two players, a series of deals to the target (SX-15); options are a preset plus switches."""

    kind = "schnapsen"
    min_players = 2
    max_players = 2
    levels = ("easy", "normal", "hard")

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        return new_game(players, seed, options)

    def replay(self, players: int, seed: int, options: Mapping[str, Any] | None, moves: Iterable[str]) -> State:
        return replay(players, seed, options, moves)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return State.from_dict(dict(data))

    def computer(self, level: str) -> Any:
        from games.schnapsen.ai import computer_player  # the solver loads only when a computer plays

        return computer_player(level)


ENGINE = SchnapsenEngine()
