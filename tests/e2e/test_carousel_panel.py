"""The ephemeral hand panel (My hand, the fallback for closed DMs) is a Components V2 card like the DM hand,
first-game tips included, and stays one when a click on it redraws it."""

from __future__ import annotations

import pytest

from bench.players.carousel import COMPUTER, HINT, Table, controls, engine_options, find_seed, open_table, press
from bench.players.common import start_bot
from bot.kit.layout import MAX_COMPONENTS
from cogs.carousel.guide import MARK
from fakediscord import FakeDiscord, Message
from tests.e2e.seeds import fixed_seed

SHORT = engine_options(target=30)


def assert_v2_hand(message: Message) -> None:
    assert message.ephemeral and message.is_v2 and message.content == "" and not message.embeds
    assert message.components[0]["type"] == 17  # one container: header, picture, status, controls
    assert len(message.attachments) == 1 and message.media_urls == [message.attachments[0].url]
    assert len(list(message.walk())) <= MAX_COMPONENTS


async def test_the_ephemeral_hand_is_a_v2_card_before_and_after_a_click(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Closed DMs: My hand answers with a V2 card (with the first turn's tip); Draw redraws it, still V2."""
    seed = find_seed(lambda s: Table(s, 2, SHORT, (HINT, COMPUTER)).start().turn == 0)
    fixed_seed(monkeypatch, seed)
    erin = fake.users["erin"]
    erin.dms_open = False
    bot = await start_bot(bots)
    lobby = await open_table(fake, erin, seats=2, target=SHORT["target"])
    table = await erin.click(lobby, label="Start")
    assert isinstance(table, Message)
    await fake.wait_for_message(fake.channel, lambda m: "can't send you direct messages" in m.text)
    panel = await erin.click(table, label="My hand")
    assert isinstance(panel, Message)
    assert_v2_hand(panel)
    assert "Your turn" in panel.text and MARK in panel.text and controls(panel, "draw", enabled=True)
    drawn = await press(bot, erin, panel, "draw")
    assert_v2_hand(drawn)
    assert drawn.id == panel.id and "Your first turn." not in drawn.text
