"""`python -m bot play gin`: every variant plays to the end, typed notation reads back, hands end in words."""

from __future__ import annotations

import random

import pytest

from cogs.gin.words import PRESETS, GinText
from games.gin import ENGINE
from terminal.app import COMPUTER_NAMES
from terminal.game_text import ordinal
from tests.terminal.scripted import play
from tests.terminal.test_watch import engine_playout

TEXT = GinText()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_person_following_hints_plays_each_variant_to_the_end(preset: str) -> None:
    """GR-11..GR-13: with --preset, a person typing the hinted moves plays to the result; hands end in words."""
    session = play(["gin", "--preset", preset, "--seed", "5", "--level", "easy", "--option", "target=10"])
    assert session.code == 0
    assert "── Result " in session.output and " over ──" in session.output
    assert "✗" not in session.output  # every hinted move was typed in notation the engine reads back


def test_watch_standings_equal_the_engines_playout() -> None:
    """A watched Oklahoma game ends with the standings of the same game played on the engine."""
    session = play(["gin", "--watch", "--delay", "0", "--seed", "11", "--preset", "oklahoma"])
    result, moves = engine_playout("gin", 2, 11, session.table.config.options, "normal")
    assert session.table.moves_made == moves
    standings = session.output.split("── Result ")[1].splitlines()[1:]
    for seat in range(2):
        line = next(line for line in standings if f" {COMPUTER_NAMES[seat]} " in line)
        place, _name, score, *_unit = line.split()
        assert (place, int(score)) == (ordinal(result.places[seat]), result.scores[seat])


def test_typed_notation_reads_back_as_the_same_move() -> None:
    """Every legal move's typed form (`draw`, `take`, `pass`, `7h`, `knock 7h`, `big gin`) parses to that move."""
    rng = random.Random(2)
    player = ENGINE.computer("easy")
    state = ENGINE.new_game(2, 2, {})
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        for move in state.legal_moves():
            assert state.parse_move(TEXT.typed(move, view)) == move
        state = state.apply(player.choose(view, rng))
