"""The turn digest's storage: who may get one, and each digest claimed before it is posted.

A person who chose the digest (`user_settings.digest_hours`) is told about their casual turns by one DM
at most every `digest_hours` hours instead of one notifying DM per turn start. A digest is owed when
casual tables wait for them that the last digest did not name and no digest went out in the last period;
it is claimed here, in one statement, before the post (one row per (user, window start), the window
being the period the claim falls in), so of several passes (processes, a pass redone after a restart)
one posts, and the post is recorded on the same row afterwards.

Uses
    users = await digest_users(db)                        # who chose a digest and plays a casual game
    last = await last_digest(db, user_id)                 # their newest digest row, or None
    if await claim_digest(db, user_id, window_start, at=now, listed=pairs): ...post...
    await record_digest(db, user_id, window_start, channel_id, message_id)
    if await names_turn(db, user_id, game_id, turn): ...post that turn's DM hand (bot.projection.reconciler)...
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .database import Database


@dataclass(frozen=True, slots=True)
class SentDigest:
    """A claimed digest: its window, when it was claimed, the waiting turns it named, and its message once
    recorded (None while the post's outcome is unknown)."""

    user_id: int
    window_start: float
    claimed_at: float
    listed: frozenset[tuple[int, int]]
    channel_id: int | None
    message_id: int | None

    @property
    def recorded(self) -> bool:
        return self.message_id is not None


def listed_text(pairs: Iterable[tuple[int, int]]) -> str:
    """The waiting turns a digest names, stored as "game:turn" pairs, sorted."""
    return ",".join(f"{game}:{turn}" for game, turn in sorted(pairs))


def parse_listed(text: str) -> frozenset[tuple[int, int]]:
    pairs = set()
    for item in filter(None, text.split(",")):
        game, _, turn = item.partition(":")
        pairs.add((int(game), int(turn)))
    return frozenset(pairs)


def window_of(now: float, hours: int) -> float:
    """The start of the `hours`-long window `now` falls in (windows start at multiples of the period)."""
    period = hours * 3600.0
    return (now // period) * period


async def digest_users(db: Database) -> list[int]:
    """People who chose a digest and sit (as themselves) at a running casual game: the only ones a digest
    may be owed to. One statement."""
    rows = await db.read(
        "SELECT DISTINCT u.user_id FROM user_settings u JOIN seats s ON s.user_id = u.user_id "
        "JOIN games g ON g.id = s.game_id WHERE u.digest_hours > 0 AND s.computer_level IS NULL "
        "AND g.status = 'active' AND g.timer = 'casual' ORDER BY u.user_id"
    )
    return [int(row["user_id"]) for row in rows]


async def last_digest(db: Database, user_id: int) -> SentDigest | None:
    rows = await db.read("SELECT * FROM digests WHERE user_id = ? ORDER BY window_start DESC LIMIT 1", (user_id,))
    if not rows:
        return None
    row = rows[0]
    return SentDigest(
        user_id=int(row["user_id"]),
        window_start=float(row["window_start"]),
        claimed_at=float(row["claimed_at"]),
        listed=parse_listed(row["listed"]),
        channel_id=None if row["channel_id"] is None else int(row["channel_id"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
    )


async def claim_digest(
    db: Database, user_id: int, window_start: float, *, at: float, listed: Iterable[tuple[int, int]]
) -> bool:
    """Claim the person's digest of the window starting at `window_start`, before it is posted: True for
    the one caller whose row was inserted (one statement, atomic by itself on both engines)."""
    rows = await db.statement(
        "INSERT INTO digests (user_id, window_start, claimed_at, listed) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (user_id, window_start) DO NOTHING RETURNING claimed_at",
        (user_id, window_start, at, listed_text(listed)),
    )
    return bool(rows)


async def record_digest(db: Database, user_id: int, window_start: float, channel_id: int, message_id: int) -> None:
    """The claimed digest was posted as this message."""
    await db.statement(
        "UPDATE digests SET channel_id = ?, message_id = ? WHERE user_id = ? AND window_start = ? RETURNING user_id",
        (channel_id, message_id, user_id, window_start),
    )


async def names_turn(db: Database, user_id: int, game_id: int, turn: int) -> bool:
    """Whether the person's newest posted digest names this waiting turn: a digest player's DM hand for a
    casual turn is posted once the digest that tells them of it is out (bot.projection.reconciler.hand_step), so the
    database, not a process's memory, says which hands are owed, across restarts and processes. A turn
    still waiting at a later digest is named by it too, so the newest recorded digest is enough."""
    rows = await db.read(
        "SELECT listed FROM digests WHERE user_id = ? AND message_id IS NOT NULL ORDER BY window_start DESC LIMIT 1",
        (user_id,),
    )
    return bool(rows) and (game_id, turn) in parse_listed(rows[0]["listed"])
