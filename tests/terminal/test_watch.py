"""`--watch`: computer players only, to the end, with the same engines and players the bot uses."""

from __future__ import annotations

import io

import pytest

from games.base import seeded_rng
from games.registry import get_engine
from terminal.app import COMPUTER_NAMES, WATCH_DELAY, TerminalTable, parse_config
from terminal.game_text import ordinal
from tests.terminal.scripted import play

# (game, players, extra arguments): Carousel to 60 points keeps the playout short (CA-13 target option).
GAMES = [
    ("thirteen", 4, []),
    ("schnapsen", 2, ["--preset", "schnapsen"]),
    ("carousel", 3, ["--option", "target=60"]),
]


def engine_playout(kind: str, players: int, seed: int, options: dict[str, object], level: str):
    """The same game played straight on the engine: computers choose from views with (seed, "computer", n)."""
    engine = get_engine(kind)
    state = engine.new_game(players, seed, options)
    computers = [engine.computer(level) for _ in range(players)]
    moves = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = state.apply(computers[seat].choose(state.view(seat), seeded_rng(seed, "computer", moves)))
        moves += 1
    return state.result(), moves


@pytest.mark.parametrize(("kind", "players", "extra"), GAMES)
def test_watch_plays_to_the_end_and_prints_the_engine_result(kind, players, extra):
    """A watched game ends with exit 0 and standings equal to the engine's own playout of that seed."""
    session = play([kind, "--watch", "--delay", "0", "--seed", "11", "--level", "normal", *extra])
    result, moves = engine_playout(kind, players, 11, session.table.config.options, "normal")
    assert session.code == 0
    assert session.table.moves_made == moves
    standings = session.output.split("── Result ")[1].splitlines()[1:]
    assert len(standings) == players
    for seat in range(players):
        line = next(line for line in standings if f" {COMPUTER_NAMES[seat]} " in line)
        place, _name, score, *_unit = line.split()
        assert (place, int(score)) == (ordinal(result.places[seat]), result.scores[seat])


@pytest.mark.parametrize(("kind", "players", "extra"), GAMES)
def test_watch_prints_every_computer_move_as_it_happens(kind, players, extra):
    """Every computer seat appears in the move lines, and no prompt is ever printed when watching."""
    session = play([kind, "--watch", "--delay", "0", "--seed", "5", "--level", "easy", *extra])
    move_lines = [line for line in session.output.splitlines() if line.startswith("  ") and not line.startswith("   ")]
    assert len(move_lines) >= session.table.moves_made // 2
    for name in COMPUTER_NAMES[:players]:
        assert any(line.strip().startswith(name) for line in move_lines)
    assert "▸" not in session.output
    assert "You" not in session.output


def test_watch_waits_about_a_second_after_each_computer_move_by_default():
    """--watch without --delay pauses WATCH_DELAY (about a second) after every move but the last."""
    config = parse_config(["thirteen", "--watch", "--seed", "3", "--players", "2"])
    assert config.delay == WATCH_DELAY == 1.0
    pauses: list[float] = []
    table = TerminalTable(config, io.StringIO(), io.StringIO(), sleep=pauses.append)
    assert table.run() == 0
    assert pauses == [1.0] * (table.moves_made - 1)


def test_the_delay_option_sets_the_pause_and_zero_turns_it_off():
    """--delay 0.25 pauses a quarter second per move; --delay 0 never calls sleep at all."""
    for delay, expected in ((0.25, 0.25), (0.0, None)):
        config = parse_config(["schnapsen", "--watch", "--seed", "3", "--delay", str(delay)])
        pauses: list[float] = []
        table = TerminalTable(config, io.StringIO(), io.StringIO(), sleep=pauses.append)
        table.run()
        assert pauses == ([] if expected is None else [expected] * (table.moves_made - 1))


def test_a_human_game_has_no_pause_unless_asked():
    """Playing yourself, computer moves print at once by default (the prompt is the pause)."""
    assert parse_config(["thirteen"]).delay == 0.0
    assert parse_config(["thirteen", "--delay", "0.5"]).delay == 0.5


def test_a_delay_out_of_range_is_a_usage_error(capsys):
    """A negative or huge delay exits 2 with a sentence."""
    from terminal import main

    assert main(["thirteen", "--watch", "--delay", "-1"], stdin=io.StringIO(), stdout=io.StringIO()) == 2
    assert "--delay must be between 0 and 60 seconds" in capsys.readouterr().err
