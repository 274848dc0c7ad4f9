"""The guided first game's tips (cogs.carousel.guide) and the plays they read (games.carousel.hints).

Each tip is checked at the rule it explains: it appears when the seat's own view says the rule applies,
and not otherwise. Positions come from `games.carousel.position`; the scored hand from the engine.
"""

from __future__ import annotations

import pytest

from bot.moves.adapters import PanelContext
from cogs.carousel.adapter import CarouselAdapter
from cogs.carousel.guide import MARK, Tip, due, scored, tips
from games.carousel import Draw, Knock, Meld, MeldStep, PassKnock, Phase, State, hand_value, new_game, position
from games.carousel.hints import hand_meld, may_knock, table_fits
from games.carousel.views import CarouselView

NAMES = ("Alice", "Bob")
DEALT = "2s 5s 9s Kh 3h 7c Jc 4d 8d Qd"  # ten cards, no meld among them
OTHER = "3s 6s 10s Qh 4h 8c Qc 5d 9d Kd"


def view(state: State, seat: int = 0) -> CarouselView:
    return state.view(seat)


# CA-4: the first draw ------------------------------------------------------------------------------


def test_ca4_draw_tip_on_the_first_turn_before_the_first_draw() -> None:
    """CA-4: ten dealt cards, nothing drawn, first hand, on turn: the draw tip explains Draw."""
    state = position(hands=[DEALT, OTHER], phase="draw_1")
    assert due(view(state)) == (Tip.DRAW,)
    assert "**Draw**" in tips(view(state), NAMES)[0] and "the third card ends the turn" in tips(view(state), NAMES)[0]


def test_ca4_no_draw_tip_after_the_first_draw_in_another_hand_or_off_turn() -> None:
    """CA-4: once the seat has drawn, in a later hand, or while another seat plays, no draw tip."""
    state = position(hands=[DEALT, "2c 3c"], phase="draw_1")
    drawn = state.apply(Draw())
    assert Tip.DRAW not in due(view(drawn))
    assert Tip.DRAW not in due(view(position(hands=[DEALT, "2c 3c"], phase="draw_1", hand_number=2)))
    assert Tip.DRAW not in due(view(position(hands=["2c 3c", DEALT], phase="draw_1", to_move=1)))


# CA-5: a meld in the hand -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "meld"),
    [
        ("7s 7h 7d 2c Kd", {"7♠", "7♥", "7♦"}),
        ("4h 5h 6h 2c Kd", {"4♥", "5♥", "6♥"}),
        ("Qc Kc Ac 9d", {"Q♣", "K♣", "A♣"}),
    ],
)
def test_ca5_meld_tip_names_a_group_or_sequence_held_between_draws(hand: str, meld: set[str]) -> None:
    """CA-5: between draws, a hand holding a group or a sequence gets the meld tip naming its cards."""
    state = position(hands=[hand, "2d"], phase="meld_1")
    found = hand_meld(view(state))
    assert found is not None and {str(card) for card in found.physical} == meld
    assert Tip.MELD in due(view(state))
    text = next(line for line in tips(view(state), NAMES) if "You can meld" in line)
    assert all(card in text for card in meld) and "**Meld**" in text


def test_ca5_a_joker_and_two_naturals_are_a_meld_from_hand() -> None:
    """CA-5, CA-7.1: two 9s and the joker make a group the tip can name."""
    state = position(hands=["9s 9h Jk 2c", "3d"], phase="meld_1")
    assert hand_meld(view(state)) is not None and Tip.MELD in due(view(state))


def test_ca5_no_meld_tip_without_a_meld_or_before_the_draw() -> None:
    """CA-5: no meld in hand (two of a suit, duplicates, K-A-2), or not between draws: no meld tip."""
    for hand in ("7s 7s 2c", "Ks As 2s", "3h 5h 9c"):  # three players: two decks, so two 7♠ exist
        assert Tip.MELD not in due(view(position(hands=[hand, "2d", "3d"], phase="meld_1")))
    assert Tip.MELD not in due(view(position(hands=["7s 7h 7d", "2d"], phase="draw_1")))


# CA-6: the shared table ------------------------------------------------------------------------------


def test_ca6_table_tip_when_a_hand_card_fits_a_meld_on_the_table() -> None:
    """CA-6: a 7♠ next to 4♠ 5♠ 6♠ on the table fits as it stands: the table tip names it."""
    state = position(table=["4s 5s 6s"], hands=["7s 2h 9d", "3c"], phase="meld_2")
    assert [str(card) for card in table_fits(view(state))] == ["7♠"]
    assert Tip.TABLE in due(view(state))
    assert "7♠ fits" in next(line for line in tips(view(state), NAMES) if "table is everyone's" in line)


def test_ca6_no_table_tip_on_an_empty_table_or_when_nothing_fits() -> None:
    """CA-6: nothing on the table, or no card that extends a meld: no table tip."""
    assert Tip.TABLE not in due(view(position(hands=["7s 2h 9d", "3c"], phase="meld_1")))
    assert Tip.TABLE not in due(view(position(table=["4s 5s 6s"], hands=["9h 2h 9d", "3c"], phase="meld_1")))


