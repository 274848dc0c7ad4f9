"""Games, seats and the move log: the durable half of every table (design §3 steps 3 and 5, §5).

The engines are never imported here: a game is stored as (kind, options, seed, seats, encoded
moves) plus optional `to_dict` snapshots, and `data.replay` rebuilds the state with an engine.

Concurrency rule: every method is one transaction (see `Database.transaction`). `append_move` bumps
the version only if it still equals the caller's `expected_version`, so of two racing clicks exactly
one is stored and the other gets `VersionConflict` (design §3: a stale click is refused politely).
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from games.base import GameResult

from . import crashpoints
from .errors import ChannelBusy, GameNotFound, SeatError, VersionConflict, WrongStatus
from .models import GameRecord, GameStatus, MatchRecord, MoveRecord, MoveSource, SavedGame, Seat, Snapshot, TurnTimer
from .privacy import settle_pending
from .ratings import RatingModel
from .record_cache import RecordCache, never
from .rows import from_row

if TYPE_CHECKING:
    from .database import Database, Row, Tx

log = logging.getLogger(__name__)

OPEN = (GameStatus.LOBBY, GameStatus.ACTIVE)
_OPEN_SQL = "('lobby', 'active')"

_GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, host_user_id, options, seed, status, version, timer, turn_seconds, "
    "deadline, reminder_sent, table_channel_id, table_message_id, created_at, started_at, ended_at, end_reason, "
    "updated_at, guild_name"
)
_SEAT_COLUMNS = (
    "game_id, seat, user_id, display_name, computer_level, timeouts, consecutive_timeouts, hand_channel_id, "
    "hand_message_id"
)
# A game and its seats in one statement (one row per seat; seat columns NULL for a game without any).
# The two tables share no column name, so each row reads as a game row and as a seat row alike.
_GAME_WITH_SEATS = (
    f"SELECT {', '.join('g.' + c.strip() for c in _GAME_COLUMNS.split(','))}, "
    f"{', '.join('s.' + c.strip() for c in _SEAT_COLUMNS.split(','))} "
    "FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat"
)
# The same on PostgreSQL with the codes of the moves after a version beside it, in order (an array, NULL
# when there are none): a process that holds an older state brings it forward in this one round trip.
# The subquery names no outer column, so the server computes it once, and the one statement's snapshot
# makes the codes end exactly at the record's version. SQLite keeps two statements: it orders no
# aggregate before 3.44, and a read there is a call on the database thread, not a round trip.
_GAME_WITH_SEATS_AND_AFTER = _GAME_WITH_SEATS.replace(
    " FROM games g",
    ", (SELECT array_agg(m.code ORDER BY m.seq) FROM moves m WHERE m.game_id = ? AND m.seq > ?) AS codes_after"
    " FROM games g",
    1,
)
# Temporarily lifts seat numbers clear of the live range while a lobby closes a gap.
_RENUMBER_OFFSET = 1_000_000


def dump_json(value: Mapping[str, Any]) -> str:
    """Canonical JSON: sorted keys, real Unicode, so equal options give equal text."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _seat(row: Row) -> Seat:
    return from_row(Seat, row)


def _game(row: Row, seats: Sequence[Seat]) -> GameRecord:
    return from_row(
        GameRecord,
        row,
        options=json.loads(row["options"]),
        status=GameStatus(row["status"]),
        timer=TurnTimer(row["timer"]),
        reminder_sent=bool(row["reminder_sent"]),
        seats=tuple(seats),
    )


