"""/settings: a player's own preferences, deleting their data, and the server's settings for managers.

Player settings are changed by the player's own command and nobody else's: there is no user option,
so nobody can change someone else's. Server settings need Manage Server or the games-manager role
(`bot.kit.permissions`), checked on the command and again on every click of the server panel, because
a custom id is not a secret.

Every setting is read by the table machinery when it matters, so a change takes effect from the next game or
turn: hand delivery and closed DMs (bot.projection.hands), turn notices (bot.projection.reconciler), allowed
channels and turn timers (bot.flows.lobby, for new lobbies), whether computer games count (stats), the games-
manager role (ending games, this panel), opting out of boards (leaderboards, stats, history), first-game tips
(bot.flows.guide, from the next hand message drawn). Being away, a time zone, the server's quiet hours and
away limit move the deadline of casual turns (bot.moves.deadlines, bot.flows.away): an away or a return re-
times the turns waiting for the person at once; quiet hours apply from the next turn.

Every word of this surface is rendered for its reader through the catalogs (locales.t): the person's
own panels in their language (bot.kit.languages.reader_language), the server panel in the manager's too,
since only they read it. `/settings language` chooses a person's language, `/settings server
language:` the server's.

Server panel components are a DynamicItem `cs:<action>` (and `cs:erase:<user>` / `cs:keep:<user>`
for the delete-my-data confirmation), registered when the cog loads.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.away import retime_turns_of
from bot.kit.cog_lookup import find_cog
from bot.kit.decode import INVALID, strict_int
from bot.kit.ids import Scope, scope_pattern, scoped
from bot.kit.languages import reader_language
from bot.kit.layout import notice_kwargs
from bot.kit.permissions import is_games_manager, not_a_manager
from bot.moves import deadlines
from cogs.stats import selected_values
from data import Database, Erasure, GameStatus, GuildSettings, HandDelivery, TurnNotice, UserSettings
from data.models import DIGEST_HOURS, SeasonLength, SeasonReset
from data.privacy import ERASED_NAME
from data.seasons import dated_season, season_dates
from locales import LANGUAGES, NAMES, SOURCE, duration, listing, t, tn

if TYPE_CHECKING:
    from bot.process.bot import CardBot

log = logging.getLogger(__name__)

# Choices offered for turn timers (seconds). Live games answer in seconds or minutes, casual games in
# hours or days (notes E.6); a select holds at most 25 options (discord-notes C.1).
LIVE_CHOICES = (30, 60, 90, 120, 180, 300, 600)
CASUAL_CHOICES = (3600, 4 * 3600, 12 * 3600, 24 * 3600, 2 * 86400, 3 * 86400, 7 * 86400)
TIMER_CHOICES = {"live": LIVE_CHOICES, "casual": CASUAL_CHOICES}  # a forged value outside them is refused
MAX_ALLOWED_CHANNELS = 25  # a channel select picks at most 25
MAX_AWAY_DAYS = 30  # the longest a server lets an away player's casual timers stop
UNTIL_HELP = locale_str("Back on YYYY-MM-DD (or YYYY-MM-DD HH:MM), in your time zone; leave out: until I'm back")

SETTINGS_ID = scope_pattern(Scope.SETTINGS, r"(?P<action>[a-z]{1,20})(?::(?P<user>[0-9]{1,20}))?")


# "follow Discord": the value a language choice sends to clear the stored choice.
FOLLOW = "discord"


def describe_user(settings: UserSettings, lang: str = SOURCE, shown: str | None = None) -> str:
    """A person's settings, one line each; `shown` is the language their answers take now."""
    if settings.hand_delivery is HandDelivery.DM:
        hand = (
            t(lang, "• Hand: by direct message (your DMs are closed to me, so the panel is used)")
            if settings.dm_closed
            else t(lang, "• Hand: by direct message")
        )
    else:
        hand = (
            t(lang, "• Hand: in the My hand panel (your DMs are closed to me, so the panel is used)")
            if settings.dm_closed
            else t(lang, "• Hand: in the My hand panel")
        )
    turns = {
        TurnNotice.EVERY: t(lang, "• Tell me when my turn starts: every turn"),
        TurnNotice.CASUAL: t(lang, "• Tell me when my turn starts: in casual games only"),
        TurnNotice.OFF: t(lang, "• Tell me when my turn starts: never"),
    }[settings.turn_notice]
    digest = {
        0: t(lang, "• Casual games: a DM each turn"),
        1: t(lang, "• Casual games: one DM listing the tables waiting for you, {every}", every=t(lang, "every hour")),
        4: t(
            lang, "• Casual games: one DM listing the tables waiting for you, {every}", every=t(lang, "every 4 hours")
        ),
        12: t(
            lang, "• Casual games: one DM listing the tables waiting for you, {every}", every=t(lang, "every 12 hours")
        ),
    }[settings.digest_hours]
    boards = (
        t(lang, "• Leaderboards: hidden (opted out)")
        if settings.leaderboard_opt_out
        else t(lang, "• Leaderboards: listed")
    )
    if settings.language in NAMES:
        language = t(lang, "• Language: {language}", language=NAMES[settings.language])
    else:
        language = t(lang, "• Language: follows Discord ({language})", language=NAMES[shown or lang])
    lines = [hand, turns, digest, boards, language, away_lines(settings, lang)]
    return "\n".join(line for line in lines if line)


