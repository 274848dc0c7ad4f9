"""/leaderboard: the server's board per game, by conservative OpenSkill rating, paged with buttons.

All-time boards read the stored ratings (`db.results.leaderboard`). When the server runs seasons
(data.seasons, `/settings server`), the board shows the current season by default and `season:` picks
an earlier one (its frozen final board) or all time. A period board ("this month",
"this week") is a season: ratings replayed from scratch over that period's rated matches only, so a
newcomer can top it without years of history (notes D.1). Both list only players with the minimum
number of rated games (notes D.1: boards full of one-game players are noise), hide players who
opted out and erased accounts, and show the caller's own rank even when they are outside the page.

Paging buttons are a DynamicItem with its own prefix, `cb:<kind>:<period or season key>:<page>:<caller>`, so they
keep working after a restart. The caller's own clicks turn the public page; anyone else who clicks
gets the same page privately, with their own rank highlighted.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.kit.cog_lookup import find_cog
from bot.kit.ids import Scope, scope_pattern, scoped
from bot.kit.languages import quick_language, reader_language
from bot.projection.seasons import season_board as stored_season_board
from bot.projection.seasons import season_label
from data import BoardEntry, Database, MatchRecord, Rating, RatingModel
from data.ratings import RatedSeat, display_rating, replay_ratings
from data.results import DEFAULT_MIN_GAMES
from data.seasons import Season, SeasonPlan, season_by_key, season_in
from games import registry
from games.registry import kinds
from locales import SOURCE, number, t, tn
from rendering.leaderboard import LeaderboardRow, render_leaderboard

if TYPE_CHECKING:
    from bot.process.bot import CardBot

log = logging.getLogger(__name__)

PAGE_SIZE = 10
DAY = 24 * 60 * 60
# Discord allows 25 choices per option (discord-notes C.1); the registered games fit comfortably.
GAME_CHOICES = [app_commands.Choice(name=game.name, value=game.kind) for game in registry.games()]
# The `game` option's help where it may be left out (`game_played_here`); Discord allows 100 characters.
GAME_DEFAULT = locale_str("Which game (default: the one at this table, else the one last finished on this server)")


def game_title(bot: CardBot, kind: str, lang: str) -> str:
    """The game's name in `lang` (a kind no longer registered keeps its stored name)."""
    adapter = bot.service.adapters.get(kind)
    if adapter is not None:
        return adapter.name(lang)
    return registry.get(kind).name if kind in kinds() else kind.title()


async def game_played_here(db: Database, channel_id: int | None, guild_id: int | None) -> str:
    """The game a command without a game means: the one at this table, else the one most recently finished
    in this server, else the first game. /leaderboard and /rules share it, so both name the same game."""
    here = await db.games.open_in_channel(channel_id or 0)
    if here is not None:
        return here.kind
    recent = await db.results.recent_matches(guild_id or 0, limit=1)
    return recent[0].kind if recent else kinds()[0]


class Period(StrEnum):
    """How far back a board looks. All time uses the stored ratings; the others are seasons."""

    ALL = "all"
    MONTH = "month"
    WEEK = "week"

    @property
    def days(self) -> int | None:
        return {Period.ALL: None, Period.MONTH: 30, Period.WEEK: 7}[self]

    @property
    def label(self) -> str:
        return {Period.ALL: "all time", Period.MONTH: "last 30 days", Period.WEEK: "last 7 days"}[self]

    def said(self, lang: str) -> str:
        """The label in a reader's language."""
        if self is Period.ALL:
            return t(lang, "all time")
        return tn(lang, "last {n} day", "last {n} days", self.days or 0)


PERIOD_NAMES = {
    Period.ALL: locale_str("all time"),
    Period.MONTH: locale_str("last 30 days"),
    Period.WEEK: locale_str("last 7 days"),
}
PERIOD_CHOICES = [app_commands.Choice(name=PERIOD_NAMES[period], value=period.value) for period in Period]

# A board covers a rolling period (all time, the last 30 or 7 days) or a season of the server.
Span = Period | Season
# The `season:` option's values besides a stored season's key.
THIS_SEASON, ALL_TIME = "current", "all"


