"""Sixty-Six log sentences take the players' names as data: a person named "Player 2" in seat 1, or a
name full of pattern characters, reads as exactly that in the header, the terminal and the image."""

from __future__ import annotations

import random

from cogs.schnapsen.words import TERMINAL, table_header
from games.cards import parse_card
from games.schnapsen import Followed, Led, SchnapsenView, Scored, new_game
from rendering import schnapsen
from rendering.measure import recording
from rendering.schnapsen import deal_text, log_text

NAMES = ("Player 2", r"a.*b\1 $0")


def _view_after_a_trick() -> SchnapsenView:
    rng, state = random.Random(3), new_game(2, 3)
    while not any(isinstance(entry, Followed) for entry in state.log):
        state = state.apply(rng.choice(state.legal_moves()))
    return state.view(None)


def test_sx4_a_player_named_player_2_in_seat_1_is_named_as_themselves() -> None:
    """SX-4: seat 0's actions read "Player 2 ...", seat 1's read with seat 1's own name, nothing swapped."""
    card, other = parse_card("Kh"), parse_card("Ah")
    assert log_text(Led(0, card), NAMES) == f"Player 2 leads {card}"
    assert log_text(Followed(1, other, 0), NAMES) == rf"a.*b\1 $0 plays {other}; Player 2 takes the trick"


def test_sx4_header_and_terminal_say_the_log_with_names() -> None:
    """SX-4: the public header and the terminal log say each entry with the seat's name."""
    view = _view_after_a_trick()
    said = [log_text(entry, NAMES) for entry in view.log]
    assert TERMINAL.log(view, NAMES) == said
    assert said[-1] in table_header(view, NAMES)
    assert all("Player 1" not in line for line in said)


def test_sx4_the_table_image_footer_is_the_latest_entry_in_words() -> None:
    """SX-4: the image's footer draws the latest log entry, worded with the names given."""
    view = _view_after_a_trick()
    assert view.last_action is not None
    with recording() as drawn:
        schnapsen.render_table(view, NAMES)
    assert any(item.text == log_text(view.last_action, NAMES) for item in drawn)


def test_sx12_a_scored_deal_names_winner_and_loser() -> None:
    """SX-12: the deal's score sentence names the winner and the loser by their seats' names."""
    rng, state = random.Random(5), new_game(2, 5)
    while state.last_deal is None:
        state = state.apply(rng.choice(state.legal_moves()))
    summary = state.last_deal
    text = deal_text(summary, NAMES)
    assert text.startswith(f"{NAMES[summary.winner]} wins ")
    assert Scored(summary) in state.log and log_text(Scored(summary), NAMES) == text