async def fetch_game(tx: Tx, game_id: int) -> GameRecord:
    """The game with its seats, inside an open transaction; raises GameNotFound."""
    row = await tx.one(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise GameNotFound(game_id)
    seats = await tx.all(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    return _game(row, [_seat(s) for s in seats])


async def _fetch_games(tx: Tx, where: str, params: Sequence[Any] = ()) -> list[GameRecord]:
    """Games matching a fixed WHERE clause (written in this module, never from input), with their seats.

    Two queries however many games match, so loading 10,000 tables at start-up stays cheap.
    """
    rows = await tx.all(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where}", params)
    if not rows:
        return []
    seats: dict[int, list[Seat]] = {row["id"]: [] for row in rows}
    seat_rows = await tx.all(
        f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id IN (SELECT id FROM games WHERE {where}) "
        "ORDER BY game_id, seat",
        params,
    )
    for seat_row in seat_rows:
        if seat_row["game_id"] in seats:
            seats[seat_row["game_id"]].append(_seat(seat_row))
    return [_game(row, seats[row["id"]]) for row in rows]


def _require(game: GameRecord, *statuses: GameStatus) -> None:
    _require_status(game.id, game.status, statuses)


def _require_status(game_id: int, status: GameStatus, statuses: tuple[GameStatus, ...]) -> None:
    if status not in statuses:
        raise WrongStatus(game_id, status, statuses)


async def _owe_notice(tx: Tx, game_id: int, kind: str, seat: int, version: int, text: str) -> None:
    """A channel notice owed from this version on (posted by the bot's message reconciler), stored in the
    same transaction as the change it reports, so a crash can lose neither one without the other."""
    await tx.run(
        "INSERT INTO messages (game_id, kind, seat, channel_id, message_id, shown_version, shown_key, turn, live) "
        "VALUES (?, ?, ?, NULL, NULL, ?, ?, ?, 0) ON CONFLICT (game_id, kind, seat) DO UPDATE SET "
        "channel_id = NULL, message_id = NULL, shown_version = excluded.shown_version, "
        "shown_key = excluded.shown_key, turn = excluded.turn, live = 0",
        (game_id, kind, seat, version, text, version),
    )


# PostgreSQL's form of `_append`, for `append_move`: the same three writes in one statement, so a
# move is one round trip to the server and its own transaction instead of five trips (BEGIN, three
# statements, COMMIT). `bumped` is the version check; the moves row and the timeout reset exist only
# if it matched. The last SELECT reads the game as it was before the statement (the status and
# version a refusal names); `new_version` is NULL when nothing matched.
_APPEND_POSTGRES = (
    "WITH bumped AS (UPDATE games SET version = version + 1, deadline = ?, reminder_sent = 0, updated_at = ? "
    "WHERE id = ? AND version = ? AND status = 'active' AND {lock} RETURNING id, version), "
    "logged AS (INSERT INTO moves (game_id, seq, code, actor, source, at) "
    "SELECT id, version, ?, ?, ?, ? FROM bumped RETURNING seq), "
    "reset AS (UPDATE seats SET consecutive_timeouts = 0 FROM bumped "
    "WHERE seats.game_id = bumped.id AND seats.seat = ? AND ? RETURNING seats.seat) "
    "SELECT (SELECT version FROM bumped) AS new_version, status, version FROM games WHERE id = ?"
)


async def _append(
    tx: Tx,
    game_id: int,
    expected_version: int,
    code: str,
    at: float,
    actor: int | None,
    next_deadline: float | None,
    source: MoveSource,
    *,
    resets: bool = True,
) -> int:
    """One move on the database thread: the version bump (only from `expected_version` of an active game),
    the move row and the mover's timeout count (unless `resets` is False: the caller knows it is 0).
    Returns the new version."""
    changed = await tx.run(
        "UPDATE games SET version = version + 1, deadline = ?, reminder_sent = 0, updated_at = ? "
        "WHERE id = ? AND version = ? AND status = 'active'",
        (next_deadline, at, game_id, expected_version),
    )
    if changed == 0:
        row = await tx.one("SELECT status, version FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        _require_status(game_id, GameStatus(row["status"]), (GameStatus.ACTIVE,))
        raise VersionConflict(game_id, expected_version, row["version"])
    version = expected_version + 1
    await tx.run(
        "INSERT INTO moves (game_id, seq, code, actor, source, at) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, version, code, actor, source.value, at),
    )
    if resets and actor is not None and source is MoveSource.PLAYER:
        await tx.run("UPDATE seats SET consecutive_timeouts = 0 WHERE game_id = ? AND seat = ?", (game_id, actor))
    return version


def _resets(record: GameRecord, actor: int | None, source: MoveSource) -> bool:
    """Whether a move by `actor` changes its seat's consecutive-timeout count (a player's own move clears it)."""
    if actor is None or source is not MoveSource.PLAYER:
        return False
    return not 0 <= actor < len(record.seats) or record.seats[actor].consecutive_timeouts != 0


P = ParamSpec("P")
R = TypeVar("R")


def _writes(
    method: Callable[Concatenate[GameRepository, int, P], Awaitable[R]],
) -> Callable[Concatenate[GameRepository, int, P], Awaitable[R]]:
    """A write of one game (its id the method's first argument): the record held of it is dropped before
    and after (data.record_cache), whether the write succeeds or not."""

    @functools.wraps(method)
    async def write(self: GameRepository, game_id: int, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self.cache.writing(game_id):
            return await method(self, game_id, *args, **kwargs)

    return write


def _hand_shown(record: GameRecord, *, seat: int, channel_id: int | None, message_id: int | None) -> GameRecord:
    """The record once a seat's hand message is recorded (`set_hand_message`)."""
    seats = tuple(
        replace(held, hand_channel_id=channel_id, hand_message_id=message_id) if held.seat == seat else held
        for held in record.seats
    )
    return replace(record, seats=seats)


def _moved(
    record: GameRecord,
    *,
    expected_version: int,
    at: float,
    actor: int | None,
    deadline: float | None,
    source: MoveSource,
) -> GameRecord:
    """`after_move` as a record cache's change: only for the record the move was checked against."""
    if record.version != expected_version:
        return record
    return after_move(record, expected_version + 1, at, actor, deadline, source)


def after_move(
    record: GameRecord,
    version: int,
    at: float,
    actor: int | None,
    next_deadline: float | None,
    source: MoveSource,
) -> GameRecord:
    """The record as `append_move` leaves it, from the record it applied to: the state a move produced is
    passed on, not read back (the same changes as `_append` and `_APPEND_POSTGRES`)."""
    seats = record.seats
    if _resets(record, actor, source) and actor is not None and 0 <= actor < len(seats):
        seats = tuple(replace(seat, consecutive_timeouts=0) if seat.seat == actor else seat for seat in seats)
    return replace(record, version=version, deadline=next_deadline, reminder_sent=False, updated_at=at, seats=seats)


async def _finish(
    tx: Tx, model: RatingModel, game_id: int, expected_version: int, result: GameResult, at: float
) -> MatchRecord:
    """Active -> finished inside a write transaction: status, match, ratings and pending erasures."""
    from . import results

    game = await fetch_game(tx, game_id)
    _require(game, GameStatus.ACTIVE)
    if game.version != expected_version:
        raise VersionConflict(game_id, expected_version, game.version)
    if len(result.places) != game.players or len(result.scores) != game.players:
        raise ValueError(f"game {game_id} has {game.players} seats; the result has {len(result.places)}")
    await tx.run(
        "UPDATE games SET status = 'finished', deadline = NULL, ended_at = ?, updated_at = ?, "
        "end_reason = 'finished' WHERE id = ?",
        (at, at, game_id),
    )
    await tx.run("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
    match = await results.record_match(tx, model, game, result, at)
    if await settle_pending(tx, game_id):
        match = await results.match_by_id(tx, match.id)
    return match


class GameRepository:
    """Every write and read of games, seats, moves and snapshots. Reach it as `db.games`."""

    def __init__(self, db: Database) -> None:
        self._db = db
        # The latest record of each game (data.record_cache): served only once the bot says this process
        # is the game's one writer (bot.moves.ownership: every game on SQLite, its leases on PostgreSQL).
        # Until then every get reads: another process may be writing the file or the server.
        self.cache = RecordCache(never)

    # -- lobby -------------------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        host_user_id: int,
        seed: int,
        at: float,
        timer: TurnTimer,
        turn_seconds: int,
        options: Mapping[str, Any] | None = None,
        thread_id: int | None = None,
        deadline: float | None = None,
        guild_name: str | None = None,
    ) -> GameRecord:
        """A new game in the lobby, with no seats yet. Raises ChannelBusy if the channel has an open game
        of its own. A game with a `thread_id` plays in that thread of the channel: it never does, and
        holds nothing, so a channel may hold many of those.

        `deadline` is optional: a lobby may expire, and `due()` returns it when it does. `guild_name`: the
        server's name as the opening interaction saw it, which every private message of the game shows
        (kept with the game, so any process draws the same header).
        """
        async with self._db.transaction() as tx:
            # Write transactions never interleave (data/database.py), so this check cannot be overtaken;
            # the unique index games_one_open_per_channel remains the guarantee underneath.
            busy = await tx.one(
                f"SELECT id FROM games WHERE channel_id = ? AND status IN {_OPEN_SQL} AND thread_id IS NULL",
                (channel_id,),
            )
            if busy is not None and thread_id is None:
                raise ChannelBusy(channel_id, busy["id"])
            game_id = await tx.insert(
                "INSERT INTO games (kind, guild_id, channel_id, thread_id, host_user_id, options, seed, status, "
                "timer, turn_seconds, deadline, created_at, updated_at, guild_name) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                (
                    kind,
                    guild_id,
                    channel_id,
                    thread_id,
                    host_user_id,
                    dump_json(options or {}),
                    seed,
                    TurnTimer(timer).value,
                    turn_seconds,
                    deadline,
                    at,
                    at,
                    guild_name[:100] if guild_name else None,  # a server's name is 2-100 characters
                ),
            )
            log.info("game %d (%s) opened in channel %d", game_id, kind, channel_id)
            return await fetch_game(tx, game_id)

    @_writes
    async def add_player(self, game_id: int, user_id: int, display_name: str, *, max_seats: int | None = None) -> Seat:
        """Seat a human at the next free chair of a lobby. Raises SeatError if seated already or full.

        The fullness check and the insert share one transaction, so two last-second joins cannot both
        take the final chair.
        """
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            _require(game, GameStatus.LOBBY)
            if game.seat_of(user_id) is not None:
                raise SeatError(f"user {user_id} is already seated in game {game_id}")
            return await self._insert_seat(tx, game, user_id, display_name, None, max_seats)

    @_writes
    async def add_computer(self, game_id: int, level: str, display_name: str, *, max_seats: int | None = None) -> Seat:
        """Seat a computer player of `level` at the next free chair of a lobby."""
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            _require(game, GameStatus.LOBBY)
            return await self._insert_seat(tx, game, None, display_name, level, max_seats)

    @staticmethod
    async def _insert_seat(
        tx: Tx, game: GameRecord, user_id: int | None, name: str, level: str | None, max_seats: int | None
    ) -> Seat:
        if max_seats is not None and len(game.seats) >= max_seats:
            raise SeatError(f"game {game.id} is full ({max_seats} seats)")
        seat = Seat(seat=len(game.seats), user_id=user_id, display_name=name, computer_level=level)
        await tx.run(
            "INSERT INTO seats (game_id, seat, user_id, display_name, computer_level) VALUES (?, ?, ?, ?, ?)",
            (game.id, seat.seat, user_id, name, level),
        )
        return seat

    @_writes
    async def remove_seat(self, game_id: int, seat: int) -> GameRecord:
        """Empty a lobby chair; later chairs move up one so seats stay numbered 0..n-1."""
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            _require(game, GameStatus.LOBBY)
            if await tx.run("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)) == 0:
                raise SeatError(f"game {game_id} has no seat {seat}")
            # Two steps so no intermediate row collides with the (game_id, seat) primary key.
            await tx.run(
                "UPDATE seats SET seat = seat + ? WHERE game_id = ? AND seat > ?", (_RENUMBER_OFFSET, game_id, seat)
            )
            await tx.run(
                "UPDATE seats SET seat = seat - ? WHERE game_id = ? AND seat >= ?",
                (_RENUMBER_OFFSET + 1, game_id, _RENUMBER_OFFSET),
            )
            return await fetch_game(tx, game_id)

    @_writes
    async def set_host(self, game_id: int, user_id: int) -> None:
        """Hand the host role (who may start, change options, abandon) to another user."""
        async with self._db.transaction() as tx:
            if await tx.run("UPDATE games SET host_user_id = ? WHERE id = ?", (user_id, game_id)) == 0:
                raise GameNotFound(game_id)

    @_writes
    async def set_options(self, game_id: int, options: Mapping[str, Any]) -> None:
        """Replace the rule options; only while in the lobby, since replay depends on them."""
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            _require(game, GameStatus.LOBBY)
            await tx.run("UPDATE games SET options = ? WHERE id = ?", (dump_json(options), game_id))

    @_writes
    async def set_timer(self, game_id: int, timer: TurnTimer, turn_seconds: int) -> None:
        """Change the turn timer of an open game (applies from the next deadline the bot sets)."""
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            _require(game, *OPEN)
            await tx.run(
                "UPDATE games SET timer = ?, turn_seconds = ? WHERE id = ?",
                (TurnTimer(timer).value, turn_seconds, game_id),
            )

    @_writes
    async def start(self, game_id: int, *, at: float, deadline: float | None) -> GameRecord:
        """Lobby -> active at version 0, with the first turn's deadline. Needs at least one seat."""
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            _require(game, GameStatus.LOBBY)
            if not game.seats:
                raise SeatError(f"game {game_id} has no players")
            await tx.run(
                "UPDATE games SET status = 'active', version = 0, started_at = ?, updated_at = ?, deadline = ?, "
                "reminder_sent = 0 WHERE id = ?",
                (at, at, deadline, game_id),
            )
            log.info("game %d started with %d seats", game_id, len(game.seats))
            return await fetch_game(tx, game_id)

    # -- play --------------------------------------------------------------------------------------

    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        code: str,
        *,
        at: float,
        actor: int | None,
        next_deadline: float | None,
        source: MoveSource = MoveSource.PLAYER,
        notice: str | None = None,
    ) -> int:
        """Store one move and return the new version, or raise VersionConflict if someone moved first.

        The move row, the version bump, the next deadline and the reminder reset commit together, so
        a crash leaves either all of them or none (notes E.1). A player's own move clears their
        consecutive-timeout count. `notice`: the "ran out of time" text a timeout move owes the channel.
        """

        source = MoveSource(source)
        base = self.cache.get(game_id)  # the record the move applies to, if this process holds it
        if base is not None and base.version != expected_version:
            base = None
        moved = functools.partial(_moved, expected_version=expected_version, at=at, actor=actor, deadline=next_deadline,
                        source=source)  # fmt: skip
        with self.cache.writing(game_id, moved):
            if self._db.dialect == "postgresql" and notice is None:
                version = await self._append_postgres(game_id, expected_version, code, at, actor, next_deadline, source)
            else:
                # The seat's timeout count is reset by a player's own move: no statement when the record
                # this process holds shows it at 0 already (SQLite serves it only while it is the truth).
                resets = base is None or _resets(base, actor, source)

                async def append(tx: Tx) -> int:
                    version = await _append(
                        tx, game_id, expected_version, code, at, actor, next_deadline, source, resets=resets
                    )
                    if notice is not None and actor is not None:
                        await _owe_notice(tx, game_id, "timeout", actor, version, notice)
                    return version

                # Group-committed on SQLite (Database.atomic): a move is the bot's most frequent write.
                version = await self._db.atomic(append, one_game=True)
            self._db.counts.moves += 1
        return version

    async def _append_postgres(
        self,
        game_id: int,
        expected_version: int,
        code: str,
        at: float,
        actor: int | None,
        next_deadline: float | None,
        source: MoveSource,
    ) -> int:
        """`_append` as one statement (`_APPEND_POSTGRES`), with the same answers and refusals."""
        from .postgres import PostgresDatabase

        assert isinstance(self._db, PostgresDatabase)
        resets = actor is not None and source is MoveSource.PLAYER
        rows = await self._db.move_statement(
            _APPEND_POSTGRES.format(lock=self._db.move_lock_sql),
            (next_deadline, at, game_id, expected_version, code, actor, source.value, at, actor, resets, game_id),
        )
        if not rows:
            raise GameNotFound(game_id)
        row = rows[0]
        if row["new_version"] is not None:
            return int(row["new_version"])
        _require_status(game_id, GameStatus(row["status"]), (GameStatus.ACTIVE,))
        raise VersionConflict(game_id, expected_version, row["version"])

    @_writes
    async def append_final_move(
        self,
        game_id: int,
        expected_version: int,
        code: str,
        result: GameResult,
        *,
        at: float,
        actor: int | None,
        source: MoveSource = MoveSource.PLAYER,
        notice: str | None = None,
    ) -> tuple[int, MatchRecord]:
        """Store the move that ends the game and finish it (status, match, ratings) in one transaction:
        the new version and the match, or an error and nothing stored at all.

        Two transactions (the move, then `finish`) could leave a game `active` whose stored moves end it
        when the second failed (disk full) or the process died between them: no result, and the channel
        blocked for a new game. Same checks as `append_move` (VersionConflict, WrongStatus).
        """
        model = self._db.rating_model

        async def append_and_finish(tx: Tx) -> tuple[int, MatchRecord]:
            version = await _append(tx, game_id, expected_version, code, at, actor, None, MoveSource(source))
            if notice is not None and actor is not None:
                await _owe_notice(tx, game_id, "timeout", actor, version, notice)
            match = await _finish(tx, model, game_id, version, result, at)
            crashpoints.reached("final_move_uncommitted")  # a test's SIGKILL here: nothing of it is stored
            return version, match

        version, match = await self._db.atomic(append_and_finish)
        self._db.counts.moves += 1
        log.info("game %d finished by move %d; match %d rated=%s", game_id, version, match.id, match.rated)
        return version, match

    @_writes
    async def set_deadline(self, game_id: int, deadline: float | None, *, expected_version: int | None = None) -> bool:
        """Set (or clear, with None) the deadline and re-arm the reminder.

        With `expected_version`, nothing changes unless the game is still at that version (a sweeper
        acting on an old turn must not move a new turn's deadline); returns whether it changed.
        """
        async with self._db.transaction() as tx:
            sql = f"UPDATE games SET deadline = ?, reminder_sent = 0 WHERE id = ? AND status IN {_OPEN_SQL}"
            params: list[Any] = [deadline, game_id]
            if expected_version is not None:
                sql += " AND version = ?"
                params.append(expected_version)
            return await tx.run(sql, params) == 1

    @_writes
    async def mark_reminder_sent(self, game_id: int, version: int, *, seat: int | None = None, text: str = "") -> bool:
        """Record that this turn's reminder is due; False if the turn has moved on or it was sent already.

        With `seat`, the reminder's text is stored as owed to the channel in the same transaction (the
        message reconciler posts it): the flag can never be up without its reminder on its way."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "UPDATE games SET reminder_sent = 1 WHERE id = ? AND version = ? AND reminder_sent = 0 "
                "AND status = 'active'",
                (game_id, version),
            )
            if changed == 1 and seat is not None:
                await _owe_notice(tx, game_id, "remind", seat, version, text)
            return changed == 1

    @_writes
    async def record_timeout(self, game_id: int, seat: int) -> Seat:
        """Count a timeout against a seat (total and consecutive); the bot decides when to replace it."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                "UPDATE seats SET timeouts = timeouts + 1, consecutive_timeouts = consecutive_timeouts + 1 "
                "WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            )
            if changed == 0:
                raise SeatError(f"game {game_id} has no seat {seat}")
            return await self._fetch_seat(tx, game_id, seat)

    @_writes
    async def replace_with_computer(self, game_id: int, seat: int, level: str) -> Seat:
        """A computer takes over a human's seat mid-game (AFK, left). The game will not be rated."""
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            _require(game, *OPEN)
            changed = await tx.run(
                "UPDATE seats SET computer_level = ?, consecutive_timeouts = 0 WHERE game_id = ? AND seat = ?",
                (level, game_id, seat),
            )
            if changed == 0:
                raise SeatError(f"game {game_id} has no seat {seat}")
            log.info("game %d seat %d is now played by a %s computer", game_id, seat, level)
            return await self._fetch_seat(tx, game_id, seat)

    @staticmethod
    async def _fetch_seat(tx: Tx, game_id: int, seat: int) -> Seat:
        row = await tx.one(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
        assert row is not None
        return _seat(row)

    # -- messages ----------------------------------------------------------------------------------

    async def set_table_message(self, game_id: int, channel_id: int | None, message_id: int | None) -> None:
        """Where the table message lives, so a restart edits it instead of posting a new one. One blind
        UPDATE, atomic by itself: `Database.statement` (no write lock for moves to wait behind)."""
        shown = functools.partial(replace, table_channel_id=channel_id, table_message_id=message_id)
        with self.cache.writing(game_id, shown):
            changed = await self._db.statement(
                "UPDATE games SET table_channel_id = ?, table_message_id = ? WHERE id = ? RETURNING id",
                (channel_id, message_id, game_id),
            )
            if not changed:
                raise GameNotFound(game_id)

    @_writes
    async def show_lobby(self, game_id: int, channel_id: int, message_id: int, *, deadline: float | None) -> bool:
        """Record a lobby's message and give the lobby its idle deadline, while it is still a lobby. Until
        its message is recorded a lobby's deadline is a short grace (`expire_unseen_lobby`); False when
        the lobby closed meanwhile. One statement, atomic by itself."""
        changed = await self._db.statement(
            "UPDATE games SET table_channel_id = ?, table_message_id = ?, deadline = ?, reminder_sent = 0 "
            "WHERE id = ? AND status = 'lobby' RETURNING id",
            (channel_id, message_id, deadline, game_id),
        )
        return bool(changed)

    async def set_hand_message(self, game_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        """The DM (channel and message) holding a seat's private hand; None clears it. One blind UPDATE,
        as `set_table_message`."""
        shown = functools.partial(_hand_shown, seat=seat, channel_id=channel_id, message_id=message_id)
        with self.cache.writing(game_id, shown):
            changed = await self._db.statement(
                "UPDATE seats SET hand_channel_id = ?, hand_message_id = ? WHERE game_id = ? AND seat = ? "
                "RETURNING seat",
                (channel_id, message_id, game_id, seat),
            )
            if not changed:
                raise SeatError(f"game {game_id} has no seat {seat}")

    # -- snapshots ---------------------------------------------------------------------------------

    async def save_snapshot(self, game_id: int, version: int, state: Mapping[str, Any], *, at: float) -> None:
        """Keep `state` (an engine's to_dict at `version`) as the game's only snapshot.

        Refused (VersionConflict) unless the game is at `version`, so a stale state is never cached.
        """
        async with self._db.transaction() as tx:
            game = await fetch_game(tx, game_id)
            if game.version != version:
                raise VersionConflict(game_id, version, game.version)
            await tx.run("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            await tx.run(
                "INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)",
                (game_id, version, dump_json(state), at),
            )

    # -- reads -------------------------------------------------------------------------------------

    async def get(self, game_id: int) -> GameRecord:
        """The game and its seats (no moves). Raises GameNotFound.

        The record this process holds when it may serve it (data.record_cache: the click, the move, each
        hand and the table all load the game), else one statement, so one trip to the database thread
        (every trip hands the GIL to that thread and back). `fetch_game` (two SELECTs) remains for reads
        inside a write transaction."""
        cached = self.cache.get(game_id)
        if cached is not None:
            return cached
        record, _ = await self._read_record(game_id, _GAME_WITH_SEATS, (game_id,))
        return record

    async def get_moved(self, game_id: int, version: int) -> tuple[GameRecord, list[str] | None]:
        """The game and its seats, and the codes of its moves after `version` when the backend reads both in
        one statement (PostgreSQL); None for the codes where it does not, or the record was held.

        For a process holding the game's state at `version` whose record may be stale (a move stored at
        another process): the record and what brings the state to it cost one round trip, not two."""
        cached = self.cache.get(game_id)
        if cached is not None or self._db.dialect != "postgresql":
            return cached or await self.get(game_id), None
        record, row = await self._read_record(game_id, _GAME_WITH_SEATS_AND_AFTER, (game_id, version, game_id))
        return record, list(row["codes_after"] or ())

    async def _read_record(self, game_id: int, sql: str, params: Sequence[Any]) -> tuple[GameRecord, Row]:
        """The game read by `sql` (one row per seat, `_GAME_WITH_SEATS`'s columns first), held for later
        reads (data.record_cache), with its first row for any column beyond them."""
        generation = self.cache.generation(game_id)
        self._db.counts.game_reads += 1
        rows = await self._db.read(sql, params)
        if not rows:
            raise GameNotFound(game_id)
        record = _game(rows[0], [_seat(row) for row in rows if row["seat"] is not None])
        self.cache.put(record, generation)
        return record, rows[0]

    def held(self, game_id: int) -> GameRecord | None:
        """The game's record if this process holds one it may serve (data.record_cache), without a read."""
        return self.cache.get(game_id)

    def forget(self, game_id: int) -> None:
        """Drop what this process holds of the game: it was (or may have been) written elsewhere."""
        self.cache.forget(game_id)

    async def codes_after(self, game_id: int, version: int) -> list[str]:
        """The codes of the game's moves after `version`, in order: one statement. A state held at `version`
        is brought forward with them (moves are only ever appended), with no snapshot read or replay."""
        self._db.counts.game_reads += 1
        rows = await self._db.read(
            "SELECT code FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, version)
        )
        return [row["code"] for row in rows]

    async def load(self, game_id: int) -> SavedGame:
        """The game, its whole move log in order and its latest snapshot: what `data.replay` rebuilds from."""
        self._db.counts.game_reads += 1
        generation = self.cache.generation(game_id)
        async with self._db.transaction(write=False) as tx:
            game = await fetch_game(tx, game_id)
            rows = await tx.all(
                "SELECT seq, code, actor, source, at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            )
            snap = await tx.one(
                "SELECT version, state, at FROM snapshots WHERE game_id = ? ORDER BY version DESC LIMIT 1",
                (game_id,),
            )
        moves = tuple(
            MoveRecord(row["seq"], row["code"], row["actor"], MoveSource(row["source"]), row["at"]) for row in rows
        )
        snapshot = Snapshot(snap["version"], json.loads(snap["state"]), snap["at"]) if snap else None
        self.cache.put(game, generation)
        return SavedGame(game, moves, snapshot)

    async def list_open(self, *statuses: GameStatus) -> list[GameRecord]:
        """Open games with seats, oldest first: what the bot resumes at start-up.

        Defaults to lobbies and active games; pass `GameStatus.ACTIVE` for active only.
        """
        wanted = statuses or OPEN
        for status in wanted:
            if not GameStatus(status).is_open:
                raise ValueError(f"list_open lists open games only, not {status}")
        if set(wanted) == set(OPEN):
            return await self._read(f"status IN {_OPEN_SQL} ORDER BY id")
        (only,) = set(wanted)
        return await self._read("status = ? ORDER BY id", (GameStatus(only).value,))

    async def due(self, now: float, *, limit: int = 100) -> list[GameRecord]:
        """Open games whose deadline is at or before `now`, earliest first: the sweeper's work list."""
        return await self._read(
            f"status IN {_OPEN_SQL} AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id LIMIT ?",
            (now, limit),
        )

    async def open_in_channel(self, channel_id: int) -> GameRecord | None:
        """The open game posted in `channel_id` or running in the thread `channel_id`, if any."""
        games = await self._read(
            # In a thread: its game. In a channel: the channel's own game before any played in its threads.
            f"status IN {_OPEN_SQL} AND (channel_id = ? OR thread_id = ?) "
            "ORDER BY CASE WHEN thread_id = ? THEN 0 WHEN thread_id IS NULL THEN 1 ELSE 2 END, id LIMIT 1",
            (channel_id, channel_id, channel_id),
        )
        return games[0] if games else None

    async def open_games_of(self, user_id: int) -> list[GameRecord]:
        """Open games where `user_id` holds a seat."""
        return await self._read(
            f"status IN {_OPEN_SQL} AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id",
            (user_id,),
        )

    async def _read(self, where: str, params: Sequence[Any] = ()) -> list[GameRecord]:
        async with self._db.transaction(write=False) as tx:
            return await _fetch_games(tx, where, params)

    # -- endings -----------------------------------------------------------------------------------

    @_writes
    async def finish(self, game_id: int, expected_version: int, result: GameResult, *, at: float) -> MatchRecord:
        """Active -> finished: store the match (places and scores per seat) and, if every seat is
        human, rate it. All in one transaction, so a result is never half-recorded.

        The bot ends a game by its final move with `append_final_move`; this is for a game whose stored
        moves already end it (one stored by an older Cardroom as two transactions, repaired at resume).
        """
        model = self._db.rating_model
        match = await self._db.atomic(lambda tx: _finish(tx, model, game_id, expected_version, result, at))
        log.info("game %d finished; match %d rated=%s", game_id, match.id, match.rated)
        return match

    @_writes
    async def expire_unseen_lobby(self, game_id: int, *, at: float, reason: str) -> GameRecord | None:
        """Lobby -> abandoned, only while no lobby message is recorded (nobody can see or join it, yet it
        holds its channel); None when it has a message by now or is no longer a lobby. Checked and closed
        in one transaction, so a message recorded at the same moment (`show_lobby`) wins or loses whole."""

        async def expire(tx: Tx) -> GameRecord | None:
            game = await fetch_game(tx, game_id)
            if game.status is not GameStatus.LOBBY or game.table_message_id is not None:
                return None
            # The condition again in the UPDATE: on PostgreSQL a lone `show_lobby` statement may commit
            # between the read and this write, which then re-reads the row and changes nothing.
            closed = await tx.run(
                "UPDATE games SET status = 'abandoned', deadline = NULL, ended_at = ?, updated_at = ?, "
                "end_reason = ? WHERE id = ? AND status = 'lobby' AND table_message_id IS NULL",
                (at, at, reason, game_id),
            )
            if closed != 1:
                return None
            await settle_pending(tx, game_id)
            return await fetch_game(tx, game_id)

        record = await self._db.atomic(expire)
        if record is not None:
            log.info("game %d abandoned: %s", game_id, reason)
        return record

    @_writes
    async def abandon(self, game_id: int, *, at: float, reason: str) -> GameRecord:
        """Lobby or active -> abandoned (host cancelled, everyone left, lobby expired). Never rated."""

        async def abandon(tx: Tx) -> GameRecord:
            game = await fetch_game(tx, game_id)
            _require(game, *OPEN)
            await tx.run(
                "UPDATE games SET status = 'abandoned', deadline = NULL, ended_at = ?, updated_at = ?, "
                "end_reason = ? WHERE id = ?",
                (at, at, reason, game_id),
            )
            await tx.run("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            await settle_pending(tx, game_id)
            return await fetch_game(tx, game_id)

        record = await self._db.atomic(abandon)
        log.info("game %d abandoned: %s", game_id, reason)
        return record