def span_label(span: Span, lang: str = SOURCE) -> str:
    if isinstance(span, Season):
        return t(lang, "{season} season", season=season_label(lang, span))
    return span.said(lang)


def span_token(span: Span) -> str:
    """The span in a button's custom id: the period's value, or the season's key in lower case."""
    return span.key.lower() if isinstance(span, Season) else span.value


def span_of(token: str) -> Span:
    """A button's span back from its custom id (all time for anything unknown)."""
    if token in {period.value for period in Period}:
        return Period(token)
    return season_by_key(token.upper()) or Period.ALL


async def season_choices(
    db: Database, guild_id: int, now: float, typed: str, lang: str = SOURCE
) -> list[app_commands.Choice[str]]:
    """The `season:` choices: this season (when seasons are on), all time, then the closed seasons, newest
    first; filtered by what was typed. Discord shows at most 25 (discord-notes C.1)."""
    settings = await db.settings.guild(guild_id)
    choices: list[app_commands.Choice[str]] = []
    current = season_in(SeasonPlan(settings.season_length, settings.season_custom), now)
    if current is not None:
        this = t(lang, "This season ({season})", season=season_label(lang, current))
        choices.append(app_commands.Choice(name=this, value=THIS_SEASON))
    choices.append(app_commands.Choice(name=t(lang, "All time"), value=ALL_TIME))
    choices += [
        app_commands.Choice(
            name=t(lang, "{season} season", season=season_label(lang, close.season)), value=close.season.key
        )
        for close in await db.seasons.closed(guild_id)
    ]
    wanted = typed.strip().lower()
    return [c for c in choices if wanted in c.name.lower() or wanted in c.value.lower()][:25]


async def chosen_season(db: Database, guild_id: int, option: str | None, now: float) -> Span | None:
    """What `season:` names: all time, this season, a season by key; without it, this season when the
    server runs seasons, else all time. None for a value that names no season."""
    settings = await db.settings.guild(guild_id)
    if option is None or option == THIS_SEASON:
        current = season_in(SeasonPlan(settings.season_length, settings.season_custom), now)
        return current if current is not None else Period.ALL
    if option == ALL_TIME:
        return Period.ALL
    return season_by_key(option)


@dataclass(frozen=True, slots=True)
class BoardPage:
    """One page of a board and where the caller stands on the whole board."""

    rows: tuple[LeaderboardRow, ...]
    page: int
    has_next: bool
    caller: LeaderboardRow | None
    caller_page: int | None


def to_row(entry: BoardEntry) -> LeaderboardRow:
    return LeaderboardRow(entry.rank, entry.display_name, display_rating(entry.rating), entry.games, entry.wins)


def season_board(
    model: RatingModel, matches: Iterable[MatchRecord], hidden: frozenset[int], min_games: int
) -> list[BoardEntry]:
    """The board of a period: ratings replayed over its rated matches only, oldest first.

    Everyone in those matches is rated (so the numbers do not depend on who opted out); listed are
    real users with `min_games` rated games in the period who are not `hidden`. Equal ordinals share
    a rank, like the stored boards (SQL RANK()).
    """
    rated = sorted((m for m in matches if m.rated), key=lambda m: (m.finished_at, m.id))
    log_rows = [[RatedSeat(p.user_id, p.place) for p in sorted(m.players, key=lambda p: p.seat)] for m in rated]
    _, final = replay_ratings(model, log_rows)
    games: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for match in rated:
        for player in match.players:
            if player.user_id is None:
                continue
            games[player.user_id] += 1
            wins[player.user_id] += player.place == 1
            names[player.user_id] = player.display_name
    listed = [
        (user, rating)
        for user, rating in final.items()
        if isinstance(user, int) and user > 0 and user not in hidden and games[user] >= min_games
    ]
    listed.sort(key=lambda item: (-item[1].ordinal, -games[item[0]], item[0]))
    board: list[BoardEntry] = []
    for index, (user, rating) in enumerate(listed):
        tied = board and board[-1].rating.ordinal == rating.ordinal
        rank = board[-1].rank if tied else index + 1
        board.append(BoardEntry(rank, user, names[user], Rating(rating.mu, rating.sigma), games[user], wins[user]))
    return board


