"""Stored tournaments: the event a server runs, its entrants, its matches and the posts it owes.

The pure event (tournaments/) is kept as JSON in `tournaments.event`; everything the runner decides
(sign-up closed and round one paired, a result recorded, the next round paired, the end) is one
`apply` that changes the event, the matches and the owed posts together and only if the tournament's
`version` is still the one the runner read. So a step taken twice (a restart, a second process whose
lease lapsed) applies once, and a restart finds the event exactly where it was left.

A match's game is started outside any transaction (it posts to Discord), so it is claimed first
(`claim_match`, like `data.messages.claim`): a claim older than the caller's window is taken again,
which is how a start cut short by a crash is redone; the thread a start opened is stored before the game
is made (`thread_opened`), so the redo seats the match in it and finds its game by the claim's seed.
Posts are owed rows, claimed, posted with a nonce and recorded, like a season's closing post
(data.season_store).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .models import TurnTimer
from .rows import from_row

if TYPE_CHECKING:
    from .database import Database, Row, Tx

log = logging.getLogger(__name__)


class TournamentState(StrEnum):
    SIGNUP = "signup"  # sign-up open until the start time (or the organiser's Start)
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        return self in (TournamentState.SIGNUP, TournamentState.RUNNING)


class EntrantState(StrEnum):
    JOINED = "joined"
    LEFT = "left"  # left before the start: not in the event
    DROPPED = "dropped"  # removed, or left during the event: no later rounds


@dataclass(frozen=True, slots=True)
class Tournament:
    """One tournament's row. `event` is the pure event's `to_dict()` once sign-up has closed."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    kind: str
    options: Mapping[str, Any]
    format: str
    rounds: int
    seats: int
    field: int  # computers (when they may) fill the field up to this many entrants
    starts_at: float
    timer: TurnTimer
    turn_seconds: int
    computers: bool
    checkin_minutes: int
    role_id: int | None
    state: TournamentState
    event: Mapping[str, Any] | None
    version: int
    message_id: int | None
    shown_version: int
    created_at: float
    champion: str | None
    round_seconds: int = 0  # between round starts of a casual event (tournaments.schedule); 0: none
    round_times: tuple[float, ...] = ()  # round starts the organiser pinned, round 0 first

    @property
    def pins(self) -> tuple[float, ...]:
        """The schedule's pinned round starts (tournaments.schedule): the start time pins round 0."""
        return self.round_times or (self.starts_at,)


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int  # negative: a computer entrant
    display_name: str
    state: EntrantState
    checked_in: bool
    joined_at: float

    @property
    def is_computer(self) -> bool:
        return self.user_id < 0


@dataclass(frozen=True, slots=True)
class Match:
    """A match of a round: its players (event ids) in seat order, its game once started, its finishing
    order once over."""

    round: int
    board: int
    players: tuple[str, ...]
    game_id: int | None
    claimed_at: float | None
    result: tuple[str, ...] | None
    thread_id: int | None = None  # the thread it plays in, once opened (kept for a replacement game)


@dataclass(frozen=True, slots=True)
class Step:
    """What one runner step changes, applied together (`TournamentRepository.apply`)."""

    event: Mapping[str, Any]
    results: Sequence[tuple[int, int, Sequence[str]]] = ()  # (round, board, finishing order)
    new_matches: Sequence[tuple[int, int, Sequence[str]]] = ()
    posts: Sequence[str] = ()
    dropped: Sequence[int] = ()
    state: TournamentState | None = None
    champion: str | None = None


def _tournament(row: Row) -> Tournament:
    return from_row(
        Tournament,
        row,
        options=json.loads(row["options"]),
        starts_at=float(row["starts_at"]),
        timer=TurnTimer(row["timer"]),
        computers=bool(row["computers"]),
        state=TournamentState(row["state"]),
        event=None if row["event"] is None else json.loads(row["event"]),
        created_at=float(row["created_at"]),
        round_times=tuple(float(at) for at in json.loads(row["round_times"])),
    )


def _entrant(row: Row) -> Entrant:
    return from_row(Entrant, row, state=EntrantState(row["state"]), checked_in=bool(row["checked_in"]))


def _match(row: Row) -> Match:
    return from_row(
        Match,
        row,
        players=tuple(json.loads(row["players"])),
        claimed_at=None if row["claimed_at"] is None else float(row["claimed_at"]),
        result=None if row["result"] is None else tuple(json.loads(row["result"])),
    )


def _post_order(key: str) -> tuple[int, int]:
    """Owed posts go out in the order they tell the story: the rounds in order, the champion last."""
    head, _, tail = key.partition("-")
    if head == "round" and tail.isdigit():
        return (0, int(tail))
    return (1, 0)


