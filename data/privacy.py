"""Deleting a user's data on request (Discord developer policy: honour deletion requests).

What goes: their settings, their ratings rows, and their id and name everywhere in finished and
abandoned games and in the match log. Stored results keep a pseudonym instead (a fresh negative
number and the name "Deleted player"), so the other players' results, and ratings recomputed from
the log, stay exactly as they were while nothing links back to the Discord account.

Seats in open games are not touched: the bot must first replace or remove those seats (the game is
live and its messages name the player). `Erasure.open_game_ids` lists them, and each is remembered in
`pending_erasures`: when such a game finishes or is abandoned, the same transaction erases the user
from it (`settle_pending`), so the promise survives a restart of the bot.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING

from .models import Erasure

if TYPE_CHECKING:
    from .database import Database

log = logging.getLogger(__name__)

ERASED_NAME = "Deleted player"


class PrivacyRepository:
    """Reach it as `db.privacy`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def erase_user(self, user_id: int, *, at: float) -> Erasure:
        """Remove `user_id`'s personal data as described in the module docstring; one transaction."""
        if user_id <= 0:
            raise ValueError("only real (positive) Discord user ids can be erased")
        async with self._db.transaction() as tx:
            pseudonym = -(await tx.insert("INSERT INTO erasures (at) VALUES (?)", (at,)))
            match_rows = await tx.run(
                "UPDATE match_players SET user_id = ?, display_name = ? WHERE user_id = ?",
                (pseudonym, ERASED_NAME, user_id),
            )
            ratings = await tx.run("DELETE FROM ratings WHERE user_id = ?", (user_id,))
            await tx.run("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            seats = await tx.run(
                "UPDATE seats SET user_id = ?, display_name = ?, hand_channel_id = NULL, hand_message_id = NULL "
                "WHERE user_id = ? AND game_id IN (SELECT id FROM games WHERE status IN ('finished', 'abandoned'))",
                (pseudonym, ERASED_NAME, user_id),
            )
            await tx.run(
                "UPDATE games SET host_user_id = ? WHERE host_user_id = ? AND status IN ('finished', 'abandoned')",
                (pseudonym, user_id),
            )
            open_rows = await tx.all(
                "SELECT DISTINCT g.id FROM games g LEFT JOIN seats s ON s.game_id = g.id "
                "WHERE g.status IN ('lobby', 'active') AND (s.user_id = ? OR g.host_user_id = ?) ORDER BY g.id",
                (user_id, user_id),
            )
            await tx.many(
                "INSERT OR IGNORE INTO pending_erasures (game_id, user_id, pseudonym) VALUES (?, ?, ?)",
                [(row["id"], user_id, pseudonym) for row in open_rows],
            )
        log.info("erased a user's data: %d results, %d ratings, %d seats", match_rows, ratings, seats)
        return Erasure(pseudonym, match_rows, ratings, seats, tuple(row["id"] for row in open_rows))


def settle_pending(conn: sqlite3.Connection, game_id: int) -> int:
    """Erase, inside the ending game's own transaction (on the database thread), every user who asked
    while seated in it."""
    rows = conn.execute("SELECT user_id, pseudonym FROM pending_erasures WHERE game_id = ?", (game_id,)).fetchall()
    for row in rows:
        user_id, pseudonym = row["user_id"], row["pseudonym"]
        conn.execute(
            "UPDATE match_players SET user_id = ?, display_name = ? "
            "WHERE user_id = ? AND match_id IN (SELECT id FROM matches WHERE game_id = ?)",
            (pseudonym, ERASED_NAME, user_id, game_id),
        )
        conn.execute(
            "UPDATE seats SET user_id = ?, display_name = ?, hand_channel_id = NULL, hand_message_id = NULL "
            "WHERE game_id = ? AND user_id = ?",
            (pseudonym, ERASED_NAME, game_id, user_id),
        )
        conn.execute(
            "UPDATE games SET host_user_id = ? WHERE id = ? AND host_user_id = ?", (pseudonym, game_id, user_id)
        )
    conn.execute("DELETE FROM pending_erasures WHERE game_id = ?", (game_id,))
    return len(rows)
