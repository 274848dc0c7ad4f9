"""What each message of a game last showed (table `messages`), so messages converge to the stored game.

The bot draws every message from the stored state; this remembers, per (game, kind, seat), which
message that is and a fingerprint of what it shows. After a restart the bot compares and redraws only
what differs, and a message still owed (a result announcement whose post failed) is found here.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from .models import MessageKind, ShownMessage

if TYPE_CHECKING:
    from .database import Database, Row

GAME_WIDE = -1  # the seat of a message that belongs to the whole game
# Notices owed with their text before they are posted: a save keeps the stored text (see `save`).
OWED_TEXTS = (MessageKind.LEFT, MessageKind.NOTICE, MessageKind.REMIND, MessageKind.TIMEOUT)


def _shown(row: Row) -> ShownMessage:
    return ShownMessage(
        game_id=row["game_id"],
        kind=MessageKind(row["kind"]),
        seat=row["seat"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        version=row["shown_version"],
        key=row["shown_key"],
        turn=row["turn"],
        live=bool(row["live"]),
        reply_token=row["reply_token"],
        reply_until=row["reply_until"],
    )


class Claim(enum.IntEnum):
    """What a notice's claim allows (`MessageRepository.claim`); false only when it may not be posted."""

    REFUSED = 0  # claimed by an earlier post whose nonce has lapsed, or for a newer version
    FIRST = 1  # nobody claimed it before: post it
    AGAIN = 2  # claimed before, within the nonce's window: post again, but that post may have landed


