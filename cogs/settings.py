"""/settings: a player's own preferences, deleting their data, and the server's settings for managers.

Player settings are changed by the player's own command and nobody else's: there is no user option,
so nobody can change someone else's. Server settings need Manage Server or the games-manager role
(`bot.permissions`), checked on the command and again on every click of the server panel, because
a custom id is not a secret.

Every setting is read by the table machinery when it matters, so a change takes effect from the
next game or turn: hand delivery and closed DMs (bot.hands), turn notices (bot.reconciler), allowed
channels and turn timers (bot.lobby, for new lobbies), whether computer games count (stats), the
games-manager role (ending games, this panel), opting out of boards (leaderboards, stats, history),
first-game tips (bot.guide, from the next hand message drawn).

Server panel components are a DynamicItem `cs:<action>` (and `cs:erase:<user>` / `cs:keep:<user>`
for the delete-my-data confirmation), registered when the cog loads.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cog_lookup import find_cog
from bot.decode import INVALID, strict_int
from bot.ids import Scope, scope_pattern, scoped
from bot.layout import notice_kwargs
from bot.permissions import NOT_A_MANAGER, is_games_manager
from bot.texts import count, duration
from cogs.stats import selected_values
from data import Database, Erasure, GameStatus, GuildSettings, HandDelivery, TurnNotice, UserSettings
from data.models import SeasonLength, SeasonReset
from data.privacy import ERASED_NAME

if TYPE_CHECKING:
    from bot.bot import CardBot

log = logging.getLogger(__name__)

# Choices offered for turn timers (seconds). Live games answer in seconds or minutes, casual games in
# hours or days (notes E.6); a select holds at most 25 options (discord-notes C.1).
LIVE_CHOICES = (30, 60, 90, 120, 180, 300, 600)
CASUAL_CHOICES = (3600, 4 * 3600, 12 * 3600, 24 * 3600, 2 * 86400, 3 * 86400, 7 * 86400)
TIMER_CHOICES = {"live": LIVE_CHOICES, "casual": CASUAL_CHOICES}  # a forged value outside them is refused
MAX_ALLOWED_CHANNELS = 25  # a channel select picks at most 25

SETTINGS_ID = scope_pattern(Scope.SETTINGS, r"(?P<action>[a-z]{1,20})(?::(?P<user>[0-9]{1,20}))?")


TURN_NOTICE_TEXT = {
    TurnNotice.EVERY: "every turn",
    TurnNotice.CASUAL: "in casual games only",
    TurnNotice.OFF: "never",
}


def on_off(value: bool) -> str:
    return "on" if value else "off"


def describe_user(settings: UserSettings) -> str:
    hand = "by direct message" if settings.hand_delivery is HandDelivery.DM else "in the My hand panel"
    lines = [
        f"• Hand: {hand}" + (" (your DMs are closed to me, so the panel is used)" if settings.dm_closed else ""),
        f"• Tell me when my turn starts: {TURN_NOTICE_TEXT[settings.turn_notice]}",
        f"• Leaderboards: {'hidden (opted out)' if settings.leaderboard_opt_out else 'listed'}",
    ]
    return "\n".join(lines)


def describe_guild(settings: GuildSettings) -> str:
    channels = ", ".join(f"<#{c}>" for c in sorted(settings.allowed_channel_ids)) or "every channel"
    role = f"<@&{settings.manager_role_id}>" if settings.manager_role_id else "none (Manage Server only)"
    lines = [
        f"• Live turn timer: {duration(settings.live_turn_seconds)}",
        f"• Casual turn timer: {duration(settings.casual_turn_seconds)}",
        f"• Games allowed in: {channels}",
        f"• Games-manager role: {role}",
        f"• Games with computer players count in stats: {'yes' if settings.computer_games_count else 'no'}",
        f"• Each table in its own thread: {on_off(settings.threads)}",
        f"• Seasons: {season_text(settings)}",
    ]
    return "\n".join(lines)


def season_text(settings: GuildSettings) -> str:
    """How the server's seasons run, in the words of the panel (data.seasons)."""
    if settings.season_length is SeasonLength.OFF:
        return "off (one all-time leaderboard)"
    reset = "everyone starts fresh" if settings.season_reset is SeasonReset.FRESH else RESET_CARRY_TEXT
    return f"{settings.season_length.value}, ratings at a new season: {reset}"


RESET_CARRY_TEXT = "last season's rating, less certain"


