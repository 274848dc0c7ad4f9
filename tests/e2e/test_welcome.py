"""The bot's first message in a server: the /cardroom card with its Play buttons, once per server ever."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bench.players.common import click, start_bot
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message
from fakediscord.joins import join, new_guild
from fakediscord.model import Channel
from games import registry
from harness.offline import BotHarness

WELCOMED = "has joined this server"


def welcomes(fake: FakeDiscord, *channels: Channel) -> list[Message]:
    return [m for channel in channels for m in fake.messages(channel) if WELCOMED in m.text]


async def handled(caplog: pytest.LogCaptureFixture, text: str, seen: int, timeout: float = 5.0) -> None:
    """Until the bot logged `text` more than `seen` times: the join was handled (posted or not)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while sum(text in record.getMessage() for record in caplog.records) <= seen:
        assert loop.time() < deadline, f"the bot never logged {text!r}"
        await asyncio.sleep(0.01)


async def stored_welcome(bot: CardBot, guild_id: str, timeout: float = 5.0) -> tuple[int | None, int | None]:
    """Where the database says the welcome went, once it says so (the row is written after the post)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (stored := await bot.service.db.firsttime.welcome_of(int(guild_id))) in (None, (None, None)):
        assert loop.time() < deadline, "the welcome was never recorded"
        await asyncio.sleep(0.01)
    assert stored is not None
    return stored


async def test_joining_a_server_posts_the_cardroom_card_in_its_system_channel(
    fake: FakeDiscord, bots: BotHarness
) -> None:
    """A join brings one V2 card in the system channel: every game with its command and a Play button."""
    bot = await start_bot(bots)
    general = fake.channels["general"]
    await join(fake, system_channel=general)
    card = await fake.wait_for_message(general, lambda m: WELCOMED in m.text)
    assert card.is_v2 and not card.ephemeral and card.content == ""
    for kind in registry.kinds():
        adapter = bot.service.adapters[kind]
        assert f"`/{adapter.command_name} new`" in card.text
        assert card.component(label=f"Play {adapter.title}")["custom_id"] == f"cardroom:play:{kind}"
    assert await stored_welcome(bot, fake.guild.id) == (int(general.id), int(card.id))


async def test_the_welcome_is_posted_once_across_a_second_join_and_a_restart(
    fake: FakeDiscord, bots: BotHarness, caplog: pytest.LogCaptureFixture
) -> None:
    """Stored, so a repeated join (reconnect, re-invite) or a restarted bot never posts it again."""
    caplog.set_level(logging.DEBUG, logger="cogs.about.welcome")
    bot = await start_bot(bots)
    await join(fake)
    await fake.wait_for_message(fake.channels["general"], lambda m: WELCOMED in m.text)
    await join(fake)
    await handled(caplog, "was welcomed before", 0)
    await bots.stop(bot)
    await start_bot(bots)
    await join(fake)
    await handled(caplog, "was welcomed before", 1)
    assert len(welcomes(fake, *fake.channels.values())) == 1


async def test_without_a_system_channel_the_first_channel_that_takes_it_is_used(
    fake: FakeDiscord, bots: BotHarness
) -> None:
    """No system channel: the welcome goes to the first text channel by position (#general here)."""
    await start_bot(bots)
    other = new_guild(fake, "Second Server", channels=("lobby", "cards"))
    await join(fake, other)
    first, second = other.channels
    await fake.wait_for_message(first, lambda m: WELCOMED in m.text)
    assert welcomes(fake, second) == []


async def test_a_server_where_the_bot_may_not_post_is_logged_and_skipped(
    fake: FakeDiscord, bots: BotHarness, caplog: pytest.LogCaptureFixture
) -> None:
    """No channel lets the bot send: nothing is posted or even tried, a warning is logged, nothing raises."""
    bot = await start_bot(bots)
    locked = new_guild(fake, "Locked Server")
    before = len(fake.requests)
    await join(fake, locked, system_channel=locked.channels[0], send_denied=True)
    await handled(caplog, "lets me post the welcome", 0)
    assert welcomes(fake, *locked.channels) == []
    assert not [r for r in fake.requests[before:] if r.method == "POST" and "/messages" in r.path]
    assert await bot.service.db.firsttime.welcome_of(int(locked.id)) == (None, None)


async def test_a_refused_welcome_is_logged_and_skipped(
    fake: FakeDiscord, bots: BotHarness, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refuses the post (403/50013: permissions changed meanwhile): logged, not raised, not retried."""
    await start_bot(bots)
    general = fake.channels["general"]
    fake.fail("POST", rf"/channels/{general.id}/messages$", 403, code=50013)
    await join(fake, system_channel=general)
    await handled(caplog, "was refused", 0)
    await join(fake, system_channel=general)
    await asyncio.sleep(0.1)
    assert welcomes(fake, *fake.channels.values()) == []


async def test_the_welcome_play_button_starts_a_game_against_the_computer(fake: FakeDiscord, bots: BotHarness) -> None:
    """One tap on the welcome card: a game against the computer is running in that channel."""
    bot: CardBot = await start_bot(bots)
    await join(fake, system_channel=fake.channel)
    card = await fake.wait_for_message(fake.channel, lambda m: WELCOMED in m.text)
    kind = registry.kinds()[0]
    started = await click(fake.users["alice"], card, f"Play {bot.service.adapters[kind].title}")
    assert started.ephemeral and "has started against the computer" in started.text
    record = await bot.service.db.games.open_in_channel(int(fake.channel.id))
    assert record is not None and record.kind == kind
