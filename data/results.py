"""Finished matches, ratings, leaderboards, stats and history (design §5, notes D.1).

The match log (`matches` + `match_players`) is immutable and holds each rated seat's rating before
and after; the `ratings` table is derived from it and can be rebuilt with `recompute_ratings`.
Ratings are kept per server, per game kind, per player. Boards sort by the conservative ordinal
(mu - 3 sigma) and list only players with a minimum number of rated games who did not opt out.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from games.base import GameResult

from .models import BoardEntry, GameRecord, MatchPlayer, MatchRecord, PlayerStats, Rating
from .ratings import RatedSeat, RatingModel, replay_ratings

if TYPE_CHECKING:
    from .database import Database, Row, Tx

log = logging.getLogger(__name__)

# Boards hide players with fewer rated games than this (notes D.1: one-game players dominate otherwise).
DEFAULT_MIN_GAMES = 5


# Erased users carry negative pseudonyms (see data.privacy); they never appear on boards.
def _listed(alias: str) -> str:
    """SQL condition: the ratings row `alias` may appear on a board (real user, not opted out)."""
    return (
        f"{alias}.user_id > 0 AND {alias}.user_id NOT IN "
        "(SELECT user_id FROM user_settings WHERE leaderboard_opt_out = 1)"
    )


async def record_match(
    tx: Tx, model: RatingModel, game: GameRecord, result: GameResult, at: float
) -> MatchRecord:
    """Write the match for a game that just finished and, if every seat is human, rate it.

    Runs inside the ending's own write transaction (`GameRepository.finish`
    and `append_final_move` via `Database.atomic`), so the final move, the status, the match and the
    ratings commit together or not at all. Rated = all seats human from start to end (design §5; a
    replaced seat makes the game unrated) and at least two distinct players.
    """
    rated = game.all_human and len({seat.user_id for seat in game.seats}) == game.players >= 2
    with_computers = any(seat.is_computer for seat in game.seats)
    match_id = await tx.insert(
        "INSERT INTO matches (game_id, guild_id, kind, finished_at, rated, with_computers) VALUES (?, ?, ?, ?, ?, ?)",
        (game.id, game.guild_id, game.kind, at, int(rated), int(with_computers)),
    )
    befores: list[Rating | None] = [None] * game.players
    afters: list[Rating | None] = [None] * game.players
    if rated:
        current = [await _current_rating(tx, model, game.guild_id, game.kind, seat.user_id) for seat in game.seats]
        new = model.rate(current, result.places)
        befores, afters = list(current), list(new)
        for seat, rating, place in zip(game.seats, new, result.places, strict=True):
            await tx.run(
                "INSERT INTO ratings (guild_id, kind, user_id, display_name, mu, sigma, ordinal, games, wins, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) "
                "ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET display_name = excluded.display_name, "
                "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = ratings.games + 1, "
                "wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
                (
                    game.guild_id,
                    game.kind,
                    seat.user_id,
                    seat.display_name,
                    rating.mu,
                    rating.sigma,
                    rating.ordinal,
                    int(place == 1),
                    at,
                ),
            )
    players = tuple(
        MatchPlayer(
            seat=seat.seat,
            user_id=seat.user_id,
            display_name=seat.display_name,
            is_computer=seat.is_computer,
            place=place,
            score=score,
            before=before,
            after=after,
        )
        for seat, place, score, before, after in zip(
            game.seats, result.places, result.scores, befores, afters, strict=True
        )
    )
    await tx.many(
        "INSERT INTO match_players (match_id, seat, user_id, display_name, is_computer, place, score, "
        "mu_before, sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(match_id, *_player_params(p)) for p in players],
    )
    return MatchRecord(match_id, game.id, game.guild_id, game.kind, at, rated, with_computers, players)


def _player_params(p: MatchPlayer) -> tuple[Any, ...]:
    return (
        p.seat,
        p.user_id,
        p.display_name,
        int(p.is_computer),
        p.place,
        p.score,
        p.before.mu if p.before else None,
        p.before.sigma if p.before else None,
        p.after.mu if p.after else None,
        p.after.sigma if p.after else None,
    )


async def _current_rating(tx: Tx, model: RatingModel, guild_id: int, kind: str, user_id: int | None) -> Rating:
    row = await tx.one(
        "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?", (guild_id, kind, user_id)
    )
    return Rating(row["mu"], row["sigma"]) if row else model.initial


def _rating(mu: float | None, sigma: float | None) -> Rating | None:
    return None if mu is None or sigma is None else Rating(mu, sigma)


async def _matches(tx: Tx, match_rows: Sequence[Row]) -> list[MatchRecord]:
    """Attach players to match rows (one query for all of them)."""
    if not match_rows:
        return []
    ids = [row["id"] for row in match_rows]
    marks = ",".join("?" * len(ids))
    player_rows = await tx.all(f"SELECT * FROM match_players WHERE match_id IN ({marks}) ORDER BY match_id, seat", ids)
    return _build_matches(match_rows, player_rows)


def _build_matches(match_rows: Sequence[Row], player_rows: Sequence[Row]) -> list[MatchRecord]:
    players: dict[int, list[MatchPlayer]] = defaultdict(list)
    for row in player_rows:
        players[row["match_id"]].append(
            MatchPlayer(
                seat=row["seat"],
                user_id=row["user_id"],
                display_name=row["display_name"],
                is_computer=bool(row["is_computer"]),
                place=row["place"],
                score=row["score"],
                before=_rating(row["mu_before"], row["sigma_before"]),
                after=_rating(row["mu_after"], row["sigma_after"]),
            )
        )
    return [
        MatchRecord(
            id=row["id"],
            game_id=row["game_id"],
            guild_id=row["guild_id"],
            kind=row["kind"],
            finished_at=row["finished_at"],
            rated=bool(row["rated"]),
            with_computers=bool(row["with_computers"]),
            players=tuple(players[row["id"]]),
        )
        for row in match_rows
    ]


async def match_by_id(tx: Tx, match_id: int) -> MatchRecord:
    """One match with its players, read inside a running write transaction."""
    match_rows = await tx.all("SELECT * FROM matches WHERE id = ?", (match_id,))
    player_rows = await tx.all("SELECT * FROM match_players WHERE match_id = ? ORDER BY seat", (match_id,))
    return _build_matches(match_rows, player_rows)[0]


class ResultRepository:
    """Matches, ratings, boards, stats and history. Reach it as `db.results`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def match_for_game(self, game_id: int) -> MatchRecord | None:
        async with self._db.transaction(write=False) as tx:
            rows = await tx.all("SELECT * FROM matches WHERE game_id = ?", (game_id,))
            found = await _matches(tx, rows)
        return found[0] if found else None

    async def recent_matches(
        self,
        guild_id: int,
        *,
        kind: str | None = None,
        user_id: int | None = None,
        limit: int = 10,
        before_id: int | None = None,
    ) -> list[MatchRecord]:
        """Newest first; filter by kind and/or a player; page with `before_id` (the last id shown)."""
        where = ["m.guild_id = ?"]
        params: list[Any] = [guild_id]
        if kind is not None:
            where.append("m.kind = ?")
            params.append(kind)
        if user_id is not None:
            where.append("m.id IN (SELECT match_id FROM match_players WHERE user_id = ?)")
            params.append(user_id)
        if before_id is not None:
            where.append("m.id < ?")
            params.append(before_id)
        params.append(limit)
        async with self._db.transaction(write=False) as tx:
            rows = await tx.all(
                f"SELECT m.* FROM matches m WHERE {' AND '.join(where)} ORDER BY m.finished_at DESC, m.id DESC LIMIT ?",
                params,
            )
            return await _matches(tx, rows)

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        """The player's stored rating, or None before their first rated game."""
        async with self._db.transaction(write=False) as tx:
            row = await tx.one(
                "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?",
                (guild_id, kind, user_id),
            )
        return Rating(row["mu"], row["sigma"]) if row else None

    async def all_ratings(self, guild_id: int, kind: str) -> dict[int, Rating]:
        """Every stored rating of one board, including unlisted players (for tools and tests)."""
        async with self._db.transaction(write=False) as tx:
            rows = await tx.all(
                "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND kind = ?", (guild_id, kind)
            )
        return {row["user_id"]: Rating(row["mu"], row["sigma"]) for row in rows}

    async def leaderboard(
        self, guild_id: int, kind: str, *, limit: int = 10, offset: int = 0, min_games: int = DEFAULT_MIN_GAMES
    ) -> list[BoardEntry]:
        """Top players by conservative rating; equal ordinals share a rank."""
        async with self._db.transaction(write=False) as tx:
            rows = await tx.all(
                # RANK() over the listed players: one pass over the board, ties share a rank.
                "SELECT r.user_id, r.display_name, r.mu, r.sigma, r.games, r.wins, "
                "RANK() OVER (ORDER BY r.ordinal DESC) AS rank "
                f"FROM ratings r WHERE r.guild_id = ? AND r.kind = ? AND r.games >= ? AND {_listed('r')} "
                "ORDER BY r.ordinal DESC, r.games DESC, r.user_id LIMIT ? OFFSET ?",
                (guild_id, kind, min_games, limit, offset),
            )
        return [
            BoardEntry(
                rank=row["rank"],
                user_id=row["user_id"],
                display_name=row["display_name"],
                rating=Rating(row["mu"], row["sigma"]),
                games=row["games"],
                wins=row["wins"],
            )
            for row in rows
        ]

    async def rank_of(
        self, guild_id: int, kind: str, user_id: int, *, min_games: int = DEFAULT_MIN_GAMES
    ) -> int | None:
        """The player's place on the board, or None if they are not listed (too few games, opted out)."""
        async with self._db.transaction(write=False) as tx:
            return await _rank(tx, guild_id, kind, user_id, min_games)

    async def player_stats(
        self,
        guild_id: int,
        user_id: int,
        *,
        kind: str | None = None,
        min_games: int = DEFAULT_MIN_GAMES,
        between: tuple[float, float] | None = None,
    ) -> PlayerStats:
        """Games, wins, average place and total score from the match log, plus rating and rank for a kind.

        Games with computer seats count only if the server's `computer_games_count` setting says so.
        `between` = (start, end) counts only games that ended in it (a season, data.seasons).
        """
        where = ["m.guild_id = ?", "p.user_id = ?"]
        params: list[Any] = [guild_id, user_id]
        if between is not None:
            where.append("m.finished_at >= ? AND m.finished_at < ?")
            params.extend(between)
        if kind is not None:
            where.append("m.kind = ?")
            params.append(kind)
        where.append(
            "(m.with_computers = 0 OR COALESCE((SELECT computer_games_count FROM guild_settings "
            "WHERE guild_id = m.guild_id), 0) = 1)"
        )
        async with self._db.transaction(write=False) as tx:
            row = await tx.one(
                "SELECT COUNT(*) AS games, COALESCE(SUM(CASE WHEN p.place = 1 THEN 1 ELSE 0 END), 0) AS wins, "
                "AVG(CAST(p.place AS DOUBLE PRECISION)) AS avg_place, "
                "COALESCE(SUM(p.score), 0) AS total FROM match_players p JOIN matches m ON m.id = p.match_id "
                f"WHERE {' AND '.join(where)}",
                params,
            )
            assert row is not None
            rating: Rating | None = None
            rated_games = 0
            rank: int | None = None
            if kind is not None:
                rated = await tx.one(
                    "SELECT mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?",
                    (guild_id, kind, user_id),
                )
                if rated is not None:
                    rating = Rating(rated["mu"], rated["sigma"])
                    rated_games = rated["games"]
                    rank = await _rank(tx, guild_id, kind, user_id, min_games)
        return PlayerStats(
            user_id=user_id,
            guild_id=guild_id,
            kind=kind,
            games=row["games"],
            wins=row["wins"],
            average_place=row["avg_place"],
            total_score=row["total"],
            rating=rating,
            rated_games=rated_games,
            rank=rank,
        )

    async def recompute_ratings(self, guild_id: int | None = None, kind: str | None = None) -> int:
        """Rebuild ratings (and each match's before/after) from the match log; returns matches rated.

        For an admin or a parameter change (notes D.3). The database lock is held throughout so no
        match finishes half-way through; the rating arithmetic runs in a worker thread so the event
        loop keeps serving.
        """
        where = ["rated = 1"]
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if kind is not None:
            where.append("kind = ?")
            params.append(kind)
        async with self._db.transaction() as tx:
            matches = await tx.all(
                f"SELECT id, guild_id, kind, finished_at FROM matches WHERE {' AND '.join(where)} "
                "ORDER BY finished_at, id",
                params,
            )
            seats = await tx.all(
                "SELECT p.match_id, p.seat, p.user_id, p.display_name, p.place FROM match_players p "
                f"JOIN matches m ON m.id = p.match_id WHERE {' AND '.join('m.' + w for w in where)} "
                "ORDER BY p.match_id, p.seat",
                params,
            )
            by_match: dict[int, list[Row]] = defaultdict(list)
            for seat in seats:
                by_match[seat["match_id"]].append(seat)
            log_rows = [
                [RatedSeat((m["guild_id"], m["kind"], s["user_id"]), s["place"]) for s in by_match[m["id"]]]
                for m in matches
            ]
            changes, final = await asyncio.to_thread(replay_ratings, self._db.rating_model, log_rows)

            await tx.run(f"DELETE FROM ratings WHERE {' AND '.join(where[1:]) or '1 = 1'}", params)
            await tx.many(
                "UPDATE match_players SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ? "
                "WHERE match_id = ? AND seat = ?",
                [
                    (c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, m["id"], s["seat"])
                    for m, match_changes in zip(matches, changes, strict=True)
                    for s, c in zip(by_match[m["id"]], match_changes, strict=True)
                ],
            )
            await tx.many(
                "INSERT INTO ratings (guild_id, kind, user_id, display_name, mu, sigma, ordinal, games, wins, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                _rating_rows(matches, by_match, final),
            )
        log.info("recomputed ratings from %d matches", len(matches))
        return len(matches)