class SettingsControl(discord.ui.DynamicItem[discord.ui.Item[Any]], template=SETTINGS_ID):
    """Any control of a settings panel; the action in the custom id says which."""

    def __init__(self, item: discord.ui.Item[Any], action: str = "", user: int | None = None) -> None:
        super().__init__(item)
        self.action, self.user = action, user

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SettingsControl:
        return cls(item, match["action"], int(match["user"]) if match["user"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, Settings)
        if cog is None:
            return
        values = selected_values(interaction)
        await cog.on_control(interaction, self.action, self.user, values)


def control(item: discord.ui.Item[Any], action: str, user: int | None = None) -> SettingsControl:
    return SettingsControl(item, action, user)


class Settings(commands.Cog):
    settings = app_commands.Group(name="settings", description="Your Cardroom settings", guild_only=True)

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SettingsControl)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SettingsControl)

    @property
    def db(self) -> Database:
        return self.bot.service.db

    # -- player settings ---------------------------------------------------------------------------

    @settings.command(name="show", description="Your settings, and this server's")
    async def show(self, interaction: discord.Interaction) -> None:
        mine = await self.db.settings.user(interaction.user.id)
        server = await self.db.settings.guild(interaction.guild_id or 0)
        tips = "off" if await self.db.firsttime.tips_off(interaction.user.id) else f"on ({self.guided_games()})"
        text = (
            f"**Your settings**\n{describe_user(mine)}\n• Tips in your first game: {tips}\n\n"
            f"**This server**\n{describe_guild(server)}"
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @settings.command(name="hand", description="Get your hand by direct message or in the My hand panel")
    @app_commands.describe(delivery="dm: I send your hand privately; panel: press My hand on the table")
    @app_commands.choices(
        delivery=[
            app_commands.Choice(name="direct message", value=HandDelivery.DM.value),
            app_commands.Choice(name="My hand panel", value=HandDelivery.PANEL.value),
        ]
    )
    async def hand(self, interaction: discord.Interaction, delivery: str) -> None:
        chosen = HandDelivery(delivery)
        # Choosing DMs again clears the remembered refusal: the player says they opened their DMs.
        reset = False if chosen is HandDelivery.DM else None
        new = await self.db.settings.update_user(interaction.user.id, hand_delivery=chosen, dm_closed=reset)
        await self._saved(interaction, new)

    @settings.command(name="turns", description="When to tell you that your turn has started")
    @app_commands.describe(
        notify="A new DM with your hand (or a mention in the channel, without DMs) when your turn starts"
    )
    @app_commands.choices(
        notify=[
            app_commands.Choice(name="every turn", value=TurnNotice.EVERY.value),
            app_commands.Choice(name="casual games only", value=TurnNotice.CASUAL.value),
            app_commands.Choice(name="off", value=TurnNotice.OFF.value),
        ]
    )
    async def turns(self, interaction: discord.Interaction, notify: str) -> None:
        new = await self.db.settings.update_user(interaction.user.id, turn_notice=TurnNotice(notify))
        await self._saved(interaction, new)

    @settings.command(name="leaderboard", description="Be listed on leaderboards, or keep your results private")
    @app_commands.describe(listed="False hides you from boards; others can't see your stats or history")
    async def leaderboard(self, interaction: discord.Interaction, listed: bool) -> None:
        new = await self.db.settings.update_user(interaction.user.id, leaderboard_opt_out=not listed)
        await self._saved(interaction, new)

    @settings.command(name="tips", description="Tips on your hand in your first game of a game that has a guide")
    @app_commands.describe(shown="False: no more tips; True: your next game shows them again from the start")
    async def tips(self, interaction: discord.Interaction, shown: bool) -> None:
        await self.db.firsttime.set_tips(interaction.user.id, shown, at=self.bot.service.clock())
        text = (
            f"Saved. Your next game shows tips again from its first turn ({self.guided_games()})."
            if shown
            else "Saved. No more tips on your hand; `/settings tips shown:True` brings them back."
        )
        await interaction.response.send_message(text, ephemeral=True)

    def guided_games(self) -> str:
        """The games with a guided first game (bot.guide), by name."""
        titles = [adapter.title for adapter in self.bot.service.adapters.values() if adapter.guide]
        return ", ".join(titles) or "no game has tips yet"

    @staticmethod
    async def _saved(interaction: discord.Interaction, settings: UserSettings) -> None:
        await interaction.response.send_message(f"Saved. Your settings now:\n{describe_user(settings)}", ephemeral=True)

    # -- delete my data ----------------------------------------------------------------------------

    @settings.command(name="delete-my-data", description="Delete your results, ratings and settings")
    async def delete_my_data(self, interaction: discord.Interaction) -> None:
        user = interaction.user.id
        view = discord.ui.View(timeout=None)
        view.add_item(
            control(
                discord.ui.Button(
                    label="Yes, delete my data",
                    style=discord.ButtonStyle.danger,
                    custom_id=scoped(Scope.SETTINGS, "erase", user),
                ),
                "erase",
                user,
            )
        )
        view.add_item(
            control(discord.ui.Button(label="Keep it", custom_id=scoped(Scope.SETTINGS, "keep", user)), "keep", user)
        )
        await interaction.response.send_message(
            "This deletes your ratings and settings in every server and removes your name from all stored "
            "results (other players' results stay, credited to “Deleted player”). If you are seated in a game, "
            "a computer player takes your seat. This cannot be undone.",
            view=view,
            ephemeral=True,
        )

    async def erase(self, interaction: discord.Interaction) -> str:
        """Leave every open game, then erase. Returns the summary for the player."""
        user = interaction.user
        service = self.bot.service
        left = 0
        for record in await self.db.games.open_games_of(user.id):
            seat = record.seat_of(user.id)
            if seat is None or seat.is_computer:
                continue
            if record.status is GameStatus.LOBBY:
                await self._leave_lobby(record.id, seat.seat, user.id)
            else:
                # "left the game" is posted after the erasure: it names the seat as the erasure will
                await self.bot.endings.leave(await service.load(record.id), seat.seat, ERASED_NAME)
            left += 1
        # Games still running with a computer in the seat are settled by the storage layer when they end.
        erasure = await self.db.privacy.erase_user(user.id, at=service.clock())
        log.info("user data erased on request (%d games left)", left)
        return erasure_text(erasure, left)

    async def _leave_lobby(self, game_id: int, seat: int, user_id: int) -> None:
        """Take the seat out of a lobby; the host role passes on, or the lobby closes if nobody is left."""
        service = self.bot.service
        async with service.lock(game_id):
            record = await self.db.games.remove_seat(game_id, seat)
            humans = [s for s in record.seats if s.user_id is not None and not s.is_computer]
            if record.host_user_id == user_id:
                if humans:
                    await self.db.games.set_host(game_id, humans[0].user_id or 0)
                else:
                    await self.db.games.abandon(game_id, at=service.clock(), reason="the host left")
                    service.ended(game_id)  # a lobby's thread is archived at once (bot.threads)
            record = await self.db.games.get(game_id)
        if record.table_message_id is None or record.table_channel_id is None:
            return
        message = self.bot.get_partial_messageable(record.table_channel_id).get_partial_message(record.table_message_id)
        try:
            if record.status is GameStatus.LOBBY:
                await message.edit(
                    content=None,
                    view=self.bot.lobby.card(record, "A player left."),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            else:
                await message.edit(**notice_kwargs(f"Table #{record.id} closed: the host left."))
        except discord.HTTPException:
            log.info("could not update the lobby of game %d", game_id)

    # -- server settings ---------------------------------------------------------------------------

    @settings.command(name="server", description="Server settings: turn timers, channels, manager role")
    async def server(self, interaction: discord.Interaction) -> None:
        if not await is_games_manager(self.db, interaction):
            await interaction.response.send_message(NOT_A_MANAGER, ephemeral=True)
            return
        server = await self.db.settings.guild(interaction.guild_id or 0)
        await interaction.response.send_message(
            **self.server_panel(server), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @staticmethod
    def server_panel(server: GuildSettings, notice: str = "") -> dict[str, Any]:
        """Four selects and four buttons: five rows, Discord's maximum for a message (discord-notes C.1)."""

        def timer_select(action: str, choices: tuple[int, ...], current: int, label: str) -> SettingsControl:
            values = sorted({*choices, current})
            options = [
                discord.SelectOption(label=f"{label}: {duration(v)}", value=str(v), default=v == current)
                for v in values
            ]
            return control(discord.ui.Select(custom_id=scoped(Scope.SETTINGS, action), options=options[:25]), action)

        channels: discord.ui.ChannelSelect[Any] = discord.ui.ChannelSelect(
            custom_id=scoped(Scope.SETTINGS, "channels"),
            channel_types=[discord.ChannelType.text],
            placeholder="Games allowed in (choose none: every channel)",
            min_values=0,
            max_values=MAX_ALLOWED_CHANNELS,
            default_values=[discord.Object(c) for c in sorted(server.allowed_channel_ids)][:MAX_ALLOWED_CHANNELS],
        )
        role: discord.ui.RoleSelect[Any] = discord.ui.RoleSelect(
            custom_id=scoped(Scope.SETTINGS, "role"),
            placeholder="Games-manager role (choose none: Manage Server only)",
            min_values=0,
            max_values=1,
        )
        counted = server.computer_games_count
        toggle: discord.ui.Button[Any] = discord.ui.Button(
            label=f"Computer games count in stats: {'yes' if counted else 'no'}",
            custom_id=scoped(Scope.SETTINGS, "computers"),
            style=discord.ButtonStyle.success if counted else discord.ButtonStyle.secondary,
        )
        # Beside the toggle above, in the fifth row: new tables open in their own thread (bot.threads).
        threads: discord.ui.Button[Any] = discord.ui.Button(
            label=f"Each table in its own thread: {on_off(server.threads)}",
            custom_id=scoped(Scope.SETTINGS, "threads"),
            style=discord.ButtonStyle.success if server.threads else discord.ButtonStyle.secondary,
        )
        # Also in the fifth row: how long seasons are (off, monthly, quarterly) and how ratings start in one.
        seasons: discord.ui.Button[Any] = discord.ui.Button(
            label=f"Seasons: {server.season_length.value}",
            custom_id=scoped(Scope.SETTINGS, "seasons"),
            style=discord.ButtonStyle.secondary
            if server.season_length is SeasonLength.OFF
            else discord.ButtonStyle.success,
        )
        fresh = server.season_reset is SeasonReset.FRESH
        reset: discord.ui.Button[Any] = discord.ui.Button(
            label=f"New season: {'fresh ratings' if fresh else 'carried ratings'}",
            custom_id=scoped(Scope.SETTINGS, "reset"),
            style=discord.ButtonStyle.secondary,
            disabled=server.season_length is SeasonLength.OFF,
        )
        view = discord.ui.View(timeout=None)
        for item in (
            timer_select("live", LIVE_CHOICES, server.live_turn_seconds, "Live turns"),
            timer_select("casual", CASUAL_CHOICES, server.casual_turn_seconds, "Casual turns"),
            control(channels, "channels"),
            control(role, "role"),
            control(toggle, "computers"),
            control(threads, "threads"),
            control(seasons, "seasons"),
            control(reset, "reset"),
        ):
            view.add_item(item)
        text = f"**Server settings**\n{describe_guild(server)}"
        if notice:
            text += f"\n_{notice}_"
        return {"content": text, "view": view}

    async def on_control(
        self, interaction: discord.Interaction, action: str, user: int | None, values: list[str]
    ) -> None:
        if action in ("erase", "keep"):
            await self._confirm(interaction, action, user)
            return
        if not await is_games_manager(self.db, interaction):
            await interaction.response.send_message(NOT_A_MANAGER, ephemeral=True)
            return
        guild_id = interaction.guild_id or 0
        settings = self.db.settings
        ids = [strict_int(v) for v in values]
        if None in ids or (action in ("live", "casual") and not set(ids) <= set(TIMER_CHOICES[action])):
            await interaction.response.send_message(INVALID, ephemeral=True)  # bot.decode: not what was shown
            return
        numbers = [n for n in ids if n is not None]
        if action == "live" and numbers:
            server = await settings.update_guild(guild_id, live_turn_seconds=numbers[0])
        elif action == "casual" and numbers:
            server = await settings.update_guild(guild_id, casual_turn_seconds=numbers[0])
        elif action == "channels":
            server = await settings.set_allowed_channels(guild_id, numbers)
        elif action == "role":
            server = await settings.set_manager_role(guild_id, numbers[0] if numbers else None)
        elif action == "computers":
            current = await settings.guild(guild_id)
            server = await settings.update_guild(guild_id, computer_games_count=not current.computer_games_count)
        elif action == "threads":
            current = await settings.guild(guild_id)
            server = await settings.update_guild(guild_id, threads=not current.threads)
        elif action == "seasons":
            current = await settings.guild(guild_id)
            now = self.bot.service.clock()
            server = await settings.set_seasons(guild_id, at=now, length=current.season_length.following())
        elif action == "reset":
            current = await settings.guild(guild_id)
            flipped = SeasonReset.CARRY if current.season_reset is SeasonReset.FRESH else SeasonReset.FRESH
            server = await settings.set_seasons(guild_id, at=self.bot.service.clock(), reset=flipped)
        else:
            server = await settings.guild(guild_id)
        log.info("server settings changed (%s)", action)
        await interaction.response.edit_message(
            **self.server_panel(server, "Saved: new games use these settings."),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _confirm(self, interaction: discord.Interaction, action: str, user: int | None) -> None:
        if interaction.user.id != user:  # only the person who asked can confirm their own deletion
            await interaction.response.send_message("That button is someone else's.", ephemeral=True)
            return
        if action == "keep":
            await interaction.response.edit_message(content="Nothing was deleted.", view=None)
            return
        await interaction.response.defer()
        summary = await self.erase(interaction)
        await interaction.edit_original_response(content=summary, view=None)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Settings(bot))


def erasure_text(erasure: Erasure, left: int) -> str:
    """What `/settings forget-me` did, in counts with their plurals ("1 result", "2 seats")."""
    where = [count(erasure.match_rows, "result"), count(erasure.seats, "seat")]
    if erasure.messages:
        where.append(count(erasure.messages, "stored message"))
    lines = [
        f"Done. Removed your name from {', '.join(where[:-1])} and {where[-1]}, "
        f"deleted {count(erasure.ratings, 'rating')} and your settings."
    ]
    if left:
        lines.append(f"You left {count(left, 'open game')}; computer players took your seats.")
    return "\n".join(lines)
