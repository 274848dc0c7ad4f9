"""/cardroom: what the bot is, every game it hosts with its command, and one button each to play now.

The buttons are the first-time path: one tap from `/cardroom` to a running game against the computer
(bot.flows.quickstart). They are DynamicItems (`cardroom:play:<kind>`), so an old /cardroom message keeps
working after a restart. The same card is the bot's first message in a server it joins (cogs.about.welcome).

`/cardroom` answers in the asker's language; the welcome is read by the whole server, so it takes the
server's (bot.kit.languages, design §10). The games' own summaries are their words modules' and stay English.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.kit.ids import Scope, scope_pattern, scoped
from bot.kit.languages import reader_language, server_language
from bot.kit.layout import lobby_card
from bot.kit.texts import without_rule_ids
from cogs.about.welcome import welcome
from data import StorageFault
from games import registry
from locales import SOURCE, t

if TYPE_CHECKING:
    from bot.process.bot import CardBot


def welcome_again(lang: str) -> str:
    return t(lang, "`/cardroom` shows this again, only to you.")


WELCOME_AGAIN = welcome_again(SOURCE)

PLAY_ID = scope_pattern(Scope.PLAY, r"play:(?P<kind>[a-z]{1,20})")


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PLAY_ID):
    """The Play button of one game: starts a game against the computer in this channel."""

    def __init__(self, kind: str, title: str = "", lang: str = SOURCE) -> None:
        self.kind = kind
        super().__init__(
            discord.ui.Button(
                label=t(lang, "Play {game}", game=title or kind)[:80],
                style=discord.ButtonStyle.primary,
                emoji="▶️",
                custom_id=scoped(Scope.PLAY, "play", kind),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayButton:
        return cls(match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        if getattr(bot, "stopping", False):
            from bot.kit.texts import RESTARTING

            await interaction.response.send_message(RESTARTING, ephemeral=True)
            return
        await bot.quickstart.start(interaction, self.kind)  # bot.flows.quickstart, wired by CardBot.setup_hook


class About(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PlayButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PlayButton)

    def games(self) -> list[tuple[str, str, str, str]]:
        """(kind, title, command, summary line) for every game of the registry, in its order; the command
        is empty for a game whose cog is not loaded (it is listed, but cannot be played here)."""
        found = []
        adapters = getattr(getattr(self.bot, "service", None), "adapters", {})
        for kind in registry.kinds():
            adapter = adapters.get(kind)
            if adapter is None:
                name = registry.get(kind).name
                found.append((kind, name, "", name))
                continue
            summary = without_rule_ids(next((line for line in adapter.summary.splitlines() if line.strip()), ""))
            found.append((kind, adapter.title, adapter.command_name, summary))
        return found

    def menu_lines(self, lang: str = SOURCE) -> list[str]:
        """Every game with its command, then what the Play buttons do."""
        lines = [t(lang, "Cardroom hosts card games in this server:")]
        for _, name, command, summary in self.games():
            if command:
                line = t(lang, "• {summary} A table for friends: `/{command} new`.", summary=summary, command=command)
                lines.append(line[:400])
            else:
                lines.append(t(lang, "• **{game}** (not available on this bot right now).", game=name))
        lines.append(
            t(
                lang,
                "Press a **Play** button to start a game against the computer right now; `/rules` explains any game.",
            )
        )
        return lines

    def play_buttons(self, lang: str = SOURCE) -> list[PlayButton]:
        """One Play button per game this bot can start (5 rows of 5 buttons: Discord's cap for one message)."""
        playable = [(kind, title) for kind, title, command, _ in self.games() if command]
        return [PlayButton(kind, title, lang) for kind, title in playable[:25]]

    @app_commands.command(
        name="cardroom", description=locale_str("Which games Cardroom hosts, and a button to play one now")
    )
    async def cardroom(self, interaction: discord.Interaction) -> None:
        lang = await reader_language(self.bot.service.db, interaction)
        view = discord.ui.View(timeout=None)
        for item in self.play_buttons(lang):
            view.add_item(item)
        await interaction.response.send_message("\n".join(self.menu_lines(lang))[:2000], view=view, ephemeral=True)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """The bot was added to a server: its first message there is this card, once (cogs.about.welcome), in the
        server's language."""
        try:
            lang = await server_language(self.bot.service.db, guild.id, guild.preferred_locale.value)
        except StorageFault:  # the claim in cogs.about.welcome meets the same database and decides; English meanwhile
            lang = SOURCE
        header = t(lang, "👋 **Cardroom** has joined this server: card games for everyone here.")
        lines = [header, *self.menu_lines(lang)[1:], welcome_again(lang)]
        card = lobby_card("\n".join(lines), self.play_buttons(lang))
        await welcome(self.bot, guild, card)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(About(bot))
