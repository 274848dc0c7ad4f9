"""Every click and every modal submit gets an answer, end to end in the offline Discord: custom ids a
modified client or a relay can send that look like Cardroom's but that no control claims (Carousel's
modal, opened again at once or submitted after a restart: tests/e2e/test_carousel_modal.py)."""

from __future__ import annotations

import pytest

from bench.players.carousel import quiet
from bench.players.common import click, open_lobby, start_bot, start_game
from bot.kit.decode import INVALID, STRAY
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message
from harness.offline import BotHarness

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
