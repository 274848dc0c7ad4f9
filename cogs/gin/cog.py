"""Gin Rummy at the table: `/gin new` and `/gin rules`.

A two-player table (GR-1), against a person who presses Join or against a computer player (Start
fills the empty seat). The Oklahoma (GR-12) and Hollywood (GR-13) switches and the game target are
chosen when the table is opened. The match runs hand after hand with no new command: the engine scores
each hand and deals the next at once. The controls live in `cogs.gin.adapter`, the words in
`cogs.gin.words`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.lobby import LEVEL_CHOICES, PACE_CHOICES, PACE_HELP, THREAD_HELP
from bot.kit.languages import reader_language
from bot.process.bot import CardBot
from cogs.gin.words import rules_text
from data import TurnTimer
from games.gin import GAME


class Gin(commands.Cog):
    group = app_commands.Group(
        name=GAME.command, description=locale_str("Gin Rummy (Oklahoma and Hollywood too), 2 players"), guild_only=True
    )

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    @group.command(name="new", description=locale_str("Open a Gin Rummy table in this channel"))
    @app_commands.describe(
        oklahoma=locale_str("Oklahoma Gin: the upcard sets the knock limit, spades double, game to 150"),
        hollywood=locale_str("Hollywood scoring: three games scored at once"),
        level=locale_str("How strong the computer opponent is (if nobody joins)"),
        pace=PACE_HELP,
        thread=THREAD_HELP,
        target=locale_str("Points that win a game (default: 100, or 150 with Oklahoma)"),
    )
    @app_commands.choices(level=LEVEL_CHOICES, pace=PACE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        oklahoma: bool = False,
        hollywood: bool = False,
        level: str = "normal",
        pace: str = "live",
        target: app_commands.Range[int, 10, 1000] | None = None,
        thread: bool | None = None,
    ) -> None:
        await self.bot.lobby.open(
            interaction,
            GAME.kind,
            seats=GAME.max_seats,  # GR-1: always two
            level=level,
            timer=TurnTimer(pace),
            thread=thread,
            options={"oklahoma": oklahoma, "hollywood": hollywood, "target": target},
        )

    @group.command(name="rules", description=locale_str("The rules of Gin Rummy, in short"))
    @app_commands.describe(
        oklahoma=locale_str("Show what Oklahoma Gin changes"), hollywood=locale_str("Show how Hollywood scoring works")
    )
    async def rules(self, interaction: discord.Interaction, oklahoma: bool = False, hollywood: bool = False) -> None:
        lang = await reader_language(self.bot.db, interaction) if self.bot.db is not None else "en"
        text = rules_text({"oklahoma": oklahoma, "hollywood": hollywood}, lang=lang)
        await interaction.response.send_message(text[:2000], ephemeral=True)
