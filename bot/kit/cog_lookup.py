"""Find a loaded cog by its class, typed.

A persistent component's callback gets `interaction.client`, typed as a plain `discord.Client`, which
has no `get_cog`; the cog it needs may also be unloaded while an old message still shows its buttons.
`find_cog` answers both: the cog when this bot has it loaded, otherwise None, with the cog's own type.
"""

from __future__ import annotations

from typing import TypeVar

import discord
from discord.ext import commands

CogT = TypeVar("CogT", bound=commands.Cog)


def find_cog(client: discord.Client, kind: type[CogT]) -> CogT | None:
    """The loaded cog of class `kind`, or None (not a commands.Bot, or the cog is not loaded)."""
    cog = client.get_cog(kind.__cog_name__) if isinstance(client, commands.Bot) else None
    return cog if isinstance(cog, kind) else None
