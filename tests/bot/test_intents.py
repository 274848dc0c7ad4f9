"""The bot asks for no message events and keeps no message cache (bot.process.bot's docstring; discord-notes C.8)."""

from __future__ import annotations

import discord

from bench.players.common import click, open_lobby, start_bot
from bot.process.bot import CardBot, intents
from fakediscord import FakeDiscord
from fakediscord.server import DIRECT_MESSAGES, GUILD_MESSAGES, PRIVILEGED_INTENTS


def test_c8_intents_are_the_defaults_without_message_events() -> None:
    """Default intents minus guild and DM messages; no privileged intent (members, presences, content)."""
    chosen = intents()
    expected = discord.Intents.default()
    expected.guild_messages = expected.dm_messages = False
    assert chosen == expected
    assert chosen.guilds and not chosen.messages
    assert chosen.value & PRIVILEGED_INTENTS == 0


async def test_c8_identify_asks_for_no_message_events(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The gateway session is opened without GUILD_MESSAGES and DIRECT_MESSAGES."""
    await start_bot(bots)
    assert fake.identify is not None
    assert int(fake.identify["intents"]) & (GUILD_MESSAGES | DIRECT_MESSAGES) == 0


async def test_c8_a_game_opens_with_no_message_cache(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Lobby, join and start work with max_messages=None: discord.py holds no messages at all."""
    bot = await start_bot(bots)
    assert isinstance(bot, CardBot)
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new", seats=2)
    lobby = await click(fake.users["bob"], lobby, "Join")
    table = await click(fake.users["alice"], lobby, "Start")
    assert table.attachments and table.attachments[0].is_png
    assert bot._connection.max_messages is None and not bot.cached_messages
