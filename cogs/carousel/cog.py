"""Carousel (manipulation rummy, rules.md §2) at the table: `/carousel new`, `/carousel rules`.

One name everywhere: the command, the rules and the table all say Carousel (rummy alone would be
ambiguous next to other rummy games). 2-5 seats, empty seats get computer players at Start. The game runs hand
after hand to the target (CA-13) with no new command: the engine scores each hand and deals the next.
The controls live in `cogs.carousel.adapter`, the words in `cogs.carousel.words`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.lobby import LEVEL_CHOICES, PACE_CHOICES, PACE_HELP, THREAD_HELP
from bot.kit.languages import reader_language
from bot.process.bot import CardBot
from cogs.carousel.adapter import MODAL_TEMPLATE, TypeTableButton, on_table_typed
from cogs.carousel.words import rules
from data import TurnTimer
from games.carousel import GAME


class Carousel(commands.Cog):
    group = app_commands.Group(
        name=GAME.command,
        description=locale_str("Carousel: rummy where the whole table is yours, 2-5 players"),
        guild_only=True,
    )

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # "Type the table" opens a modal, so it cannot go through the core's deferring router (see
        # cogs.carousel.adapter); its own DynamicItem keeps it working after a restart all the same.
        self.bot.add_dynamic_items(TypeTableButton)
        self.bot.unclaimed.add_modal(MODAL_TEMPLATE, on_table_typed)  # the modal it opens, read from its id

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TypeTableButton)
        self.bot.unclaimed.remove_modal(MODAL_TEMPLATE)

    @group.command(name="new", description=locale_str("Open a Carousel table in this channel"))
    @app_commands.describe(
        seats=locale_str("How many players (2-5); empty seats get computer players"),
        level=locale_str("How strong the computer players are"),
        pace=PACE_HELP,
        thread=THREAD_HELP,
        target=locale_str("Points that end the game (150 by default)"),
    )
    @app_commands.choices(
        level=LEVEL_CHOICES,
        pace=PACE_CHOICES,
    )
    async def new(
        self,
        interaction: discord.Interaction,
        seats: app_commands.Range[int, 2, 5] = 3,
        level: str = "normal",
        pace: str = "live",
        target: app_commands.Range[int, 1, 1000] = 150,
        thread: bool | None = None,
    ) -> None:
        await self.bot.lobby.open(
            interaction,
            GAME.kind,
            seats=seats,
            level=level,
            timer=TurnTimer(pace),
            thread=thread,
            options={"target": target},
        )

    @group.command(name="rules", description=locale_str("The rules of Carousel, in short"))
    async def rules(self, interaction: discord.Interaction) -> None:
        lang = await reader_language(self.bot.db, interaction) if self.bot.db is not None else "en"
        await interaction.response.send_message(rules(lang), ephemeral=True)
