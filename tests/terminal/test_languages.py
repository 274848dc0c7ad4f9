"""`python -m bot play <game> --lang <code>`: the terminal table in each language.

The typed notation (7s, pass, knock, meld) stays as it is in every language, as on Discord's hand
buttons' codes; every sentence around it reads through the catalogs, which the pseudo-language shows.
"""

from __future__ import annotations

import re

import pytest

from locales.pseudo import outside
from terminal.app import COMPUTER_NAMES, main, parse_config
from tests.terminal.scripted import play

# Carousel to 60 points keeps its playout short (CA-13 target option).
WATCHED = [
    ("thirteen", []),
    ("schnapsen", ["--preset", "santase"]),
    ("gin", []),
    ("carousel", ["--option", "target=60"]),
]


def unmarked_lines(output: str) -> list[str]:
    """The text outside ⟦…⟧ (a message may span lines, as the help does) that holds a word of three letters
    or more, computer players' names aside; prompt lines, which echo what the player typed, are left out."""
    kept = "\n".join(line for line in output.splitlines() if "▸" not in line)
    found = []
    for line in outside(kept)[0].splitlines():
        words = [word for word in re.findall(r"[A-Za-z]{3,}", line) if word not in COMPUTER_NAMES]
        if words:
            found.append(line)
    return found


def test_watch_in_vietnamese_reads_as_tien_len() -> None:
    """`play thirteen --lang vi --watch --delay 0`: the game, its plays and the result in Vietnamese."""
    session = play(["thirteen", "--lang", "vi", "--watch", "--delay", "0", "--seed", "5"])
    assert session.code == 0
    assert session.output.startswith("Tiến lên: chỉ có máy chơi")
    assert "Ada đánh 3♠ 3♣ (đôi 3)" in session.output
    assert "Kết quả" in session.output and "điểm hạng" in session.output
    assert "played" not in session.output and "passed" not in session.output


@pytest.mark.parametrize(("kind", "extra"), WATCHED)
def test_a_watched_game_is_marked_throughout_in_the_pseudo_language(kind: str, extra: list[str]) -> None:
    """Every line of a whole watched game, its interludes and result included, passed through the catalogs."""
    session = play([kind, "--lang", "qps", "--watch", "--delay", "0", "--seed", "11", *extra])
    assert session.code == 0
    assert not unmarked_lines(session.output), unmarked_lines(session.output)[:5]


@pytest.mark.parametrize("kind", ["thirteen", "schnapsen", "gin", "carousel"])
def test_the_human_seats_commands_are_marked_in_the_pseudo_language(kind: str) -> None:
    """help, moves, hint and quit answer in the table's language, as do the table and the hand."""
    session = play(
        [kind, "--lang", "qps", "--seed", "4", "--option", "target=60"]
        if kind == "carousel"
        else [kind, "--lang", "qps", "--seed", "4"],
        ["help", "moves", "hint", "quit"],
        follow=False,
    )
    assert session.code == 0
    assert not unmarked_lines(session.output), unmarked_lines(session.output)[:5]


def test_the_human_seat_is_named_in_the_tables_language() -> None:
    """English says "You" and turns the sentences to the second person; another language names the seat."""
    assert parse_config(["gin", "--lang", "de"]).names()[0] == "Spieler"
    assert parse_config(["gin"]).names()[0] == "You"


def test_an_unknown_language_is_refused_with_the_choices() -> None:
    """`--lang xx` exits with status 2, as any bad command line does."""
    assert main(["thirteen", "--lang", "xx"]) == 2


def test_a_german_schnapsen_table_refuses_a_typed_move_in_german() -> None:
    """A move the terminal cannot read is refused in the table's language, in Schnapsen's words."""
    session = play(["schnapsen", "--lang", "de", "--seed", "4"], ["blorp"], follow=False)
    refused = [line for line in session.output.splitlines() if "✗ " in line]
    assert refused == ["  ✗ 'blorp' ist weder eine Karte noch ein Zug; versuch Kh, 20 Kh, exchange oder close."]


def test_the_command_line_help_reads_in_the_language_asked_for() -> None:
    """`--lang de --help`: the description and each option's help are German (argparse's headings aside)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["thirteen", "--lang", "de", "--help"]) == 0
    assert "Spiel eine Cardroom-Partie im Terminal" in out.getvalue() and "dein Name am Tisch" in out.getvalue()
    assert "eine ganze Zahl von 1 bis 99" in out.getvalue() and "on oder off, Standard off" in out.getvalue()


def test_every_declared_option_has_words_that_say_the_declaration() -> None:
    """Each game's `option_abouts` names exactly its declared options (games.plugin), and in English says
    what the declaration says, so the translated --help cannot drift from the options a table takes."""
    from games import registry
    from terminal.app import option_abouts

    for game in registry.games():
        abouts = option_abouts("en", game.kind)
        assert {key for key in abouts if ":" not in key} == {option.key for option in game.options}, game.kind
        assert all(abouts[option.key] == option.about for option in game.options), game.kind
        zeros = {f"{option.key}:0": option.zero for option in game.options if option.zero}
        assert {key: abouts[key] for key in abouts if ":" in key} == zeros, game.kind
