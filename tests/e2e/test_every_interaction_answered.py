"""Every click and every modal submit gets an answer, end to end in the offline Discord: a modal opened
again right after the last one was submitted, a modal submitted after a restart, and custom ids a
modified client or a relay can send that look like Cardroom's but that no control claims."""

from __future__ import annotations

import asyncio

import pytest

from bench.players.carousel import hint_cards, quiet
from bench.players.common import click, open_lobby, start_bot, start_game
from bot.bot import CardBot
from bot.decode import INVALID, STRAY
from bot.ids import ComponentId
from bot.offline import BotHarness
from fakediscord import FakeDiscord, Message, Modal
from games.carousel import State
from rendering.carousel import sort_hand
from tests.e2e.test_carousel_table import QUICK, first_meld_phase


def wrong_table(state: State) -> str:
    """Three cards of the mover's hand as a table of their own: refused by the engine (the version stays)."""
    return " ".join(card.face.code for card in sort_hand(state.view(state.turn).hand)[:3])


async def test_reopened_modal_a_modal_opened_right_after_a_submit_is_answered(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """"Type the table" submitted, then opened again for the same hand before the first submit's
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
    await asyncio.wait_for(answered.wait(), 30)
    second = await mover.click(refused, label="Type the table")  # the same hand, version and selection
    assert isinstance(second, Modal)
    go_on.set()
    await asyncio.wait_for(finished.wait(), 30)
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


# Forged ids ---------------------------------------------------------------------------------------

FORGED = [
    "cr:1:" + "1" * 41 + ":play:1",  # a game id longer than any pattern takes
    "cr:1:" + "9" * 40 + ":play:1",  # past SQLite's integers
    "crt:" + "1" * 41 + ":1:0",
    "crt:" + "9" * 30 + ":1:0",
    "cx:" + "1" * 20 + ":1:next",
    "cx:1:x:next",
    "cb:thirteen:all:1:me",
    "cu:thirteen:" + "9" * 5 + ":1",
    "cs:" + "A" * 30,
    "cardroom:play:" + "x" * 30,
    "cr:",
]


async def live_table(fake: FakeDiscord, bots: BotHarness) -> tuple[CardBot, Message]:
    """Alice and Bob at a Thirteen table that has been dealt: the public table message (Components V2)."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await click(bob, await open_lobby(fake, alice, "thirteen new", seats=2), "Join")
    table = await start_game(fake, alice, lobby, [alice, bob])
    return bot, fake.message(table)


def refused_or_content_edits(fake: FakeDiscord, since: int) -> list[str]:
    """Requests since index `since` that Discord refused, or that edited a message with `content`."""
    return [
        f"{r.method} {r.path} {r.status}"
        for r in fake.requests[since:]
        if r.status >= 400 or (r.method == "PATCH" and isinstance(r.json, dict) and "content" in r.json)
    ]


def attach(fake: FakeDiscord, message: Message, custom_id: str) -> None:
    """Put a button with this id on a message of the offline Discord, as a relay could."""
    stored = fake.stored_message(message.id, message.channel_id)
    button = {"type": 2, "style": 2, "label": "▶", "custom_id": custom_id}
    stored.data["components"] = [*stored.data["components"], {"type": 1, "components": [button]}]


@pytest.mark.parametrize("attached", [False, True], ids=["sent", "attached"])
@pytest.mark.parametrize("custom_id", FORGED)
async def test_forged_ids_a_click_no_control_claims_is_answered_privately(
    fake: FakeDiscord, bots: BotHarness, custom_id: str, attached: bool
) -> None:
    """A click on the live table with an id shaped like Cardroom's but malformed or out of range, sent
    by a modified client or on a button attached to the table: a private answer, no request Discord
    refuses, nothing logged as an error (the harness checks)."""
    _, table = await live_table(fake, bots)
    if attached:
        attach(fake, table, custom_id)
    since = len(fake.requests)
    data = {"custom_id": custom_id, "component_type": 2}
    answer = await fake.start_interaction(fake.users["alice"].person, 3, data, fake.channel, fake.message(table))
    assert isinstance(answer, Message) and answer.ephemeral
    assert answer.text in (STRAY, INVALID)
    assert refused_or_content_edits(fake, since) == []


async def test_forged_ids_a_forged_modal_submit_is_answered_privately(fake: FakeDiscord, bots: BotHarness) -> None:
    """A modal submit with an id in Cardroom's modal scope that no modal of it has: a private answer."""
    _, table = await live_table(fake, bots)
    for custom_id in ("crm:" + "1" * 41 + ":1:0", "crm:" + "9" * 19 + ":1:0:ab", "crm:1:1:0:zz"):
        data = {"custom_id": custom_id, "components": [{"type": 18, "component": {"type": 4, "custom_id": "table"}}]}
        answer = await fake.start_interaction(fake.users["alice"].person, 5, data, fake.channel, table)
        assert isinstance(answer, Message) and answer.ephemeral and answer.text in (STRAY, INVALID), custom_id


async def test_forged_ids_a_replay_step_on_a_live_v2_table_is_answered_and_edits_nothing(
    fake: FakeDiscord, bots: BotHarness
) -> None:
    """A replay step button attached to the live Components V2 table (as a relay could): answered
    privately; the table is never edited with `content` (Discord refuses that with 50035) nor turned
    into a replay."""
    bot, table = await live_table(fake, bots)
    assert table.is_v2
    attach(fake, table, "cx:1:3:next")
    since = len(fake.requests)
    answer = await fake.users["alice"].click(table, custom_id="cx:1:3:next")
    assert isinstance(answer, Message) and answer.ephemeral and answer.text == STRAY
    await quiet(bot)
    assert refused_or_content_edits(fake, since) == [] and fake.message(table).is_v2