def test_ca6_meld_and_table_tips_only_in_the_first_hand() -> None:
    """CA-5, CA-6: from the second hand on, the drawing-and-melding tips are over."""
    state = position(table=["4s 5s 6s"], hands=["7s 7h 7d", "3c"], phase="meld_1", hand_number=2)
    assert due(view(state)) == ()


# CA-9: knocking ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "shown"), [("Ac 4d", True), ("5d", True), ("Ac 2c", True), ("6d", False), ("Jk", False)]
)
def test_ca9_knock_tip_exactly_when_the_count_is_within_the_limit(hand: str, shown: bool) -> None:
    """CA-9 (2.4.6): the knock tip shows at the end of the turn with a count of 5 or less, never over it."""
    state = position(hands=[hand, "2d 3d"], phase="knock")
    assert (hand_value(state.hands[0]) <= 5) is shown
    assert may_knock(view(state)) is shown
    assert (Tip.KNOCK in due(view(state))) is shown
    if shown:
        text = tips(view(state), NAMES)[0]
        assert f"counts {hand_value(state.hands[0])}" in text and "within the limit" in text


def test_ca9_knock_tip_follows_the_tables_knock_limit() -> None:
    """CA-9: a table playing to a knock limit of 3 shows no knock tip for a count of 5."""
    state = position(hands=["Ac 4d", "2d 3d"], phase="knock", options={"knock_limit": 3})
    assert Tip.KNOCK not in due(view(state))


def test_ca9_no_knock_tip_for_the_seat_waiting() -> None:
    """CA-9: the seat not on turn gets no knock tip, whatever it holds."""
    state = position(hands=["2d 3d", "Ac"], phase="knock")
    assert Tip.KNOCK not in due(view(state, 1))


# CA-12: the first hand's result ---------------------------------------------------------------------


def second_hand(seed: int = 3) -> State:
    """A two-player game drawn-only through its first hand (the stock runs out, CA-11) into the second."""
    state = new_game(2, seed)
    while state.hand_number == 1:
        seat = state.to_move
        assert seat is not None
        state = state.apply(PassKnock() if state.phase is Phase.KNOCK else Draw())
    return state


def test_ca12_result_tip_after_the_first_hand_until_the_seat_draws() -> None:
    """CA-12: once hand 1 is scored, each seat's hand explains the scoring until its first draw of hand 2."""
    state = second_hand()
    assert state.last_hand is not None and state.last_hand.hand_number == 1
    mover = state.to_move
    assert mover is not None
    for seat in (0, 1):
        assert Tip.RESULT in due(view(state, seat))
    text = next(line for line in tips(view(state, mover), NAMES) if "How that hand was scored" in line)
    assert "How that hand was scored" in text and "stock ran out" in text
    drew = state.apply(Draw())
    assert Tip.RESULT not in due(view(drew, mover))
    assert Tip.RESULT in due(view(drew, 1 - mover))


# Hidden information and the hand message --------------------------------------------------------------


def test_tips_read_only_the_seats_own_view() -> None:
    """Design §2: the same own hand and table give the same tips whatever the other hand holds."""
    mine = "7s 7h 7d Ac 2c"
    one = position(table=["4d 5d 6d"], hands=[mine, "3c 8h 9s"], phase="meld_1")
    other = position(table=["4d 5d 6d"], hands=[mine, "Kc Kh Jk"], phase="meld_1")
    assert tips(view(one), NAMES) == tips(view(other), NAMES)
    assert due(view(one, None)) == ()  # a spectator gets none


def test_the_hand_message_carries_tips_only_for_a_guided_seat() -> None:
    """The adapter adds the tips to the hand text when the context says the seat is guided, and only then."""
    state = position(hands=["Ac 4d", "2d 3d"], phase="knock")
    adapter = CarouselAdapter()
    plain = adapter.hand_panel(PanelContext(7, 3, 0, state.view(0), NAMES))
    guided = adapter.hand_panel(PanelContext(7, 3, 0, state.view(0), NAMES, guided=True))
    assert MARK not in plain.content
    assert guided.content.startswith(plain.content) and "You may knock" in guided.content
    assert guided.image == plain.image and len(guided.items) == len(plain.items)


@pytest.mark.parametrize(
    ("hands", "says"),
    [
        (["Ac 2c", "5d 6d"], "Alice knocked and was lowest alone"),
        (["Ac 2c", "Ad"], "Alice knocked, but Bob had as little or less: 10 more"),
    ],
)
def test_ca12_result_tip_says_why_a_knocked_hand_went_as_it_did(hands: list[str], says: str) -> None:
    """CA-12: a knocker alone on the lowest count wins it; one tied or beaten loses it, with +10 to the winner."""
    summary = position(hands=hands, phase="knock").apply(Knock()).last_hand
    assert summary is not None
    assert says in scored(summary, NAMES)


def test_ca10_result_tip_names_the_going_out_bonus() -> None:
    """CA-10, CA-12: laying down the last card is named with its 25."""
    state = position(hands=["7s 7h 7d", "Kd"], phase="meld_1")
    summary = state.apply(MeldStep((Meld.of(state.hands[0]),))).last_hand
    assert summary is not None and summary.went_out == 0
    assert "Alice laid down their last card: 25 more" in scored(summary, NAMES)
