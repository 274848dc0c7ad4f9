"""The end of a season (data.seasons): closed once, announced once, driven by the sweeper's pass.

On each pass, for every server running seasons, the season before the current one (by the service's
clock) is closed if seasons were on before it ended: `db.seasons.close` freezes its boards and records
the close in one transaction, so a restart or a second process finds it closed and does nothing. The
closing post is owed until its message id is stored: the final board of the season's most played game
(the leaderboard image) and each game's champion, in the channel the server's games were last played
in (there is no announcement-channel setting; that channel is where the players are). It is claimed
before it is posted and posted with the season's nonce, so it appears once, also after a restart
between the close and the post.

A bot stopped across one or more season ends closes, at its first pass after the start, every season it
slept through, oldest first (`ended_seasons`): each is closed once with its own frozen board (a carried
rating starts from the one closed just before it) and gets its own closing post, posted in that order.
Seasons that ended before seasons were turned on are never closed.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, Protocol

from bot.kit.transport import Post, Sent
from bot.projection.reconciler import NONCE_REDO_SECONDS
from data import BoardEntry, Database
from data.models import SeasonReset
from data.ratings import display_rating
from data.results import DEFAULT_MIN_GAMES
from data.season_store import SeasonClose
from data.seasons import Season, SeasonPlan, board_of, season_before, season_in
from games.registry import kinds
from locales import SOURCE, listing, month, number, t, tn
from rendering.leaderboard import LeaderboardRow, render_leaderboard

if TYPE_CHECKING:
    from bot.moves.service import GameService

log = logging.getLogger(__name__)


class Poster(Protocol):
    """The slice of the transport (bot.kit.transport) that posts a message in a channel."""

    async def post(self, channel_id: int, post: Post) -> Sent: ...


def season_label(lang: str, season: Season) -> str:
    """A season's name in a reader's language: a month as CLDR names it ("tháng 12 năm 2026"), a quarter
    by its number and year. English keeps the stored label (data.seasons)."""
    if lang != SOURCE and (monthly := re.fullmatch(r"(\d{4})-(\d{2})", season.key)):
        return month(lang, date(int(monthly[1]), int(monthly[2]), 1))
    if lang != SOURCE and (quarterly := re.fullmatch(r"(\d{4})-Q(\d)", season.key)):
        return t(lang, "Q{quarter} {year}", quarter=quarterly[2], year=quarterly[1])
    return season.label  # English, and a season with set dates (its dates need no words)


def season_nonce(guild_id: int, season: Season) -> str:
    """One nonce per closing post (Discord's nonce is at most 25 characters): a calendar season's is
    readable, a season with set dates (a longer key) gets a hash of both."""
    readable = f"season-{season.key}-{guild_id % 10**9}"
    if len(readable) <= 25:
        return readable
    return "season-" + hashlib.sha256(f"{guild_id}:{season.key}".encode()).hexdigest()[:18]


def row_of(entry: BoardEntry) -> LeaderboardRow:
    return LeaderboardRow(entry.rank, entry.display_name, display_rating(entry.rating), entry.games, entry.wins)


async def hidden_players(db: Database, user_ids: Iterable[int]) -> frozenset[int]:
    """Who of `user_ids` opted out of boards."""
    ids = {user for user in user_ids if user > 0}
    settings = await asyncio.gather(*(db.settings.user(user) for user in ids))
    return frozenset(s.user_id for s in settings if s.leaderboard_opt_out)


async def season_board(
    db: Database, guild_id: int, kind: str, season: Season, reset: SeasonReset, min_games: int = DEFAULT_MIN_GAMES
) -> list[BoardEntry]:
    """One game's board of a season: frozen once closed, else replayed so far; opted-out players hidden."""
    standings = await db.seasons.standings(guild_id, kind, season, reset)
    hidden = await hidden_players(db, (s.user_id for s in standings))
    return board_of(standings, hidden, min_games)


# How many ended seasons one pass looks back over: two years of months, so a bot stopped for longer (or a
# server whose seasons were turned on before `seasons_since` was recorded) does not walk back to 1970.
LOOK_BACK_SEASONS = 24


def ended_seasons(plan: SeasonPlan, *, since: float, now: float) -> list[Season]:
    """The seasons that ended by `now` since seasons were turned on (`since`), oldest first: the one just
    ended, and those before it that a stopped bot slept through (at most LOOK_BACK_SEASONS)."""
    found: list[Season] = []
    current = season_in(plan, now)
    if current is not None:
        ended = season_before(plan, current)
    elif plan.custom is not None and plan.custom[1] <= now:
        ended = season_in(plan, plan.custom[1] - 1)  # seasons stopped after the one with set dates
    else:
        ended = None
    while ended is not None and ended.end <= now and ended.end > since and len(found) < LOOK_BACK_SEASONS:
        found.append(ended)
        ended = season_before(plan, ended)
    return found[::-1]


class SeasonCloser:
    """The sweeper's season step: close what has ended, post what is owed."""

    def __init__(self, service: GameService, poster: Poster) -> None:
        self.service = service
        self.poster = poster
        # Seasons this process saw closed: each server is looked up once per season, not on every pass.
        self._closed: set[tuple[int, str]] = set()

    async def step(self) -> None:
        db, now = self.service.db, self.service.clock()
        for guild in await db.seasons.running():
            for ended in ended_seasons(guild.plan, since=guild.since, now=now):
                known = (guild.guild_id, ended.key)
                if known in self._closed:
                    continue
                if not await db.seasons.is_closed(guild.guild_id, ended.key):
                    await db.seasons.close(guild.guild_id, ended, guild.reset, at=now)
                self._closed.add(known)
        for owed in await db.seasons.owed_posts():
            try:
                await self._post(owed)
            except Exception:
                log.exception("could not post the end of season %s of guild %d", owed.season.key, owed.guild_id)

    async def _post(self, owed: SeasonClose) -> None:
        db = self.service.db
        if owed.channel_id is None:
            return
        if not await db.seasons.claim_post(
            owed.guild_id, owed.season.key, at=self.service.clock(), redo_within=NONCE_REDO_SECONDS
        ):
            return  # posted before and its nonce has lapsed, or another process is posting it
        post = await self.closing_post(owed)
        try:
            sent = await self.poster.post(owed.channel_id, post)
        except Exception:
            await db.seasons.release_post(owed.guild_id, owed.season.key)  # not out: a later pass tries again
            raise
        await db.seasons.posted(owed.guild_id, owed.season.key, sent.message_id)
        log.info("posted the end of season %s of guild %d", owed.season.key, owed.guild_id)

    async def closing_post(self, owed: SeasonClose) -> Post:
        """The final board of the season's most played game and each game's champion."""
        db, season = self.service.db, owed.season
        boards: dict[str, list[BoardEntry]] = {}
        played: dict[str, int] = {}
        for kind in kinds():
            # A closed season's standings are its frozen board, whatever the reset setting says.
            standings = await db.seasons.standings(owed.guild_id, kind, season, SeasonReset.FRESH)
            if standings:
                hidden = await hidden_players(db, (s.user_id for s in standings))
                boards[kind] = board_of(standings, hidden, DEFAULT_MIN_GAMES)
                played[kind] = sum(s.games for s in standings)
        lang = await self.service.table_language(owed.guild_id)  # the server's channel reads it
        label = season_label(lang, season)
        lines = [t(lang, "🏆 **The {season} season is over.**", season=label)]
        for kind, board in boards.items():
            title = self.service.adapter(kind).name(lang)
            champions = [e for e in board if e.rank == 1]
            if champions:
                names = listing(lang, [f"**{e.display_name}**" for e in champions])
                rating = number(lang, display_rating(champions[0].rating))
                lines.append(t(lang, "{game} champion: {names} ({rating})", game=title, names=names, rating=rating))
            else:
                lines.append(
                    tn(
                        lang,
                        "{game}: no champion (nobody played {n} rated game this season)",
                        "{game}: no champion (nobody played {n} rated games this season)",
                        DEFAULT_MIN_GAMES,
                        game=title,
                    )
                )
        if not boards:
            lines.append(t(lang, "No rated games were played this season."))
        server = await db.settings.guild(owed.guild_id)
        current = season_in(SeasonPlan(server.season_length, server.season_custom), self.service.clock())
        if current is not None and current.start == season.end:  # not one slept through, nor the last one
            lines.append(t(lang, "A new season starts now. `/leaderboard season:` shows the past seasons."))
        image: bytes | None = None
        if boards:
            main = max(boards, key=lambda kind: played[kind])
            title = f"{self.service.adapter(main).name(lang)} · {label}"
            rows = [row_of(e) for e in boards[main][:10]]
            subtitle = tn(
                lang,
                "final board · at least {n} rated game",
                "final board · at least {n} rated games",
                DEFAULT_MIN_GAMES,
            )
            image = await asyncio.to_thread(render_leaderboard, title, rows, None, subtitle)
        return Post(
            "\n".join(lines)[:2000],
            image=image,
            filename=f"season-{season.key}.png",
            nonce=season_nonce(owed.guild_id, season),
        )
