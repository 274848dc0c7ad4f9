"""Schnapsen at the table: `/schnapsen new`, `/schnapsen rules` (presets Santase, Sixty-Six, Schnapsen).

A two-player table, against a person who presses Join or against a computer player (Start fills
the empty seat). The preset (D-SX-1: `santase` by default), the series target (SX-15) and the claim
mode (D-SX-3) are chosen when the table is opened. The series runs deal after deal with no new
command: the engine scores each deal and deals the next at once. The controls live in
`cogs.schnapsen.adapter`, the words in `cogs.schnapsen.words`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.lobby import LEVEL_CHOICES, PACE_CHOICES, PACE_HELP, THREAD_HELP
from bot.kit.languages import reader_language
from bot.process.bot import CardBot
from cogs.schnapsen.words import rules_text
from data import TurnTimer
from games.schnapsen import GAME

PRESET_CHOICES = [
    app_commands.Choice(name=locale_str("Santase: 24 cards, to 11 (default)"), value="santase"),
    app_commands.Choice(name=locale_str("Sixty-Six: 24 cards, to 7 (pagat rules)"), value="sixty_six"),
    app_commands.Choice(name=locale_str("Schnapsen: 20 cards, to 7"), value="schnapsen"),
    app_commands.Choice(
        name=locale_str("Tournament Schnapsen: 20 cards, to 7, claim 66 yourself"), value="schnapsen_tournament"
    ),
]


class Schnapsen(commands.Cog):
    group = app_commands.Group(
        name=GAME.command,
        description=locale_str("Schnapsen: Santase, Sixty-Six or Schnapsen rules, 2 players"),
        guild_only=True,
    )

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    @group.command(name="new", description=locale_str("Open a Schnapsen table in this channel"))
    @app_commands.describe(
        preset=locale_str("Which rules: Santase (default), Sixty-Six, 20-card Schnapsen or its tournament rules"),
        level=locale_str("How strong the computer opponent is (if nobody joins)"),
        pace=PACE_HELP,
        thread=THREAD_HELP,
        target=locale_str("Game points that win the series (default: 11 for Santase, 7 otherwise)"),
        claim=locale_str("auto: the deal ends at 66 by itself; memory: press Claim 66 (default: the preset's)"),
    )
    @app_commands.choices(
        preset=PRESET_CHOICES,
        level=LEVEL_CHOICES,
        pace=PACE_CHOICES,
        claim=[app_commands.Choice(name=n, value=n) for n in ("auto", "memory")],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str = "santase",
        level: str = "normal",
        pace: str = "live",
        target: app_commands.Range[int, 1, 99] | None = None,
        claim: str | None = None,  # None: the preset's own (memory for tournament Schnapsen)
        thread: bool | None = None,
    ) -> None:
        await self.bot.lobby.open(
            interaction,
            GAME.kind,
            seats=GAME.max_seats,  # always two
            level=level,
            timer=TurnTimer(pace),
            thread=thread,
            options={"preset": preset, "target": target, "claim_mode": claim},
        )

    @group.command(name="rules", description=locale_str("The rules of Schnapsen and its presets, in short"))
    @app_commands.describe(preset=locale_str("Show what this preset changes"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str = "santase") -> None:
        lang = await reader_language(self.bot.db, interaction) if self.bot.db is not None else "en"
        await interaction.response.send_message(rules_text({"preset": preset}, lang=lang)[:2000], ephemeral=True)
