"""Guild roles in the offline Discord (fakediscord/roles.py): GUILD_CREATE carries them with the bot's
managed role, the member-role routes add and remove roles, and Discord's refusals: 403/50013 without
Manage Roles or for a role at or above the bot's highest, 404/10011 for an unknown role."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord.ext import commands

from fakediscord import FakeDiscord
from fakediscord.model import Role
from fakediscord.probe import PROBE
from fakediscord.roles import MANAGE_ROLES
from harness.offline import BotHarness


def may_manage_roles(fake: FakeDiscord) -> None:
    fake.guild.app_permissions = str(int(fake.guild.app_permissions) | MANAGE_ROLES)


async def give(bot: commands.Bot, fake: FakeDiscord, role: Role | str, user_id: str | None = None) -> None:
    role_id = role.id if isinstance(role, Role) else role
    await bot.http.add_role(fake.guild.id, user_id or fake.users["alice"].id, role_id)


def refusal(error: pytest.ExceptionInfo[discord.HTTPException]) -> tuple[int, int]:
    return error.value.status, error.value.code


async def test_guild_create_carries_the_roles_with_the_bots_own_role_on_top(
    fake: FakeDiscord, bots: BotHarness
) -> None:
    """A new role sits just above @everyone, under the bot's managed role, which the bot holds."""
    champion = fake.guild.add_role("Champion")
    bot = await bots.start(extensions=PROBE)
    guild = bot.get_guild(int(fake.guild.id))
    assert guild is not None
    assert [r.name for r in guild.roles] == ["@everyone", "Champion", "cardroom"]
    assert guild.me.top_role.name == "cardroom" and guild.me.top_role.is_bot_managed()
    assert guild.get_role(int(champion.id)) is not None


async def test_a_role_below_the_bots_is_given_and_the_member_holds_it(fake: FakeDiscord, bots: BotHarness) -> None:
    """PUT .../roles/{role}: 204, the member object lists the role; a second PUT changes nothing."""
    may_manage_roles(fake)
    champion = fake.guild.add_role("Champion")
    bot = await bots.start(extensions=PROBE)
    await give(bot, fake, champion)
    await give(bot, fake, champion)
    alice = fake.users["alice"]
    member = await bot.http.get_member(fake.guild.id, alice.id)
    assert member["roles"] == [champion.id]
    assert fake.roles.given(fake.guild, alice.person, champion) == 1
    assert [r.status for r in fake.requests if "/roles/" in r.path] == [204, 204]


async def test_delete_takes_a_role_back(fake: FakeDiscord, bots: BotHarness) -> None:
    """DELETE .../roles/{role}: the member no longer holds it."""
    may_manage_roles(fake)
    champion = fake.guild.add_role("Champion")
    alice = fake.users["alice"]
    fake.guild.give(alice.person, champion)
    bot = await bots.start(extensions=PROBE)
    await bot.http.remove_role(fake.guild.id, alice.id, champion.id)
    assert (await bot.http.get_member(fake.guild.id, alice.id))["roles"] == []


async def test_without_manage_roles_the_bot_is_refused_50013(fake: FakeDiscord, bots: BotHarness) -> None:
    """The bot invited without Manage Roles: 403 Missing Permissions, and nobody gains the role."""
    champion = fake.guild.add_role("Champion")
    bot = await bots.start(extensions=PROBE)
    with pytest.raises(discord.Forbidden) as error:
        await give(bot, fake, champion)
    assert refusal(error) == (403, 50013)
    assert fake.guild.member_roles.get(fake.users["alice"].id, []) == []


async def test_a_role_above_the_bots_highest_is_refused_50013(fake: FakeDiscord, bots: BotHarness) -> None:
    """Manage Roles is not enough for a role dragged above the bot's own (Discord's role hierarchy)."""
    may_manage_roles(fake)
    above = fake.guild.add_role("Moderators", position=fake.guild.bot_role.position + 1)
    bot = await bots.start(extensions=PROBE)
    with pytest.raises(discord.Forbidden) as error:
        await give(bot, fake, above)
    assert refusal(error) == (403, 50013)


