"""The bot class for a process: one gateway connection (discord.py's default), or the shards it is given.

Discord sends each guild's events to shard `(guild_id >> 22) % shard_count` and every DM to shard 0;
`CARDROOM_SHARDS` / `CARDROOM_SHARD_COUNT` split the shards over processes, and discord.py's
`AutoShardedBot` runs a process's shards (`shard_ids`, `shard_count`) over one client. Which process
then does a game's work is not a question of shards: any process serves any click, and the game's
lease holder follows it up (bot.moves.ownership).
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from bot.process.bot import CardBot
from bot.process.config import Settings, Tuning


class ShardedCardBot(CardBot, commands.AutoShardedBot):
    """CardBot over several gateway shards in one process (discord.py's AutoShardedBot)."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to (DMs go to shard 0)."""
    return (guild_id >> 22) % shard_count


def make_bot(settings: Settings, *, tuning: Tuning | None = None, **options: Any) -> CardBot:
    """The bot for these settings: sharded when shards are named, else as one connection."""
    if settings.shard_count is None:
        return CardBot(settings, tuning=tuning, **options)
    return ShardedCardBot(
        settings, tuning=tuning, shard_ids=list(settings.shard_ids or ()), shard_count=settings.shard_count, **options
    )


def shards_of(bot: CardBot) -> str:
    """The health line's shard list: "0-1/4", or "-" for one unsharded connection."""
    if bot.settings.shard_count is None:
        return "-"
    ids = bot.settings.shard_ids or ()
    return f"{','.join(map(str, ids))}/{bot.settings.shard_count}"
