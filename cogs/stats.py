"""/stats, /history and replays of finished games.

Stats and history come from the match log of this server only. A player who opted out of boards
keeps their record to themselves: others asking about them get a polite refusal. Replays rebuild
the game from its seed and move log (design §2: a saved game is its moves) and show the PUBLIC
table at each step, `state.view(None)`, the same picture the channel saw: never a hidden hand, so a
replay settles "did that bot cheat?" without revealing what nobody could see at the time.

Replay buttons are a DynamicItem `cx:<game>:<step>:<tag>` (the tag keeps ids unique when two
buttons lead to the same step); the game picker is `cx:pick:<user>`. Both keep working after a
restart, since the step and game live in the custom id.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.kit.cog_lookup import find_cog
from bot.kit.decode import invalid, stray, strict_int, values_were_shown
from bot.kit.ids import Scope, scope_pattern, scoped
from bot.kit.languages import quick_language, reader_language
from bot.kit.names import shown_name, shown_names
from bot.kit.texts import place_word, relative
from bot.projection.seasons import season_board, season_label
from cogs.leaderboard import GAME_CHOICES, Period, chosen_season, game_title, season_choices
from data import GameNotFound, GameStatus, MatchRecord, PlayerStats, SavedGame
from data.ratings import display_change, display_rating
from data.seasons import Season
from games.registry import get_engine, kinds
from locales import SOURCE, decimal, listing, number, t, tn
from rendering import render_table as render_kind_table

if TYPE_CHECKING:
    from bot.process.bot import CardBot

log = logging.getLogger(__name__)

RECENT = 5  # results shown by /stats
HISTORY = 10  # games listed by /history; a select offers at most 25 (Discord's cap)
TREND_GAMES = 5
# Why a game with a computer seat is listed under Recent results yet missing from the record.
NOT_COUNTED = (
    "games with computer players are not counted on this server (a games manager can change that in `/settings server`)"
)
PRIVATE = "{name} keeps their results private (they opted out of leaderboards)."


def private(lang: str, name: str) -> str:
    return t(lang, "{name} keeps their results private (they opted out of leaderboards).", name=name)


@dataclass(frozen=True, slots=True)
class Trend:
    """How a player's conservative rating moved over their last rated games of one kind."""

    games: int
    change: float

    def text(self, lang: str = SOURCE) -> str:
        if not self.games:
            return t(lang, "no rated games yet")
        arrow = "📈" if self.change > 0 else "📉" if self.change < 0 else "➖"
        return tn(
            lang,
            "{arrow} {change} over the last {n} rated game",
            "{arrow} {change} over the last {n} rated games",
            self.games,
            arrow=arrow,
            change=f"{self.change:+.0f}",
        )


def trend_of(matches: Sequence[MatchRecord], user_id: int, limit: int = TREND_GAMES) -> Trend:
    """Sum of shown-rating changes over the newest `limit` rated matches in `matches` (newest first)."""
    change, games = 0.0, 0
    for match in matches:
        if games == limit:
            break
        player = next((p for p in match.players if p.user_id == user_id), None)
        if not match.rated or player is None or player.before is None or player.after is None:
            continue
        change += display_change(player.before, player.after)
        games += 1
    return Trend(games, change)


def result_line(match: MatchRecord, user_id: int, title: str, lang: str = SOURCE) -> str:
    """ "Thirteen #12 · 2nd of 4 · 3 pts · rated · 2 hours ago" for one player of a match."""
    player = next((p for p in match.players if p.user_id == user_id), None)
    if match.rated:
        kind = t(lang, "rated")
    else:
        kind = t(lang, "with computers") if match.with_computers else t(lang, "unrated")
    values = {"game": title, "number": match.game_id, "kind": kind, "when": relative(match.finished_at)}
    if player is None:
        return t(lang, "{game} #{number} · ? · {kind} · {when}", **values)
    return tn(
        lang,
        "{game} #{number} · {place} of {players} · {n} pt · {kind} · {when}",
        "{game} #{number} · {place} of {players} · {n} pts · {kind} · {when}",
        player.score,
        place=place_word(lang, player.place),
        players=len(match.players),
        **values,
    )


def record_line(stats: PlayerStats, lang: str = SOURCE) -> str:
    """ "**1** game · **0** wins · average place 2.00": a player's record, plurals agreeing with the counts."""
    games = tn(lang, "**{n}** game", "**{n}** games", stats.games)
    wins = tn(lang, "**{n}** win", "**{n}** wins", stats.wins)
    if stats.average_place:
        average = decimal(lang, stats.average_place)
        return t(lang, "{games} · {wins} · average place {average}", games=games, wins=wins, average=average)
    return t(lang, "{games} · {wins}", games=games, wins=wins)


