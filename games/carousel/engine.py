"""`ENGINE`: Carousel as the bot, storage and tools see it (games.base.Engine)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.carousel.state import State, new_game, replay


class CarouselEngine:
    """Stateless façade over `state`: kind, seat limits (CA-1), computer levels, new games and replays."""

    kind = "carousel"
    min_players = 2
    max_players = 5
    levels: tuple[str, ...] = ("easy", "normal", "hard")

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        return new_game(players, seed, options)

    def replay(self, players: int, seed: int, options: Mapping[str, Any] | None, moves: Iterable[str]) -> State:
        return replay(players, seed, options, moves)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return State.from_dict(data)

    def computer(self, level: str) -> Any:
        from games.carousel.ai import computer_player  # the solver (and HiGHS) loads only when a computer plays

        return computer_player(level)


ENGINE = CarouselEngine()
