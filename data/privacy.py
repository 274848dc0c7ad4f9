"""Deleting a user's data on request (Discord developer policy: honour deletion requests).

What goes: their settings, their ratings rows, and their id and name everywhere: in every game's
seats and host column, in the match log, and in stored end reasons. Stored results keep a pseudonym
instead (a fresh negative number and the name "Deleted player"), so the other players' results, and
ratings recomputed from the log, stay exactly as they were while nothing links back to the Discord
account. A seat of an open game becomes a computer seat under the pseudonym at once (the bot hands it
over first, so play goes on); `is_erased` is how the rest of the bot recognises such a seat, which is
never given back to a human (Rematch) and is shown as an anonymous former player.

The file keeps no copy either: the writer runs with `secure_delete` (freed space is zeroed) and the
erasure ends with a WAL checkpoint that truncates the log, so old pages holding the id or the name
are gone from disk too. `pending_erasures` is only read for rows written by older versions.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from .models import Erasure

if TYPE_CHECKING:
    from .database import Database, Tx

log = logging.getLogger(__name__)

ERASED_NAME = "Deleted player"
# Every table an erasure rewrites or deletes from (PostgreSQL vacuums them afterwards, data.postgres).
ERASED_TABLES = (
    "seats",
    "games",
    "match_players",
    "ratings",
    "user_settings",
    "guides",
    "pending_erasures",
    "messages",
)


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
            names = [
                row["display_name"]
                for row in await tx.all(
                    "SELECT display_name FROM seats WHERE user_id = ? UNION SELECT display_name FROM match_players "
                    "WHERE user_id = ? UNION SELECT display_name FROM ratings WHERE user_id = ?",
                    (user_id, user_id, user_id),
                )
            ]
            match_rows = await tx.run(
                "UPDATE match_players SET user_id = ?, display_name = ? WHERE user_id = ?",
                (pseudonym, ERASED_NAME, user_id),
            )
            ratings = await tx.run("DELETE FROM ratings WHERE user_id = ?", (user_id,))
            await tx.run("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            await tx.run("DELETE FROM guides WHERE user_id = ?", (user_id,))  # first-game tips: a setting too
            open_rows = await tx.all(
                "SELECT DISTINCT g.id FROM games g LEFT JOIN seats s ON s.game_id = g.id "
                "WHERE g.status IN ('lobby', 'active') AND (s.user_id = ? OR g.host_user_id = ?) ORDER BY g.id",
                (user_id, user_id),
            )
            # An open game's seat is played on by a computer; a finished one keeps its human/computer record.
            seats = await tx.run(
                "UPDATE seats SET user_id = ?, display_name = ?, hand_channel_id = NULL, hand_message_id = NULL, "
                "computer_level = CASE WHEN game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'active')) "
                "THEN COALESCE(computer_level, 'normal') ELSE computer_level END WHERE user_id = ?",
                (pseudonym, ERASED_NAME, user_id),
            )
            await tx.run("UPDATE games SET host_user_id = ? WHERE host_user_id = ?", (pseudonym, user_id))
            for name in names:  # end reasons stored by older versions named the player ("ended by <name>")
                await tx.run(
                    "UPDATE games SET end_reason = replace(end_reason, ?, ?) "
                    "WHERE replace(end_reason, ?, '') <> end_reason",
                    (f"by {name}", f"by {ERASED_NAME}", f"by {name}"),
                )
            await tx.run("DELETE FROM pending_erasures WHERE user_id = ?", (user_id,))
        await self._db.checkpoint()
        log.info("erased a user's data: %d results, %d ratings, %d seats", match_rows, ratings, seats)
        return Erasure(pseudonym, match_rows, ratings, seats, tuple(row["id"] for row in open_rows))


def is_erased(user_id: int | None) -> bool:
    """A seat or result of a user who deleted their data: the pseudonym is negative, Discord ids never are."""
    return user_id is not None and user_id < 0


def returning_user(user_id: int | None) -> int | None:
    """The Discord user a stored seat may be given back to (a Rematch): None for computers and erased seats."""
    return None if user_id is None or is_erased(user_id) else user_id


async def settle_pending(tx: Tx, game_id: int) -> int:
    """Erase, inside the ending game's own transaction (on the database thread), every user who asked
    while seated in it."""
    rows = await tx.all("SELECT user_id, pseudonym FROM pending_erasures WHERE game_id = ?", (game_id,))
    for row in rows:
        user_id, pseudonym = row["user_id"], row["pseudonym"]
        await tx.run(
            "UPDATE match_players SET user_id = ?, display_name = ? "
            "WHERE user_id = ? AND match_id IN (SELECT id FROM matches WHERE game_id = ?)",
            (pseudonym, ERASED_NAME, user_id, game_id),
        )
        await tx.run(
            "UPDATE seats SET user_id = ?, display_name = ?, hand_channel_id = NULL, hand_message_id = NULL "
            "WHERE game_id = ? AND user_id = ?",
            (pseudonym, ERASED_NAME, game_id, user_id),
        )
        await tx.run(
            "UPDATE games SET host_user_id = ? WHERE id = ? AND host_user_id = ?", (pseudonym, game_id, user_id)
        )
    await tx.run("DELETE FROM pending_erasures WHERE game_id = ?", (game_id,))
    return len(rows)
