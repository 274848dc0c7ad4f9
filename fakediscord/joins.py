"""The bot being added to a server: GUILD_CREATE as Discord sends it for a join.

At IDENTIFY the fake sends its guild as `unavailable: false` (discord.py: `on_guild_available`). When
the bot is added to a server, Discord sends that server's GUILD_CREATE with no `unavailable` key at
all, which discord.py turns into `on_guild_join`. `new_guild` builds another server (its channels
are reachable through REST at once); `join` sends the join event for it, or for the fake's own guild
"marked as new" (so people there can click what the bot posts).

A server where the bot may not post is a permission overwrite on each channel denying @everyone
Send Messages, as a locked-down server has: discord.py computes the bot's permissions from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from fakediscord.model import Channel, Guild, Json
from fakediscord.server import FakeDiscord

SEND_MESSAGES = 1 << 11


def new_guild(fake: FakeDiscord, name: str, channels: Sequence[str] = ("general", "games")) -> Guild:
    """Another server with the bot and the owner as members and these text channels."""
    guild = Guild(name, fake.owner, members=[fake.bot_user, fake.owner])
    guild.channels = [Channel(channel, guild.id, position=i) for i, channel in enumerate(channels)]
    for channel in guild.channels:
        fake._channels_by_id[channel.id] = channel  # posts and edits find the channel like any other
    return guild


def join_payload(guild: Guild, *, system_channel: Channel | None = None, send_denied: bool = False) -> Json:
    """GUILD_CREATE for a join: no `unavailable`; optionally a system channel and no Send Messages anywhere."""
    data = guild.json()
    del data["unavailable"]
    data["system_channel_id"] = system_channel.id if system_channel is not None else None
    if send_denied:
        deny = {"id": guild.id, "type": 0, "allow": "0", "deny": str(SEND_MESSAGES)}  # the @everyone role
        data["channels"] = [{**channel, "permission_overwrites": [deny]} for channel in data["channels"]]
    return data


async def join(
    fake: FakeDiscord, guild: Guild | None = None, *, system_channel: Channel | None = None, send_denied: bool = False
) -> None:
    """Dispatch the join of `guild` (default: the fake's own guild, as if the bot had just been added)."""
    chosen = guild if guild is not None else fake.guild
    await fake.dispatch("GUILD_CREATE", join_payload(chosen, system_channel=system_channel, send_denied=send_denied))
