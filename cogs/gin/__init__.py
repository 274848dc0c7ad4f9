"""Gin Rummy at the table: the `/gin` commands (`cog`), the hand controls (`adapter`) and the words (`words`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.process.bot import CardBot


async def setup(bot: CardBot) -> None:
    """discord.py's extension entry point: `bot.load_extension("cogs.gin")`."""
    from cogs.gin.cog import Gin

    await bot.add_cog(Gin(bot))