async def test_the_bots_own_role_cannot_be_given(fake: FakeDiscord, bots: BotHarness) -> None:
    """A role at the bot's highest position (its own managed role) is refused like one above it."""
    may_manage_roles(fake)
    bot = await bots.start(extensions=PROBE)
    with pytest.raises(discord.Forbidden) as error:
        await give(bot, fake, fake.guild.bot_role)
    assert refusal(error) == (403, 50013)


async def test_an_unknown_role_is_refused_10011(fake: FakeDiscord, bots: BotHarness) -> None:
    """A role id the guild does not have (deleted since): 404 Unknown Role."""
    may_manage_roles(fake)
    bot = await bots.start(extensions=PROBE)
    with pytest.raises(discord.NotFound) as error:
        await give(bot, fake, "123456789012345678")
    assert refusal(error) == (404, 10011)


async def test_a_person_outside_the_guild_is_refused_10007(fake: FakeDiscord, bots: BotHarness) -> None:
    """Giving a role to someone who is not a member: 404 Unknown Member."""
    may_manage_roles(fake)
    other = fake.add_guild("Second")
    stranger = fake.add_user("zoe", guild=other)
    champion = fake.guild.add_role("Champion")
    bot = await bots.start(extensions=PROBE)
    with pytest.raises(discord.NotFound) as error:
        await give(bot, fake, champion, stranger.id)
    assert refusal(error) == (404, 10007)


async def test_get_roles_lists_everyone_and_the_guilds_roles(fake: FakeDiscord, bots: BotHarness) -> None:
    """GET /guilds/{g}/roles: @everyone (the guild's id, position 0) and every role, positions in order."""
    champion = fake.guild.add_role("Champion")
    bot = await bots.start(extensions=PROBE)
    roles = await bot.http.get_roles(fake.guild.id)
    assert [(r["id"], r["position"]) for r in roles] == [
        (fake.guild.id, 0),
        (fake.guild.bot_role.id, 2),
        (champion.id, 1),
    ]


async def test_a_member_update_reaches_only_a_session_with_the_members_intent(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cardroom asks for no members intent: no GUILD_MEMBER_UPDATE. A session with it gets one, which
    discord.py parses into the member's new roles."""
    may_manage_roles(fake)
    champion = fake.guild.add_role("Champion")
    bot = await bots.start(extensions=PROBE)
    sent: list[tuple[str, Any]] = []
    dispatch = fake.dispatch

    async def recording(event: str, data: Any) -> None:
        sent.append((event, data))
        await dispatch(event, data)

    monkeypatch.setattr(fake, "dispatch", recording)
    await give(bot, fake, champion)
    assert [event for event, _ in sent] == []
    assert fake.identify is not None
    fake.identify["intents"] = int(fake.identify["intents"]) | (1 << 1)
    # Without the intent discord.py caches no other member: the bot itself takes the role here.
    updated = asyncio.ensure_future(bot.wait_for("member_update"))
    await give(bot, fake, champion, fake.bot_user.id)
    assert [event for event, _ in sent] == ["GUILD_MEMBER_UPDATE"]
    _, after = await fake.guarded(updated, 5.0, "discord.py to apply GUILD_MEMBER_UPDATE")
    assert after.id == int(fake.bot_user.id) and [r.name for r in after.roles] == ["@everyone", "Champion", "cardroom"]


async def test_a_deleted_role_is_unknown_and_nobody_holds_it(fake: FakeDiscord, bots: BotHarness) -> None:
    """A manager deletes a role: its holders lose it and giving it is 404 Unknown Role."""
    may_manage_roles(fake)
    champion = fake.guild.add_role("Champion")
    alice = fake.users["alice"]
    fake.guild.give(alice.person, champion)
    bot = await bots.start(extensions=PROBE)
    fake.guild.delete_role(champion)
    assert (await bot.http.get_member(fake.guild.id, alice.id))["roles"] == []
    with pytest.raises(discord.NotFound) as error:
        await give(bot, fake, champion)
    assert refusal(error) == (404, 10011)
