"""Every table one person sits at, across all servers: what `/games` lists.

A person in casual games sits at several tables in several servers at once; this answers, in a few
statements whatever the number of games, where they sit now (lobbies and running games, with every
seat so the bot can name whose turn it is) and which of their games ended since a given time, with
the place they finished in.

Whose turn it is lives in the engine's state, not in a column, so this module orders the open tables
by what is stored (running games before lobbies, then the stored deadline) and the bot puts the
tables waiting for the person first (`bot` reads the turn from the loaded state).

Uses
    found = await tables_of(db, user_id, finished_since=now - 7 * 86400)
    found.open       # GameRecords, running first, then by stored deadline (none last), then id
    found.finished   # FinishedTables, latest end first
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .games import _fetch_games
from .models import GameRecord, GameStatus

if TYPE_CHECKING:
    from .database import Database

# Games listed at most, open and finished each: many times what a person plays at once or in a week,
# and a bound on one read (and on the states the bot loads to say whose turn it is).
OPEN_LIMIT = 100
FINISHED_LIMIT = 100


@dataclass(frozen=True, slots=True)
class FinishedTable:
    """A game the person sat at that ended: its record and their place (None when it was abandoned,
    so no result was stored)."""

    game: GameRecord
    place: int | None

    @property
    def finished(self) -> bool:
        return self.game.status is GameStatus.FINISHED


@dataclass(frozen=True, slots=True)
class PersonTables:
    """Where a person sits now, and what they finished lately."""

    open: tuple[GameRecord, ...]
    finished: tuple[FinishedTable, ...]


# Seats the person still plays: a seat a computer took over (they left, or timed out) is no longer theirs.
_SEATED = "id IN (SELECT game_id FROM seats WHERE user_id = ? AND computer_level IS NULL)"
# Ended games count whatever happened to the seat since: a result is theirs even if a computer finished it.
_SAT = "id IN (SELECT game_id FROM seats WHERE user_id = ?)"


async def tables_of(
    db: Database,
    user_id: int,
    *,
    finished_since: float,
    open_limit: int = OPEN_LIMIT,
    finished_limit: int = FINISHED_LIMIT,
) -> PersonTables:
    """The person's open tables (every server) and their games ended at or after `finished_since`.

    Three reads in one read transaction, so the lists agree with each other (a game that ends between
    them is in one list, never both or neither)."""
    async with db.transaction(write=False) as tx:
        open_games = await _fetch_games(
            tx,
            f"status IN ('lobby', 'active') AND {_SEATED} "
            "ORDER BY CASE WHEN status = 'active' THEN 0 ELSE 1 END, "
            "CASE WHEN deadline IS NULL THEN 1 ELSE 0 END, deadline, id LIMIT ?",
            (user_id, open_limit),
        )
        ended = await _fetch_games(
            tx,
            f"status IN ('finished', 'abandoned') AND ended_at >= ? AND {_SAT} ORDER BY ended_at DESC, id DESC LIMIT ?",
            (finished_since, user_id, finished_limit),
        )
        places: dict[int, int] = {}
        if ended:
            ids = [game.id for game in ended]
            rows = await tx.all(
                "SELECT m.game_id, p.place FROM matches m JOIN match_players p ON p.match_id = m.id "
                f"WHERE p.user_id = ? AND m.game_id IN ({', '.join('?' * len(ids))})",
                (user_id, *ids),
            )
            places = {int(row["game_id"]): int(row["place"]) for row in rows}
    return PersonTables(
        open=tuple(open_games),
        finished=tuple(FinishedTable(game, places.get(game.id)) for game in ended),
    )
