"""/cardroom: what the bot is and which games it hosts."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from games import registry


class About(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="cardroom", description="What Cardroom is and which games it hosts")
    async def cardroom(self, interaction: discord.Interaction) -> None:
        games = ", ".join(game.name for game in registry.games())
        await interaction.response.send_message(
            f"Cardroom hosts card games in this server: {games}. Start one with its slash command.",
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(About(bot))