class TournamentRepository:
    """Reach it as `db.tournaments`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        kind: str,
        options: Mapping[str, Any],
        format: str,
        rounds: int,
        seats: int,
        field: int,
        starts_at: float,
        timer: TurnTimer,
        turn_seconds: int,
        computers: bool,
        checkin_minutes: int,
        at: float,
        role_id: int | None = None,
        round_seconds: int = 0,
    ) -> Tournament:
        async with self._db.transaction() as tx:
            tid = await tx.insert(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, kind, options, format, rounds, seats, "
                "field, starts_at, timer, turn_seconds, computers, checkin_minutes, role_id, created_at, "
                "round_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id, channel_id, organiser_id, kind, json.dumps(dict(options), sort_keys=True), format,
                    rounds, seats, field, starts_at, timer.value, turn_seconds, int(computers), checkin_minutes,
                    role_id, at, round_seconds,
                ),
            )  # fmt: skip
            row = await tx.one("SELECT * FROM tournaments WHERE id = ?", (tid,))
        assert row is not None  # inserted in this transaction
        return _tournament(row)

    async def get(self, tournament_id: int) -> Tournament | None:
        rows = await self._db.read("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(rows[0]) if rows else None

    async def open(self) -> list[Tournament]:
        """Every tournament in sign-up or running, oldest first: what the runner steps."""
        rows = await self._db.read("SELECT * FROM tournaments WHERE state IN ('signup', 'running') ORDER BY id")
        return [_tournament(row) for row in rows]

    async def any_work(self) -> bool:
        """Whether the runner has anything to do (an open tournament, an owed post, a card to redraw): one
        read, so an idle server's sweeper pass costs one statement for tournaments."""
        rows = await self._db.read(
            "SELECT 1 AS work FROM tournaments WHERE state IN ('signup', 'running') "
            "OR (message_id IS NOT NULL AND shown_version < version) "
            "UNION ALL SELECT 1 AS work FROM tournament_posts WHERE message_id IS NULL LIMIT 1"
        )
        return bool(rows)

    async def unshown(self) -> list[Tournament]:
        """Tournaments whose sign-up message shows an older version than the stored one."""
        rows = await self._db.read(
            "SELECT * FROM tournaments WHERE message_id IS NOT NULL AND shown_version < version ORDER BY id"
        )
        return [_tournament(row) for row in rows]

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        rows = await self._db.read(
            "SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY joined_at, user_id", (tournament_id,)
        )
        return [_entrant(row) for row in rows]

    async def _bump(self, tx: Tx, tournament_id: int) -> None:
        await tx.run("UPDATE tournaments SET version = version + 1 WHERE id = ?", (tournament_id,))

    async def join(self, tournament_id: int, user_id: int, name: str, *, at: float) -> bool:
        """Sign up (again, after leaving); False when already signed up or sign-up has closed."""
        async with self._db.transaction() as tx:
            row = await tx.one("SELECT state FROM tournaments WHERE id = ?", (tournament_id,))
            if row is None or row["state"] != TournamentState.SIGNUP.value:
                return False
            changed = await tx.run(
                "INSERT INTO tournament_entrants (tournament_id, user_id, display_name, joined_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id, user_id) DO UPDATE SET state = 'joined', "
                "display_name = excluded.display_name, joined_at = excluded.joined_at, checked_in = 0 "
                "WHERE tournament_entrants.state = 'left'",
                (tournament_id, user_id, name, at),
            )
            if changed:
                await self._bump(tx, tournament_id)
            return bool(changed)

    async def leave(self, tournament_id: int, user_id: int) -> bool:
        """Leave before the start; False when not signed up or sign-up has closed."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "UPDATE tournament_entrants SET state = 'left' WHERE tournament_id = ? AND user_id = ? "
                "AND state = 'joined' AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND state = 'signup')",
                (tournament_id, user_id, tournament_id),
            )
            if changed:
                await self._bump(tx, tournament_id)
            return bool(changed)

    async def check_in(self, tournament_id: int, user_id: int) -> bool:
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "UPDATE tournament_entrants SET checked_in = 1 WHERE tournament_id = ? AND user_id = ? "
                "AND state = 'joined' AND checked_in = 0",
                (tournament_id, user_id),
            )
            if changed:
                await self._bump(tx, tournament_id)
            return bool(changed)

    async def start_now(self, tournament_id: int, *, at: float) -> bool:
        """The organiser's Start: sign-up closes at the runner's next step."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "UPDATE tournaments SET starts_at = ?, version = version + 1 WHERE id = ? AND state = 'signup' "
                "AND starts_at > ?",
                (at, tournament_id, at),
            )
            return bool(changed)

    async def reschedule(self, tournament_id: int, expected_version: int, pins: Sequence[float]) -> bool:
        """Pin the round starts `pins` (tournaments.schedule.moved) if the tournament is still running at
        `expected_version`; False when it moved on (the caller reads it again) or is over."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "UPDATE tournaments SET round_times = ?, version = version + 1 WHERE id = ? AND version = ? "
                "AND state = 'running'",
                (json.dumps([float(at) for at in pins]), tournament_id, expected_version),
            )
            return bool(changed)

    async def cancel(self, tournament_id: int, *, post: str | None = None) -> bool:
        """Cancel an open tournament (owing the post `post` says why, when given); False when it was not open."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "UPDATE tournaments SET state = 'cancelled', version = version + 1 "
                "WHERE id = ? AND state IN ('signup', 'running')",
                (tournament_id,),
            )
            if changed and post is not None:
                await tx.run("INSERT INTO tournament_posts (tournament_id, key) VALUES (?, ?)", (tournament_id, post))
            return bool(changed)

    async def begin(
        self, tournament_id: int, expected_version: int, step: Step, computers: Iterable[tuple[int, str]], *, at: float
    ) -> bool:
        """Close sign-up: the computer entrants added, then `step` (round one) applied with state running."""
        async with self._db.transaction() as tx:
            current = await tx.one("SELECT version, state FROM tournaments WHERE id = ?", (tournament_id,))
            if current is None or current["version"] != expected_version or current["state"] != "signup":
                return False
            await tx.many(
                "INSERT INTO tournament_entrants (tournament_id, user_id, display_name, checked_in, joined_at) "
                "VALUES (?, ?, ?, 1, ?)",
                [(tournament_id, uid, name, at) for uid, name in computers],
            )
            return await self._apply(tx, tournament_id, expected_version, step)

    async def apply(self, tournament_id: int, expected_version: int, step: Step) -> bool:
        """Apply one runner step if the tournament is still at `expected_version`; False when it moved on."""
        async with self._db.transaction() as tx:
            return await self._apply(tx, tournament_id, expected_version, step)

    async def _apply(self, tx: Tx, tournament_id: int, expected_version: int, step: Step) -> bool:
        state_sql, params = "", [json.dumps(dict(step.event), sort_keys=True)]
        if step.state is not None:
            state_sql += ", state = ?"
            params.append(step.state.value)
        if step.champion is not None:
            state_sql += ", champion = ?"
            params.append(step.champion)
        changed = await tx.run(
            f"UPDATE tournaments SET event = ?{state_sql}, version = version + 1 WHERE id = ? AND version = ? "
            "AND state IN ('signup', 'running')",
            (*params, tournament_id, expected_version),
        )
        if changed != 1:
            return False
        for round_, board, order in step.results:
            await tx.run(
                "UPDATE tournament_matches SET result = ? WHERE tournament_id = ? AND round = ? AND board = ?",
                (json.dumps(list(order)), tournament_id, round_, board),
            )
        await tx.many(
            "INSERT INTO tournament_matches (tournament_id, round, board, players) VALUES (?, ?, ?, ?)",
            [(tournament_id, r, b, json.dumps(list(players))) for r, b, players in step.new_matches],
        )
        await tx.many(
            "INSERT INTO tournament_posts (tournament_id, key) VALUES (?, ?) ON CONFLICT DO NOTHING",
            [(tournament_id, key) for key in step.posts],
        )
        await tx.many(
            "UPDATE tournament_entrants SET state = 'dropped' WHERE tournament_id = ? AND user_id = ?",
            [(tournament_id, uid) for uid in step.dropped],
        )
        return True

    async def matches(self, tournament_id: int, round_: int | None = None) -> list[Match]:
        where, params = "tournament_id = ?", [tournament_id]
        if round_ is not None:
            where += " AND round = ?"
            params.append(round_)
        rows = await self._db.read(f"SELECT * FROM tournament_matches WHERE {where} ORDER BY round, board", params)
        return [_match(row) for row in rows]

    async def claim_match(
        self, tournament_id: int, round_: int, board: int, *, at: float, stale_after: float, seed: int
    ) -> int | None:
        """Claim a match's start: the seed its game is to be made with when the caller may start it now
        (unclaimed, or a claim older than `stale_after` seconds: a start a crash cut short), else None. A
        claim taken again keeps the first claim's seed, so the game that start may have made is found
        (`game_with_seed`) instead of a second one being made."""
        rows = await self._db.statement(
            "UPDATE tournament_matches SET claimed_at = ?, seed = COALESCE(seed, ?) WHERE tournament_id = ? "
            "AND round = ? AND board = ? AND game_id IS NULL AND (claimed_at IS NULL OR claimed_at < ?) "
            "RETURNING seed",
            (at, seed, tournament_id, round_, board, at - stale_after),
        )
        return int(rows[0]["seed"]) if rows else None

    async def game_with_seed(self, guild_id: int, seed: int) -> int | None:
        """The game a match's start made with `seed`, if it got that far."""
        rows = await self._db.read(
            "SELECT id FROM games WHERE guild_id = ? AND seed = ? ORDER BY id LIMIT 1", (guild_id, seed)
        )
        return rows[0]["id"] if rows else None

    async def match_thread(self, tournament_id: int, round_: int, board: int) -> int | None:
        """The thread a start of the match opened, if one did: read after the claim, so a start redone
        after a crash (or by another process whose claim lapsed) sees the thread the first one stored."""
        rows = await self._db.read(
            "SELECT thread_id FROM tournament_matches WHERE tournament_id = ? AND round = ? AND board = ?",
            (tournament_id, round_, board),
        )
        return rows[0]["thread_id"] if rows else None

    async def thread_opened(self, tournament_id: int, round_: int, board: int, thread_id: int) -> None:
        """Store the match's thread before its lobby is made, so a redone start reuses it."""
        await self._db.statement(
            "UPDATE tournament_matches SET thread_id = ? WHERE tournament_id = ? AND round = ? AND board = ?",
            (thread_id, tournament_id, round_, board),
        )

    async def release_match(self, tournament_id: int, round_: int, board: int) -> None:
        """The start failed before a game existed: a later step may claim it at once."""
        await self._db.statement(
            "UPDATE tournament_matches SET claimed_at = NULL WHERE tournament_id = ? AND round = ? AND board = ? "
            "AND game_id IS NULL",
            (tournament_id, round_, board),
        )

    async def match_started(self, tournament_id: int, round_: int, board: int, game_id: int) -> None:
        await self._db.statement(
            "UPDATE tournament_matches SET game_id = ? WHERE tournament_id = ? AND round = ? AND board = ?",
            (game_id, tournament_id, round_, board),
        )

    async def unlink_game(self, tournament_id: int, round_: int, board: int, game_id: int) -> None:
        """The match's game closed before it was dealt (a lobby left behind by a crash and closed as
        unseen): the match is free to be started again with a new game, in the same thread."""
        await self._db.statement(
            "UPDATE tournament_matches SET game_id = NULL, claimed_at = NULL, seed = NULL "
            "WHERE tournament_id = ? AND round = ? "
            "AND board = ? AND game_id = ? AND result IS NULL",
            (tournament_id, round_, board, game_id),
        )

    async def of_game(self, game_id: int) -> int | None:
        """The tournament a game plays a match of, or None."""
        rows = await self._db.read("SELECT tournament_id FROM tournament_matches WHERE game_id = ?", (game_id,))
        return rows[0]["tournament_id"] if rows else None

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self._db.statement("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))

    async def shown(self, tournament_id: int, version: int) -> None:
        """The sign-up message shows `version` now."""
        await self._db.statement(
            "UPDATE tournaments SET shown_version = ? WHERE id = ? AND shown_version < ?",
            (version, tournament_id, version),
        )

    async def owed_posts(self) -> list[tuple[int, str]]:
        rows = await self._db.read(
            "SELECT tournament_id, key FROM tournament_posts WHERE message_id IS NULL ORDER BY tournament_id, key"
        )
        owed = [(row["tournament_id"], row["key"]) for row in rows]
        return sorted(owed, key=lambda item: (item[0], *_post_order(item[1])))

    async def claim_post(self, tournament_id: int, key: str, *, at: float, redo_within: float) -> bool:
        """Claim an owed post before posting it (the rule of `data.season_store.SeasonRepository.claim_post`)."""
        rows = await self._db.statement(
            "UPDATE tournament_posts SET claimed_at = ? WHERE tournament_id = ? AND key = ? AND claimed_at IS NULL "
            "AND message_id IS NULL RETURNING key",
            (at, tournament_id, key),
        )
        if rows:
            return True
        earlier = await self._db.read(
            "SELECT claimed_at FROM tournament_posts WHERE tournament_id = ? AND key = ? AND message_id IS NULL",
            (tournament_id, key),
        )
        return (
            bool(earlier) and earlier[0]["claimed_at"] is not None and abs(at - earlier[0]["claimed_at"]) < redo_within
        )

    async def release_post(self, tournament_id: int, key: str) -> None:
        await self._db.statement(
            "UPDATE tournament_posts SET claimed_at = NULL WHERE tournament_id = ? AND key = ? AND message_id IS NULL",
            (tournament_id, key),
        )

    async def posted(self, tournament_id: int, key: str, message_id: int) -> None:
        await self._db.statement(
            "UPDATE tournament_posts SET message_id = ? WHERE tournament_id = ? AND key = ?",
            (message_id, tournament_id, key),
        )
