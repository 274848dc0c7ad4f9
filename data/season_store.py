"""Stored seasons: each server's closed seasons, their frozen boards and the owed closing post.

A season closes once: `close` inserts the (guild, season) row of `season_closes` and the season's
final ratings in one transaction, and a second closer (a restart, another process) finds the row and
does nothing. The closing post is owed until its message id is recorded; the process posting it
claims it first (`claim_post`, the same window rule as `data.messages.claim`) and posts with the
season's nonce, so a post redone after a crash appears once.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .models import Rating, SeasonLength, SeasonReset
from .results import _matches
from .seasons import Season, SeasonPlan, SeasonRating, carry_over, season_by_key, season_ratings

if TYPE_CHECKING:
    from .database import Database, Tx

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SeasonGuild:
    """A server that runs seasons, as the sweeper needs it."""

    guild_id: int
    length: SeasonLength
    reset: SeasonReset
    since: float
    custom: tuple[float, float] | None = None  # a season with set dates (data.seasons.SeasonPlan)

    @property
    def plan(self) -> SeasonPlan:
        return SeasonPlan(self.length, self.custom)


@dataclass(frozen=True, slots=True)
class SeasonClose:
    """A closed season of a server and where its closing post is (None while it is owed)."""

    guild_id: int
    season: Season
    closed_at: float
    channel_id: int | None
    message_id: int | None


def _close(row: Any) -> SeasonClose:
    season = season_by_key(row["season"])
    assert season is not None
    return SeasonClose(row["guild_id"], season, row["closed_at"], row["channel_id"], row["message_id"])


async def _season_matches(tx: Tx, guild_id: int, kind: str | None, season: Season) -> list[Any]:
    where = "guild_id = ? AND finished_at >= ? AND finished_at < ? AND rated = 1"
    params: list[Any] = [guild_id, season.start, season.end]
    if kind is not None:
        where += " AND kind = ?"
        params.append(kind)
    rows = await tx.all(f"SELECT * FROM matches WHERE {where} ORDER BY finished_at, id", params)
    return await _matches(tx, rows)


async def _stored(tx: Tx, guild_id: int, season_key: str, kind: str | None) -> dict[str, list[SeasonRating]]:
    where, params = "guild_id = ? AND season = ?", [guild_id, season_key]
    if kind is not None:
        where += " AND kind = ?"
        params.append(kind)
    rows = await tx.all(f"SELECT * FROM season_ratings WHERE {where} ORDER BY kind, user_id", params)
    found: dict[str, list[SeasonRating]] = defaultdict(list)
    for row in rows:
        rating = Rating(row["mu"], row["sigma"])
        found[row["kind"]].append(SeasonRating(row["user_id"], row["display_name"], rating, row["games"], row["wins"]))
    return found


class SeasonRepository:
    """Reach it as `db.seasons`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def running(self) -> list[SeasonGuild]:
        """Every server with seasons turned on (a length, or a season with set dates)."""
        rows = await self._db.read(
            "SELECT guild_id, season_length, season_reset, seasons_since, season_custom_start, season_custom_end "
            "FROM guild_settings WHERE season_length <> 'off' OR season_custom_end IS NOT NULL ORDER BY guild_id"
        )
        return [
            SeasonGuild(
                row["guild_id"],
                SeasonLength(row["season_length"]),
                SeasonReset(row["season_reset"]),
                float(row["seasons_since"] or 0.0),
                None
                if row["season_custom_start"] is None or row["season_custom_end"] is None
                else (float(row["season_custom_start"]), float(row["season_custom_end"])),
            )
            for row in rows
        ]

    async def closed(self, guild_id: int) -> list[SeasonClose]:
        """The server's closed seasons, newest first (the `season:` choices)."""
        rows = await self._db.read(
            "SELECT * FROM season_closes WHERE guild_id = ? ORDER BY ends_at DESC, season DESC", (guild_id,)
        )
        return [_close(row) for row in rows]

    async def is_closed(self, guild_id: int, season_key: str) -> bool:
        rows = await self._db.read(
            "SELECT 1 FROM season_closes WHERE guild_id = ? AND season = ?", (guild_id, season_key)
        )
        return bool(rows)

    async def standings(self, guild_id: int, kind: str, season: Season, reset: SeasonReset) -> list[SeasonRating]:
        """Every real player's standing in one game's season: the frozen board of a closed season, else the
        ratings replayed over its rated matches so far (carried from the season before when `reset` says)."""
        async with self._db.transaction(write=False) as tx:
            if await tx.one("SELECT 1 FROM season_closes WHERE guild_id = ? AND season = ?", (guild_id, season.key)):
                return (await _stored(tx, guild_id, season.key, kind)).get(kind, [])
            return (await self._replay(tx, guild_id, kind, season, reset)).get(kind, [])

    async def _replay(
        self, tx: Tx, guild_id: int, kind: str | None, season: Season, reset: SeasonReset
    ) -> dict[str, list[SeasonRating]]:
        model = self._db.rating_model
        matches = await _season_matches(tx, guild_id, kind, season)
        carried: dict[str, dict[int, Rating]] = defaultdict(dict)
        if reset is SeasonReset.CARRY:
            # The season closed just before this one (a calendar one, or one with set dates): the ratings
            # carried are its frozen board's.
            before = await tx.one(
                "SELECT season FROM season_closes WHERE guild_id = ? AND ends_at <= ? ORDER BY ends_at DESC LIMIT 1",
                (guild_id, season.start),
            )
            stored = {} if before is None else await _stored(tx, guild_id, before["season"], kind)
            for game, standings in stored.items():
                carried[game] = {s.user_id: carry_over(model, s.rating) for s in standings}
        by_kind: dict[str, list[Any]] = defaultdict(list)
        for match in matches:
            by_kind[match.kind].append(match)
        return {game: season_ratings(model, found, carried[game]) for game, found in by_kind.items()}

    async def close(self, guild_id: int, season: Season, reset: SeasonReset, *, at: float) -> SeasonClose | None:
        """Close `season` of the server: record it, freeze every game's final ratings, and owe the closing
        post in the channel the server's games were last played in. None when it was closed already
        (by this process before a restart, or by another one): nothing is done twice."""
        async with self._db.transaction() as tx:
            last = await tx.one("SELECT channel_id FROM games WHERE guild_id = ? ORDER BY id DESC LIMIT 1", (guild_id,))
            channel_id = last["channel_id"] if last is not None else None
            inserted = await tx.run(
                "INSERT INTO season_closes (guild_id, season, starts_at, ends_at, closed_at, channel_id) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (guild_id, season.key, season.start, season.end, at, channel_id),
            )
            if inserted != 1:
                return None
            standings = await self._replay(tx, guild_id, None, season, reset)
            rows = [
                (guild_id, season.key, kind, s.user_id, s.display_name, s.rating.mu, s.rating.sigma, s.games, s.wins)
                for kind, found in sorted(standings.items())
                for s in found
            ]
            await tx.many(
                "INSERT INTO season_ratings (guild_id, season, kind, user_id, display_name, mu, sigma, games, wins) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        log.info("closed season %s of guild %d", season.key, guild_id)
        return SeasonClose(guild_id, season, at, channel_id, None)

    async def owed_posts(self) -> list[SeasonClose]:
        """Closed seasons whose closing post is not recorded yet, oldest first (seasons closed in one pass,
        after a bot slept through several, in the order they ended)."""
        rows = await self._db.read(
            "SELECT * FROM season_closes WHERE message_id IS NULL AND channel_id IS NOT NULL "
            "ORDER BY closed_at, guild_id, ends_at"
        )
        return [_close(row) for row in rows]

    async def claim_post(self, guild_id: int, season_key: str, *, at: float, redo_within: float) -> bool:
        """Claim the closing post before posting it: True when the caller may post now. The first claim
        wins; a claim made earlier answers True only within `redo_within` seconds of it (the post's nonce
        then returns the first message instead of a second one); later, at most once is kept."""
        rows = await self._db.statement(
            "UPDATE season_closes SET claimed_at = ? WHERE guild_id = ? AND season = ? AND claimed_at IS NULL "
            "AND message_id IS NULL RETURNING claimed_at",
            (at, guild_id, season_key),
        )
        if rows:
            return True
        earlier = await self._db.read(
            "SELECT claimed_at FROM season_closes WHERE guild_id = ? AND season = ? AND message_id IS NULL",
            (guild_id, season_key),
        )
        return (
            bool(earlier) and earlier[0]["claimed_at"] is not None and abs(at - earlier[0]["claimed_at"]) < redo_within
        )

    async def release_post(self, guild_id: int, season_key: str) -> None:
        """The post was refused (it is known not to be out): a later pass may claim it afresh."""
        await self._db.statement(
            "UPDATE season_closes SET claimed_at = NULL WHERE guild_id = ? AND season = ? AND message_id IS NULL",
            (guild_id, season_key),
        )

    async def posted(self, guild_id: int, season_key: str, message_id: int) -> None:
        await self._db.statement(
            "UPDATE season_closes SET message_id = ? WHERE guild_id = ? AND season = ?",
            (message_id, guild_id, season_key),
        )

    async def stored_keys(self, guild_id: int) -> Sequence[str]:
        return [close.season.key for close in await self.closed(guild_id)]
