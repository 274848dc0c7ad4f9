"""SX-5: the card each seat drew after the last trick, in its own view only."""

from __future__ import annotations

from games.cards import parse_card
from games.schnapsen import position
from games.schnapsen.state import State


def _after_a_trick() -> State:
    """Seat 0 leads A♠ and takes the trick from 9♠, so it draws K♦ and seat 1 draws J♣."""
    hands = ["As Kh Qh Js 10d 9d", "9s Qc Kc Jh 10h 9h"]
    state = position(hands, trump="Ac", talon="Kd Jc Qd Jd 10c 10s Ks Qs 9c Ad Ah")
    state = state.apply(state.parse_move("As"))
    return state.apply(state.parse_move("9s"))


def test_sx5_each_seat_sees_the_card_it_drew() -> None:
    """SX-5: the trick's winner drew the top card, the loser the next; each view names its own."""
    state = _after_a_trick()
    assert state.view(0).drawn == parse_card("Kd")
    assert state.view(1).drawn == parse_card("Jc")


def test_sx5_the_public_view_names_no_drawn_card() -> None:
    """Hidden information (design §2): the public table never says what anybody drew."""
    assert _after_a_trick().view(None).drawn is None


def test_sx5_the_drawn_card_goes_once_played_and_survives_a_snapshot() -> None:
    """SX-5: the drawn card is named while held; to_dict keeps it, and playing it clears it."""
    state = _after_a_trick()
    assert State.from_dict(state.to_dict()) == state
    led = state.apply(state.parse_move("Kd"))
    assert led.view(0).drawn is None and led.view(1).drawn == parse_card("Jc")
