"""Carousel's "Type the table" modal is answered every time, end to end in the offline Discord: a
modal opened again right after the last one was submitted, and a modal submitted after a restart."""

from __future__ import annotations

import asyncio

import pytest

from bench.players.carousel import hint_cards, quiet
from bot.kit.ids import ComponentId
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message, Modal
from games.carousel import State
from harness.offline import BotHarness
from rendering.carousel import sort_hand
from tests.e2e.test_carousel_table import QUICK, first_meld_phase
from tests.waiting import HANG_GUARD


def wrong_table(state: State) -> str:
    """Three cards of the mover's hand as a table of their own: refused by the engine (the version stays)."""
    return " ".join(card.face.code for card in sort_hand(state.view(state.turn).hand)[:3])


async def test_reopened_modal_a_modal_opened_right_after_a_submit_is_answered(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Type the table" submitted, then opened again for the same hand before the first submit's
    handling has finished, then submitted: both submits are answered."""
    bot, mover, hand, state, _ = await first_meld_phase(
        fake, bots, monkeypatch, lambda s: bool(hint_cards(s.view(s.turn)))
    )
    typed = wrong_table(state)
    answered, go_on, finished = asyncio.Event(), asyncio.Event(), asyncio.Event()
    dispatch = bot.router.dispatch

    async def held_after_the_answer(interaction, cid: ComponentId, values):  # type: ignore[no-untyped-def]
        """The first typed table's handling, kept open after it has answered until the test says go on."""
        await dispatch(interaction, cid, values)
        if cid.action == "typed" and not go_on.is_set():
            answered.set()
            await go_on.wait()
            finished.set()

    monkeypatch.setattr(bot.router, "dispatch", held_after_the_answer)
    await quiet(bot)
    first = await mover.click(hand, label="Type the table")
    assert isinstance(first, Modal)
    refused = await mover.submit_modal(first, table=typed)
    assert isinstance(refused, Message) and "⚠️" in refused.text
    await asyncio.wait_for(answered.wait(), HANG_GUARD)
    second = await mover.click(refused, label="Type the table")  # the same hand, version and selection
    assert isinstance(second, Modal)
    go_on.set()
    await asyncio.wait_for(finished.wait(), HANG_GUARD)
    again = await mover.submit_modal(second, table=typed)
    assert isinstance(again, Message) and "⚠️" in again.text
    assert first.custom_id != second.custom_id


async def test_reopened_modal_a_modal_submitted_after_a_restart_is_answered(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A "Type the table" modal opened before a restart and submitted after it is answered as before."""
    bot, mover, hand, state, _ = await first_meld_phase(
        fake, bots, monkeypatch, lambda s: bool(hint_cards(s.view(s.turn)))
    )
    await quiet(bot)
    modal = await mover.click(hand, label="Type the table")
    assert isinstance(modal, Modal)
    await bots.stop(bot)
    restarted = await bots.start(tuning=QUICK)
    assert isinstance(restarted, CardBot)
    refused = await mover.submit_modal(modal, table=wrong_table(state))
    assert isinstance(refused, Message) and "⚠️" in refused.text