class MessageRepository:
    """Shown state of game messages. Reach it as `db.messages`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def of_game(self, game_id: int) -> dict[tuple[MessageKind, int], ShownMessage]:
        """Every stored message of a game, keyed by (kind, seat)."""
        rows = await self._db.read("SELECT * FROM messages WHERE game_id = ?", (game_id,))
        return {(shown.kind, shown.seat): shown for shown in map(_shown, rows)}

    async def get(self, game_id: int, kind: MessageKind, seat: int = GAME_WIDE) -> ShownMessage | None:
        rows = await self._db.read(
            "SELECT * FROM messages WHERE game_id = ? AND kind = ? AND seat = ?", (game_id, kind.value, seat)
        )
        return _shown(rows[0]) if rows else None

    async def save(self, shown: ShownMessage) -> None:
        """Store (or replace) what a message shows now: one upsert, atomic by itself (`Database.statement`,
        no write lock for moves to wait behind).

        The text of an owed notice (`OWED_TEXTS`) is fixed when it is owed (`owe`, or the sweeper's
        notices in data.games); saving its row records where it was posted and keeps the stored text,
        which an erasure (data.privacy) may have rewritten since the caller read the row. A hand's click
        token (`reply_token`) is replaced only by a newer one: a save that has none keeps it."""
        await self._db.statement(
            "INSERT INTO messages (game_id, kind, seat, channel_id, message_id, shown_version, shown_key, turn, "
            "live, reply_token, reply_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, kind, seat) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, "
            "shown_version = excluded.shown_version, shown_key = CASE WHEN messages.kind IN "
            f"({', '.join(repr(kind.value) for kind in OWED_TEXTS)}) THEN messages.shown_key "
            "ELSE excluded.shown_key END, turn = excluded.turn, live = excluded.live, "
            "reply_token = COALESCE(excluded.reply_token, messages.reply_token), "
            "reply_until = CASE WHEN excluded.reply_token IS NULL THEN messages.reply_until "
            "ELSE excluded.reply_until END",
            (
                shown.game_id,
                shown.kind.value,
                shown.seat,
                shown.channel_id,
                shown.message_id,
                shown.version,
                shown.key,
                shown.turn,
                int(shown.live),
                shown.reply_token,
                shown.reply_until,
            ),
        )

    async def claim(
        self, game_id: int, kind: MessageKind, seat: int, version: int, *, at: float, redo_within: float
    ) -> Claim:
        """Claim the notice of `kind` that `seat` gets at `version` (a turn's DM hand), before it is posted:
        true (FIRST or AGAIN) when it may be posted, now and only by the caller.

        The first claim of a version wins (one statement, atomic by itself, on both engines). A claim
        of that version made earlier (a process killed between its post and the record, or another
        process's pass) answers True only within `redo_within` seconds of it: the caller posts with the
        notice's nonce, which Discord enforces for a few minutes, so the post returns the first message
        instead of a second one; AGAIN says so, since a post made without a nonce (a follow-up through an
        interaction's token) is looked for first. Later, or for a version older than the one claimed,
        REFUSED: the notice may be out, and at most once is kept."""
        rows = await self._db.statement(
            "INSERT INTO notice_claims (game_id, kind, seat, version, at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, kind, seat) DO UPDATE SET version = excluded.version, at = excluded.at "
            "WHERE notice_claims.version < excluded.version RETURNING at",
            (game_id, kind.value, seat, version, at),
        )
        if rows:
            return Claim.FIRST
        earlier = await self._db.read(
            "SELECT at FROM notice_claims WHERE game_id = ? AND kind = ? AND seat = ? AND version = ?",
            (game_id, kind.value, seat, version),
        )
        return Claim.AGAIN if earlier and at - float(earlier[0]["at"]) < redo_within else Claim.REFUSED

    async def reclaim(
        self, game_id: int, kind: MessageKind, seat: int, version: int, *, at: float, lapsed_before: float
    ) -> bool:
        """Take over the claim of `version` made before `lapsed_before` (its nonce's window is over and no
        message of it was found): True for the one caller whose update changed the row, so of several
        processes that find the same lapsed claim, one posts."""
        rows = await self._db.statement(
            "UPDATE notice_claims SET at = ? WHERE game_id = ? AND kind = ? AND seat = ? AND version = ? AND at < ? "
            "RETURNING at",
            (at, game_id, kind.value, seat, version, lapsed_before),
        )
        return bool(rows)

    async def owe(self, game_id: int, kind: MessageKind, seat: int, key: str, *, version: int) -> None:
        """Record a message still to be sent (e.g. "X left"), unless one for that slot is already stored."""
        async with self._db.transaction() as tx:
            await tx.run(
                "INSERT INTO messages (game_id, kind, seat, shown_version, shown_key) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (game_id, kind.value, seat, version, key),
            )

    async def games_owing_results(self) -> list[int]:
        """Finished or abandoned games whose end was never announced (the post failed, or the bot died)."""
        rows = await self._db.read(
            "SELECT id FROM games g WHERE status IN ('finished', 'abandoned') AND NOT EXISTS ("
            "SELECT 1 FROM messages m WHERE m.game_id = g.id AND m.kind = 'result' AND m.message_id IS NOT NULL)"
        )
        return [row["id"] for row in rows]

    async def games_owing_messages(self) -> list[int]:
        """Games with a message recorded as owed but not yet sent (a "left" notice, say)."""
        rows = await self._db.read("SELECT DISTINCT game_id FROM messages WHERE message_id IS NULL")
        return [row["game_id"] for row in rows]

    async def channel_lost(self, game_id: int) -> bool:
        """Whether the bot lost access to this game's channel (50013/50001) and has not seen it back."""
        rows = await self._db.read("SELECT 1 FROM lost_channels WHERE game_id = ?", (game_id,))
        return bool(rows)

    async def set_channel_lost(self, game_id: int, *, lost: bool, at: float = 0.0) -> bool:
        """Record that the channel is lost (or back); True if that changed anything."""
        async with self._db.transaction() as tx:
            if lost:
                sql = "INSERT INTO lost_channels (game_id, since) VALUES (?, ?) ON CONFLICT DO NOTHING"
                return await tx.run(sql, (game_id, at)) == 1
            return await tx.run("DELETE FROM lost_channels WHERE game_id = ?", (game_id,)) == 1

    async def thread_archived(self, game_id: int) -> bool:
        """Whether the game's thread was archived after its end (or found deleted)."""
        rows = await self._db.read("SELECT 1 FROM archived_threads WHERE game_id = ?", (game_id,))
        return bool(rows)

    async def set_thread_archived(self, game_id: int, *, at: float) -> None:
        async with self._db.transaction() as tx:
            await tx.run(
                "INSERT INTO archived_threads (game_id, at) VALUES (?, ?) ON CONFLICT DO NOTHING", (game_id, at)
            )

    async def threads_to_archive(self) -> list[int]:
        """Ended games whose thread is not archived yet (the bot stopped between the end and that step)."""
        rows = await self._db.read(
            "SELECT id FROM games g WHERE status IN ('finished', 'abandoned') AND thread_id IS NOT NULL "
            "AND NOT EXISTS (SELECT 1 FROM archived_threads a WHERE a.game_id = g.id)"
        )
        return [row["id"] for row in rows]

    async def notes_to_show(self, shown_key: str) -> list[int]:
        """Ended games whose lobby note (kind 'note') does not show the end yet: its key is not
        `shown_key`, the key the bot stores once the note shows the result."""
        rows = await self._db.read(
            "SELECT m.game_id FROM messages m JOIN games g ON g.id = m.game_id WHERE m.kind = 'note' "
            "AND m.shown_key <> ? AND g.status IN ('finished', 'abandoned') ORDER BY m.game_id",
            (shown_key,),
        )
        return [row["game_id"] for row in rows]

    async def thread_note(self, thread_id: int, *, before: int) -> ShownMessage | None:
        """The lobby note of the latest game before game `before` played in thread `thread_id` (a rematch
        in the thread takes it over, bot.projection.threads), or None."""
        rows = await self._db.read(
            "SELECT m.* FROM messages m JOIN games g ON g.id = m.game_id WHERE m.kind = 'note' "
            "AND g.thread_id = ? AND m.game_id < ? ORDER BY m.game_id DESC LIMIT 1",
            (thread_id, before),
        )
        return _shown(rows[0]) if rows else None

    async def dm_channel_of(self, user_id: int) -> int | None:
        """The DM channel of the user's latest hand message in any game (None if none is known): sending
        there needs no "open a DM" request first."""
        rows = await self._db.read(
            "SELECT hand_channel_id FROM seats WHERE user_id = ? AND hand_channel_id IS NOT NULL "
            "ORDER BY game_id DESC LIMIT 1",
            (user_id,),
        )
        return int(rows[0]["hand_channel_id"]) if rows else None

    async def turn_start(self, game_id: int, seat: int) -> int:
        """The version at which `seat`'s current turn began: after the last move somebody else made.

        A seat that moves again (a Sixty-Six trick winner leading) is still in the same turn; version 0
        is the deal.
        """
        rows = await self._db.read(
            "SELECT MAX(seq) AS seq FROM moves WHERE game_id = ? AND (actor IS NULL OR actor != ?)", (game_id, seat)
        )
        value = rows[0]["seq"] if rows else None
        return int(value or 0)
