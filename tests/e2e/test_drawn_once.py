"""A hand is drawn once per state: a hand row says what it was drawn from (bot.projection.hands.shown_key).

A pass compares each seat's hand row with what the stored game would show. It used to draw the hand
to find out, so a process without that drawing in memory (one whose kept drawings have moved on, or
the game's owner when another shard answered the click) drew the hand again only to learn that
nothing changed.
The row now carries the inputs of its drawing, and a pass that finds them equal draws nothing; the
same holds for the plain hand a click's answer stores beside a selection or a hint.
"""

from __future__ import annotations

import asyncio

import pytest

from bench.players.common import click, game_id_of
from bot.moves.adapters import Panel
from bot.moves.service import Loaded
from bot.process.bot import CardBot
from bot.projection.hands import Drawing
from fakediscord import FakeDiscord, Message, SimUser
from harness.offline import BotHarness
from tests.e2e.test_one_writer import HANG_GUARD, on_turn, two_people


def count_draws(bot: CardBot, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats the bot draws a hand for from now on, with its kept drawings forgotten (as in a process
    that has just started, or one that did not answer the click)."""
    drawn: list[int] = []
    draw = bot.hands.draw

    async def counted(loaded: Loaded, drawing: Drawing) -> tuple[Panel, bytes | None]:
        drawn.append(drawing.seat)
        return await draw(loaded, drawing)

    bot.hands._drawn.clear()
    monkeypatch.setattr(bot.hands, "draw", counted)
    return drawn


async def first_turn(fake: FakeDiscord, bots: BotHarness) -> tuple[CardBot, SimUser, Message]:
    """A two-person Thirteen game with every message shown: its bot, the person on turn and their hand."""
    bot, users = await two_people(fake, bots)
    await asyncio.wait_for(bot.reconciler.caught_up(), HANG_GUARD)
    user, hand = on_turn(fake, users)
    return bot, user, hand


async def test_a_pass_over_hands_that_show_the_stored_game_draws_none(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, user, hand = await first_turn(fake, bots)
    hinted = await click(user, hand, "Hint")
    await click(user, hinted, "Pass" if hinted.component(label="Play").get("disabled") else "Play")
    game_id = game_id_of(hand)
    await asyncio.wait_for(bot.reconciler.caught_up(game_id), HANG_GUARD)
    drawn = count_draws(bot, monkeypatch)
    since = len(fake.requests)
    bot.reconciler.mark_dirty(game_id)
    await asyncio.wait_for(bot.reconciler.caught_up(game_id), HANG_GUARD)
    assert drawn == []
    assert not [r for r in fake.requests[since:] if r.method in ("PATCH", "POST") and "/messages" in r.path]


async def test_a_hint_stores_the_plain_hand_without_drawing_it_again(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clicked hand is drawn with the hint on top; the row keeps the plain hand it already names."""
    bot, user, hand = await first_turn(fake, bots)
    drawn = count_draws(bot, monkeypatch)
    hinted = await click(user, hand, "Hint")
    await asyncio.wait_for(bot.reconciler.caught_up(game_id_of(hand)), HANG_GUARD)
    assert "Hint:" in hinted.text
    assert len(drawn) == 1