async def matches_since(db: Database, guild_id: int, kind: str, since: float) -> list[MatchRecord]:
    """Every match of `kind` in the server finished at or after `since` (newest-first pages of 200)."""
    found: list[MatchRecord] = []
    before: int | None = None
    while True:
        page = await db.results.recent_matches(guild_id, kind=kind, limit=200, before_id=before)
        found.extend(m for m in page if m.finished_at >= since)
        if len(page) < 200 or page[-1].finished_at < since:
            return found
        before = page[-1].id


async def opted_out(db: Database, user_ids: Iterable[int]) -> frozenset[int]:
    ids = {user for user in user_ids if user > 0}
    settings = await asyncio.gather(*(db.settings.user(user) for user in ids))
    return frozenset(s.user_id for s in settings if s.leaderboard_opt_out)


async def load_page(
    db: Database,
    guild_id: int,
    kind: str,
    period: Span,
    page: int,
    caller_id: int,
    *,
    now: float,
    min_games: int = DEFAULT_MIN_GAMES,
) -> BoardPage:
    """A page of the board plus the caller's own row (None when they are not listed)."""
    if isinstance(period, Season):
        reset = (await db.settings.guild(guild_id)).season_reset
        board = await stored_season_board(db, guild_id, kind, period, reset, min_games)
        entries = board[page * PAGE_SIZE : (page + 1) * PAGE_SIZE + 1]
        index = next((i for i, e in enumerate(board) if e.user_id == caller_id), None)
        caller_entry = board[index] if index is not None else None
        position = index
    elif period.days is None:
        entries = await db.results.leaderboard(
            guild_id, kind, limit=PAGE_SIZE + 1, offset=page * PAGE_SIZE, min_games=min_games
        )
        caller_entry, position = None, None
        rank = await db.results.rank_of(guild_id, kind, caller_id, min_games=min_games)
        if rank is not None:
            # Ties share a rank, so the caller is somewhere in the tie group that starts at line rank - 1.
            around = await db.results.leaderboard(guild_id, kind, limit=50, offset=rank - 1, min_games=min_games)
            index = next((i for i, e in enumerate(around) if e.user_id == caller_id), None)
            if index is not None:
                caller_entry, position = around[index], rank - 1 + index
    else:
        matches = await matches_since(db, guild_id, kind, now - period.days * DAY)
        hidden = await opted_out(db, (p.user_id for m in matches for p in m.players if p.user_id is not None))
        board = await asyncio.to_thread(season_board, db.rating_model, matches, hidden, min_games)
        entries = board[page * PAGE_SIZE : (page + 1) * PAGE_SIZE + 1]
        index = next((i for i, e in enumerate(board) if e.user_id == caller_id), None)
        caller_entry = board[index] if index is not None else None
        position = index
    shown = entries[:PAGE_SIZE]
    return BoardPage(
        rows=tuple(to_row(e) for e in shown),
        page=page,
        has_next=len(entries) > PAGE_SIZE,
        caller=to_row(caller_entry) if caller_entry is not None else None,
        caller_page=None if position is None else position // PAGE_SIZE,
    )


async def anyone_listed(
    db: Database, guild_id: int, kind: str, period: Span, *, now: float, min_games: int = DEFAULT_MIN_GAMES
) -> bool:
    """Whether the board has a first row, without drawing it: the stored board's first entry, or for a
    period someone listed by `season_board`'s rule (enough rated games in it, real, not opted out)."""
    if isinstance(period, Season):
        reset = (await db.settings.guild(guild_id)).season_reset
        return bool(await stored_season_board(db, guild_id, kind, period, reset, min_games))
    if period.days is None:
        return bool(await db.results.leaderboard(guild_id, kind, limit=1, min_games=min_games))
    games: dict[int, int] = defaultdict(int)
    for match in await matches_since(db, guild_id, kind, now - period.days * DAY):
        if match.rated:
            for player in match.players:
                if player.user_id is not None and player.user_id > 0:
                    games[player.user_id] += 1
    enough = [user for user, played in games.items() if played >= min_games]
    return bool(set(enough) - await opted_out(db, enough))


