"""Login, the gateway handshake, the watchdog and restarts."""

from __future__ import annotations

import aiohttp
import discord
import pytest
from discord.ext import commands

from fakediscord import BotCrashed, FakeDiscord, Message
from fakediscord.probe import PROBE
from harness.offline import BotHarness


async def test_login_syncs_commands_globally(fake: FakeDiscord, bot: commands.Bot) -> None:
    """login -> GET /users/@me + /oauth2/applications/@me, setup_hook syncs /cardroom globally."""
    assert bot.user is not None and str(bot.user.id) == fake.bot_user.id
    assert str(bot.application_id) == fake.app_id
    assert "cardroom" in [c["name"] for c in fake.commands[None]]


async def test_guild_create_delivers_the_guild_and_its_channels(fake: FakeDiscord, bot: commands.Bot) -> None:
    """GUILD_CREATE: member_count equals the members sent (bot included) and both text channels exist."""
    guild = bot.get_guild(int(fake.guild.id))
    assert guild is not None and guild.me is not None
    assert guild.member_count == len(fake.guild.members) == 7
    assert {c.name for c in guild.text_channels} == {"general", "games"}


async def test_identify_carries_the_bot_intents(fake: FakeDiscord, bot: commands.Bot) -> None:
    """IDENTIFY sends the bot's token and its intents value."""
    assert fake.identify is not None
    assert fake.identify["intents"] == bot.intents.value and fake.identify["token"] == fake.token


async def test_dev_guild_setting_syncs_to_that_guild(fake: FakeDiscord, bots: BotHarness) -> None:
    """CARDROOM_DEV_GUILD_ID: commands go to PUT /applications/{app}/guilds/{guild}/commands."""
    await bots.start(bots.settings(dev_guild_id=int(fake.guild.id)))
    assert "cardroom" in [c["name"] for c in fake.commands[fake.guild.id]] and None not in fake.commands


async def test_wrong_token_fails_login(fake: FakeDiscord, bots: BotHarness) -> None:
    """A token the fake does not know is 401 on GET /users/@me: discord.LoginFailure, reported by the watchdog."""
    with pytest.raises(BotCrashed) as caught:
        await bots.start(bots.settings(token="not-the-token"))
    assert isinstance(caught.value.__cause__, discord.LoginFailure)


async def test_watchdog_fails_the_wait_with_the_bots_exception(fake: FakeDiscord, bots: BotHarness) -> None:
    """A malformed INTERACTION_CREATE (no `version`) kills discord.py's task; the wait raises BotCrashed(KeyError)."""
    bot = await bots.start()
    await fake.dispatch("INTERACTION_CREATE", {"id": "1", "type": 2, "token": "t", "application_id": fake.app_id})
    with pytest.raises(BotCrashed) as caught:
        await fake.wait_for_message(fake.channel, timeout=5.0)
    assert isinstance(caught.value.__cause__, KeyError)
    with pytest.raises(BotCrashed):
        await bots.stop(bot)


async def test_second_bot_on_the_same_fake_handles_old_buttons(fake: FakeDiscord, bots: BotHarness) -> None:
    """Restart: after stopping the first bot, a second one logs in and a persistent view still answers."""
    first = await bots.start(extensions=PROBE)
    table = await fake.users["alice"].slash("probe table")
    assert isinstance(table, Message)
    await bots.stop(first)
    assert not fake.connected
    second = await bots.start(extensions=PROBE)
    assert second is not first and second.settings.database_path == first.settings.database_path  # type: ignore[attr-defined]
    joined = await fake.users["bob"].click(table, label="Join")
    assert isinstance(joined, Message) and joined.content == "bob joined"


async def test_a_second_response_is_refused_with_40060(fake: FakeDiscord, bot: commands.Bot) -> None:
    """C.1: one interaction takes one initial response; the second callback POST is 400/40060."""
    await fake.users["alice"].slash("cardroom")
    callback = await fake.wait_for_request("POST", r"^/interactions/\d+/[^/]+/callback$")
    async with (
        aiohttp.ClientSession() as session,
        session.post(fake.api_base + callback.path, json=callback.json) as answer,
    ):
        body = await answer.json()
    assert (answer.status, body["code"]) == (400, 40060)


async def test_a_sharded_identify_gets_only_its_guilds_and_guild_events_follow_the_shard(
    fake: FakeDiscord, bots: BotHarness
) -> None:
    """IDENTIFY with `shard: [id, 2]`: READY lists the guild only on shard (guild_id >> 22) % 2, and an
    event of the guild goes to that shard's session while a DM event goes to shard 0's."""
    from bot.process.shards import ShardedCardBot

    started = [
        await bots.start(factory=ShardedCardBot, shard_ids=[shard], shard_count=2, extensions=()) for shard in (0, 1)
    ]
    assert fake.identify is not None and fake.identify["shard"] == [1, 2] and fake.shard_count == 2
    home = fake.shard_of(fake.guild.id)
    assert [bot.get_guild(int(fake.guild.id)) is not None for bot in started] == [home == 0, home == 1]
    dm = fake.session_for({"channel_id": "1"})
    assert dm is not None and fake.session_for({"guild_id": str(2 << 22)}) is dm
    assert fake.session_for({"guild_id": str(1 << 22)}) not in (None, dm)
