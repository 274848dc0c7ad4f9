"""A game against the computer at once: no lobby, no Start, the table posted and the hand on its way.

The first-time path (`/cardroom`, then one button) seats the player and the computer players
straight away, starts the game and posts the table in the channel, or in a thread of its own when the
server plays each table in a thread (`/settings server`, bot.projection.threads), as `/<game> new` does; the
player's hand arrives by DM like every other hand (or through My hand when their DMs are closed).
Everything else about the game is the same as a table opened with `/<game> new`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.flows.lobby import LEVELS, busy_text, computer_name, table_row
from bot.kit.languages import reader_language
from bot.projection.threads import table_title, thread_name
from bot.projection.threads import thread_notice as translated_notice
from data import GameRecord, TurnTimer
from locales import listing, t

if TYPE_CHECKING:
    from bot.kit.wiring import TableStarts, ThreadOpener
    from bot.moves.service import GameService

log = logging.getLogger(__name__)

QUICK_LEVEL = LEVELS[1]  # "normal": the level a new player meets first


class QuickStart:
    """Starts a game against the computer; `lobby` posts its table, `threads` opens its thread."""

    def __init__(self, service: GameService, *, lobby: TableStarts, threads: ThreadOpener | None = None) -> None:
        self.service = service
        self.lobby = lobby
        self.threads = threads  # bot.projection.threads: a table in its own thread (None: never)

    async def start(self, interaction: discord.Interaction, kind: str) -> None:
        """Answer a first-time "Play" click: a running game in this channel, or a reason why not."""
        service = self.service
        adapter = service.adapters.get(kind)
        db = service.db
        lang = await reader_language(db, interaction)  # everything here is said to the player alone
        if adapter is None:
            text = t(lang, "That game is not available on this bot right now.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        if interaction.guild_id is None or interaction.channel_id is None:
            text = t(lang, "Games are played in a server channel, not here.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        guild = await db.settings.guild(interaction.guild_id)
        if not guild.allows_channel(interaction.channel_id):
            allowed = listing(lang, [f"<#{cid}>" for cid in sorted(guild.allowed_channel_ids)])
            text = t(lang, "Games on this server are played in {channels}.", channels=allowed)
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # a thread and a table take a while
        threads = self.threads if guild.threads else None
        options = adapter.parse_options({})
        record, thread_id, thread_notice = await table_row(
            service, threads, interaction, kind, guild, timer=TurnTimer.LIVE, options=options
        )
        # what the player is told beside the link: why there is no thread
        notices: list[str] = [translated_notice(lang, thread_notice)]
        seats = adapter.engine.min_players  # one person against the computer: the smallest table
        if not isinstance(record, GameRecord):
            text = await busy_text(service, record, lang)
            await interaction.followup.send("\n".join([text, *filter(None, notices)]), ephemeral=True)
            return
        # Seated and started with no request to Discord in between: a lobby with no recorded message is
        # closed after `Tuning.unseen_lobby_grace` (bot.process.sweeper), which a slow rename must not reach.
        async with service.lock(record.id):
            await db.games.add_player(record.id, interaction.user.id, interaction.user.display_name, max_seats=seats)
            names = [interaction.user.display_name]
            for _ in range(seats - 1):
                name = computer_name(QUICK_LEVEL, names)
                names.append(name)
                await db.games.add_computer(record.id, QUICK_LEVEL, name, max_seats=seats)
            loaded = await service.start(record.id)
            if thread_id is not None and self.threads is not None:  # its number exists now (bot.projection.threads)
                title = await table_title(service, record.guild_id, record.kind, record.options)
                name = thread_name(title, interaction.user.display_name, record.id)
                await self.threads.rename(record.id, thread_id, name)
            notices.append(translated_notice(lang, await self.lobby.begin(loaded)))
        loaded = await service.load(record.id)
        where = f"{record.guild_id}/{loaded.record.table_channel_id}/{loaded.record.table_message_id}"
        link = f"https://discord.com/channels/{where}"
        text = t(
            lang,
            "**{game}** #{number} has started against the computer: [the table]({link}). Your hand comes by "
            "direct message on your turn; **My hand** on the table shows it here too.",
            game=adapter.name(lang, record.options),
            number=record.id,
            link=link,
        )
        await interaction.followup.send("\n".join([text, *filter(None, notices)]), ephemeral=True)