# -- the message -----------------------------------------------------------------------------------

# ASCII digits, bounded: a forged page or id can neither overflow SQLite nor take another script's digits.
BOARD_ID = scope_pattern(
    Scope.BOARD, r"(?P<kind>[a-z]{1,20}):(?P<period>[a-z0-9-]{1,10}):(?P<page>[0-9]{1,6}):(?P<caller>[0-9]{1,20})"
)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BOARD_ID):
    """A page button of a board message (◀, ▶, "My rank")."""

    def __init__(self, kind: str, period: Span, page: int, caller: int, *, label: str, disabled: bool = False):
        self.kind, self.period, self.page, self.caller = kind, period, page, caller
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=scoped(Scope.BOARD, kind, span_token(period), page, caller),
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        label = getattr(item, "label", None) or "Page"
        return cls(match["kind"], span_of(match["period"]), int(match["page"]), int(match["caller"]), label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, Leaderboard)
        if cog is None or self.kind not in kinds():
            text = t(quick_language(interaction), "Leaderboards are not available right now.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        db = cog.bot.service.db
        if interaction.user.id == self.caller:  # the public board: the server's language (design §10)
            lang = await cog.bot.service.table_language(interaction.guild_id or 0)
            await interaction.response.defer()  # deferred update: rendering may take a moment
            kwargs = await cog.board_message(interaction, self.kind, self.period, self.page, lang)
            kwargs["attachments"] = [kwargs.pop("file")]
            await interaction.edit_original_response(**kwargs)
        else:  # someone else's board: their own copy, privately, so the public page stays put
            lang = await reader_language(db, interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            kwargs = await cog.board_message(interaction, self.kind, self.period, self.page, lang)
            await interaction.followup.send(ephemeral=True, **kwargs)


class Leaderboard(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BoardButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(BoardButton)

    @app_commands.command(name="leaderboard", description=locale_str("This server's best players of a game"))
    @app_commands.guild_only()
    @app_commands.describe(
        game=GAME_DEFAULT,
        period=locale_str("How far back (rolling)"),
        season=locale_str("Which season (default: this one, when the server runs seasons) or all time"),
    )
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        period: str | None = None,
        season: str | None = None,
    ) -> None:
        kind = game or await self.default_kind(interaction)
        db, guild_id = self.bot.service.db, interaction.guild_id or 0
        mine = await reader_language(db, interaction)
        chosen: Span | None
        if period is not None and season is None:
            chosen = Period(period)
        else:
            chosen = await chosen_season(db, guild_id, season, self.bot.service.clock())
        if chosen is None:
            text = t(mine, "There is no such season: pick one from the list, or all time.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        if not await anyone_listed(db, guild_id, kind, chosen, now=self.bot.service.clock()):
            # Nothing to show: an empty board in the channel would be noise, so only the asker is told.
            text = await self.empty_text(kind, chosen, interaction.user.id, guild_id, mine)
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        lang = await self.bot.service.table_language(guild_id)  # posted in the channel: the server's language
        kwargs = await self.board_message(interaction, kind, chosen, 0, lang)
        await interaction.followup.send(**kwargs)

    @leaderboard.autocomplete("season")
    async def season_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        db = self.bot.service.db
        lang = await reader_language(db, interaction)
        return await season_choices(db, interaction.guild_id or 0, self.bot.service.clock(), current, lang)

    async def empty_text(self, kind: str, period: Span, user_id: int, guild_id: int, lang: str = SOURCE) -> str:
        """Why a board is empty and how to get on it, for the asker alone."""
        title = game_title(self.bot, kind, lang)
        nobody = tn(
            lang,
            "Nobody is on the {game} leaderboard yet ({period}): players are listed after {n} rated game "
            "(every seat a person).",
            "Nobody is on the {game} leaderboard yet ({period}): players are listed after {n} rated games "
            "(every seat a person).",
            DEFAULT_MIN_GAMES,
            game=title,
            period=span_label(period, lang),
        )
        return nobody + "\n" + await self._caller_line(kind, None, user_id, guild_id, period, lang)

    async def default_kind(self, interaction: discord.Interaction) -> str:
        return await game_played_here(self.bot.service.db, interaction.channel_id, interaction.guild_id)

    async def board_message(
        self, interaction: discord.Interaction, kind: str, period: Span, page: int, lang: str = SOURCE
    ) -> dict[str, Any]:
        """Text, image and page buttons of one page, from the point of view of the interacting user, in
        `lang` (the server's for the public board, the reader's for a private copy)."""
        db = self.bot.service.db
        user = interaction.user
        found = await load_page(
            db, interaction.guild_id or 0, kind, period, page, user.id, now=self.bot.service.clock()
        )
        span = span_label(period, lang)
        title = t(lang, "{game} leaderboard", game=game_title(self.bot, kind, lang))
        subtitle = tn(
            lang,
            "{period} · conservative rating · at least {n} rated game",
            "{period} · conservative rating · at least {n} rated games",
            DEFAULT_MIN_GAMES,
            period=span,
        )
        image = await asyncio.to_thread(render_leaderboard, title, found.rows, found.caller, subtitle)
        lines = [t(lang, "**{title}** · {period} · page {page}", title=title, period=span, page=number(lang, page + 1))]
        if not found.rows:
            lines.append(t(lang, "Nobody is on this page yet: play rated games (every seat a person) to get listed."))
        lines.append(await self._caller_line(kind, found.caller, user.id, interaction.guild_id or 0, period, lang))
        items = board_buttons(kind, period, found, user.id, lang)
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        return {
            "content": "\n".join(lines),
            "file": discord.File(io.BytesIO(image), filename=f"board-{kind}-{page}.png"),
            "view": view,
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    async def _caller_line(
        self,
        kind: str,
        caller: LeaderboardRow | None,
        user_id: int,
        guild_id: int,
        period: Span,
        lang: str = SOURCE,
    ) -> str:
        if caller is not None:
            return t(
                lang,
                "{player}, you are **#{rank}** with a rating of {rating}.",
                player=f"<@{user_id}>",
                rank=caller.rank,
                rating=number(lang, round(caller.rating)),
            )
        db = self.bot.service.db
        if (await db.settings.user(user_id)).leaderboard_opt_out:
            return t(lang, "You opted out of leaderboards (`/settings leaderboard`), so you are not listed.")
        if period is Period.ALL:
            stats = await db.results.player_stats(guild_id, user_id, kind=kind)
            missing = max(DEFAULT_MIN_GAMES - stats.rated_games, 1)
            return tn(
                lang,
                "You are not listed yet: {n} more rated game to go.",
                "You are not listed yet: {n} more rated games to go.",
                missing,
            )
        return tn(
            lang,
            "You are not listed for the {period} yet: play {n} rated game in it.",
            "You are not listed for the {period} yet: play {n} rated games in it.",
            DEFAULT_MIN_GAMES,
            period=span_label(period, lang),
        )


def board_buttons(kind: str, period: Span, found: BoardPage, caller: int, lang: str = SOURCE) -> Sequence[BoardButton]:
    """◀ and ▶, and a jump to the caller's own page when it is another page. Ids stay unique."""
    previous, following = t(lang, "◀ Previous"), t(lang, "Next ▶")
    buttons = [
        BoardButton(kind, period, max(found.page - 1, 0), caller, label=previous, disabled=found.page == 0),
        BoardButton(kind, period, found.page + 1, caller, label=following, disabled=not found.has_next),
    ]
    mine = found.caller_page
    if mine is not None and mine not in (found.page, found.page - 1, found.page + 1):
        buttons.append(BoardButton(kind, period, mine, caller, label=t(lang, "My rank")))
    return buttons


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Leaderboard(bot))