def away_lines(settings: UserSettings, lang: str) -> str:
    """The person's time zone and, while set, their away (bot.flows.away)."""
    zone = settings.time_zone or t(lang, "the server's")
    lines = [t(lang, "• Time zone: {zone}", zone=zone)]
    if settings.away_since is not None and settings.away_until is None:
        lines.append(t(lang, "• Away until you're back"))
    elif settings.away_since is not None and settings.away_until is not None:
        lines.append(t(lang, "• Away until {when}", when=f"<t:{int(settings.away_until)}:f>"))
    return "\n".join(lines)


def quiet_text(settings: GuildSettings, lang: str) -> str:
    """The server's quiet hours for casual deadlines, and the limit of an away."""
    if settings.quiet_start is None or settings.quiet_end is None:
        quiet = t(lang, "• Quiet hours for casual deadlines: none")
    else:
        hours = deadlines.QuietHours(settings.quiet_start, settings.quiet_end).text()
        quiet = t(lang, "• Quiet hours for casual deadlines: {hours} (each player's time zone)", hours=hours)
    zone = t(lang, "• Server time zone: {zone}", zone=settings.time_zone or deadlines.UTC_NAME)
    limit = t(
        lang,
        "• Away players' casual timers stop for at most {duration}",
        duration=duration(lang, settings.away_limit_seconds),
    )
    return "\n".join([quiet, zone, limit])


def describe_guild(settings: GuildSettings, lang: str = SOURCE, shown: str | None = None) -> str:
    """A server's settings, one line each; `shown` is the language its tables read now."""
    if settings.allowed_channel_ids:
        channels = ", ".join(f"<#{c}>" for c in sorted(settings.allowed_channel_ids))
        allowed = t(lang, "• Games allowed in: {channels}", channels=channels)
    else:
        allowed = t(lang, "• Games allowed in: every channel")
    if settings.manager_role_id:
        role = t(lang, "• Games-manager role: {role}", role=f"<@&{settings.manager_role_id}>")
    else:
        role = t(lang, "• Games-manager role: none (Manage Server only)")
    if settings.language in NAMES:
        language = t(lang, "• Server language: {language}", language=NAMES[settings.language])
    else:
        language = t(
            lang, "• Server language: follows the server's Discord language ({language})", language=NAMES[shown or lang]
        )
    lines = [
        t(lang, "• Live turn timer: {duration}", duration=duration(lang, settings.live_turn_seconds)),
        t(lang, "• Casual turn timer: {duration}", duration=duration(lang, settings.casual_turn_seconds)),
        allowed,
        role,
        (
            t(lang, "• Games with computer players count in stats: yes")
            if settings.computer_games_count
            else t(lang, "• Games with computer players count in stats: no")
        ),
        (
            t(lang, "• Each table in its own thread: on")
            if settings.threads
            else t(lang, "• Each table in its own thread: off")
        ),
        language,
        quiet_text(settings, lang),
        season_text(settings, lang),
    ]
    return "\n".join(lines)


def season_text(settings: GuildSettings, lang: str) -> str:
    """How the server's seasons run, in the words of the panel (data.seasons): one whole sentence per
    choice, so each language words it its own way; a season with set dates adds its own line."""
    lines = (
        []
        if settings.season_custom is not None and settings.season_length is SeasonLength.OFF
        else [length_text(settings, lang)]
    )
    if settings.season_custom is not None:
        dated = dated_season(*settings.season_custom)
        first, last = dated.label.split(" – ")
        if settings.season_length is SeasonLength.OFF:
            lines.append(
                t(
                    lang,
                    "• Season with set dates: {first} to {last} (UTC); after it, seasons stop",
                    first=first,
                    last=last,
                )
            )
        else:
            lines.append(
                t(
                    lang,
                    "• Season with set dates: {first} to {last} (UTC); after it, seasons of the chosen length follow",
                    first=first,
                    last=last,
                )
            )
    return "\n".join(lines)


