"""Thirteen (Tiến lên) at the table: `/thirteen new` and `/thirteen rules`.

The hand controls live in `cogs.thirteen.adapter`, the words in `cogs.thirteen.words`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.lobby import LEVEL_CHOICES, PACE_CHOICES, PACE_HELP, THREAD_HELP
from bot.kit.languages import reader_language
from bot.process.bot import CardBot
from cogs.thirteen.words import rules
from data import TurnTimer
from games.thirteen import GAME


class Thirteen(commands.Cog):
    group = app_commands.Group(
        name=GAME.command, description=locale_str("Thirteen (Tiến lên), 2-4 players"), guild_only=True
    )

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    @group.command(name="new", description=locale_str("Open a Thirteen table in this channel"))
    @app_commands.describe(
        seats=locale_str("How many players (2-4); empty seats get computer players"),
        level=locale_str("How strong the computer players are"),
        pace=PACE_HELP,
        thread=THREAD_HELP,
        bomb_after_pass=locale_str("A player who passed may still bomb a 2"),
        over_chopping=locale_str("Bigger kinds of bomb beat smaller ones"),
        n_or_more_pairs=locale_str("A longer double sequence also chops what a shorter one does"),
        instant_wins=locale_str("Four 2s, a dragon, six pairs and the like win at the deal"),
        two_finish_loses=locale_str("Going out with a 2 takes the lowest free place"),
        games=locale_str("Games in the match (place points add up)"),
    )
    @app_commands.choices(
        level=LEVEL_CHOICES,
        pace=PACE_CHOICES,
    )
    async def new(
        self,
        interaction: discord.Interaction,
        seats: app_commands.Range[int, 2, 4] = 4,
        level: str = "normal",
        pace: str = "live",
        bomb_after_pass: bool = False,
        over_chopping: bool = False,
        n_or_more_pairs: bool = False,
        instant_wins: bool = False,
        two_finish_loses: bool = False,
        games: app_commands.Range[int, 1, 20] = 1,
        thread: bool | None = None,
    ) -> None:
        # Every house rule the engine knows (games.thirteen.Options), all off by default (D-TL-1).
        await self.bot.lobby.open(
            interaction,
            GAME.kind,
            seats=seats,
            level=level,
            timer=TurnTimer(pace),
            thread=thread,
            options={
                "bomb_after_pass": bomb_after_pass,
                "over_chopping": over_chopping,
                "n_or_more_pairs": n_or_more_pairs,
                "instant_wins": instant_wins,
                "two_finish_loses": two_finish_loses,
                "series_games": games,
            },
        )

    @group.command(name="rules", description=locale_str("The rules of Thirteen, in short"))
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = await reader_language(self.bot.db, interaction) if self.bot.db is not None else "en"
        await interaction.response.send_message(rules(lang), ephemeral=True)
