"""/game: commands every table shares (my hand, leave, end), whatever the game.

Ending someone else's game is for the host, server managers (Manage Server) or the server's
games-manager role; everybody else gets a reason, never a silent failure.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.confirm import END, LEAVE, Question, end_question, leave_question
from bot.kit.languages import reader_language
from bot.kit.names import shown_name
from bot.kit.permissions import may_manage_game
from bot.process.bot import CardBot
from data import GameRecord, GameStatus
from locales import t

log = logging.getLogger(__name__)


class Tables(commands.Cog):
    game = app_commands.Group(name="game", description=locale_str("The game at this table"), guild_only=True)

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def _game_here(self, interaction: discord.Interaction) -> GameRecord | None:
        record = await self.bot.service.db.games.open_in_channel(interaction.channel_id or 0)
        if record is None:
            lang = await reader_language(self.bot.service.db, interaction)
            text = t(lang, "There is no game at this table right now.")
            await interaction.response.send_message(text, ephemeral=True)
        return record

    @game.command(name="hand", description=locale_str("Show your hand for the game in this channel (only you see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is None:
            return
        lang = await reader_language(self.bot.service.db, interaction)
        seat = record.seat_of(interaction.user.id)
        if seat is None or record.status is not GameStatus.ACTIVE or seat.is_computer:
            text = t(lang, "You don't have a hand in a running game here.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        loaded = await self.bot.service.load(record.id)
        await self.bot.reconciler.show_panel(interaction, loaded, seat.seat)  # every hand has one writer

    @game.command(
        name="leave", description=locale_str("Leave the game in this channel; a computer player takes your seat")
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is None:
            return
        lang = await reader_language(self.bot.service.db, interaction)
        seat = record.seat_of(interaction.user.id)
        if seat is None or seat.is_computer or record.status is not GameStatus.ACTIVE:
            text = t(lang, "You aren't playing in a running game here.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        # Asked once first: leaving cannot be undone and unrates the game (bot.flows.confirm).
        question = leave_question(lang)
        await self.bot.router.confirmations.ask(interaction, record.id, record.version, Question(LEAVE), question)

    @game.command(name="host", description=locale_str("Hand the host role of this table to another seated player"))
    @app_commands.describe(player=locale_str("A player seated at this table"))
    async def host(self, interaction: discord.Interaction, player: discord.Member) -> None:
        record = await self._game_here(interaction)
        if record is None:
            return
        lang = await reader_language(self.bot.service.db, interaction)
        if not await may_manage_game(self.bot.service.db, interaction, record.host_user_id):
            text = t(lang, "Only the host, server managers or the games-manager role can pass on the host role.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        seat = record.seat_of(player.id)
        if seat is None or seat.is_computer:
            await interaction.response.send_message(
                t(lang, "{name} isn't playing at this table.", name=shown_name(player.display_name)),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await self.bot.service.db.games.set_host(record.id, player.id)
        table_lang = await self.bot.service.table_language(record.guild_id)  # said in the channel: everyone reads it
        await interaction.response.send_message(
            t(table_lang, "{player} is now the host of table #{number}.", player=f"<@{player.id}>", number=record.id),
            allowed_mentions=discord.AllowedMentions(users=[player]),
        )
        record = await self.bot.service.db.games.get(record.id)
        if record.status is GameStatus.LOBBY and record.table_message_id and record.table_channel_id:
            message = self.bot.get_partial_messageable(record.table_channel_id).get_partial_message(
                record.table_message_id
            )
            try:
                await message.edit(
                    content=None,
                    view=await self.bot.lobby.card_for(record, t(table_lang, "The host role changed hands.")),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException:
                log.info("could not update the lobby of game %d", record.id)

    @game.command(
        name="end", description=locale_str("End the game in this channel (host, server managers, games managers)")
    )
    async def end(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is None:
            return
        lang = await reader_language(self.bot.service.db, interaction)
        if not await may_manage_game(self.bot.service.db, interaction, record.host_user_id):
            text = t(lang, "Only the host, server managers or the games-manager role can end this game.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        # Asked once first (bot.flows.confirm), which ends the game on Yes.
        question = end_question(lang)
        await self.bot.router.confirmations.ask(interaction, record.id, record.version, Question(END), question)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Tables(bot))
