"""Carousel against the shared engine contract (games.base) and the registry."""

from __future__ import annotations

import random

from games.carousel import ENGINE, Draw, Drew, Meld, MeldStep, Phase, new_game, position
from games.registry import get_engine


def test_engine_conforms_to_the_protocol() -> None:
    """The registry's carousel engine: 2-5 players (CA-1) and three levels (protocols: tests/test_contract.py)."""
    assert get_engine("carousel") is ENGINE
    assert (ENGINE.kind, ENGINE.min_players, ENGINE.max_players) == ("carousel", 2, 5)
    assert tuple(ENGINE.levels) == ("easy", "normal", "hard")


def test_hand_summary_in_views_after_a_hand_ends() -> None:
    """CA-12 views: the ended hand's summary is public and flagged until the next move."""
    state = position(table=["6h 7h 8h"], hands=["9h", "Jk 5c"], phase="meld_1")
    after = state.apply(MeldStep((Meld.parse("6h 7h 8h 9h"),)))
    view = after.view(None)
    assert view.hand_just_ended and view.last_hand is not None
    assert view.last_hand.went_out == 0 and view.last_hand.counts == (0, 30)
    assert view.last_hand.knocker is None and not view.last_hand.stock_ran_out
    assert view.phase is Phase.DRAW_1 and view.hand_number == 2
    assert not after.apply(Draw()).view(None).hand_just_ended


def test_view_log_records_actions() -> None:
    """Views carry a short log whose last entry is the last action: who drew, not which card (CA-4)."""
    start = new_game(3, seed=8)
    assert start.apply(Draw()).view(None).last_action == Drew(start.turn, 1)


def test_random_legal_moves_never_break_the_engine() -> None:
    """legal_moves() is always non-empty until the game ends, and every listed move applies."""
    rng = random.Random(5)
    state = new_game(4, seed=5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.legal_moves() == [] and state.to_move is None


def test_view_hand_is_in_display_order_that_old_masks_index() -> None:
    """Live Meld buttons carry masks built over the renderer's sort of the hand: the view's hand order selects
    the same cards, so those masks stay valid."""
    from rendering.carousel import sort_hand

    for seed in range(20):
        state = new_game(3, seed=seed)
        for seat in range(3):
            old_order = sort_hand(state.hands[seat])
            hand = state.view(seat).hand
            mask = random.Random(seed * 3 + seat).getrandbits(len(hand))
            chosen = [i for i in range(len(hand)) if mask >> i & 1]
            assert [hand[i] for i in chosen] == [old_order[i] for i in chosen]


def test_display_order_alternates_colours_ace_low_jokers_last() -> None:
    """The hand reads by suit with black and red alternating, ace low (CA-8), jokers last."""
    state = position(table=[], hands=["Jk Kh 10s 2d Ah 2s 3c", "5d"], phase="draw_1")
    assert [str(card) for card in state.view(0).hand] == ["2♠", "10♠", "A♥", "K♥", "3♣", "2♦", "🃏"]
