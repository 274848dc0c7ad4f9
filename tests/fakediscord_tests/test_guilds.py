"""Several guilds in the offline Discord: ids that spread over shards, GUILD_CREATE per guild at its
shard, interactions carrying their own guild, members and permissions per guild."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from bot.process.shards import ShardedCardBot
from fakediscord import FakeDiscord, Message
from fakediscord.probe import PROBE
from harness.offline import BotHarness


def test_the_nth_guild_is_on_shard_n_modulo_the_count() -> None:
    """Guild ids: the default guild is on shard 0 and the n-th added one on shard n % count, for 2, 3, 4, 8."""
    fake = FakeDiscord()
    added = [fake.guild, *(fake.add_guild(f"g{n}") for n in range(1, 8))]
    for count in (2, 3, 4, 8):
        assert [(int(g.id) >> 22) % count for g in added] == [n % count for n in range(8)]
    assert len({g.id for g in added}) == 8 and list(fake.guilds.values()) == added


def test_each_guild_has_its_own_channels_and_the_default_guild_keeps_its_names() -> None:
    """add_guild makes #general and #games in the new guild; `fake.channels` still names the default guild's."""
    fake = FakeDiscord()
    other = fake.add_guild("Second")
    assert {c.guild_id for c in other.channels} == {other.id}
    assert fake.channel is fake.guild.channel("games") and other.channel("games") is not fake.channel
    extra = fake.add_channel("side", guild=other)
    assert "side" not in fake.channels and fake.channel_by_id(extra.id) is extra
    assert fake.guild_of(extra) is other and fake.guild_of(fake.users["alice"].dm) is None


async def test_an_unsharded_bot_receives_every_guild(fake: FakeDiscord, bots: BotHarness) -> None:
    """One connection: READY lists both guilds and each GUILD_CREATE brings its own channels and members."""
    other = fake.add_guild("Second", channels=("lounge",))
    fake.add_user("zoe", guild=other)
    bot = await bots.start(extensions=PROBE)
    first, second = bot.get_guild(int(fake.guild.id)), bot.get_guild(int(other.id))
    assert first is not None and second is not None
    assert [c.name for c in second.text_channels] == ["lounge"]
    assert (first.member_count, second.member_count) == (7, 3)  # zoe is in the second guild only


async def test_sharded_bots_get_the_guilds_of_their_own_shard(fake: FakeDiscord, bots: BotHarness) -> None:
    """Shards 0 and 1 of 2: the default guild's GUILD_CREATE reaches shard 0 only, the second guild's shard 1."""
    other = fake.add_guild("Second")
    started = [
        await bots.start(factory=ShardedCardBot, shard_ids=[shard], shard_count=2, extensions=()) for shard in (0, 1)
    ]
    seen = [{guild.id for guild in bot.guilds} for bot in started]
    assert seen == [{int(fake.guild.id)}, {int(other.id)}]
    assert fake.shard_connected(0) and fake.shard_connected(1)


async def test_an_interaction_in_a_second_guild_carries_that_guild(fake: FakeDiscord, bots: BotHarness) -> None:
    """A slash command in the second guild's #games reaches the bot with that guild's id and channel."""
    other = fake.add_guild("Second")
    alice = fake.users["alice"]
    fake.add_member(other, alice)
    bot = await bots.start(extensions=PROBE)
    seen: list[discord.Interaction] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        seen.append(interaction)

    bot.add_listener(on_interaction)
    reply = await alice.slash("probe table", where=other.channel("games"))
    assert isinstance(reply, Message) and reply.channel_id == other.channel("games").id
    assert [(i.guild_id, i.channel_id) for i in seen] == [(int(other.id), int(other.channel("games").id))]


async def test_a_person_acts_only_in_guilds_they_belong_to(fake: FakeDiscord, bots: BotHarness) -> None:
    """A client shows a guild's channels to its members only: acting elsewhere is a test bug."""
    other = fake.add_guild("Second")
    await bots.start(extensions=PROBE)
    with pytest.raises(LookupError, match="not a member"):
        await fake.users["bob"].slash("probe table", where=other.channel("games"))


async def test_members_are_looked_up_in_their_own_guild(fake: FakeDiscord, bots: BotHarness) -> None:
    """GET /guilds/{g}/members/{u}: a member of the default guild is 10007 Unknown Member in the second,
    and an unknown guild is 10004."""
    other = fake.add_guild("Second")
    await bots.start(extensions=PROBE)
    alice = fake.users["alice"]
    headers = {"Authorization": f"Bot {fake.token}"}
    answers = []
    async with aiohttp.ClientSession(headers=headers) as session:
        for guild_id in (fake.guild.id, other.id, "42"):
            async with session.get(f"{fake.api_base}/guilds/{guild_id}/members/{alice.id}") as answer:
                answers.append((answer.status, (await answer.json())["code"] if answer.status != 200 else 0))
    assert answers == [(200, 0), (404, 10007), (404, 10004)]


async def test_each_guild_has_its_own_permissions(fake: FakeDiscord, bots: BotHarness) -> None:
    """A guild whose @everyone may not attach files, and whose interactions say the bot may not either:
    the bot's cache and the interaction show that guild's permissions, the default guild keeps its own."""
    other = fake.add_guild("Second")
    attach = 1 << 15
    other.permissions = str(int(other.permissions) & ~attach)
    other.app_permissions = str(int(other.app_permissions) & ~attach)
    alice = fake.users["alice"]
    fake.add_member(other, alice)
    bot = await bots.start(extensions=PROBE)
    first, second = bot.get_guild(int(fake.guild.id)), bot.get_guild(int(other.id))
    assert first is not None and second is not None
    assert first.default_role.permissions.attach_files and not second.default_role.permissions.attach_files
    seen: list[discord.Interaction] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        seen.append(interaction)

    bot.add_listener(on_interaction)
    await alice.slash("probe table", where=fake.channel)
    await alice.slash("probe table", where=other.channel("games"))
    assert [i.app_permissions.attach_files for i in seen] == [True, False]
