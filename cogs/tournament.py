"""/tournament: open a tournament, sign up on its message, and the organiser's Start, Cancel and Remove.

The sign-up message is one Components V2 card: what the event is, when it starts (a Discord timestamp,
shown in each reader's own time), who signed up, and Join / Leave (Check in during the check-in
minutes), Start now and Cancel for the organiser. A click changes the stored tournament and answers
with the card redrawn; any other change (the runner closing sign-up, a round under way, the champion)
moves the stored version, and the runner's pass edits the card until it shows it (bot.flows.tournaments).
Everything past sign-up is the runner's: this cog never pairs, seats or scores.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.flows.tournaments import is_last_round, moment
from bot.kit.cog_lookup import find_cog
from bot.kit.ids import Scope, scope_pattern, scoped
from bot.kit.languages import reader_language, server_language
from bot.kit.layout import lobby_card
from bot.kit.names import shown_name
from bot.kit.permissions import is_games_manager
from bot.kit.texts import relative
from bot.process.bot import CardBot
from data import TurnTimer
from data.tournaments import Entrant, EntrantState, Tournament, TournamentState
from games import registry
from locales import duration, listing, t, tn
from tournaments.events import load
from tournaments.knockout import KnockoutEvent
from tournaments.model import Format
from tournaments.schedule import HOUR, upcoming

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=game.name, value=game.kind) for game in registry.games()]
FORMAT_CHOICES = [app_commands.Choice(name=f.value, value=f.value) for f in Format]
PACE_CHOICES = [app_commands.Choice(name=timer.value, value=timer.value) for timer in TurnTimer]
ACTIONS = ("join", "leave", "checkin", "start", "cancel")
# The buttons' actions spelled out, so the menu's id (`ct:<id>:remove`) is never taken for a button.
SIGNUP_ID = scope_pattern(Scope.TOURNAMENT, r"(?P<tournament>[0-9]{1,18}):(?P<action>" + "|".join(ACTIONS) + ")")
REMOVE_ID = scope_pattern(Scope.TOURNAMENT, r"(?P<tournament>[0-9]{1,18}):remove")
MAX_LISTED = 60  # names on the card; a Components V2 text display holds 4000 characters
MAX_OPTIONS = 25  # Discord's limit of options in a select menu
MAX_DEALS = 50  # D-TN-1: the most deals in a match any game takes (Thirteen's series, D-TL-5)


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SIGNUP_ID):
    """A button of a sign-up message: the tournament's id and what it does are all it carries."""

    def __init__(self, tournament_id: int, action: str, *, label: str = "", style: discord.ButtonStyle | None = None):
        self.tournament_id, self.action = tournament_id, action
        super().__init__(
            discord.ui.Button(
                label=label or action,
                custom_id=scoped(Scope.TOURNAMENT, tournament_id, action),
                style=style or discord.ButtonStyle.secondary,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SignupButton:
        return cls(int(match["tournament"]), match["action"], label=getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, Tournaments)
        if cog is None or self.action not in ACTIONS:
            await interaction.response.send_message(t("en", "Tournaments are not available right now."), ephemeral=True)
            return
        await cog.on_click(interaction, self.tournament_id, self.action)


class RemoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=REMOVE_ID):
    """The organiser's "Remove a player" menu on the card: out of sign-up, or dropped from later rounds."""

    def __init__(self, tournament_id: int, options: Sequence[discord.SelectOption] = (), placeholder: str = ""):
        self.tournament_id = tournament_id
        super().__init__(
            discord.ui.Select(
                custom_id=scoped(Scope.TOURNAMENT, tournament_id, "remove"),
                options=list(options) or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder or None,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RemoveSelect:
        return cls(int(match["tournament"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, Tournaments)
        if cog is None:
            await interaction.response.send_message(t("en", "Tournaments are not available right now."), ephemeral=True)
            return
        data: Any = interaction.data or {}
        values = data.get("values") or []
        await cog.on_remove(interaction, self.tournament_id, [str(v) for v in values])


def remove_menu(lang: str, tournament_id: int, entrants: Sequence[Entrant]) -> list[discord.ui.Item[Any]]:
    """The menu of the people still in, for the organiser; none when nobody is."""
    people = [e for e in entrants if e.state is EntrantState.JOINED and not e.is_computer][:MAX_OPTIONS]
    if not people:
        return []
    options = [discord.SelectOption(label=e.display_name[:100], value=str(e.user_id)) for e in people]
    return [RemoveSelect(tournament_id, options, t(lang, "Remove a player…"))]


def card(lang: str, title: str, tournament: Tournament, entrants: Sequence[Entrant]) -> discord.ui.LayoutView:
    """The sign-up message of `tournament` in `lang`."""
    joined = [e for e in entrants if e.state is not EntrantState.LEFT]
    header = t(lang, "🏆 **{game} tournament #{id}**", game=title, id=tournament.id)
    fmt = {
        "swiss": tn(lang, "Swiss, {n} round", "Swiss, {n} rounds", tournament.rounds),
        "tables": tn(lang, "tables of {seats}, {n} round", "tables of {seats}, {n} rounds", tournament.rounds,
                     seats=tournament.seats),
        "knockout": t(lang, "knockout"),
    }[tournament.format]  # fmt: skip
    pace = (
        t(lang, "live, {time} a turn", time=duration(lang, tournament.turn_seconds))
        if tournament.timer is TurnTimer.LIVE
        else t(lang, "casual, {time} a turn", time=duration(lang, tournament.turn_seconds))
    )
    lines = [
        t(lang, "Organiser <@{user}> · {format} · {pace}", user=tournament.organiser_id, format=fmt, pace=pace),
    ]
    deals = match_deals(tournament)
    if deals:
        lines.append(tn(lang, "Each match is {n} deal; the higher total wins.",
                        "Each match is {n} deals; the higher total wins.", deals))
    if tournament.computers:
        lines.append(t(lang, "Computer players fill the field up to {n} players.", n=max(tournament.field, 2)))
    lines.extend(schedule_lines(lang, tournament))
    names = [_label(e) for e in joined[:MAX_LISTED]]
    lines.append(
        tn(lang, "{n} player: {names}", "{n} players: {names}", len(joined), names=listing(lang, names) or "—")
    )
    items: list[discord.ui.Item[Any]] = []
    tid = tournament.id
    if tournament.state is TournamentState.SIGNUP:
        lines.append(t(lang, "Starts {when}.", when=relative(tournament.starts_at)))
        if tournament.checkin_minutes:
            lines.append(
                tn(lang, "Check in during the last {n} minute before the start.",
                   "Check in during the last {n} minutes before the start.", tournament.checkin_minutes)
            )  # fmt: skip
        items = [
            SignupButton(tid, "join", label=t(lang, "Join"), style=discord.ButtonStyle.success),
            SignupButton(tid, "leave", label=t(lang, "Leave")),
            *([SignupButton(tid, "checkin", label=t(lang, "Check in"))] if tournament.checkin_minutes else []),
            SignupButton(tid, "start", label=t(lang, "Start now"), style=discord.ButtonStyle.primary),
            SignupButton(tid, "cancel", label=t(lang, "Cancel"), style=discord.ButtonStyle.danger),
            *remove_menu(lang, tid, joined),
        ]
    elif tournament.state is TournamentState.RUNNING and tournament.event is not None:
        event = load(tournament.event)
        lines.append(t(lang, "Under way: round {round}.", round=len(event.rounds)))
        items = remove_menu(lang, tid, joined)
    elif tournament.state is TournamentState.FINISHED:
        champion = tournament.champion or ""
        who = f"<@{champion}>" if champion and not champion.startswith("-") else _name(entrants, champion)
        lines.append(t(lang, "Finished. Champion: {name}", name=who))
    else:
        lines.append(t(lang, "Cancelled."))
    return lobby_card("\n".join([header, *lines]), items)


def match_deals(tournament: Tournament) -> int:
    """D-TN-1: how many deals each match is, or 0 when a match is the game's own (its series to the target,
    or Thirteen's default single game)."""
    if tournament.kind not in registry.kinds():
        return 0
    game = registry.get(tournament.kind)
    value = tournament.options.get(game.deals, 0)
    default = next((choice.default for choice in game.options if choice.key == game.deals), 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value != default else 0


def schedule_lines(lang: str, tournament: Tournament) -> list[str]:
    """A scheduled casual event's round times (tournaments.schedule), from the round under way (or round
    two, before the start) to the last one known: every Swiss or tables round, a knockout's next one."""
    every = tournament.round_seconds
    if not every or not tournament.state.is_open:
        return []
    lines = [
        t(lang, "One round every {time}; a round whose time comes before the previous round has ended starts "
              "when it ends.", time=duration(lang, every))
    ]  # fmt: skip
    if tournament.event is None:
        first, last = 1, 1 if tournament.format == Format.KNOCKOUT.value else tournament.rounds - 1
    else:
        event = load(tournament.event)
        first = len(event.rounds) - 1
        if isinstance(event, KnockoutEvent):
            last = first if is_last_round(event) else first + 1
        else:
            last = event.rounds_total - 1
    times = upcoming(tournament.pins, every, first, last)
    if not times:  # a single round: nothing to schedule
        return []
    for round_, at in times:
        lines.append(t(lang, "Round {round}: {when}", round=round_ + 1, when=moment(at)))
    return lines


def _label(entrant: Entrant) -> str:
    mark = " ✗" if entrant.state is EntrantState.DROPPED else (" ✓" if entrant.checked_in else "")
    return (shown_name(entrant.display_name) if entrant.is_computer else f"<@{entrant.user_id}>") + mark


def _name(entrants: Sequence[Entrant], player: str) -> str:
    return next((shown_name(e.display_name) for e in entrants if str(e.user_id) == player), player)


class Tournaments(commands.Cog):
    tournament = app_commands.Group(name="tournament", description="Tournaments on this server", guild_only=True)

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SignupButton, RemoveSelect)
        self.bot.tournaments.signups = self

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SignupButton, RemoveSelect)
        self.bot.tournaments.signups = None

    def _title(self, tournament: Tournament, lang: str) -> str:
        """The game's name in `lang`, for the event's options (a Schnapsen event is named for its preset)."""
        adapter = self.bot.service.adapters.get(tournament.kind)
        return adapter.name(lang, tournament.options) if adapter is not None else tournament.kind.title()

    async def show(self, tournament: Tournament, entrants: Sequence[Entrant]) -> bool:
        """Edit the sign-up message to show the stored tournament (the runner's pass, `SignupCards`)."""
        if tournament.message_id is None:
            return True
        lang = await server_language(self.bot.service.db, tournament.guild_id, None)
        view = card(lang, self._title(tournament, lang), tournament, entrants)
        message = self.bot.get_partial_messageable(tournament.channel_id).get_partial_message(tournament.message_id)
        try:
            await message.edit(view=view, allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            return True  # deleted: nothing left to show it on
        return True

    @tournament.command(name="new", description="Open a tournament in this channel")
    @app_commands.describe(
        game="Which game",
        format="swiss (two players a match), tables (several players a table) or knockout",
        start_in="Minutes until sign-up closes and round one starts (default 15)",
        rounds="How many rounds (Swiss and tables; default 3)",
        pace="live or casual turns (the server's turn times)",
        computers="Computer players may fill the field",
        players="Fill the field with computer players up to this many entrants",
        seats="Players at each table (tables and knockout; default: the game's most)",
        checkin="Players check in during the last minutes before the start (0: no check-in)",
        target="Points that win a match (the game's own option; default: the game's)",
        role="A role given to the champion",
        deals="Fast events: each match is exactly this many deals, the higher total winning",
        round_hours="Casual events: hours from one round's start to the next (0: when the last match ends)",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, pace=PACE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str = "swiss",
        start_in: app_commands.Range[int, 0, 10080] = 15,
        rounds: app_commands.Range[int, 1, 12] = 3,
        pace: str = "live",
        computers: bool = False,
        players: app_commands.Range[int, 0, 64] = 0,
        seats: app_commands.Range[int, 2, 8] | None = None,
        checkin: app_commands.Range[int, 0, 120] = 0,
        target: app_commands.Range[int, 1, 500] | None = None,
        role: discord.Role | None = None,
        round_hours: app_commands.Range[int, 0, 168] = 0,
        deals: app_commands.Range[int, 1, MAX_DEALS] | None = None,
    ) -> None:
        service, db = self.bot.service, self.bot.service.db
        lang = await reader_language(db, interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await interaction.response.send_message(t(lang, "Tournaments are run in a server channel."), ephemeral=True)
            return
        guild = await db.settings.guild(interaction.guild_id)
        if not guild.tournaments_open and not await is_games_manager(db, interaction):
            await interaction.response.send_message(
                t(
                    lang,
                    "Only server managers or the games-manager role can open a tournament here "
                    "(/settings server can let anyone).",
                ),
                ephemeral=True,
            )
            return
        adapter = service.adapters.get(game)
        if adapter is None:
            await interaction.response.send_message(t(lang, "That game is not available right now."), ephemeral=True)
            return
        engine = adapter.engine
        fmt = Format(format)
        size = 2 if fmt is Format.SWISS else (seats or engine.max_players)
        if not engine.min_players <= size <= engine.max_players or (fmt is Format.TABLES and size < 3):
            game = adapter.name(lang)
            text = t(lang, "{game} cannot be played at tables of {seats} in this format.", game=game, seats=size)
            await interaction.response.send_message(text, ephemeral=True)
            return
        try:
            chosen: dict[str, int] = {} if target is None else {"target": target}
            if deals is not None:  # D-TN-1: the option each game declares for a fixed number of deals
                chosen[registry.get(game).deals] = deals
            options = adapter.parse_options(chosen)
        except ValueError as error:
            await interaction.response.send_message(
                t(lang, "Those game options don't work: {error}", error=str(error)), ephemeral=True
            )
            return
        timer = TurnTimer(pace)
        if round_hours and timer is not TurnTimer.CASUAL:
            await interaction.response.send_message(
                t(lang, "Round times are for casual events: choose the casual pace, or leave round_hours out."),
                ephemeral=True,
            )
            return
        now = service.clock()
        made = await db.tournaments.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organiser_id=interaction.user.id,
            kind=game,
            options=options,
            format=fmt.value,
            rounds=rounds,
            seats=size,
            field=players,
            starts_at=now + start_in * 60,
            timer=timer,
            turn_seconds=guild.turn_seconds(timer),
            computers=computers,
            checkin_minutes=checkin,
            at=now,
            role_id=role.id if role is not None else None,
            round_seconds=round_hours * HOUR,
        )
        shown_lang = await server_language(db, interaction.guild_id, None)
        await interaction.response.send_message(
            view=card(shown_lang, self._title(made, shown_lang), made, []),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        await db.tournaments.set_message(made.id, message.id)
        await db.tournaments.shown(made.id, made.version)

    @tournament.command(name="remove", description="Remove a player from a tournament (organiser or managers)")
    @app_commands.describe(number="The tournament's number", player="Who to remove")
    async def remove(self, interaction: discord.Interaction, number: int, player: discord.User) -> None:
        db = self.bot.service.db
        lang = await reader_language(db, interaction)
        if await self._organised(interaction, number, lang) is None:
            return
        if await self.bot.tournaments.remove(number, player.id):
            text = t(lang, "{name} takes no further part in the tournament.", name=f"<@{player.id}>")
        else:
            text = t(lang, "{name} is not playing in that tournament.", name=f"<@{player.id}>")
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="next-round", description="Move the next round of a casual event (organiser)")
    @app_commands.describe(number="The tournament's number", minutes="Minutes from now until the round starts")
    async def next_round(
        self, interaction: discord.Interaction, number: int, minutes: app_commands.Range[int, 0, 10080]
    ) -> None:
        """The organiser moves the next round; the rounds after it follow at the same interval."""
        db = self.bot.service.db
        lang = await reader_language(db, interaction)
        if await self._organised(interaction, number, lang) is None:
            return
        at = self.bot.service.clock() + minutes * 60
        moved = await self.bot.tournaments.move_round(number, at)
        if moved is None:
            text = t(
                lang,
                "There is no round to move: the tournament has no round times, has not started, or plays its "
                "last round.",
            )
        else:
            text = t(lang, "Round {round} now starts {when}.", round=moved + 1, when=moment(at))
        await interaction.response.send_message(text, ephemeral=True)

    async def _may_organise(self, interaction: discord.Interaction, tournament: Tournament) -> bool:
        return interaction.user.id == tournament.organiser_id or await is_games_manager(
            self.bot.service.db, interaction
        )

    async def _organised(self, interaction: discord.Interaction, number: int, lang: str) -> Tournament | None:
        """Tournament `number` of this server when the person may organise it; else they are told why."""
        tournament = await self.bot.service.db.tournaments.get(number)
        if tournament is None or tournament.guild_id != interaction.guild_id:
            await interaction.response.send_message(t(lang, "There is no such tournament here."), ephemeral=True)
            return None
        if not await self._may_organise(interaction, tournament):
            await interaction.response.send_message(t(lang, "Only the organiser can do that."), ephemeral=True)
            return None
        return tournament

    async def on_remove(self, interaction: discord.Interaction, tournament_id: int, values: list[str]) -> None:
        """The organiser chose a player in the card's menu: removed, and the card redrawn."""
        db = self.bot.service.db
        lang = await reader_language(db, interaction)
        tournament = await db.tournaments.get(tournament_id)
        if tournament is None or not tournament.state.is_open:
            await interaction.response.send_message(t(lang, "This tournament is over."), ephemeral=True)
            return
        if not await self._may_organise(interaction, tournament):
            await interaction.response.send_message(t(lang, "Only the organiser can do that."), ephemeral=True)
            return
        user_id = int(values[0]) if values and values[0].isascii() and values[0].isdigit() else 0
        if not user_id or not await self.bot.tournaments.remove(tournament_id, user_id):
            await interaction.response.send_message(
                t(lang, "{name} is not playing in that tournament.", name=f"<@{user_id}>"),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await self._redraw(interaction, tournament_id)

    async def _redraw(self, interaction: discord.Interaction, tournament_id: int) -> None:
        db = self.bot.service.db
        fresh = await db.tournaments.get(tournament_id)
        assert fresh is not None
        shown_lang = await server_language(db, fresh.guild_id, None)
        entrants = await db.tournaments.entrants(tournament_id)
        view = card(shown_lang, self._title(fresh, shown_lang), fresh, entrants)
        await interaction.response.edit_message(view=view, allowed_mentions=discord.AllowedMentions.none())
        await db.tournaments.shown(tournament_id, fresh.version)

    async def on_click(self, interaction: discord.Interaction, tournament_id: int, action: str) -> None:
        service, db = self.bot.service, self.bot.service.db
        lang = await reader_language(db, interaction)
        tournament = await db.tournaments.get(tournament_id)
        if tournament is None or tournament.state is not TournamentState.SIGNUP:
            await interaction.response.send_message(t(lang, "Sign-up for this tournament has closed."), ephemeral=True)
            return
        user = interaction.user
        refusal = ""
        if action == "join":
            if not await db.tournaments.join(tournament_id, user.id, user.display_name, at=service.clock()):
                refusal = t(lang, "You have already signed up.")
        elif action == "leave":
            if not await db.tournaments.leave(tournament_id, user.id):
                refusal = t(lang, "You are not signed up.")
        elif action == "checkin":
            opens = tournament.starts_at - tournament.checkin_minutes * 60
            if service.clock() < opens:
                refusal = t(lang, "Check-in opens {when}.", when=relative(opens))
            elif not await db.tournaments.check_in(tournament_id, user.id):
                refusal = t(lang, "Sign up first, or you have checked in already.")
        elif not await self._may_organise(interaction, tournament):
            refusal = t(lang, "Only the organiser can do that.")
        elif action == "start":
            await db.tournaments.start_now(tournament_id, at=service.clock())
        else:
            await db.tournaments.cancel(tournament_id)
        if refusal:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        await self._redraw(interaction, tournament_id)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Tournaments(bot))
