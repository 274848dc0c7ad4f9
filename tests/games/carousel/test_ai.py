"""Computer players: levels, legality of their moves and the hard player's judgement (ai-notes §4)."""

from __future__ import annotations

import random

import pytest

from games.carousel import ENGINE, Draw, Knock, Meld, MeldStep, PassKnock, position
from games.carousel.ai import HardPlayer


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_draws_first(level: str) -> None:
    """CA-4: at DRAW_1 every level draws."""
    state = position(hands=["7h 8h 9h", "Kc"], phase="draw_1")
    assert ENGINE.computer(level).choose(state.view(0), random.Random(1)) == Draw()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_melds_a_meld_in_hand_and_the_move_checks(level: str) -> None:
    """ai-notes §4.2.5: with a meld in hand after DRAW_1, every level melds, legally."""
    state = position(table=["2s 3s 4s"], hands=["7h 8h 9h Kc Qd", "Kd"], phase="meld_1")
    move = ENGINE.computer(level).choose(state.view(0), random.Random(1))
    assert isinstance(move, MeldStep)
    state.check(move)


def test_easy_does_not_rearrange() -> None:
    """Easy lays off and melds from hand only; it misses a play that needs a split."""
    state = position(table=["4h 5h 6h 7h 8h"], hands=["6h Kc", "Kd", "Qs"], phase="meld_1")
    assert ENGINE.computer("easy").choose(state.view(0), random.Random(1)) == Draw()
    move = ENGINE.computer("normal").choose(state.view(0), random.Random(1))
    assert isinstance(move, MeldStep)
    state.check(move)


def test_normal_frees_a_joker_for_points() -> None:
    """CA-7.3: normal plays 7h 9c 10c by freeing the table joker (the full solver)."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 9c 10c Kd", "5d"], phase="meld_1")
    move = ENGINE.computer("normal").choose(state.view(0), random.Random(1))
    assert state.apply(move).hands[0] == (state.hands[0][-1],)


def test_hard_knocks_when_opponents_hold_many_cards() -> None:
    """ai-notes §4.2.4: 3 points against two 8-card hands: the sampled chance is high, so knock."""
    knock_state = position(
        table=["7h 8h 9h"],
        hands=["2c Ac", "Ks Kd Qs Qd Js Jd 10s 10d", "9s 9d 8s 8d 7s 7d 6s 6d"],
        phase="knock",
    )
    assert HardPlayer().choose(knock_state.view(0), random.Random(2)) == Knock()


def test_hard_passes_when_an_opponent_is_probably_lower() -> None:
    """ai-notes §4.2.4: 28 points (knock limit raised to 30) against 3-card hands: likely beaten, pass."""
    hands = ["Kc Qc 8c", "2s 3d 4h", "5s 6d 7h"]
    state = position(table=["7s 8s 9s"], hands=hands, phase="knock", options={"knock_limit": 30})
    assert HardPlayer().choose(state.view(0), random.Random(3)) == PassKnock()
    assert ENGINE.computer("normal").choose(state.view(0), random.Random(3)) == Knock()


def test_hard_holds_back_a_cheap_safe_card() -> None:
    """ai-notes §4.2.2: with a big hand left, hard keeps the 2s lay-off for next turn."""
    state = position(
        table=["3s 4s 5s 6s"],
        hands=["2s 9h 10h Jh Kc Kd Qc", "Kh", "Qh"],
        phase="meld_1",
    )
    move = HardPlayer().choose(state.view(0), random.Random(1))
    assert isinstance(move, MeldStep)
    after = state.apply(move)
    assert state.hands[0][0] in after.hands[0]
    assert Meld.parse("3s 4s 5s 6s") in after.table


def test_unknown_level_is_refused() -> None:
    """Engine.computer refuses unknown levels with a readable error."""
    with pytest.raises(ValueError, match="easy"):
        ENGINE.computer("grandmaster")
