"""A hand is drawn once per state: a hand row says what it was drawn from (bot.projection.hands.shown_key).

A pass compares each seat's hand row with what the stored game would show. It used to draw the hand
to find out, so a process without that drawing in memory (one just restarted, or the game's owner
when another shard answered the click) drew every hand again only to learn that nothing changed.
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
from fakediscord import FakeDiscord
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


async def test_a_pass_over_hands_that_show_the_stored_game_draws_none(
    fake: FakeDiscord,
    bots,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    bot, users = await two_people(fake, bots)
    await asyncio.wait_for(bot.reconciler.caught_up(), HANG_GUARD)
    user, hand = on_turn(fake, users)
    label = "Pass" if hand.component(label="Pass").get("disabled") is False else "Play"
    if label == "Play":
        hand = await click(user, hand, "Hint")
    await click(user, hand, label)
    game_id = game_id_of(hand)
    await asyncio.wait_for(bot.reconciler.caught_up(game_id), HANG_GUARD)
    drawn = count_draws(bot, monkeypatch)
    since = len(fake.requests)
    bot.reconciler.mark_dirty(game_id)
    await asyncio.wait_for(bot.reconciler.caught_up(game_id), HANG_GUARD)
    assert drawn == []
    assert not [r for r in fake.requests[since:] if r.method in ("PATCH", "POST") and "/messages" in r.path]


async def test_a_hint_stores_the_plain_hand_without_drawing_it_again(
    fake: FakeDiscord,
    bots,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    """The clicked hand is drawn with the hint on top; the row keeps the plain hand it already names."""
    bot, users = await two_people(fake, bots)
    await asyncio.wait_for(bot.reconciler.caught_up(), HANG_GUARD)
    user, hand = on_turn(fake, users)
    drawn = count_draws(bot, monkeypatch)
    hinted = await click(user, hand, "Hint")
    await asyncio.wait_for(bot.reconciler.caught_up(game_id_of(hand)), HANG_GUARD)
    assert "Hint:" in hinted.text
    assert len(drawn) == 1
