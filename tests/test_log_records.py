"""Engines log records, never sentences (design §2): a view names seats by index and people never.

The words (each game's `log_text` or summary sentences) put the players' names in as data, so no
sentence is ever rewritten by pattern: a person named "Player 2" or "a.*b" reads as themselves. These
seeded playouts over every registered game fail if an engine writes a log entry as text again, or if
any string in any view says "Player n" / "Seat n" (the old placeholders).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import pytest

from games import registry
from games.plugin import GameType

MOVES = 160
SEEDS = 3
PLACEHOLDER = re.compile(r"\b(?:Player|Seat) \d")


def _strings_in(value: object) -> Iterator[str]:
    """Every string reachable from a view: fields of dataclasses, items of tuples, lists, sets, dicts."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _strings_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _strings_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings_in(key)
            yield from _strings_in(item)


def _views(game: GameType, seed: int) -> Iterator[object]:
    """The public view and every seat's view after each move of a seeded playout (easy computer moves)."""
    players = max(game.min_seats, 2)
    state = game.engine.new_game(players, seed, {})
    computer = game.computer_player(game.levels[0])
    rng = random.Random(f"log-records:{game.kind}:{seed}")
    for _ in range(MOVES):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        state = state.apply(computer.choose(state.view(seat), rng))
        yield state.view(None)
        yield from (state.view(other) for other in range(players))


@pytest.mark.parametrize("game", registry.games(), ids=lambda game: game.kind)
def test_no_log_entry_is_a_sentence(game: GameType) -> None:
    """Every log entry in every view of a seeded playout is a record, not a str."""
    for seed in range(SEEDS):
        for view in _views(game, seed):
            log = getattr(view, "log", ())
            assert not any(isinstance(entry, str) for entry in log), (game.kind, log)


@pytest.mark.parametrize("game", registry.games(), ids=lambda game: game.kind)
def test_no_view_names_a_player_by_placeholder(game: GameType) -> None:
    """No string anywhere in a view says "Player n" or "Seat n": engines leave names to the words."""
    for seed in range(SEEDS):
        for view in _views(game, seed):
            named = [text for text in _strings_in(view) if PLACEHOLDER.search(text)]
            assert not named, (game.kind, named)
