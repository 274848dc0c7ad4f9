"""The Bot subclass: what happens at start-up, in the order design §3 and the bot-core issue give."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)

# Extensions loaded at start-up. A cog that fails to load is logged and skipped, never fatal.
EXTENSIONS: tuple[str, ...] = ("cogs.about",)


class CardBot(commands.Bot):
    """Cardroom's client. Default intents only: no message content, no members (discord-notes C.8)."""

    def __init__(self, settings: Settings, *, extensions: tuple[str, ...] = EXTENSIONS) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self._extensions = extensions

    async def setup_hook(self) -> None:
        for name in self._extensions:
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                log.exception("could not load %s; the bot runs without it", name)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync to the development guild when one is set (instant), else globally."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))
