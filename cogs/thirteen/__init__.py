"""Thirteen in Discord: the extension `cogs.thirteen` (cog, hand and table controls, words).

`cog` holds the slash command group, `adapter` the `bot.moves.adapters.GameAdapter`, `words` the sentences
(no discord: the terminal table reads them too). Importing this package loads no discord; `setup`
does, when the bot loads the extension.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.process.bot import CardBot


async def setup(bot: CardBot) -> None:
    """discord.py's extension entry point."""
    from cogs.thirteen.cog import Thirteen

    await bot.add_cog(Thirteen(bot))
