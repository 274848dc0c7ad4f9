"""The game service: one place where moves are checked, stored and announced (design §3).

Every change to a game goes through here, under that game's `asyncio.Lock`: load (the database is
the source of truth, memory a cache keyed by version), check and apply in a worker thread, write the
move with an optimistic version check, and only then tell anyone. The effects that follow a move
(table edit, private hands, the next computer move, the end of the game) are scheduled here too, so a
human click, a computer move and a timeout all take exactly the same path.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.kit.languages import server_language
from bot.kit.names import seat_label
from bot.moves import deadlines
from bot.moves.adapters import GameAdapter
from bot.process.config import Tuning
from data import (
    Database,
    GameRecord,
    GameStatus,
    MatchRecord,
    MoveSource,
    Seat,
    StorageFault,
    TurnTimer,
    VersionConflict,
    WrongStatus,
    crashpoints,
    load_state,
)
from data.games import after_move
from data.replay import SNAPSHOT_EVERY  # moves between snapshots, so loading a long game replays little
from games.base import GameState, IllegalMove, Move, replay_moves, seeded_rng
from locales import SOURCE

log = logging.getLogger(__name__)

# Engine states held, the most recently stored kept: every open game of a busy bot (the 1,000-game load run
# holds 1,000) with room to spare, while the games that ended long ago leave memory. A state dropped
# is rebuilt by the next load from the snapshot and the log.
STATES_HELD = 4096
STORAGE_RETRY_SECONDS = 5.0  # a computer move the database refused (full disk) is tried again after this


class NotYourTurn(Exception):
    """The clicker is seated but someone else is to act."""


class StaleVersion(Exception):
    """The control was drawn for an earlier version of the game."""


class GameClosed(Exception):
    """The game has finished or been abandoned."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game's record and, once started, its engine state at `record.version`."""

    record: GameRecord
    state: GameState | None

    @property
    def adapter_kind(self) -> str:
        return self.record.kind

    def names(self) -> tuple[str, ...]:
        """Each seat's name as tables and hands show it: a seat a computer plays now is marked (bot.kit.names)."""
        return tuple(seat_label(seat.display_name, seat.is_computer) for seat in self.record.seats)

    def seat_at_turn(self) -> Seat | None:
        if self.state is None or self.state.is_over or self.state.to_move is None:
            return None
        return self.record.seats[self.state.to_move]


@dataclass(frozen=True, slots=True)
class Applied:
    """What one accepted move changed: the game before and after, who moved, and the match if it ended."""

    before: Loaded
    after: Loaded
    seat: int
    move: Move
    source: MoveSource
    match: MatchRecord | None