def length_text(settings: GuildSettings, lang: str) -> str:
    fresh = settings.season_reset is SeasonReset.FRESH
    if settings.season_length is SeasonLength.MONTHLY:
        if fresh:
            return t(lang, "• Seasons: monthly; at a new season everyone starts fresh")
        return t(lang, "• Seasons: monthly; at a new season last season's rating counts, less certain")
    if settings.season_length is SeasonLength.QUARTERLY:
        if fresh:
            return t(lang, "• Seasons: quarterly; at a new season everyone starts fresh")
        return t(lang, "• Seasons: quarterly; at a new season last season's rating counts, less certain")
    return t(lang, "• Seasons: off (one all-time leaderboard)")


def season_button_label(length: SeasonLength, lang: str) -> str:
    if length is SeasonLength.MONTHLY:
        return t(lang, "Seasons: monthly")
    if length is SeasonLength.QUARTERLY:
        return t(lang, "Seasons: quarterly")
    return t(lang, "Seasons: off")


def server_language_choices() -> list[app_commands.Choice[str]]:
    """Each language by its own name, then following the server's own Discord language."""
    named = [app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES]
    return [*named, app_commands.Choice(name=locale_str("follow the server's Discord language"), value=FOLLOW)]


def language_choices() -> list[app_commands.Choice[str]]:
    """Each language by its own name, then "follow Discord" (which clears the stored choice)."""
    named = [app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES]
    return [*named, app_commands.Choice(name=locale_str("follow Discord"), value=FOLLOW)]


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
    settings = app_commands.Group(
        name=locale_str("settings"), description=locale_str("Your Cardroom settings"), guild_only=True
    )

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

    @settings.command(name=locale_str("show"), description=locale_str("Your settings, and this server's"))
    async def show(self, interaction: discord.Interaction) -> None:
        lang = await reader_language(self.db, interaction)
        mine = await self.db.settings.user(interaction.user.id)
        server = await self.db.settings.guild(interaction.guild_id or 0)
        tips = (
            t(lang, "• Tips in your first game: off")
            if await self.db.firsttime.tips_off(interaction.user.id)
            else t(lang, "• Tips in your first game: on ({games})", games=self.guided_games(lang))
        )
        text = "\n".join(
            [
                t(lang, "**Your settings**"),
                describe_user(mine, lang, lang),
                tips,
                "",
                t(lang, "**This server**"),
                describe_guild(server, lang, self.server_shown(interaction, server)),
            ]
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @settings.command(
        name=locale_str("hand"), description=locale_str("Get your hand by direct message or in the My hand panel")
    )
    @app_commands.describe(delivery=locale_str("dm: I send your hand privately; panel: press My hand on the table"))
    @app_commands.rename(delivery=locale_str("delivery"))
    @app_commands.choices(
        delivery=[
            app_commands.Choice(name=locale_str("direct message"), value=HandDelivery.DM.value),
            app_commands.Choice(name=locale_str("My hand panel"), value=HandDelivery.PANEL.value),
        ]
    )
    async def hand(self, interaction: discord.Interaction, delivery: str) -> None:
        chosen = HandDelivery(delivery)
        # Choosing DMs again clears the remembered refusal: the player says they opened their DMs.
        reset = False if chosen is HandDelivery.DM else None
        new = await self.db.settings.update_user(interaction.user.id, hand_delivery=chosen, dm_closed=reset)
        await self._saved(interaction, new)

    @settings.command(name=locale_str("turns"), description=locale_str("When to tell you that your turn has started"))
    @app_commands.describe(
        notify=locale_str("A new DM with your hand (or a mention in the channel, without DMs) when your turn starts"),
        digest=locale_str("Casual games: one DM at most this often listing the tables waiting for you"),
    )
    @app_commands.rename(notify=locale_str("notify"), digest=locale_str("digest"))
    @app_commands.choices(
        notify=[
            app_commands.Choice(name=locale_str("every turn"), value=TurnNotice.EVERY.value),
            app_commands.Choice(name=locale_str("casual games only"), value=TurnNotice.CASUAL.value),
            app_commands.Choice(name=locale_str("off"), value=TurnNotice.OFF.value),
        ]
    )
    @app_commands.choices(
        digest=[
            app_commands.Choice(name=locale_str("off"), value=0),
            app_commands.Choice(name=locale_str("every hour"), value=1),
            app_commands.Choice(name=locale_str("every 4 hours"), value=4),
            app_commands.Choice(name=locale_str("every 12 hours"), value=12),
        ]
    )
    async def turns(
        self, interaction: discord.Interaction, notify: str | None = None, digest: int | None = None
    ) -> None:
        if digest is not None and digest != 0 and digest not in DIGEST_HOURS:
            await interaction.response.send_message(INVALID, ephemeral=True)  # bot.kit.decode: not what was offered
            return
        new = await self.db.settings.update_user(
            interaction.user.id,
            turn_notice=None if notify is None else TurnNotice(notify),
            digest_hours=digest,
        )
        await self._saved(interaction, new)

    @settings.command(
        name=locale_str("leaderboard"),
        description=locale_str("Be listed on leaderboards, or keep your results private"),
    )
    @app_commands.describe(listed=locale_str("False hides you from boards; others can't see your stats or history"))
    @app_commands.rename(listed=locale_str("listed"))
    async def leaderboard(self, interaction: discord.Interaction, listed: bool) -> None:
        new = await self.db.settings.update_user(interaction.user.id, leaderboard_opt_out=not listed)
        await self._saved(interaction, new)

    @settings.command(
        name=locale_str("tips"),
        description=locale_str("Tips on your hand in your first game of a game that has a guide"),
    )
    @app_commands.describe(
        shown=locale_str("False: no more tips; True: your next game shows them again from the start")
    )
    @app_commands.rename(shown=locale_str("shown"))
    async def tips(self, interaction: discord.Interaction, shown: bool) -> None:
        lang = await reader_language(self.db, interaction)
        await self.db.firsttime.set_tips(interaction.user.id, shown, at=self.bot.service.clock())
        text = (
            t(
                lang,
                "Saved. Your next game shows tips again from its first turn ({games}).",
                games=self.guided_games(lang),
            )
            if shown
            else t(lang, "Saved. No more tips on your hand; `/settings tips shown:True` brings them back.")
        )
        await interaction.response.send_message(text, ephemeral=True)

    @settings.command(name=locale_str("language"), description=locale_str("The language Cardroom writes to you in"))
    @app_commands.describe(language=locale_str("Your language, or follow the language of your Discord app"))
    @app_commands.rename(language=locale_str("language"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        chosen = None if language == FOLLOW else language
        if chosen is not None and chosen not in LANGUAGES:
            await interaction.response.send_message(INVALID, ephemeral=True)  # bot.kit.decode: not what was offered
            return
        new = await self.db.settings.set_language(interaction.user.id, chosen)
        lang = await reader_language(self.db, interaction)
        await self._saved(interaction, new, lang)

    def guided_games(self, lang: str = SOURCE) -> str:
        """The games with a guided first game (bot.flows.guide), by name."""
        titles = [adapter.name(lang) for adapter in self.bot.service.adapters.values() if adapter.guide]
        return listing(lang, titles) if titles else t(lang, "no game has tips yet")

    async def _saved(self, interaction: discord.Interaction, settings: UserSettings, lang: str | None = None) -> None:
        if lang is None:
            lang = await reader_language(self.db, interaction)
        text = f"{t(lang, 'Saved. Your settings now:')}\n{describe_user(settings, lang, lang)}"
        await interaction.response.send_message(text, ephemeral=True)

    @staticmethod
    def server_shown(interaction: discord.Interaction, server: GuildSettings) -> str:
        """The language the server's tables read now (its choice, else its preferred locale)."""
        from locales.resolve import for_server

        preferred = interaction.guild_locale.value if interaction.guild_locale is not None else None
        return for_server(server.language, preferred)

    # -- away and time zone ------------------------------------------------------------------------

    @settings.command(
        name="away", description=locale_str("Stop your casual turn timers while you're away; again: I'm back")
    )
    @app_commands.describe(until=UNTIL_HELP)
    async def away(self, interaction: discord.Interaction, until: str | None = None) -> None:
        lang = await reader_language(self.db, interaction)
        user = interaction.user.id
        mine = await self.db.settings.user(user)
        if until is None and mine.away_since is not None:
            text, changed = await self.come_back(user, lang)
            await interaction.response.send_message(text, ephemeral=True)
            await self._redraw(user, changed)
            return
        now = self.bot.service.clock()
        server = await self.db.settings.guild(interaction.guild_id or 0)
        zone = deadlines.zone_or_utc(mine.time_zone or server.time_zone)
        try:
            back = None if until is None else deadlines.parse_until(until, zone, now)
        except ValueError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        await self.db.settings.set_away(user, now, back)
        changed = await retime_turns_of(self.bot.service, user, fresh=False)
        limit = duration(lang, server.away_limit_seconds)
        if back is None:
            head = t(lang, "Away until you're back.")
        else:
            head = t(lang, "Away until {when}.", when=f"<t:{int(back)}:f>")
        text = (
            head
            + " "
            + t(
                lang,
                "Your turn timers in casual games stop meanwhile (on this server for at most {limit}; then they "
                "count again); live games are not affected. Your tables show that you're away. Press **I'm back** "
                "or use `/settings away` again when you return.",
                limit=limit,
            )
        )
        view = discord.ui.View(timeout=None)
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t(lang, "I'm back"), style=discord.ButtonStyle.primary, custom_id=scoped(Scope.SETTINGS, "back", user)
        )
        view.add_item(control(button, "back", user))
        await interaction.response.send_message(text, view=view, ephemeral=True)
        await self._redraw(user, changed)

    async def come_back(self, user: int, lang: str) -> tuple[str, list[int]]:
        """End the person's away: each casual turn waiting for them gets its whole time from now. The
        answer, and the games whose deadline moved (for `_redraw`)."""
        await self.db.settings.set_away(user, None)
        changed = await retime_turns_of(self.bot.service, user, fresh=True)
        text = tn(
            lang,
            "Welcome back! Your turn timers count again from now ({n} table waiting for you).",
            "Welcome back! Your turn timers count again from now ({n} tables waiting for you).",
            len(changed),
        )
        return text, changed

    async def _redraw(self, user: int, changed: list[int]) -> None:
        """Show a changed away on what shows it: the tables whose deadline moved (bot.projection.reconciler) and the
        lobbies the person sits in."""
        for game_id in changed:
            self.bot.reconciler.mark_dirty(game_id)
        for record in await self.db.games.open_games_of(user):
            if record.status is GameStatus.LOBBY and record.table_message_id and record.table_channel_id:
                channel = self.bot.get_partial_messageable(record.table_channel_id)
                card = await self.bot.lobby.card_for(record)  # in the server's language, away marks afresh
                try:
                    await channel.get_partial_message(record.table_message_id).edit(
                        content=None,
                        view=card,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
                except discord.HTTPException:
                    log.info("could not update the lobby of game %d", record.id)

    @settings.command(name="time-zone", description=locale_str("Your time zone, for quiet hours and away dates"))
    @app_commands.describe(
        zone=locale_str("A name like Europe/Paris, America/New_York or UTC; 'server' uses the server's")
    )
    async def time_zone(self, interaction: discord.Interaction, zone: str) -> None:
        chosen: str | None = None
        if zone.strip().lower() != "server":
            try:
                chosen = deadlines.time_zone(zone).key
            except ValueError as error:
                await interaction.response.send_message(str(error), ephemeral=True)
                return
        new = await self.db.settings.set_time_zone(interaction.user.id, chosen)
        await self._saved(interaction, new)

    # -- delete my data ----------------------------------------------------------------------------

    @settings.command(
        name=locale_str("delete-my-data"), description=locale_str("Delete your results, ratings and settings")
    )
    async def delete_my_data(self, interaction: discord.Interaction) -> None:
        lang = await reader_language(self.db, interaction)
        user = interaction.user.id
        view = discord.ui.View(timeout=None)
        view.add_item(
            control(
                discord.ui.Button(
                    label=t(lang, "Yes, delete my data"),
                    style=discord.ButtonStyle.danger,
                    custom_id=scoped(Scope.SETTINGS, "erase", user),
                ),
                "erase",
                user,
            )
        )
        view.add_item(
            control(
                discord.ui.Button(label=t(lang, "Keep it"), custom_id=scoped(Scope.SETTINGS, "keep", user)),
                "keep",
                user,
            )
        )
        await interaction.response.send_message(
            t(
                lang,
                "This deletes your ratings and settings in every server and removes your name from all stored "
                "results (other players' results stay, credited to “Deleted player”). If you are seated in a game, "
                "a computer player takes your seat. This cannot be undone.",
            ),
            view=view,
            ephemeral=True,
        )

    async def erase(self, interaction: discord.Interaction, lang: str = SOURCE) -> str:
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
        return erasure_text(erasure, left, lang)

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
                    service.ended(game_id)  # a lobby's thread is archived at once (bot.projection.threads)
            record = await self.db.games.get(game_id)
        if record.table_message_id is None or record.table_channel_id is None:
            return
        message = self.bot.get_partial_messageable(record.table_channel_id).get_partial_message(record.table_message_id)
        table_lang = await self.bot.service.table_language(record.guild_id)
        try:
            if record.status is GameStatus.LOBBY:
                await message.edit(
                    content=None,
                    view=await self.bot.lobby.card_for(record, t(table_lang, "A player left.")),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            else:
                note = t(table_lang, "Table #{number} closed: the host left.", number=record.id)
                await message.edit(**notice_kwargs(note))
        except discord.HTTPException:
            log.info("could not update the lobby of game %d", game_id)

    # -- server settings ---------------------------------------------------------------------------

    @settings.command(
        name=locale_str("server"), description=locale_str("Server settings: turn timers, channels, manager role")
    )
    @app_commands.describe(
        language=locale_str("The language this server's tables read"),
        quiet_hours=locale_str("No casual deadline falls in these hours, e.g. 23:00-07:00; 'off' for none"),
        time_zone=locale_str("The server's time zone for quiet hours (players may set their own), e.g. Europe/Paris"),
        away_days=locale_str("How many days an away player's casual timers may stop (0: away stops nothing)"),
        season_dates=locale_str("A season with dates you choose (UTC), e.g. 2027-01-10..2027-02-14; off drops it"),
    )
    @app_commands.rename(language=locale_str("language"))
    @app_commands.choices(language=server_language_choices())
    async def server(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        quiet_hours: str | None = None,
        time_zone: str | None = None,
        away_days: app_commands.Range[int, 0, MAX_AWAY_DAYS] | None = None,
        season_dates: str | None = None,
    ) -> None:
        lang = await reader_language(self.db, interaction)
        if not await is_games_manager(self.db, interaction):
            await interaction.response.send_message(not_a_manager(lang), ephemeral=True)
            return
        if season_dates is not None:
            saved = await self._season_dates(interaction, lang, season_dates)
            if saved is None:
                return
            if quiet_hours is None and time_zone is None and away_days is None and language is None:
                server = await self.db.settings.guild(interaction.guild_id or 0)
                await interaction.response.send_message(
                    **self.server_panel(server, saved, lang, self.server_shown(interaction, server)),
                    ephemeral=True,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
        if quiet_hours is not None or time_zone is not None or away_days is not None:
            if not await self._casual_clock(interaction, lang, quiet_hours, time_zone, away_days):
                return
            if language is None:
                server = await self.db.settings.guild(interaction.guild_id or 0)
                await interaction.response.send_message(
                    **self.server_panel(
                        server,
                        t(lang, "Saved: casual turns that start from now use these settings."),
                        lang,
                        self.server_shown(interaction, server),
                    ),
                    ephemeral=True,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
        if language is not None and language != FOLLOW and language not in LANGUAGES:
            await interaction.response.send_message(INVALID, ephemeral=True)  # bot.kit.decode: not what was offered
            return
        guild_id = interaction.guild_id or 0
        notice = ""
        if language is None:
            server = await self.db.settings.guild(guild_id)
        else:
            server = await self.db.settings.set_guild_language(guild_id, None if language == FOLLOW else language)
            notice = t(lang, "Saved: new games use these settings.")
            log.info("server language changed")
        await interaction.response.send_message(
            **self.server_panel(server, notice, lang, self.server_shown(interaction, server)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _season_dates(self, interaction: discord.Interaction, lang: str, text: str) -> str | None:
        """Save (or, with "off", drop) the server's season with set dates (data.seasons.SeasonPlan): the
        notice to show, or None when the dates were refused (and the refusal answered)."""
        guild_id, now = interaction.guild_id or 0, self.bot.service.clock()
        if text.strip().lower() in ("off", "none"):
            await self.db.settings.set_seasons(guild_id, at=now, no_custom=True)
            log.info("server season dates dropped")
            return t(lang, "Saved: the season with set dates is dropped.")
        try:
            start, end = season_dates(text)
        except ValueError:
            refusal = t(
                lang, "Season dates look like 2027-01-10..2027-02-14: the first day, two dots, the last day (UTC)."
            )
            await interaction.response.send_message(refusal, ephemeral=True)
            return None
        if end <= now:
            await interaction.response.send_message(
                t(lang, "That season is over already: choose a last day from today on."), ephemeral=True
            )
            return None
        await self.db.settings.set_seasons(guild_id, at=now, custom=(start, end))
        log.info("server season dates set")
        first, last = dated_season(start, end).label.split(" – ")
        return t(lang, "Saved: the season runs from {first} to {last} (UTC).", first=first, last=last)

    async def _casual_clock(
        self,
        interaction: discord.Interaction,
        lang: str,
        quiet_hours: str | None,
        time_zone: str | None,
        away_days: int | None,
    ) -> bool:
        """Save the server's quiet hours, time zone and away limit; False (and answered) when one is wrong."""
        try:
            off = quiet_hours is not None and quiet_hours.strip().lower() in ("off", "none")
            quiet = deadlines.QuietHours.parse(quiet_hours) if quiet_hours is not None and not off else None
            zone = deadlines.time_zone(time_zone).key if time_zone is not None else None
        except ValueError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return False
        await self.db.settings.set_casual_clock(
            interaction.guild_id or 0,
            away_limit_seconds=None if away_days is None else away_days * deadlines.DAY,
            quiet=None if quiet is None else (quiet.start, quiet.end),
            no_quiet=off,
            time_zone=zone,
        )
        log.info("server casual clock changed")
        return True

    @staticmethod
    def server_panel(
        server: GuildSettings, notice: str = "", lang: str = SOURCE, shown: str | None = None
    ) -> dict[str, Any]:
        """Four selects and four buttons: five rows, Discord's maximum for a message (discord-notes C.1)."""

        def label(action: str, seconds: int) -> str:
            shown = duration(lang, seconds)
            if action == "live":
                return t(lang, "Live turns: {duration}", duration=shown)
            return t(lang, "Casual turns: {duration}", duration=shown)

        def timer_select(action: str, choices: tuple[int, ...], current: int) -> SettingsControl:
            values = sorted({*choices, current})
            options = [discord.SelectOption(label=label(action, v), value=str(v), default=v == current) for v in values]
            return control(discord.ui.Select(custom_id=scoped(Scope.SETTINGS, action), options=options[:25]), action)

        channels: discord.ui.ChannelSelect[Any] = discord.ui.ChannelSelect(
            custom_id=scoped(Scope.SETTINGS, "channels"),
            channel_types=[discord.ChannelType.text],
            placeholder=t(lang, "Games allowed in (choose none: every channel)"),
            min_values=0,
            max_values=MAX_ALLOWED_CHANNELS,
            default_values=[discord.Object(c) for c in sorted(server.allowed_channel_ids)][:MAX_ALLOWED_CHANNELS],
        )
        role: discord.ui.RoleSelect[Any] = discord.ui.RoleSelect(
            custom_id=scoped(Scope.SETTINGS, "role"),
            placeholder=t(lang, "Games-manager role (choose none: Manage Server only)"),
            min_values=0,
            max_values=1,
        )
        counted = server.computer_games_count
        toggle: discord.ui.Button[Any] = discord.ui.Button(
            label=(
                t(lang, "Computer games count in stats: yes")
                if counted
                else t(lang, "Computer games count in stats: no")
            ),
            custom_id=scoped(Scope.SETTINGS, "computers"),
            style=discord.ButtonStyle.success if counted else discord.ButtonStyle.secondary,
        )
        # Beside the toggle above, in the fifth row: new tables open in their own thread (bot.projection.threads).
        threads: discord.ui.Button[Any] = discord.ui.Button(
            label=(
                t(lang, "Each table in its own thread: on")
                if server.threads
                else t(lang, "Each table in its own thread: off")
            ),
            custom_id=scoped(Scope.SETTINGS, "threads"),
            style=discord.ButtonStyle.success if server.threads else discord.ButtonStyle.secondary,
        )
        # Also in the fifth row: how long seasons are (off, monthly, quarterly) and how ratings start in one.
        seasons: discord.ui.Button[Any] = discord.ui.Button(
            label=season_button_label(server.season_length, lang),
            custom_id=scoped(Scope.SETTINGS, "seasons"),
            style=discord.ButtonStyle.secondary
            if server.season_length is SeasonLength.OFF
            else discord.ButtonStyle.success,
        )
        fresh = server.season_reset is SeasonReset.FRESH
        reset: discord.ui.Button[Any] = discord.ui.Button(
            label=t(lang, "New season: fresh ratings") if fresh else t(lang, "New season: carried ratings"),
            custom_id=scoped(Scope.SETTINGS, "reset"),
            style=discord.ButtonStyle.secondary,
            disabled=server.season_length is SeasonLength.OFF and server.season_custom is None,
        )
        # The fifth row's last button: whether anyone may open a tournament (cogs.tournament).
        tournaments: discord.ui.Button[Any] = discord.ui.Button(
            label=(
                t(lang, "Anyone may open tournaments: yes")
                if server.tournaments_open
                else t(lang, "Anyone may open tournaments: no")
            ),
            custom_id=scoped(Scope.SETTINGS, "tournaments"),
            style=discord.ButtonStyle.success if server.tournaments_open else discord.ButtonStyle.secondary,
        )
        view = discord.ui.View(timeout=None)
        for item in (
            timer_select("live", LIVE_CHOICES, server.live_turn_seconds),
            timer_select("casual", CASUAL_CHOICES, server.casual_turn_seconds),
            control(channels, "channels"),
            control(role, "role"),
            control(toggle, "computers"),
            control(threads, "threads"),
            control(seasons, "seasons"),
            control(reset, "reset"),
            control(tournaments, "tournaments"),
        ):
            view.add_item(item)
        text = f"{t(lang, '**Server settings**')}\n{describe_guild(server, lang, shown)}"
        if notice:
            text += f"\n_{notice}_"
        return {"content": text, "view": view}

    async def on_control(
        self, interaction: discord.Interaction, action: str, user: int | None, values: list[str]
    ) -> None:
        if action in ("erase", "keep"):
            await self._confirm(interaction, action, user)
            return
        if action == "back":
            back_lang = await reader_language(self.db, interaction)
            if interaction.user.id != user:
                await interaction.response.send_message(t(back_lang, "That button is someone else's."), ephemeral=True)
                return
            text, changed = await self.come_back(interaction.user.id, back_lang)
            await interaction.response.edit_message(content=text, view=None)
            await self._redraw(interaction.user.id, changed)
            return
        lang = await reader_language(self.db, interaction)
        if not await is_games_manager(self.db, interaction):
            await interaction.response.send_message(not_a_manager(lang), ephemeral=True)
            return
        guild_id = interaction.guild_id or 0
        settings = self.db.settings
        ids = [strict_int(v) for v in values]
        if None in ids or (action in ("live", "casual") and not set(ids) <= set(TIMER_CHOICES[action])):
            await interaction.response.send_message(INVALID, ephemeral=True)  # bot.kit.decode: not what was shown
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
        elif action == "tournaments":
            current = await settings.guild(guild_id)
            server = await settings.update_guild(guild_id, tournaments_open=not current.tournaments_open)
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
            **self.server_panel(
                server, t(lang, "Saved: new games use these settings."), lang, self.server_shown(interaction, server)
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _confirm(self, interaction: discord.Interaction, action: str, user: int | None) -> None:
        lang = await reader_language(self.db, interaction)
        if interaction.user.id != user:  # only the person who asked can confirm their own deletion
            await interaction.response.send_message(t(lang, "That button is someone else's."), ephemeral=True)
            return
        if action == "keep":
            await interaction.response.edit_message(content=t(lang, "Nothing was deleted."), view=None)
            return
        await interaction.response.defer()
        summary = await self.erase(interaction, lang)
        await interaction.edit_original_response(content=summary, view=None)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Settings(bot))


def erasure_text(erasure: Erasure, left: int, lang: str = SOURCE) -> str:
    """What `/settings delete-my-data` did, in counts with the language's plurals ("1 result", "2 seats")."""
    where = [
        tn(lang, "{n} result", "{n} results", erasure.match_rows),
        tn(lang, "{n} seat", "{n} seats", erasure.seats),
    ]
    if erasure.messages:
        where.append(tn(lang, "{n} stored message", "{n} stored messages", erasure.messages))
    lines = [
        t(
            lang,
            "Done. Removed your name from {places}, deleted {ratings} and your settings.",
            places=listing(lang, where),
            ratings=tn(lang, "{n} rating", "{n} ratings", erasure.ratings),
        )
    ]
    if left:
        lines.append(
            t(
                lang,
                "You left {games}; computer players took your seats.",
                games=tn(lang, "{n} open game", "{n} open games", left),
            )
        )
    return "\n".join(lines)
