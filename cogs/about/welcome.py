"""The bot's first message in a server it joins: the /cardroom card, once per server, ever.

Discord sends GUILD_CREATE without `unavailable` when the bot is added to a server (discord.py's
`on_guild_join`); a reconnect or a restart brings the servers back as available, not joined, and a
server that removes and re-adds the bot joins again. The welcome is claimed in the database before it
is posted (data.firsttime), so none of these repeats it, nor a second process: at most once, even
across a crash between the claim and the post (a lost welcome is better than two).

Where: the server's system channel (where Discord itself greets new members) if the bot may post
there, else the first text channel in the sidebar's order that it may. A server where no channel
would take it, or one that refuses the post (403: permissions changed meanwhile), is logged and
skipped: never raised, never retried, and no request is spent on a channel the bot cannot use.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from data import StorageFault

if TYPE_CHECKING:
    from bot.process.bot import CardBot

log = logging.getLogger(__name__)


def welcome_channel(guild: discord.Guild) -> discord.TextChannel | None:
    """The system channel, else the first text channel (by position) where the bot may view and send."""
    me = guild.me
    if me is None:
        return None
    ordered = sorted(guild.text_channels, key=lambda channel: (channel.position, channel.id))
    candidates = [guild.system_channel, *ordered] if guild.system_channel is not None else ordered
    for channel in candidates:
        allowed = channel.permissions_for(me)
        if allowed.view_channel and allowed.send_messages:
            return channel
    return None


async def welcome(bot: CardBot, guild: discord.Guild, card: discord.ui.LayoutView) -> discord.Message | None:
    """Post `card` in `guild` unless it was ever welcomed; the message, or None when nothing was posted."""
    db = bot.service.db
    try:
        claimed = await db.firsttime.claim_welcome(guild.id, at=bot.service.clock())
    except StorageFault as fault:  # unclaimed, it could be posted twice: better not at all
        log.warning("the welcome in server %s was not posted: the database refused its claim (%s)", guild.id, fault)
        return None
    if not claimed:
        log.debug("server %s was welcomed before", guild.id)
        return None
    channel = welcome_channel(guild)
    if channel is None:
        log.warning("no channel of server %s lets me post the welcome (View Channel, Send Messages); skipped", guild.id)
        return None
    try:
        message = await channel.send(view=card)
    except discord.HTTPException as error:  # 403/50013 (missing permissions), 50001, or a Discord failure
        log.warning("the welcome in server %s was refused (%s %s); skipped", guild.id, error.status, error.code)
        return None
    try:
        await db.firsttime.welcomed(guild.id, channel.id, message.id)
    except StorageFault as fault:  # posted and claimed: only where it went is not kept
        log.warning("the welcome in server %s was posted but not recorded (%s)", guild.id, fault)
    log.info("welcomed server %s in channel %s", guild.id, channel.id)
    return message
