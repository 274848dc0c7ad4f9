"""What a Carousel player reads: the rules page, the end-of-turn stop, whose turn, the /cardroom line.

Each test reads the text a player is shown (the adapter's panel, the public header, the rules) and
checks the words, never the code behind them.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.moves.adapters import PanelContext
from cogs.carousel.adapter import CarouselAdapter
from cogs.carousel.words import RULES, table_header
from games.carousel import Draw, PassKnock, State, new_game, position

ADAPTER = CarouselAdapter()
NAMES = ("Ada", "Bob")
# CA-9: two hands of two cards stop at the end of the turn (two cards could count 5 or less); the
# first counts 5 and may knock, the second counts 35 (joker and king) and may not.
WITHIN = ["Ac 4d", "9s 9h"]
OVER = ["Jk Kh", "9s 9h"]


def stopped(hands: list[str]) -> State:
    return position(hands=hands, phase="knock", options={"knock_offer_always": True})


def buttons(state: State, seat: int = 0) -> list[Any]:
    panel = ADAPTER.hand_panel(PanelContext(7, 3, seat, state.view(seat), NAMES))
    return [item.item for item in panel.items]  # type: ignore[attr-defined]


def content(state: State, seat: int = 0) -> str:
    return ADAPTER.hand_panel(PanelContext(7, 3, seat, state.view(seat), NAMES)).content


def test_rules_page_says_card_values_not_a_type_name() -> None:
    """`/carousel rules` reads "Card values: joker 25", never the code's type name "AnyCard"."""
    assert "Card values: joker 25" in RULES
    assert "AnyCard" not in RULES


def test_rules_page_first_line_does_not_repeat_the_command() -> None:
    """The rules and the /cardroom card (which adds "A table for friends: `/carousel new`") open with the
    game, not with the commands."""
    first = RULES.splitlines()[0]
    assert first.startswith("**Carousel**: rummy")
    assert "/carousel" not in first and "commands" not in first


def test_the_table_reads_the_same_at_the_end_of_turn_stop_whatever_the_count() -> None:
    """CA-9: the public header at the stop says "Ada is ending the turn", word for word the same for a
    count of 5 (may knock) and of 35 (may not), and never "may knock"."""
    within, over = stopped(WITHIN), stopped(OVER)
    assert within.can_knock and not over.can_knock
    shown = table_header(within.view(None), NAMES)
    assert shown == table_header(over.view(None), NAMES)
    assert "Ada is ending the turn" in shown and "knock" not in shown


def test_the_table_says_ended_the_turn_not_did_not_knock() -> None:
    """CA-9: after End turn the log reads "Ada ended the turn" for both counts, never "did not knock"."""
    within, over = (stopped(hands).apply(PassKnock()) for hands in (WITHIN, OVER))
    shown = table_header(within.view(None), NAMES)
    assert shown == table_header(over.view(None), NAMES)
    assert "Ada ended the turn" in shown and "did not knock" not in shown


def test_a_count_over_the_limit_reads_why_it_stops_and_ends_with_one_tap() -> None:
    """CA-9: over the limit the hand says why the turn stops (everyone with this few cards does) and has
    one button, End turn, first and primary."""
    state = stopped(OVER)
    text = content(state)
    assert "press **End turn**" in text and "Everyone with this few cards stops here" in text
    assert "with a count of" not in text.splitlines()[1]
    shown = buttons(state)
    assert [item.label for item in shown] == ["End turn"]
    assert shown[0].style is discord.ButtonStyle.primary


def test_end_turn_is_the_first_primary_button_when_a_knock_is_possible_too() -> None:
    """CA-9: within the limit End turn stays first and primary (the same tap as over the limit), Knock
    beside it; the hand names both."""
    state = stopped(WITHIN)
    shown = buttons(state)
    assert [item.label for item in shown] == ["End turn", "Knock with 5"]
    assert shown[0].style is discord.ButtonStyle.primary
    assert "**Knock** to end the hand now, or press **End turn** to play on" in content(state)


def test_mid_hand_the_table_says_who_is_to_draw_not_the_first_card() -> None:
    """CA-4: every turn starts with a draw, so mid-hand the header never says "draws the first card"."""
    state = new_game(2, 4)
    for _ in range(6):
        state = state.apply(Draw())
    while state.phase.name != "DRAW_1":
        state = state.apply(Draw() if Draw() in state.legal_moves() else PassKnock())
    shown = table_header(state.view(None), NAMES)
    assert "first card" not in shown
    assert f"{NAMES[state.turn]} is to draw a card" in shown


def test_cardroom_card_names_the_carousel_command_once() -> None:
    """The welcome card and /cardroom list Carousel with one `/carousel` (its "A table for friends" tip),
    not also a "(the commands are `/carousel ...`)" right before it."""
    from types import SimpleNamespace

    from cogs.about import About

    bot: Any = SimpleNamespace(service=SimpleNamespace(adapters={"carousel": ADAPTER}))
    line = next(text for text in About(bot).menu_lines() if "**Carousel**" in text)
    assert line.count("/carousel") == 1 and "A table for friends: `/carousel new`" in line