class GameService:
    """Owns game locks, the state cache and the move pipeline; the rest of the bot asks it for changes."""

    def __init__(self, db: Database, tuning: Tuning, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.tuning = tuning
        self.clock = clock
        self.adapters: dict[str, GameAdapter] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, Loaded] = {}
        self._computer_tasks: dict[int, asyncio.Task[None]] = {}
        # Every computer turn until it ends: a turn leaves its game's slot before it submits, and a close
        # must still stop it before the database goes.
        self._computer_running: set[asyncio.Task[None]] = set()
        self._background: set[asyncio.Task[Any]] = set()
        self.after_move_hooks: list[Callable[[Applied], Coroutine[Any, Any, None]]] = []
        # Told a game id once a game is abandoned (its messages, and its thread, catch up with the end).
        self.after_end_hooks: list[Callable[[int], None]] = []
        self._closing = False
        # Whether this process does the game's single-writer work (bot.moves.ownership); one process: all.
        self.owns: Callable[[int], bool] = lambda game_id: True
        # A server's preferred locale as Discord last told it (the composition root reads the guild cache);
        # what a table reads takes the server's language from it when /settings server chose none.
        self.guild_locale: Callable[[int], str | None] = lambda guild_id: None
        # The same, as the latest interaction from the server carried it (`guild_locale`): fresher than
        # the cache, which hears of a change only through a gateway event.
        self._guild_locales: dict[int, str] = {}

    # -- plumbing ----------------------------------------------------------------------------------

    def register(self, adapter: GameAdapter) -> None:
        self.adapters[adapter.kind] = adapter

    def saw_guild_locale(self, guild_id: int | None, locale: str | None) -> None:
        """Remember the server's preferred locale an interaction carried (design §10)."""
        if guild_id and locale:
            self._guild_locales[guild_id] = locale

    async def table_language(self, guild_id: int) -> str:
        """The language of what a server's tables read (lobby, table, notices, standings; design §10):
        the server's `/settings server` choice, else its preferred locale. English when the database
        cannot say: a table is never held back for its language."""
        try:
            preferred = self._guild_locales.get(guild_id) or self.guild_locale(guild_id)
            return await server_language(self.db, guild_id, preferred)
        except StorageFault:
            return SOURCE

    def adapter(self, kind: str) -> GameAdapter:
        try:
            return self.adapters[kind]
        except KeyError:
            raise GameClosed(f"the {kind} game is not available right now") from None

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """Run `coro` in the background, keeping a reference and logging its failure."""
        task = asyncio.create_task(coro, name=name)
        self._background.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())

    async def close(self) -> None:
        self._closing = True  # no computer turn starts after this (a retry waking up later would find no database)
        tasks = [*self._background, *self._computer_running]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- loading -----------------------------------------------------------------------------------

    async def load(self, game_id: int) -> Loaded:
        """The game as the database has it; the engine state comes from the cache when it is current.

        At most one read: none when the record held is current (data.record_cache) and the state cached
        is at its version; the record alone when only the state is current; the record and the moves
        after the state held when it is older (a move made in another process: the state is brought
        forward with them, `_forward`; one statement on PostgreSQL, `GameRepository.get_moved`); else
        the record, its moves and its snapshot in one read transaction, the state rebuilt from them."""
        record = self.db.games.held(game_id)
        cached = self._cache.get(game_id)
        if record is None and (cached is None or cached.state is None):
            saved = await self.db.games.load(game_id)
            record = saved.game
            if record.status is GameStatus.LOBBY or record.started_at is None:
                loaded = Loaded(record, None)
            else:
                _, state = await load_state(self.db, game_id, saved=saved)
                loaded = Loaded(record, state)
            self._keep(game_id, loaded)
            return loaded
        codes: list[str] | None = None
        if record is None:  # a state is held (above): the record, with the moves after it where one read can
            assert cached is not None
            record, codes = await self.db.games.get_moved(game_id, cached.record.version)
        if record.status is GameStatus.LOBBY or record.started_at is None:
            loaded = Loaded(record, None)  # never dealt (an open or cancelled lobby): no engine state
        elif cached is not None and cached.state is not None and cached.record.version == record.version:
            loaded = Loaded(record, cached.state)
        else:
            forward = await self._forward(cached, record, codes)
            loaded = Loaded(record, forward if forward is not None else (await load_state(self.db, game_id))[1])
        self._keep(game_id, loaded)
        return loaded

    def _still_held(self, game_id: int, read: Loaded | None) -> Loaded | None:
        """`read` (the game as a click loaded it) when loading it again would cost a read and give nothing
        more: this process may not serve the game's record from memory (a game another process owns, so
        every `load` reads it), and nothing here loaded or moved the game since the click did. A move
        stored elsewhere meanwhile is caught by the append's version check, as one stored between a load
        and the append always is (`submit`: refused as stale). Otherwise None: `load`, free of reads when
        the record is held."""
        if read is None or self.db.games.held(game_id) is not None:
            return None
        return read if self._cache.get(game_id) is read else None

    def _keep(self, game_id: int, loaded: Loaded) -> None:
        """Hold `loaded` as the game's latest, and drop the least recently stored beyond STATES_HELD."""
        self._cache.pop(game_id, None)  # to the end of the order: the most recent
        self._cache[game_id] = loaded
        while len(self._cache) > STATES_HELD:
            del self._cache[next(iter(self._cache))]

    async def _forward(
        self, cached: Loaded | None, record: GameRecord, codes: list[str] | None = None
    ) -> GameState | None:
        """The state held brought to `record`'s version with the moves stored after it (`codes`, read with
        the record, or read now); None when none is held or it is not older. The moves may run past
        `record` (stored since it was read): only those up to its version are applied, so state and
        record agree."""
        if cached is None or cached.state is None or not 0 <= cached.record.version < record.version:
            return None
        if codes is None:
            codes = await self.db.games.codes_after(record.id, cached.record.version)
        missing = record.version - cached.record.version
        if len(codes) < missing:
            return None
        return await asyncio.to_thread(replay_moves, cached.state, codes[:missing])

    def forget(self, game_id: int) -> None:
        """Drop the record this process holds of the game: it moved on elsewhere. The state held stays,
        since a state at a version is that version's for good (moves are only ever appended); the next
        load brings it forward with the moves after it (`_forward`)."""
        self.db.games.forget(game_id)

    # -- deadlines ---------------------------------------------------------------------------------

    def wake_up_for(self, record: GameRecord, state: GameState | None) -> float | None:
        """When the sweeper must next look at this game: the reminder time of the coming turn.

        The stored deadline is the next wake-up: the reminder time until the reminder has gone, then
        the turn's real deadline (`turn_deadline`). Computer seats and finished games need none.
        """
        if state is None or state.is_over or state.to_move is None:
            return None
        if record.seats[state.to_move].is_computer:
            return None
        return self.clock() + record.turn_seconds * (1 - self.tuning.reminder_fraction)

    async def wake_up(self, record: GameRecord, state: GameState | None) -> float | None:
        """`wake_up_for`, with a casual turn's deadline kept by the person at turn's away and the server's
        quiet hours (bot.moves.deadlines); live turns cannot wait, so theirs is never moved."""
        ordinary = self.wake_up_for(record, state)
        if ordinary is None or state is None or state.to_move is None or record.timer is not TurnTimer.CASUAL:
            return ordinary
        return await self.casual_wake_up(record, record.seats[state.to_move].user_id, ordinary)

    async def casual_wake_up(self, record: GameRecord, user_id: int | None, ordinary: float) -> float:
        """The stored wake-up (the reminder time) of a casual turn of `user_id` whose ordinary wake-up is
        `ordinary`: its real deadline moved as `deadlines.casual_deadline` says."""
        lead = record.turn_seconds * self.tuning.reminder_fraction
        person = await self.db.settings.user(user_id) if user_id is not None else None
        server = await self.db.settings.guild(record.guild_id)
        away = None
        if person is not None and person.away_since is not None:
            away = deadlines.Away(person.away_since, person.away_until)
        quiet = None
        if server.quiet_start is not None and server.quiet_end is not None:
            quiet = deadlines.QuietHours(server.quiet_start, server.quiet_end)
        zone = deadlines.zone_or_utc((person.time_zone if person is not None else None) or server.time_zone)
        due = deadlines.casual_deadline(
            ordinary + lead,
            record.turn_seconds,
            away=away,
            limit_seconds=server.away_limit_seconds,
            quiet=quiet,
            zone=zone,
        )
        return due - lead

    def turn_deadline(self, record: GameRecord) -> float | None:
        """The real deadline of the current turn (what players are shown)."""
        if record.deadline is None or record.status is not GameStatus.ACTIVE:
            return None
        if record.reminder_sent:
            return record.deadline
        return record.deadline + record.turn_seconds * self.tuning.reminder_fraction

    # -- starting ----------------------------------------------------------------------------------

    async def start(self, game_id: int) -> Loaded:
        """Deal the game and make it active. The caller holds the lock and has checked the lobby."""
        record = await self.db.games.get(game_id)
        adapter = self.adapter(record.kind)
        state = adapter.engine.new_game(record.players, record.seed, record.options)
        record = await self.db.games.start(game_id, at=self.clock(), deadline=await self.wake_up(record, state))
        loaded = Loaded(record, state)
        self._keep(game_id, loaded)
        return loaded

    # -- moves -------------------------------------------------------------------------------------

    async def submit(
        self,
        game_id: int,
        seat: int,
        move: Move,
        *,
        expected_version: int,
        source: MoveSource = MoveSource.PLAYER,
        notice: str | None = None,
        read: Loaded | None = None,
    ) -> Applied:
        """Check, apply and store one move, then schedule its effects. Raises IllegalMove (with the
        engine's reason), NotYourTurn, StaleVersion or GameClosed; nothing changes when it raises.

        `notice`: a channel notice the move owes (a timeout's "ran out of time"), stored with it.
        `read`: the game as the click loaded it (`load`), checked against instead of loading it again
        when it is still what this process holds (`_still_held`).

        The lock orders the moves of this process; another process sharing the database may store a
        move between our load and our write. The database's version check then refuses ours
        (VersionConflict): the cached state is dropped, so the next load reads the stored game, and the
        move is refused as stale, exactly as a click on an old control is. A stale state is never stored.
        """
        try:
            return await self._submit(
                game_id, seat, move, expected_version=expected_version, source=source, notice=notice, read=read
            )
        except VersionConflict:
            self.forget(game_id)
            log.info("game %d moved on in another process first; the move is refused as stale", game_id)
            raise StaleVersion() from None

    async def _submit(
        self,
        game_id: int,
        seat: int,
        move: Move,
        *,
        expected_version: int,
        source: MoveSource,
        notice: str | None,
        read: Loaded | None,
    ) -> Applied:
        async with self.lock(game_id):
            before = self._still_held(game_id, read) or await self.load(game_id)
            record, state = before.record, before.state
            if record.status is GameStatus.ACTIVE and state is not None and state.is_over:
                await self.finish_if_over(before)
                raise GameClosed("This game is over.")
            if record.status is not GameStatus.ACTIVE or state is None:
                raise GameClosed("This game is over.")
            if record.version != expected_version:
                raise StaleVersion()
            if state.to_move != seat:
                raise NotYourTurn()
            after_state: GameState = await asyncio.to_thread(state.apply, move)
            now = self.clock()
            match = None
            if after_state.is_over:
                # The final move and the finish (status, match, ratings) in one transaction: a failure
                # or a crash leaves the game exactly as before the move, never active yet over.
                version, match = await self.db.games.append_final_move(
                    game_id,
                    expected_version,
                    move.encode(),
                    after_state.result(),
                    at=now,
                    actor=seat,
                    source=source,
                    notice=notice,
                )
                crashpoints.reached("after_final_move")
                after_record = await self.db.games.get(game_id)
            else:
                next_deadline = await self.wake_up(record, after_state)
                version = await self.db.games.append_move(
                    game_id,
                    expected_version,
                    move.encode(),
                    at=now,
                    actor=seat,
                    next_deadline=next_deadline,
                    source=source,
                    notice=notice,
                )
                crashpoints.reached("after_move")
                if version % SNAPSHOT_EVERY == 0:
                    await self._snapshot(game_id, version, after_state, now)
                # Passed on, not read back: the record as the move left it (data.games.after_move).
                after_record = after_move(record, version, now, seat, next_deadline, MoveSource(source))
            after = Loaded(after_record, after_state)
            self._keep(game_id, after)
        applied = Applied(before, after, seat, move, source, match)
        for hook in self.after_move_hooks:
            self.spawn(hook(applied), name=f"after-move-{game_id}-{version}")
        self.schedule_computer(after)
        return applied

    async def _snapshot(self, game_id: int, version: int, state: GameState, at: float) -> None:
        """Keep a snapshot (a cache for loading): the move is already stored, so a failure here is only logged
        and must not tell the player their move was lost."""
        try:
            await self.db.games.save_snapshot(game_id, version, state.to_dict(), at=at)
        except (StorageFault, VersionConflict) as error:
            log.warning("no snapshot of game %d at version %d: %s", game_id, version, error)

    async def finish_if_over(self, loaded: Loaded) -> Applied | None:
        """Finish a game that is stored `active` although its stored moves end it, and announce it.

        An older Cardroom stored the final move and the finish as two transactions, so a crash or a full
        disk between them left such a game: no result, and its channel refused a new game. Its result is
        a function of the stored moves, so finishing it now records exactly what the final move would
        have. Returns what was applied (for the after-move hooks), or None if the game needs nothing.
        """
        record, state = loaded.record, loaded.state
        if record.status is not GameStatus.ACTIVE or state is None or not state.is_over:
            return None
        saved = await self.db.games.load(record.id)
        last = saved.moves[-1] if saved.moves else None
        try:
            match = await self.db.games.finish(record.id, record.version, state.result(), at=self.clock())
        except (VersionConflict, WrongStatus):
            return None  # finished meanwhile
        log.warning("game %d was stored active although its moves end it; finished it now", record.id)
        after = Loaded(await self.db.games.get(record.id), state)
        self._keep(record.id, after)
        if last is None:  # over before any move was made: no move to announce after
            return None
        seat = last.actor if last.actor is not None else 0
        applied = Applied(loaded, after, seat, state.decode_move(last.code), last.source, match)
        for hook in self.after_move_hooks:
            self.spawn(hook(applied), name=f"after-repair-{record.id}")
        return applied

    # -- computer seats ----------------------------------------------------------------------------

    def schedule_computer(self, loaded: Loaded) -> None:
        """If a computer seat is to move, let it move after a human-paced delay (one task per game)."""
        seat = loaded.seat_at_turn()
        if seat is None or not seat.is_computer or self._closing:
            return
        game_id = loaded.record.id
        if not self.owns(game_id):
            return  # the owner's poll sees the new version and moves for the computer seat
        running = self._computer_tasks.get(game_id)
        if running is not None and not running.done():
            return
        task = asyncio.create_task(self._computer_turn(game_id), name=f"computer-{game_id}")
        self._computer_tasks[game_id] = task
        self._computer_running.add(task)
        task.add_done_callback(lambda t: self._computer_done(game_id, t))

    def _computer_done(self, game_id: int, task: asyncio.Task[None]) -> None:
        self._computer_running.discard(task)
        if self._computer_tasks.get(game_id) is task:
            del self._computer_tasks[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("computer turn in game %d failed", game_id, exc_info=task.exception())

    async def _computer_turn(self, game_id: int) -> None:
        # The table sees the move `computer_delay` after the turn began, however long the choice took
        # (within the delay): a quick answer to a pause with one button and a considered one look alike.
        started = time.monotonic()
        loaded = await self.load(game_id)
        seat = loaded.seat_at_turn()
        if seat is None or not seat.is_computer or loaded.state is None:
            return
        adapter = self.adapter(loaded.record.kind)
        player = adapter.computer(seat.computer_level or "normal")
        rng = self.move_rng(loaded.record, "computer")
        view = loaded.state.view(seat.seat)
        move = await asyncio.to_thread(player.choose, view, rng)
        await asyncio.sleep(max(0.0, self.tuning.computer_delay - (time.monotonic() - started)))
        # Clear our own slot first so the next computer seat (scheduled by submit) gets a task.
        self._computer_tasks.pop(game_id, None)
        try:
            await self.submit(
                game_id, seat.seat, move, expected_version=loaded.record.version, source=MoveSource.COMPUTER
            )
        except StorageFault as fault:
            # Nothing was stored; a computer turn has no deadline, so nobody else would ever retry it.
            log.warning("computer move in game %d not stored (%s); trying again shortly", game_id, fault)
            self.spawn(self._retry_computer(game_id), name=f"computer-retry-{game_id}")
        except StaleVersion:
            # Whatever moved the game on may have found this task in the game's slot and scheduled
            # nothing: look again at the stored version, or a computer seat to move would wait forever.
            log.info("game %d moved on before its computer player did", game_id)
            if not self._closing:
                self.schedule_computer(await self.load(game_id))
        except GameClosed:  # the last person left (or the host ended it) while the computer was choosing
            log.info("game %d ended before its computer player moved", game_id)
        except IllegalMove as error:  # a computer move is always checked; this is a bug worth hearing about
            log.error("computer player in game %d chose an illegal move %s: %s", game_id, move, error.reason)

    async def _retry_computer(self, game_id: int) -> None:
        await asyncio.sleep(STORAGE_RETRY_SECONDS)
        if not self._closing:
            self.schedule_computer(await self.load(game_id))

    def move_rng(self, record: GameRecord, purpose: str) -> random.Random:
        """Reproducible randomness for a computer or timeout move: (seed, purpose, version)."""
        return seeded_rng(record.seed, purpose, record.version)

    async def resume_all(self) -> int:
        """After a restart: let computer seats that were about to move do so. Returns active games."""
        games = await self.db.games.list_open(GameStatus.ACTIVE)
        for record in games:
            try:
                async with self.lock(record.id):
                    loaded = await self.load(record.id)
                    repaired = await self.finish_if_over(loaded)
                if repaired is None:
                    self.schedule_computer(loaded)
            except Exception:
                log.exception("could not resume game %d", record.id)
        return len(games)

    # -- seats -------------------------------------------------------------------------------------

    async def hand_over_to_computer(self, game_id: int, seat: int, level: str = "normal") -> Loaded:
        """A computer takes the seat; GameClosed when the game ended first (its last move was the one that
        made the seat time out, or a forfeit ended it meanwhile): an ended game's seats stay as they were."""
        async with self.lock(game_id):
            try:
                await self.db.games.replace_with_computer(game_id, seat, level)
            except WrongStatus:
                raise GameClosed("This game is over.") from None
            loaded = await self.load(game_id)
            if loaded.state is not None and loaded.state.to_move == seat:
                await self.db.games.set_deadline(game_id, None, expected_version=loaded.record.version)
                loaded = await self.load(game_id)
        self.schedule_computer(loaded)
        return loaded

    async def abandon(self, game_id: int, reason: str) -> Loaded:
        async with self.lock(game_id):
            await self.db.games.abandon(game_id, at=self.clock(), reason=reason)
            task = self._computer_tasks.pop(game_id, None)
            if task is not None:
                task.cancel()
            loaded = await self.load(game_id)
        self.ended(game_id)
        return loaded

    def ended(self, game_id: int) -> None:
        """A game (or a lobby) was abandoned: whatever shows it catches up (`after_end_hooks`)."""
        for hook in self.after_end_hooks:
            hook(game_id)
