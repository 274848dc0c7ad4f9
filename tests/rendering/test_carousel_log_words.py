"""Carousel log sentences take the players' names as data: a person named "Player 2" in seat 1, or a
name full of pattern characters, reads as exactly that in the header, the terminal and the image."""

from __future__ import annotations

from cogs.carousel.words import TERMINAL, table_header
from games.cards import parse_cards
from games.carousel import Draw, Drew, HandWon, Melded, new_game
from rendering import carousel
from rendering.carousel import log_text
from rendering.measure import recording

NAMES = ("Player 2", r"Seat 1 \g<0>", "(.*)")


def test_ca4_a_player_named_player_2_in_seat_1_is_named_as_themselves() -> None:
    """CA-4: seat 0's actions read "Player 2 ...", the others' with their own names, nothing swapped."""
    assert log_text(Drew(0, 2), NAMES) == "Player 2 drew a second card"
    assert log_text(Melded(1, tuple(parse_cards("7h 8h 9h"))), NAMES) == r"Seat 1 \g<0> melded 7♥ 8♥ 9♥"
    assert log_text(HandWon(3, (2, 0)), NAMES) == "Hand 3 won by (.*), Player 2"


def test_ca4_header_terminal_and_image_say_the_log_with_names() -> None:
    """CA-4: the public header, the terminal log and the image footer word the entries alike."""
    state = new_game(3, seed=8)
    state = state.apply(Draw())
    view = state.view(None)
    assert view.last_action is not None
    said = log_text(view.last_action, NAMES)
    assert said == f"{NAMES[state.turn]} drew a card"
    assert TERMINAL.log(view, NAMES)[-1] == said and said in table_header(view, NAMES)
    with recording() as drawn:
        carousel.render_table(view, NAMES)
    assert any(item.text == said for item in drawn)
