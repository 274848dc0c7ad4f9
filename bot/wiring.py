"""What the bot's parts take from one another: small Protocols, so no part reaches back through the bot.

`CardBot.setup_hook` (bot.bot) is the composition root: it builds the game service, then the table
updater, the hand drawer, the reconciler, the endings, the sweeper and the router, handing each the
collaborators it works with. Each part names here the slice of a collaborator it uses, so a test can
hand it a tiny fake instead of the offline Discord, and none of them imports bot.bot.
"""

from __future__ import annotations

from typing import Protocol

import discord


class Channels(Protocol):
    """The slice of discord.Client that edits or posts a message by id, with no cache or fetch."""

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...


class Guilds(Protocol):
    """The slice of discord.Client that names a server (every DM hand says where it belongs)."""

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


class Marks(Protocol):
    """Asks for a pass over a game's messages (bot.reconciler): the messages follow the stored game."""

    def mark_dirty(self, game_id: int) -> None: ...
