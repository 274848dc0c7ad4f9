"""The text views: new log lines only, "You" in the second person, and nothing hidden on screen."""

from __future__ import annotations

import re

import pytest

from games.base import seeded_rng
from games.registry import get_engine
from terminal.app import game_text
from terminal.lines import added_lines, second_person


def test_added_lines_of_a_sliding_window():
    """A full log window that dropped old lines still yields exactly the lines the move added."""
    before = ["a", "b", "c", "d"]
    assert added_lines(before, ["c", "d", "e", "f"]) == ["e", "f"]
    assert added_lines(before, [*before, "e"]) == ["e"]
    assert added_lines(before, before) == []
    assert added_lines([], ["x"]) == ["x"]


def test_added_lines_when_everything_scrolled_away():
    """A move that wrote more lines than the window holds: every line in the new window is new."""
    assert added_lines(["a", "b"], ["x", "y"]) == ["x", "y"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("You leads Q♦", "You lead Q♦"),
        ("Ada plays 9♣; You takes the trick", "Ada plays 9♣; you take the trick"),
        ("You leads a new round", "You lead a new round"),
        ("Hand 1: You knocked; You scores 54", "Hand 1: You knocked; you score 54"),
        ("Last trick Q♦ A♦, taken by You", "Last trick Q♦ A♦, taken by you"),
        ("Ada knocked and You undercut", "Ada knocked and you undercut"),
        ("You holds 3♠ and leads", "You hold 3♠ and lead"),
        ("Nobody beat You's K♠ K♣: Ada passed.", "Nobody beat your K♠ K♣: Ada passed."),
        ("You was left holding 3♥ (1 card)", "You were left holding 3♥ (1 card)"),
        ("You is left holding cards: 4th place", "You are left holding cards: 4th place"),
        ("Schneider (You has 24, under 33).", "Schneider (You have 24, under 33)."),
        ("You played 7♠ 7♥ (pair of 7s)", "You played 7♠ 7♥ (pair of 7s)"),
        ("Young leads", "Young leads"),
    ],
)
def test_second_person_fixes_the_verb_after_you(line, expected):
    """Engine lines are third person; after "You" the verb agrees, and nothing else changes."""
    assert second_person(line) == expected


CARD_ON_SCREEN = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]")


def _midgame(kind: str, players: int, moves: int):
    engine = get_engine(kind)
    state = engine.new_game(players, 21, None)
    computer = engine.computer("easy")
    for n in range(moves):
        state = state.apply(computer.choose(state.view(state.to_move), seeded_rng(21, "t", n)))
    return state


@pytest.mark.parametrize(("kind", "players", "moves"), [("thirteen", 4, 6), ("schnapsen", 2, 5), ("carousel", 3, 9)])
def test_the_screen_shows_only_the_seats_own_cards(kind, players, moves):
    """Design §2: the text of seat 0's view names none of the cards the other seats hold."""
    state = _midgame(kind, players, moves)
    text = game_text(kind)
    names = [f"P{seat}" for seat in range(players)]
    view = state.view(0)
    screen = text.table(view, names) + "\n" + text.hand(view) + "\n" + "\n".join(text.log(view, names))
    shown = set(CARD_ON_SCREEN.findall(screen))
    seen_anyway = {str(card) for card in view.hand} | set(_public_cards(state, kind))
    hidden = {str(card) for seat in range(1, players) for card in state.view(seat).hand if not card.is_joker}
    hidden -= seen_anyway
    assert hidden  # the check below means something
    assert not hidden & shown


def _public_cards(state, kind):
    """Cards anyone at the table saw face up (played, melded, the trump card), as text."""
    view = state.view(None)
    if kind == "thirteen":
        return [str(card) for card in view.played]
    if kind == "schnapsen":
        seen = [str(p.card) for trick in view.tricks for p in trick.cards] + [str(p.card) for p in view.trick]
        seen += [str(view.trump_card)] if view.trump_card is not None else []
        seen += [str(e.taken) for e in view.exchanges] + [str(e.given) for e in view.exchanges]
        return seen
    return [str(card.face) for meld in view.table for card in meld.cards]
