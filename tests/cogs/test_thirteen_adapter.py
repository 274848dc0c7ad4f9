"""ThirteenAdapter's words: what the table message, the hand and the rules say to a player."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot.moves.adapters import PanelContext
from cogs.thirteen.adapter import ThirteenAdapter
from cogs.thirteen.cog import Thirteen
from cogs.thirteen.words import HELP, OPTION_LABELS, RULES, TERMINAL
from games.base import IllegalMove
from games.thirteen import State
from games.thirteen.state import new_game, position

ADAPTER = ThirteenAdapter()
NAMES = ("Alice", "Ada", "Bob")


def _moves(state: State, *moves: str) -> State:
    for move in moves:
        state = state.apply(state.parse_move(move))
    return state


def _round_cleared() -> State:
    """Alice's K♠ K♣ stands, Ada and Bob pass: the round clears and Alice leads a new one (TL-10)."""
    return _moves(position(["Ks Kc 3d 4d", "4s 5h", "6c 7d"], to_move=0), "Ks Kc", "pass", "pass")


def test_the_table_text_keeps_the_passes_that_ended_a_round():
    """After a round clears the table message still says who passed, then who leads the new round."""
    header = ADAPTER.table_header(_round_cleared().view(None), NAMES)
    assert header.splitlines() == ["Nobody beat Alice's K♠ K♣: Ada passed, Bob passed.", "Alice leads a new round"]


def test_the_finished_round_leaves_the_table_text_at_the_next_play():
    """The leader's play starts the new round: the old round's passes are no longer news."""
    header = ADAPTER.table_header(_moves(_round_cleared(), "3d").view(None), NAMES)
    assert header == "Alice played 3♦ (single 3♦)"


# Rule ids ("TL-8", "E-TL-1", "D-TL-4") belong in code, tests and docs; a player reads words.
RULE_ID = re.compile(r"\b(?:[DE]-)?[A-Z]{2}-\d+")
ALL_OPTIONS = {"bomb_after_pass": True, "over_chopping": True, "n_or_more_pairs": True, "two_finish_loses": True}


def _command_texts() -> list[str]:
    texts = []
    for command in Thirteen.group.walk_commands():
        texts.append(command.description)
        texts.extend(parameter.description for parameter in command.parameters)
    return texts


def _playout_texts(players: int, seed: int, options: dict[str, Any]) -> list[str]:
    """Everything a seeded random game shows its players: table message, hands (text and buttons), the
    terminal's table, hand and log, and the engine's refusals of a few illegal moves."""
    rng = random.Random(seed)
    state = new_game(players, seed, ADAPTER.parse_options(options))
    names = NAMES[:players] if players <= len(NAMES) else (*NAMES, "Cleo")
    texts = [ADAPTER.describe_options(ADAPTER.parse_options(options))]
    step = 0
    while True:
        public = state.view(None)
        texts.append(ADAPTER.table_header(public, names))
        texts += [TERMINAL.table(public, names), *TERMINAL.log(public, names)]
        for seat in range(players):
            view = state.view(seat)
            texts.append(TERMINAL.hand(view))
            if step % 7 == 0 or view.in_bomb_window:
                shown = ADAPTER.hand_panel(PanelContext(1, step, seat, view, names))
                texts.append(shown.content)
                texts += [str(getattr(item.item, "label", "") or "") for item in shown.items]  # type: ignore[attr-defined]
        if state.is_over:
            return texts
        for text in ("pass", "3s 5h", "2h 2d", str(state.view(state.to_move).hand[0].code) + " 3s"):
            try:
                state.check(state.parse_move(text))
            except IllegalMove as refused:
                texts.append(refused.reason)
        state = state.apply(rng.choice(state.legal_moves()))
        step += 1


def test_no_rule_ids_in_thirteen_rules_help_and_commands():
    """/thirteen rules, the terminal's help, option labels and the slash command's descriptions are words."""
    texts = [RULES, HELP, *OPTION_LABELS.values(), *_command_texts()]
    assert [text for text in texts if RULE_ID.search(text)] == []


@pytest.mark.parametrize(("players", "seed", "options"), [(4, 1, {}), (3, 2, ALL_OPTIONS), (2, 3, ALL_OPTIONS)])
def test_no_rule_ids_in_what_a_thirteen_game_shows(players, seed, options):
    """Prompts, table text, hands, log lines and refusals over a whole game carry no rule ids."""
    texts = _playout_texts(players, seed, options)
    assert [text for text in texts if RULE_ID.search(text)] == []


def _cannot_beat() -> State:
    """Alice holds 3♠ 4♠ against Bob's Q♠ Q♥: nothing of hers beats it, yet a hand of two cards could
    (K♣ K♦ are unseen), so the public auto-pass asks her (D-TL-4)."""
    return position(["3s 4s", "5c 6c", "Kc Kd 7h"], table="Qs Qh", to_move=0, table_seat=2)


def test_a_hand_with_no_beating_play_reads_you_cant_beat_this_press_pass():
    """The moment a player meets D-TL-4: the hand says they can't beat it and why they are asked."""
    view = _cannot_beat().view(0)
    shown = ADAPTER.hand_panel(PanelContext(1, 1, 0, view, NAMES))
    assert "You can't beat this" in shown.content and "press Pass" in shown.content
    passes = [item.item for item in shown.items if getattr(item.item, "label", None) == "Pass"]  # type: ignore[attr-defined]
    assert passes and passes[0].style is discord.ButtonStyle.primary
    assert "You can't beat this: type pass." in TERMINAL.hand(view)


def test_a_hand_that_can_beat_the_table_is_not_told_to_pass():
    """With a beating play the usual prompt stays: beat the table, or pass."""
    view = position(["3s 4s Ac Ad", "5c 6c", "Kc Kd 7h"], table="Qs Qh", to_move=0, table_seat=2).view(0)
    assert "can't beat" not in ADAPTER.hand_panel(PanelContext(1, 1, 0, view, NAMES)).content
    assert "can't beat" not in TERMINAL.hand(view)


def test_the_rules_say_when_the_bot_passes_for_a_player():
    """/thirteen rules: the bot passes for you only when no hand of your size could beat the table."""
    assert "passes for you only when no hand of your size could beat it" in RULES


def test_a_finished_game_shows_the_cards_the_last_player_held():
    """Once the game is over the table text names what the loser was left holding."""
    state = _moves(position(["3s", "", "5d 9h"], to_move=0), "3s")
    assert state.is_over
    header = ADAPTER.table_header(state.view(None), NAMES)
    assert "Bob was left holding 5♦ 9♥ (2 cards)" in header.splitlines()


def test_a_series_game_that_ends_shows_what_the_last_player_held_until_the_next_play():
    """D-TL-5: the next game is dealt at once; the loser's cards of the game just ended stay in the table
    text until the new game's first play."""
    state = position(["3s", "5d 9h"], to_move=0, options={"series_games": 2})
    state = _moves(state, "3s")
    assert state.game_number == 2 and not state.is_over
    assert "Ada was left holding 5♦ 9♥ (2 cards)" in ADAPTER.table_header(state.view(None), NAMES[:2]).splitlines()
    state = state.apply(state.legal_moves()[0])  # the new game's first lead
    assert "left holding" not in ADAPTER.table_header(state.view(None), NAMES[:2])