def favourite(per_kind: dict[str, PlayerStats]) -> str | None:
    """The kind with the most games (ties: the earlier kind in the registry)."""
    played = [(stats.games, -kinds().index(kind), kind) for kind, stats in per_kind.items() if stats.games]
    return max(played)[2] if played else None


def selected_values(interaction: discord.Interaction) -> list[str]:
    """The values a select sent, read from the payload: ids as strings for channel and role selects too,
    with or without Discord's `resolved` objects (the raw values are always there)."""
    data = cast(dict[str, Any], interaction.data or {})
    return [str(value) for value in data.get("values", [])]


# -- replays ---------------------------------------------------------------------------------------

# ASCII digits, bounded so a forged id always fits SQLite's INTEGER (bot.kit.decode).
REPLAY_ID = scope_pattern(Scope.REPLAY, r"(?P<game>[0-9]{1,18}):(?P<step>[0-9]{1,9}):(?P<tag>[a-z]{1,10})")
PICK_ID = scope_pattern(Scope.REPLAY, r"pick:(?P<user>[0-9]{1,20})")


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a replay: the public table image and the text above it."""

    step: int
    total: int
    image: bytes
    header: str


def replay_frame(bot: CardBot, saved: SavedGame, step: int, lang: str = SOURCE) -> Frame:
    """The public table after the first `step` moves (CPU work: call in a worker thread)."""
    game = saved.game
    engine = get_engine(game.kind)
    total = len(saved.moves)
    step = max(0, min(step, total))
    state = engine.replay(game.players, game.seed, game.options, saved.codes[:step])
    view = state.view(None)  # the public view: no seat, so no hand (design §2)
    names = tuple(seat.display_name for seat in game.seats)
    adapter = bot.service.adapters.get(game.kind)
    if adapter is not None:
        image = adapter.render_table(view, names, lang=lang)
        header = adapter.table_header(view, shown_names(names), lang=lang)
    else:
        image, header = render_kind_table(game.kind, view, names), ""
    return Frame(step, total, image, header)


def shows_a_replay(message: discord.Message | None) -> bool:
    """True for a replay message: classic components (its text is `content`, which a Components V2
    message cannot take: 50035) and replay steps only, so a step edits nothing but a replay."""
    if message is None or message.flags.components_v2:
        return False
    ids = [getattr(child, "custom_id", None) for row in message.components for child in getattr(row, "children", ())]
    return bool(ids) and all(isinstance(custom_id, str) and REPLAY_ID.fullmatch(custom_id) for custom_id in ids)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_ID):
    """⏮ ◀ ▶ ⏭ on a replay message."""

    def __init__(self, game_id: int, step: int, tag: str, *, label: str, disabled: bool = False) -> None:
        self.game_id, self.step = game_id, step
        super().__init__(
            discord.ui.Button(label=label, custom_id=scoped(Scope.REPLAY, game_id, step, tag), disabled=disabled)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        label = getattr(item, "label", None) or "Step"
        return cls(int(match["game"]), int(match["step"]), match["tag"], label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, Stats)
        if cog is None:
            return
        if not shows_a_replay(interaction.message):  # a step id the bot never put on this message
            await interaction.response.send_message(stray(quick_language(interaction)), ephemeral=True)
            return
        await interaction.response.defer()  # deferred update: replaying and drawing take a moment
        kwargs = await cog.replay_message(interaction, self.game_id, self.step)
        if "file" in kwargs:
            kwargs["attachments"] = [kwargs.pop("file")]
        await interaction.edit_original_response(**kwargs)


class ReplayPicker(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PICK_ID):
    """The /history select: pick a finished game to replay."""

    def __init__(self, user_id: int, options: Sequence[discord.SelectOption] = (), lang: str = SOURCE) -> None:
        self.user_id = user_id
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=scoped(Scope.REPLAY, "pick", user_id),
            placeholder=t(lang, "Replay a game"),
            options=list(options) or [discord.SelectOption(label="-", value="0")],
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayPicker:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, Stats)
        values = selected_values(interaction)
        game_id = strict_int(values[0]) if len(values) == 1 else None
        shown = interaction.message.components if interaction.message is not None else []
        custom_id = str(dict(interaction.data or {}).get("custom_id"))
        if cog is None or game_id is None or not values_were_shown(shown, custom_id, values):
            await interaction.response.send_message(invalid(quick_language(interaction)), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        kwargs = await cog.replay_message(interaction, game_id, 0)
        await interaction.followup.send(ephemeral=True, **kwargs)


class Stats(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReplayButton, ReplayPicker)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ReplayButton, ReplayPicker)

    async def _visible(self, interaction: discord.Interaction, target: discord.abc.User, lang: str = SOURCE) -> bool:
        """Your own record always; someone else's unless they opted out. Says why not."""
        if target.id == interaction.user.id:
            return True
        if target.bot:
            text = t(lang, "Computer players and bots have no record.")
            await interaction.response.send_message(text, ephemeral=True)
            return False
        if (await self.bot.service.db.settings.user(target.id)).leaderboard_opt_out:
            await interaction.response.send_message(private(lang, shown_name(target.display_name)), ephemeral=True)
            return False
        return True

    # -- /stats ------------------------------------------------------------------------------------

    @app_commands.command(name="stats", description=locale_str("A player's record in this server"))
    @app_commands.guild_only()
    @app_commands.describe(
        user=locale_str("Whose record (default: yours)"),
        game=locale_str("One game only (default: all games)"),
        season=locale_str("One season only (default: all time)"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.Member | None = None,
        game: str | None = None,
        season: str | None = None,
    ) -> None:
        target = user or interaction.user
        db, guild_id = self.bot.service.db, interaction.guild_id or 0
        lang = await reader_language(db, interaction)
        chosen = None if season is None else await chosen_season(db, guild_id, season, self.bot.service.clock())
        if season is not None and chosen is None:
            text = t(lang, "There is no such season: pick one from the list, or all time.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        if not await self._visible(interaction, target, lang):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        in_season = None if isinstance(chosen, Period) else chosen
        embed = await self.stats_embed(guild_id, target, game, in_season, lang)
        await interaction.followup.send(embed=embed, ephemeral=True)

    @stats.autocomplete("season")
    async def season_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        db = self.bot.service.db
        lang = await reader_language(db, interaction)
        return await season_choices(db, interaction.guild_id or 0, self.bot.service.clock(), current, lang)

    async def stats_embed(
        self,
        guild_id: int,
        target: discord.abc.User,
        kind: str | None,
        season: Season | None = None,
        lang: str = SOURCE,
    ) -> discord.Embed:
        """The record, ratings and recent results; with `season`, only that season's games and its ratings."""
        db = self.bot.service.db
        shown = [kind] if kind else list(kinds())
        between = (season.start, season.end) if season is not None else None
        per_kind = {k: await db.results.player_stats(guild_id, target.id, kind=k, between=between) for k in shown}
        if season is not None:
            per_kind = {k: await self._in_season(guild_id, target.id, stats, season) for k, stats in per_kind.items()}
        overall = per_kind[kind] if kind else await db.results.player_stats(guild_id, target.id, between=between)
        scope = game_title(self.bot, kind, lang) if kind else t(lang, "all games")
        name = shown_name(target.display_name)
        if season is not None:
            title = t(
                lang, "{name} · {scope} · {season} season", name=name, scope=scope, season=season_label(lang, season)
            )
        else:
            title = t(lang, "{name} · {scope}", name=name, scope=scope)
        embed = discord.Embed(title=title, colour=discord.Colour.dark_green())
        recent = await db.results.recent_matches(guild_id, kind=kind, user_id=target.id, limit=25)
        if season is not None:
            recent = [m for m in recent if season.contains(m.finished_at)]
        embed.description = await self._record_text(guild_id, overall, recent, lang)
        for k, stats in per_kind.items():
            if stats.rating is None:
                if kind:
                    embed.add_field(name=t(lang, "Rating"), value=t(lang, "no rated games yet"), inline=False)
                continue
            rank = f"#{stats.rank}" if stats.rank else t(lang, "not listed")
            trend = trend_of([m for m in recent if m.kind == k], target.id)
            rating = tn(
                lang,
                "{rating} · {n} rated game · {rank}",
                "{rating} · {n} rated games · {rank}",
                stats.rated_games,
                rating=number(lang, display_rating(stats.rating)),
                rank=rank,
            )
            embed.add_field(
                name=t(lang, "{game} rating", game=game_title(self.bot, k, lang)),
                value=f"{rating}\n{trend.text(lang)}",
                inline=False,
            )
        if not kind:
            best = favourite(per_kind)
            if best is not None:
                favourite_game = t(
                    lang, "{game} ({games})", game=game_title(self.bot, best, lang), games=per_kind[best].games
                )
                embed.add_field(name=t(lang, "Favourite game"), value=favourite_game)
        if recent:
            lines = [result_line(m, target.id, game_title(self.bot, m.kind, lang), lang) for m in recent[:RECENT]]
            embed.add_field(name=t(lang, "Recent results"), value="\n".join(lines)[:1024], inline=False)
        return embed

    async def _in_season(self, guild_id: int, user_id: int, stats: PlayerStats, season: Season) -> PlayerStats:
        """`stats` of one game with the player's season rating and place on the season's board."""
        assert stats.kind is not None
        db = self.bot.service.db
        reset = (await db.settings.guild(guild_id)).season_reset
        standings = await db.seasons.standings(guild_id, stats.kind, season, reset)
        mine = next((s for s in standings if s.user_id == user_id), None)
        board = await season_board(db, guild_id, stats.kind, season, reset)
        rank = next((e.rank for e in board if e.user_id == user_id), None)
        return replace(
            stats,
            rating=mine.rating if mine is not None else None,
            rated_games=mine.games if mine is not None else 0,
            rank=rank,
        )

    async def _record_text(
        self, guild_id: int, overall: PlayerStats, recent: Sequence[MatchRecord], lang: str = SOURCE
    ) -> str:
        """The record line, or why there is none: the games listed under it (the newest `RECENT`) may be
        games with computer players, which the server's `computer_games_count` setting leaves out."""
        uncounted = (
            any(match.with_computers for match in recent[:RECENT])
            and not (await self.bot.service.db.settings.guild(guild_id)).computer_games_count
        )
        not_counted = t(
            lang,
            "games with computer players are not counted on this server (a games manager can change that in "
            "`/settings server`)",
        )
        if overall.games:
            record = record_line(overall, lang)
            if uncounted:
                return record + "\n_" + t(lang, "Some games below are left out: {why}.", why=not_counted) + "_"
            return record
        if uncounted:
            return t(lang, "No games counted yet: {why}.", why=not_counted)
        return t(lang, "No finished games here yet.")

    # -- /history ----------------------------------------------------------------------------------

    @app_commands.command(name="history", description=locale_str("Recent games in this server, with replays"))
    @app_commands.guild_only()
    @app_commands.describe(user=locale_str("Whose games (default: yours)"))
    async def history(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        target = user or interaction.user
        db = self.bot.service.db
        lang = await reader_language(db, interaction)
        if not await self._visible(interaction, target, lang):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        matches = await db.results.recent_matches(interaction.guild_id or 0, user_id=target.id, limit=HISTORY)
        name = shown_name(target.display_name)
        if not matches:
            nothing = t(lang, "{name} has no finished games here yet.", name=name)
            await interaction.followup.send(nothing, ephemeral=True)
            return
        lines = [t(lang, "**{name}**: recent games (pick one below to replay it move by move)", name=name)]
        lines += [result_line(m, target.id, game_title(self.bot, m.kind, lang), lang) for m in matches]
        options = [
            discord.SelectOption(
                label=t(lang, "{game} #{number}", game=game_title(self.bot, m.kind, lang), number=m.game_id)[:100],
                value=str(m.game_id),
                description=t(lang, "Players: {players}", players=listing(lang, [p.display_name for p in m.players]))[
                    :100
                ],
            )
            for m in matches
        ]
        view = discord.ui.View(timeout=None)
        view.add_item(ReplayPicker(interaction.user.id, options, lang))
        await interaction.followup.send("\n".join(lines), view=view, ephemeral=True)

    async def replay_message(self, interaction: discord.Interaction, game_id: int, step: int) -> dict[str, Any]:
        """The replay of a finished game of this server at `step`, with its step buttons, in the asker's
        language (a replay is shown to them alone, or edited by a click of theirs)."""
        db = self.bot.service.db
        lang = await reader_language(db, interaction)
        try:
            saved = await db.games.load(game_id)
        except GameNotFound:
            saved = None
        if saved is None or saved.game.guild_id != interaction.guild_id or saved.game.status is not GameStatus.FINISHED:
            return {"content": t(lang, "Only finished games of this server can be replayed.")}
        game = saved.game
        frame = await asyncio.to_thread(replay_frame, self.bot, saved, step, lang)
        title = game_title(self.bot, game.kind, lang)
        lines = [
            t(
                lang,
                "**{game}** #{number} replay · move {step}/{total}",
                game=title,
                number=game.id,
                step=frame.step,
                total=frame.total,
            )
        ]
        if frame.step:
            mover = saved.moves[frame.step - 1]
            if mover.actor is not None:
                by = shown_name(game.seats[mover.actor].display_name)
                lines.append(t(lang, "Move {step} by {name}", step=frame.step, name=by))
        if frame.header:
            lines.append(frame.header)
        last = frame.total
        buttons = [
            ReplayButton(game.id, 0, "first", label="⏮", disabled=frame.step == 0),
            ReplayButton(game.id, max(frame.step - 1, 0), "prev", label="◀", disabled=frame.step == 0),
            ReplayButton(game.id, min(frame.step + 1, last), "next", label="▶", disabled=frame.step == last),
            ReplayButton(game.id, last, "last", label="⏭", disabled=frame.step == last),
        ]
        view = discord.ui.View(timeout=None)
        for button in buttons:
            view.add_item(button)
        return {
            "content": "\n".join(lines)[:2000],
            "file": discord.File(io.BytesIO(frame.image), filename=f"replay-{game.id}-{frame.step}.png"),
            "view": view,
            "allowed_mentions": discord.AllowedMentions.none(),
        }


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Stats(bot))
