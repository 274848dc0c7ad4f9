"""A human seat driven through standard input: good moves (the hints), bad notation, refused moves, commands."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.base import IllegalMove, seeded_rng
from games.cards import Card, rummy_deck
from terminal.app import TerminalTable
from tests.terminal.scripted import play

# Carousel to 40 points keeps a hint-following session to a few hands (CA-13 target option).
GAMES = {
    "thirteen": ["thirteen", "--players", "3", "--seed", "4"],
    "schnapsen": ["schnapsen", "--seed", "4"],
    "carousel": ["carousel", "--players", "2", "--seed", "4", "--option", "target=40"],
}


class EngineSays:
    """Types a line and records the engine's refusal of it as the game's words say it (cogs/<game>/words.py
    turns the refusal's code into the reader's language; English here), to compare with the output."""

    def __init__(self) -> None:
        self.reasons: list[str] = []

    def __call__(self, pick: Callable[[TerminalTable], str]) -> Callable[[TerminalTable], str]:
        def answer(table: TerminalTable) -> str:
            text = pick(table)
            try:
                table.state.apply(table.state.parse_move(text))
            except IllegalMove as refused:
                self.reasons.append(table.text.refusal(refused, lang=table.lang))
            else:  # pragma: no cover - the pick must be refused for the test to mean anything
                raise AssertionError(f"{text!r} was expected to be refused")
            return text

        return answer


def card_not_held(table: TerminalTable) -> str:
    """A real card the human does not hold: notation the engine reads, a move the rules refuse."""
    hand = {card.face for card in table.state.view(0).hand}
    return next(card.code for card in rummy_deck() if not card.is_joker and card.face not in hand)


def refused_by_rules(kind: str) -> Callable[[TerminalTable], str]:
    # Carousel's turn starts with a compulsory draw (CA-4), so knocking first is refused.
    return (lambda table: "knock") if kind == "carousel" else card_not_held


def refusals(output: str) -> list[str]:
    return [line.split("✗ ", 1)[1] for line in output.splitlines() if "✗ " in line]


@pytest.mark.parametrize("kind", GAMES)
def test_a_human_following_hints_finishes_the_game(kind):
    """Answering every prompt with the hinted move plays the game to its result, exit 0, nothing refused."""
    session = play(GAMES[kind])
    assert session.code == 0
    assert "── Result " in session.output
    assert refusals(session.output) == []
    assert session.table.state.is_over
    assert sum(answer == "hint" for answer in session.player.answers) >= 3


@pytest.mark.parametrize("kind", GAMES)
def test_bad_notation_is_refused_with_the_engines_reason(kind):
    """Unreadable text is answered with parse_move's refusal in the game's words (which say how to write a move)."""
    says = EngineSays()
    session = play(GAMES[kind], [says(lambda table: "7x 9q"), says(lambda table: "blorp")], follow=False)
    assert refusals(session.output) == says.reasons
    assert session.code == 0  # input ended: the player left


@pytest.mark.parametrize("kind", GAMES)
def test_a_move_the_rules_refuse_shows_the_engines_reason(kind):
    """A readable but illegal move prints the engine's IllegalMove reason, and the same seat is asked again."""
    says = EngineSays()
    session = play(GAMES[kind], [says(refused_by_rules(kind))], follow=False)
    assert refusals(session.output) == says.reasons
    assert session.table.state.to_move == 0
    assert session.output.count("You ▸ ") == 2  # refused, then asked again (and input ended)


@pytest.mark.parametrize("kind", GAMES)
def test_bad_input_then_hints_still_reach_the_end(kind):
    """Bad tokens mixed in at the first prompt do not derail the game: the hints then finish it."""
    says = EngineSays()
    script = ["", "help", says(lambda table: "zz"), says(refused_by_rules(kind)), "moves", "table"]
    session = play(GAMES[kind], script)
    assert session.code == 0
    assert len(refusals(session.output)) == len(says.reasons) == 2
    assert "── Result " in session.output


@pytest.mark.parametrize("kind", ["thirteen", "schnapsen"])
def test_hint_is_the_normal_computer_players_move(kind):
    """The typed form a hint offers reads back (parse_move) as exactly the normal player's choice."""
    session = play(GAMES[kind], ["hint"], follow=False)
    table = session.table
    view = table.state.view(0)
    expected = table.engine.computer("normal").choose(view, seeded_rng(table.config.seed, "hint", table.moves_made))
    typed = session.output.split("type: ")[1].splitlines()[0]
    assert table.state.parse_move(typed) == expected


def test_carousel_hinted_meld_lays_the_normal_players_cards(monkeypatch):
    """Each `meld ...` a Carousel hint offers applies legally and lays the hand cards the normal player's table adds."""
    from cogs.carousel.words import added_cards
    from games.carousel import MeldStep

    laid: list[tuple[list[str], list[str]]] = []
    original_apply = TerminalTable.apply

    def recording_apply(table: TerminalTable, move: object) -> None:
        if isinstance(move, MeldStep) and table.state.to_move == 0:
            view = table.state.view(0)
            rng = seeded_rng(table.config.seed, "hint", table.moves_made)
            advised = table.engine.computer("normal").choose(view, rng)
            assert isinstance(advised, MeldStep)
            laid.append((_faces(added_cards(move, view)), _faces(added_cards(advised, view))))
        original_apply(table, move)

    monkeypatch.setattr(TerminalTable, "apply", recording_apply)
    session = play(GAMES["carousel"])
    assert session.code == 0
    assert laid
    for typed, advised in laid:
        assert typed == advised


def _faces(cards: list[Card]) -> list[str]:
    return sorted(card.face.code for card in cards)


@pytest.mark.parametrize("kind", GAMES)
def test_help_lists_the_games_notation_and_the_commands(kind):
    """`help` prints the game's move notation and the table commands, without taking a turn."""
    session = play(GAMES[kind], ["help"], follow=False)
    assert session.table.text.help() in session.output
    assert "hint" in session.output and "quit" in session.output
    assert session.table.state.to_move == 0


@pytest.mark.parametrize("word", ["quit", "exit"])
def test_quit_leaves_with_exit_status_0(word):
    """Typing quit mid-game ends the program normally."""
    session = play(GAMES["thirteen"], [word], follow=False)
    assert session.code == 0
    assert "Bye" in session.output
    assert not session.table.state.is_over


def test_moves_lists_legal_moves_in_typed_notation():
    """`moves` shows legal moves as they are typed, each of which parse_move reads and check accepts."""
    session = play(GAMES["schnapsen"], ["moves"], follow=False)
    listed = session.output.split("Legal now: ")[1].splitlines()[0].split(", ")
    assert listed
    for typed in listed:
        session.table.state.check(session.table.state.parse_move(typed))
