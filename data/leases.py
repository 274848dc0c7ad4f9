"""Leases: one process at a time owns a piece of single-writer work, through the database.

When several bot processes share one database, the work that must happen once per game (its timers
and sweeper actions, its message reconciliation, its computer turns) needs exactly one owner. A lease
names that owner until a time; the owner renews it well before then, and when a process stops (or
hangs) its leases expire and another process takes them over. Nothing here reads a clock: every call
is given `now`, in UNIX seconds, like the rest of data/.

Each change is one statement with its condition inside it (an upsert whose update applies only if
the lease is the caller's or has expired) and RETURNING the row it changed, so two processes taking
one lease at the same moment cannot both get it, on SQLite or on PostgreSQL. Being atomic by itself,
it runs as `Database.statement`: on PostgreSQL without the write lock that every other write
transaction takes, so lease traffic never holds moves up. `renew_all` renews every lease a process
holds in one statement. `token` grows at every change of
holder (a fencing token): a process that held the lease before a takeover holds an older token, so
its renewal and its release are refused, and work it stamps with its token can be told apart.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .database import Database, Row

log = logging.getLogger(__name__)

_COLUMNS = "key, owner, expires_at, token"
BATCH = 1000  # leases per renewal statement (two parameters each, far below either engine's limit)


@dataclass(frozen=True, slots=True)
class Lease:
    """`owner` holds `key` until `expires_at` (UNIX seconds), as the `token`-th holder since it began."""

    key: str
    owner: str
    expires_at: float
    token: int

    def live(self, now: float) -> bool:
        return now < self.expires_at


def game_key(game_id: int) -> str:
    """The lease of one game's single-writer work."""
    return f"game:{game_id}"


def _lease(row: Row) -> Lease:
    return Lease(row["key"], row["owner"], float(row["expires_at"]), int(row["token"]))


