"""The digest player's lazy DM hand (bot.projection.reconciler.hand_step): when a pass posts or edits it."""

from __future__ import annotations

from bot.projection.reconciler import HandStep, hand_step


def test_a_player_without_the_digest_always_gets_the_ordinary_pass() -> None:
    assert hand_step(lazy=False, named=False, turn=None, shown_turn=3, shown_live=False) is HandStep.DRAW
    assert hand_step(lazy=False, named=False, turn=7, shown_turn=3, shown_live=True) is HandStep.DRAW


def test_a_turn_a_digest_named_is_drawn() -> None:
    assert hand_step(lazy=True, named=True, turn=7, shown_turn=None, shown_live=False) is HandStep.DRAW


def test_a_turn_no_digest_named_waits() -> None:
    assert hand_step(lazy=True, named=False, turn=7, shown_turn=3, shown_live=False) is HandStep.WAIT
    assert hand_step(lazy=True, named=False, turn=7, shown_turn=None, shown_live=False) is HandStep.WAIT


def test_off_turn_changes_wait_for_a_hand_without_controls() -> None:
    assert hand_step(lazy=True, named=False, turn=None, shown_turn=3, shown_live=False) is HandStep.WAIT


def test_a_shown_hand_with_controls_of_a_past_turn_loses_them() -> None:
    """Played from the panel while the named DM still had controls: they are taken off, nothing posted."""
    assert hand_step(lazy=True, named=False, turn=None, shown_turn=3, shown_live=True) is HandStep.STRIP
    assert hand_step(lazy=True, named=False, turn=7, shown_turn=3, shown_live=True) is HandStep.STRIP


def test_the_shown_hand_of_this_turn_is_kept_right() -> None:
    assert hand_step(lazy=True, named=False, turn=7, shown_turn=7, shown_live=True) is HandStep.DRAW