def _rating_rows(
    matches: Sequence[Row], by_match: dict[int, list[Row]], final: dict[Hashable, Rating]
) -> list[tuple[Any, ...]]:
    """One ratings row per (guild, kind, player) with games, wins, latest name and last match time.

    Pseudonymous (erased) players are rated in memory so everyone else's numbers are unchanged,
    but get no row: their data was deleted on request.
    """
    games: dict[Hashable, int] = defaultdict(int)
    wins: dict[Hashable, int] = defaultdict(int)
    name: dict[Hashable, str] = {}
    last: dict[Hashable, float] = {}
    for match in matches:
        for seat in by_match[match["id"]]:
            key = (match["guild_id"], match["kind"], seat["user_id"])
            games[key] += 1
            wins[key] += seat["place"] == 1
            name[key] = seat["display_name"]
            last[key] = match["finished_at"]
    rows: list[tuple[Any, ...]] = []
    for player, rating in final.items():
        assert isinstance(player, tuple)
        guild, kind, user = player
        key = (guild, kind, user)
        if user is None or user < 0:
            continue
        rows.append(
            (guild, kind, user, name[key], rating.mu, rating.sigma, rating.ordinal, games[key], wins[key], last[key])
        )
    return rows


async def _rank(tx: Tx, guild_id: int, kind: str, user_id: int, min_games: int) -> int | None:
    row = await tx.one(
        f"SELECT r.ordinal FROM ratings r WHERE r.guild_id = ? AND r.kind = ? AND r.user_id = ? AND r.games >= ? "
        f"AND {_listed('r')}",
        (guild_id, kind, user_id, min_games),
    )
    if row is None:
        return None
    above = await tx.one(
        f"SELECT COUNT(*) AS n FROM ratings r WHERE r.guild_id = ? AND r.kind = ? AND r.games >= ? "
        f"AND r.ordinal > ? AND {_listed('r')}",
        (guild_id, kind, min_games, row["ordinal"]),
    )
    assert above is not None
    return int(above["n"]) + 1