class LeaseRepository:
    """Acquire, renew, release and read leases. Reach it as `db.leases`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def acquire(self, key: str, owner: str, *, now: float, ttl: float) -> Lease | None:
        """Take `key` for `owner` until `now + ttl`, or None while another owner's lease is live.

        Free, expired or already the caller's: taken (the caller's own is renewed, same token). A
        takeover from another owner, live or released, gets the next token.
        """
        if ttl <= 0:
            raise ValueError("a lease needs a positive time to live")
        rows = await self._db.statement(
            "INSERT INTO leases (key, owner, expires_at, token) VALUES (?, ?, ?, 1) "
            "ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at, "
            "token = CASE WHEN leases.owner = excluded.owner THEN leases.token ELSE leases.token + 1 END "
            f"WHERE leases.owner = excluded.owner OR leases.expires_at <= ? RETURNING {_COLUMNS}",
            (key, owner, now + ttl, now),
        )
        return _lease(rows[0]) if rows else None

    async def renew(self, lease: Lease, *, now: float, ttl: float) -> Lease | None:
        """Extend a lease the caller still holds (same owner and token) to `now + ttl`; None once it has
        been taken over, which tells the caller to stop its work."""
        if ttl <= 0:
            raise ValueError("a lease needs a positive time to live")
        rows = await self._db.statement(
            f"UPDATE leases SET expires_at = ? WHERE key = ? AND owner = ? AND token = ? RETURNING {_COLUMNS}",
            (now + ttl, lease.key, lease.owner, lease.token),
        )
        return _lease(rows[0]) if rows else None

    async def renew_all(self, leases: Sequence[Lease], *, now: float, ttl: float) -> dict[str, Lease]:
        """`renew` for many leases of one owner, in one statement per BATCH of them: the renewed ones
        by key. A lease missing from the answer was taken over (or was never the caller's)."""
        if ttl <= 0:
            raise ValueError("a lease needs a positive time to live")
        renewed: dict[str, Lease] = {}
        for owner in sorted({lease.owner for lease in leases}):
            mine = [lease for lease in leases if lease.owner == owner]
            for first in range(0, len(mine), BATCH):
                batch = mine[first : first + BATCH]
                # CASTs: PostgreSQL types a VALUES list from its parameters, SQLite ignores them.
                pairs = ", ".join("(CAST(? AS TEXT), CAST(? AS BIGINT))" for _ in batch)
                rows = await self._db.statement(
                    f"UPDATE leases SET expires_at = ? WHERE owner = ? AND (key, token) IN (VALUES {pairs}) "
                    f"RETURNING {_COLUMNS}",
                    (now + ttl, owner, *(value for lease in batch for value in (lease.key, lease.token))),
                )
                renewed.update((row["key"], _lease(row)) for row in rows)
        return renewed

    async def release(self, lease: Lease, *, now: float) -> bool:
        """Give the lease up at once (a clean stop), so another process takes it without waiting for it
        to expire. False when it was taken over already. The row stays, expired, so tokens keep growing."""
        rows = await self._db.statement(
            "UPDATE leases SET expires_at = ? WHERE key = ? AND owner = ? AND token = ? AND expires_at > ? "
            "RETURNING key",
            (now, lease.key, lease.owner, lease.token, now),
        )
        return len(rows) == 1

    async def holder(self, key: str, *, now: float) -> Lease | None:
        """The live lease of `key`, or None when nobody holds it."""
        rows = await self._db.read(f"SELECT {_COLUMNS} FROM leases WHERE key = ? AND expires_at > ?", (key, now))
        return _lease(rows[0]) if rows else None

    async def held_by(self, owner: str, *, now: float) -> list[Lease]:
        """Every live lease of `owner`, by key (what a process's health line counts as its games)."""
        rows = await self._db.read(
            f"SELECT {_COLUMNS} FROM leases WHERE owner = ? AND expires_at > ? ORDER BY key", (owner, now)
        )
        return [_lease(row) for row in rows]

    # -- games and their leases (the bot's ownership of single-writer work) -------------------------

    async def games_of(
        self, owner: str, *, now: float, among: Collection[int] | None = None
    ) -> list[tuple[int, int, str]]:
        """(game id, version, status) of every game whose `game_key` lease `owner` holds live (or of
        those `among` these games): one read per poll, or per wake-up, tells the owner which of its
        games another process has moved on."""
        chosen = sorted(among)[:BATCH] if among is not None else None
        only = f" AND g.id IN ({', '.join('?' for _ in chosen)})" if chosen else ""
        if chosen is not None and not chosen:
            return []
        rows = await self._db.read(
            "SELECT g.id, g.version, g.status FROM leases l JOIN games g ON l.key = 'game:' || CAST(g.id AS TEXT) "
            f"WHERE l.owner = ? AND l.expires_at > ?{only} ORDER BY g.id",
            (owner, now, *(chosen or ())),
        )
        return [(int(row["id"]), int(row["version"]), str(row["status"])) for row in rows]

    async def unheld_games(self, *, now: float, created_before: float | None = None) -> list[int]:
        """Games that need an owner and have none: open games, and ended games whose end or another
        owed message was never posted, with no live `game_key` lease (free, released or expired).
        With `created_before`, only games created before then (a game just made is its maker's to claim)."""
        rows = await self._db.read(
            "SELECT g.id FROM games g WHERE (g.status IN ('lobby', 'active') "
            "OR EXISTS (SELECT 1 FROM messages m WHERE m.game_id = g.id AND m.message_id IS NULL) "
            "OR (g.status IN ('finished', 'abandoned') AND g.started_at IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM messages r WHERE r.game_id = g.id AND r.kind = 'result' AND r.message_id IS NOT NULL))) "
            "AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.key = 'game:' || CAST(g.id AS TEXT) AND l.expires_at > ?) "
            f"{'' if created_before is None else 'AND g.created_at <= ? '}ORDER BY g.id",
            (now,) if created_before is None else (now, created_before),
        )
        return [int(row["id"]) for row in rows]
