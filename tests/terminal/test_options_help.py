"""What a player reads about table options: `python -m bot play --help` and the errors of `--option`.

Every option comes from its game's declaration (games.plugin.option), so the help lists exactly what
a table may set, in the words a player reads, and an error quotes what the player typed.
"""

from __future__ import annotations

import dataclasses
import io
import re

import pytest

from games import registry
from games.plugin import GameType
from terminal import main
from terminal.app import build_parser, game_text


def hidden_switches(game: GameType) -> list[str]:
    """The fields of the game's options class that are not declared for players (nor the preset)."""
    options_class = type(game.engine.new_game(game.min_seats, 1).options)  # type: ignore[attr-defined]
    declared = {option.key for option in game.options}
    return sorted({field.name for field in dataclasses.fields(options_class)} - declared - {"preset"})


def play_help() -> str:
    return build_parser().format_help()


def error_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv, stdin=io.StringIO(), stdout=io.StringIO()) == 2
    return " ".join(capsys.readouterr().err.split())


def section(text: str, game: GameType) -> str:
    """The part of `play --help` about one game: from its heading to the next game's, joined on one line."""
    heads = [f"{other.name} (play {other.kind}," for other in registry.games()]
    start = text.index(f"{game.name} (play {game.kind},")
    ends = [text.index(head, start + 1) for head in heads if text.find(head, start + 1) > 0]
    return " ".join(text[start : min(ends, default=len(text))].split())


@pytest.mark.parametrize("game", registry.games(), ids=lambda game: game.kind)
def test_play_help_lists_each_option_of_the_game_with_its_values_and_default(game: GameType):
    """Under the game's heading: each declared option's name, what it changes, its values and default."""
    assert game.options, f"{game.name} declares no table option"
    text = section(play_help(), game)
    for option in game.options:
        line = f"{option.key} {option.about}; {option.values()}, default {option.shown(option.default)}"
        assert " ".join(line.split()) in text


@pytest.mark.parametrize("game", registry.games(), ids=lambda game: game.kind)
def test_play_help_never_names_a_switch_kept_only_for_stored_tables(game: GameType):
    """A field of the options class that is not declared for players (knock_offer_always and the like)
    is not in the help."""
    text = play_help()
    assert [name for name in hidden_switches(game) if re.search(rf"\b{name}\b", text)] == []


def test_play_help_names_each_games_presets():
    """A game with presets lists them under its heading."""
    text = play_help()
    for game in registry.games():
        presets = game_text(game.kind).presets
        if presets:
            assert f"--preset {', '.join(presets)}" in section(text, game)


def test_an_unknown_option_is_named_as_typed_and_the_games_options_are_listed(capsys):
    """`--option Targt=40`: the error quotes 'Targt' and lists the options the player may set, no others."""
    game = registry.games()[0]
    err = error_of([game.kind, "--option", "Targt=40"], capsys)
    assert f"{game.name} has no option 'Targt'; its options are {', '.join(o.key for o in game.options)}" in err


def test_an_internal_switch_is_refused_like_any_unknown_option(capsys):
    """A switch kept for stored tables is no table option: refused, and the refusal does not name it back
    among the valid ones."""
    for game in registry.games():
        for name in hidden_switches(game):
            err = error_of([game.kind, "--option", f"{name}=on"], capsys)
            assert f"has no option '{name}'" in err
            assert err.count(name) == 1


@pytest.mark.parametrize("game", registry.games(), ids=lambda game: game.kind)
def test_a_malformed_value_names_the_option_as_typed_and_what_it_takes(game: GameType, capsys):
    """`--option TARGET=lots`: the error repeats what was typed and says which values the option takes."""
    option = game.options[-1]
    typed = option.key.upper()
    err = error_of([game.kind, "--option", f"{typed}=lots"], capsys)
    assert f"--option {typed}=lots: {typed} takes {option.values()}, not 'lots'" in err


def test_an_option_name_forgives_case_and_dashes():
    """`--option Knock-Limit=3` sets knock_limit; the table's options say so."""
    from terminal.app import parse_config

    for game in registry.games():
        for option in game.options:
            if not option.is_switch and not option.choices and option.low is not None:
                typed = option.key.replace("_", "-").title()
                config = parse_config([game.kind, "--option", f"{typed}={option.low}"])
                assert config.options[option.key] == option.low
