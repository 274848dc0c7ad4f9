"""What a newcomer has been shown already: a person's guided first game, a server's welcome message.

Both are shown once. A guided first game (tips on the hand message, cogs/<kind>/guide.py) lasts
until the person finishes a game of that kind, or turns tips off; the hand message is redrawn from
stored data after every move and after a restart, so whether a seat is guided is read here, never
kept in memory. A server's welcome is claimed in the same statement that checks for it, before it is
posted, so two processes or a reconnect cannot both post it: at most once, even across a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .database import Database

log = logging.getLogger(__name__)

EVERY_KIND = "*"  # a `guides` row for this kind: the person turned first-game tips off


class FirstTimeRepository:
    """Reach it as `db.firsttime`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- guided first games --------------------------------------------------------------------------

    async def guided(self, user_id: int, kind: str) -> bool:
        """Whether this person still gets the guided first game of `kind`."""
        rows = await self._db.read(
            "SELECT 1 AS done FROM guides WHERE user_id = ? AND kind IN (?, ?)", (user_id, kind, EVERY_KIND)
        )
        return not rows

    async def tips_off(self, user_id: int) -> bool:
        rows = await self._db.read("SELECT 1 AS done FROM guides WHERE user_id = ? AND kind = ?", (user_id, EVERY_KIND))
        return bool(rows)

    async def finished(self, user_ids: Iterable[int], kind: str, *, at: float) -> None:
        """These people finished a game of `kind`: their guided first game of it is over."""
        rows = [(user_id, kind, at) for user_id in dict.fromkeys(user_ids) if user_id > 0]
        if not rows:
            return
        async with self._db.transaction() as tx:
            await tx.many(
                "INSERT INTO guides (user_id, kind, done_at) VALUES (?, ?, ?) ON CONFLICT (user_id, kind) DO NOTHING",
                rows,
            )

    async def set_tips(self, user_id: int, shown: bool, *, at: float) -> None:
        """Off: no guided game any more. On: every guide starts again from the person's next game."""
        async with self._db.transaction() as tx:
            await tx.run("DELETE FROM guides WHERE user_id = ?", (user_id,))
            if not shown:
                await tx.run("INSERT INTO guides (user_id, kind, done_at) VALUES (?, ?, ?)", (user_id, EVERY_KIND, at))

    # -- a server's first message ----------------------------------------------------------------------

    async def claim_welcome(self, guild_id: int, *, at: float) -> bool:
        """True for the one caller that may post this server's welcome; False once it was claimed."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "INSERT INTO welcomes (guild_id, at) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING", (guild_id, at)
            )
        return changed > 0

    async def welcomed(self, guild_id: int, channel_id: int, message_id: int) -> None:
        """Where the welcome went (a claimed row without a channel: no channel would take it)."""
        async with self._db.transaction() as tx:
            await tx.run(
                "UPDATE welcomes SET channel_id = ?, message_id = ? WHERE guild_id = ?",
                (channel_id, message_id, guild_id),
            )

    async def welcome_of(self, guild_id: int) -> tuple[int | None, int | None] | None:
        """(channel, message) of a claimed welcome, or None when the server was never welcomed."""
        rows = await self._db.read("SELECT channel_id, message_id FROM welcomes WHERE guild_id = ?", (guild_id,))
        if not rows:
            return None
        return rows[0]["channel_id"], rows[0]["message_id"]
