"""Every visible message of a game converges to the stored game (design §3: messages are projections).

A move, a leave or a start only marks its game dirty; the reconciler then brings each message to what
the stored state says it should show: each seat's DM hand (controls only on that seat's turn), the
turn notification, the table (through `TableUpdater`, coalesced), "X left the game", and the final
standings with Rematch. What each message last showed is stored (data.messages), so a pass is
idempotent: it sends or edits only what differs, and after a crash the start-up pass finishes the job.

Level-triggered to the end: a pass that met a transient failure (a 429 or 5xx past a request's own
retries, a timeout) asks for another pass itself, after a backoff that doubles with each failed pass
in a row up to `Tuning.retry_cap`, whether or not a move comes (after the final move none does). A
refusal for good has a fallback instead: a deleted hand or table is sent afresh (bot.projection.table), standings
a closed thread refuses go to its channel and the channel's note says so (bot.projection.threads), a lost channel
is looked at again every LOST_RETRY_SECONDS while the game goes on by DM. `owes` / `caught_up` tell
whether anything is still owed (tests wait on that, never on a time).

One task per game runs the passes in order, so a message is never edited by two passes at once and a
burst of moves collapses into one pass over the newest state; games never wait for each other. Every
request is retried on 429, 5xx and timeouts and its refusal classified (bot.kit.refusals).

The only writer of a game's messages: a click's handler (bot.moves.router) decides what the click means
and hands its interaction here (`clicked`, `answer`, `show_panel`), and the clicked hand is redrawn
through that interaction (exempt from the global rate limit) by the same rules as a pass, under the
seat's lock that the pass's step for that seat takes too. What a DM hand shows is decided in this
module alone: a pass that comes after a click finds the stored row showing the click's state and
sends nothing; a click after a pass redraws from the row the pass stored.

A turn starts for a seat when somebody else made the last move (or at the deal). A person is told
once per turn start, through what Discord notifies: a new DM holding the hand and its controls, or,
without DMs, a channel message mentioning only them (their `/settings turns` choice permitting).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from bot.kit.languages import dm_language
from bot.kit.refusals import Backoff, Refusal, Refused
from bot.kit.transport import Post, Sent, Transport, Unsure
from bot.projection.digest import digesting
from bot.projection.hands import HandMessages, drawn_from, is_live, shown_key, shows_same
from bot.projection.replies import Replies
from bot.projection.threads import NOTE_SHOWN, game_channel, note_over, thread_refuses
from data import (
    GameNotFound,
    GameRecord,
    GameStatus,
    HandDelivery,
    MatchRecord,
    MessageKind,
    Seat,
    ShownMessage,
    TurnNotice,
    TurnTimer,
    UserSettings,
    crashpoints,
)
from data.digests import names_turn
from data.messages import GAME_WIDE, Claim
from locales import t

if TYPE_CHECKING:
    import discord

    from bot.moves.adapters import Panel
    from bot.moves.service import Applied, GameService, Loaded

log = logging.getLogger(__name__)

Announce = Callable[["Loaded", MatchRecord], Awaitable[Post]]


LOST_RETRY_SECONDS = 600.0  # a lost channel is tried again this often (each try a refused request at worst)
NOT_SENT = 0  # message id of an owed notice that is no longer due (a reminder for a turn already over)
OWED_POSTS = frozenset({MessageKind.LEFT, MessageKind.NOTICE, MessageKind.REMIND, MessageKind.TIMEOUT})
# How long after a turn's DM was claimed it may be posted again with its nonce (a pass redone after a crash
# between the post and its record): well inside the few minutes Discord enforces a nonce for.
NONCE_REDO_SECONDS = 120.0
_NONCE_CODES = {
    MessageKind.HAND: "hd",
    MessageKind.LEFT: "lf",
    MessageKind.NOTICE: "nt",
    MessageKind.REMIND: "rm",
    MessageKind.TIMEOUT: "to",
    MessageKind.TURN: "tn",
}


def notice_nonce(kind: MessageKind, game_id: int, seat: int, version: int) -> str:
    """One nonce per notice (Discord dedupes an enforced nonce for a few minutes; at most 25 characters)."""
    return f"{_NONCE_CODES[kind]}{game_id}-{seat}-{version}"[:25]


class TableMarks(Protocol):
    def mark_dirty(self, game_id: int) -> None: ...


@runtime_checkable
class TableSettling(Protocol):
    async def settled(self, game_id: int) -> None: ...


@runtime_checkable
class TableDebts(Protocol):
    """The table edits still owed (bot.projection.table): under way, asked for, or due again after a failure."""

    def pending(self, game_id: int | None = None) -> list[asyncio.Task[None]]: ...


class Owed(Enum):
    """What a pass over a game left undone."""

    NOTHING = "nothing"  # every message shows the stored game, or was refused for good
    RETRY = "retry"  # something failed for now (429, 5xx, a timeout): another pass after a backoff
    WAITING = "waiting"  # held back by a refusal that may lift (a lost channel): looked at again slowly


@dataclass(slots=True)
class Debts:
    """What one pass could not do, gathered as it goes (a pass is one game's, so this is never shared)."""

    retry: bool = False
    waiting: bool = False

    def failed(self, error: BaseException, what: str) -> None:
        """A step of the pass raised: a transient failure is owed (tried again by the next pass after a
        backoff); anything else is a lasting refusal or a bug, logged once and let be."""
        if isinstance(error, Refused) and error.refusal is Refusal.TRANSIENT:
            log.warning("could not update %s yet (trying again): %s", what, error)
            self.retry = True
        else:
            log.error("could not update %s", what, exc_info=error)

    @property
    def owed(self) -> Owed:
        if self.retry:
            return Owed.RETRY
        return Owed.WAITING if self.waiting else Owed.NOTHING


class ThreadSteps(Protocol):
    """The end of a threaded game (bot.projection.threads): its lobby note shows the result, its thread is archived;
    each answers True once done, False to be tried again."""

    async def show_note(self, game_id: int, note: ShownMessage, text: str) -> bool: ...

    async def archive(self, game_id: int, thread_id: int) -> bool: ...


def wants_notice(settings: UserSettings, timer: TurnTimer) -> bool:
    """Whether this player is told that their turn started (`/settings turns`)."""
    if settings.turn_notice is TurnNotice.OFF:
        return False
    return settings.turn_notice is TurnNotice.EVERY or timer is TurnTimer.CASUAL


def uses_dm(settings: UserSettings) -> bool:
    return settings.hand_delivery is HandDelivery.DM and not settings.dm_closed


@dataclass(frozen=True, slots=True)
class Clicked:
    """A click's interaction in the reconciler's hands, with the clicked seat's hand held (`clicked`)."""

    owner: Reconciler
    interaction: discord.Interaction
    seat: int

    async def show(self, loaded: Loaded, *, selection: frozenset[int] = frozenset(), notice: str = "") -> None:
        """Redraw the clicked hand for `loaded`, with a selection or a notice on top, through the click."""
        await self.owner._answer(self.interaction, loaded, self.seat, selection, notice)


class HandStep(Enum):
    """What a pass does with a seat's DM hand (`hand_step`)."""

    DRAW = "draw"  # the ordinary path: the turn's new DM, or an edit of the shown one
    STRIP = "strip"  # only take the controls off the shown DM (its turn is over)
    WAIT = "wait"  # nothing now: the hand is drawn when the digest names its turn


def hand_step(*, lazy: bool, named: bool, turn: int | None, shown_turn: int | None, shown_live: bool) -> HandStep:
    """Whether a pass posts or edits this DM hand now. `lazy`: a casual game of a person who chose the
    digest (bot.projection.digest.digesting), whose DM hand is drawn only when called for: when the digest that
    names the waiting `turn` is out (`named`, data.digests.names_turn). Between digests they play from
    the My hand panel (the table's button, or `/games`), which is drawn fresh at each click and answered
    through the interaction, so a turn they take there costs no DM at all. A shown DM that still has
    controls for another turn loses them (an old hand must not look playable); one that shows this
    turn's controls is kept right."""
    if not lazy or named:
        return HandStep.DRAW
    if shown_live:
        return HandStep.DRAW if turn is not None and shown_turn == turn else HandStep.STRIP
    return HandStep.WAIT


class Reconciler:
    """Marks games dirty and brings their messages to the stored state, one task per game."""

    def __init__(
        self,
        *,
        service: GameService,
        hands: HandMessages,
        transport: Transport,
        tables: TableMarks,
        announce: Announce,
        threads: ThreadSteps | None = None,
    ) -> None:
        self.service = service
        self.threads = threads  # bot.projection.threads: a game's lobby note and thread once it has ended
        self.db = service.db
        self.hands = hands
        self.transport = transport
        self.tables = tables
        self.announce = announce
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        # Games whose channel the bot can no longer post in: stored (data.messages.channel_lost), so a
        # restart neither forgets it nor tells the host again; cached here, with when it was last tried.
        self._lost: dict[int, bool] = {}
        self._tried: dict[int, float] = {}
        self._gone: set[int] = set()  # games whose channel was deleted (10003): nothing to look at again
        self._closed = False
        # What a pass left owed is tried again, whether or not a move comes: after a transient failure
        # by a pass after a backoff (bot.kit.refusals.Backoff: doubled each failed pass, capped); behind a
        # lost channel by a pass every LOST_RETRY_SECONDS.
        self.backoff = Backoff.of(service.tuning)
        self._failures: dict[int, int] = {}
        self._retries: dict[int, asyncio.Task[None]] = {}
        self._looked: dict[int, int] = {}  # the stored version each game's latest pass began from
        self._later: dict[int, asyncio.TimerHandle] = {}
        self._resume: asyncio.Task[int] | None = None
        self._resuming = False  # the start-up pass is past its wait for the gateway
        self.owns: Callable[[int], bool] = lambda game_id: True  # bot.moves.ownership: only the owner reconciles
        # One per (game, seat): held by a pass's step for that seat and by a click answered through its
        # interaction, so the two ways this module redraws a hand never interleave their read and write.
        self._seat_locks: dict[tuple[int, int], asyncio.Lock] = {}
        # How many times each seat's lock was let go: a hand row read before taking the lock is still the
        # stored one when nobody held the lock since (every write of a hand row is made under it).
        self._seat_holds: dict[tuple[int, int], int] = {}
        # The hand row the latest hold of each seat's lock stored, with `_seat_holds` as that hold left it:
        # while the count is still that, nobody held the lock since, so the row is the stored one and a
        # pass that read the row before a click's hold takes the click's row instead of reading it again.
        self._stored: dict[tuple[int, int], ShownMessage] = {}
        self._left: dict[tuple[int, int], tuple[int, ShownMessage]] = {}
        # Each active game's latest move this process stored: (the version it made, the seat that made
        # it). The seat to play next began its turn with that move (`_turn_start`).
        self._movers: dict[int, tuple[int, int]] = {}
        # bot.projection.threads.ThreadDeletions: a game whose thread was deleted goes on in its channel (True) instead
        # of ending
        self.thread_gone: Callable[[int], Awaitable[bool]] | None = None
        # Each person's latest DM click, whose token posts their next turn's hand outside the global limit.
        self.replies = Replies(service.tuning.token_edit_window, service.clock)

    # -- scheduling --------------------------------------------------------------------------------

    def mark_dirty(self, game_id: int) -> None:
        """Ask for a pass over this game; passes already asked for and not begun merge into one.

        Once closed (shutting down) nothing starts: the next start-up's `resume` passes over every game.
        """
        if self._closed or not self.owns(game_id):
            return
        self._dirty.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"reconcile-{game_id}")

    async def after_move(self, applied: Applied) -> None:
        """The service's after-move hook: the move is stored, so every message of the game may be old."""
        record = applied.after.record
        if record.status is not GameStatus.ACTIVE:
            self._movers.pop(record.id, None)
        elif record.version > self._movers.get(record.id, (-1, -1))[0]:
            self._movers[record.id] = (record.version, applied.seat)
        self.mark_dirty(record.id)

    async def _turn_start(self, game_id: int, seat: int, version: int) -> int:
        """The version at which `seat`'s turn began (MessageRepository.turn_start: after the last move
        somebody else made), for the game at `version`. No read when this process stored the move that
        made `version` and another seat made it: that move is the last one, so the turn began there. A
        seat that moved again, or a move stored elsewhere, is read."""
        version_moved, mover = self._movers.get(game_id, (-1, seat))
        if version_moved == version and mover != seat:
            return version
        return await self.db.messages.turn_start(game_id, seat)

    async def _run(self, game_id: int) -> None:
        while game_id in self._dirty:
            self._dirty.discard(game_id)
            try:
                owed = await self.reconcile(game_id)
            except Exception:
                log.exception("could not bring the messages of game %d up to date", game_id)
                owed = Owed.NOTHING
            if game_id not in self._dirty:  # else the pass asked for meanwhile decides
                self._owe(game_id, owed)

    def _owe(self, game_id: int, owed: Owed) -> None:
        """Ask for the pass that what is still owed needs: after a transient failure, one after a backoff
        that doubles with each failed pass in a row (up to `Tuning.retry_cap`); behind a lost channel, one
        every LOST_RETRY_SECONDS (a restart asks too, through `resume`)."""
        retry = self._retries.pop(game_id, None)
        if retry is not None and retry is not asyncio.current_task():
            retry.cancel()
        if owed is not Owed.RETRY:
            self._failures.pop(game_id, None)
            if owed is Owed.WAITING:
                self._look_later(game_id)
            return
        if self._closed:
            return
        failures = self._failures[game_id] = self._failures.get(game_id, 0) + 1
        delay = self.backoff.delay(failures)
        log.info("game %d still owes messages; another pass in %.2f s", game_id, delay)
        self._retries[game_id] = asyncio.create_task(self._retry(game_id, delay), name=f"reconcile-retry-{game_id}")

    async def _retry(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        self.mark_dirty(game_id)

    def _owing(self, game_id: int | None) -> list[asyncio.Task[Any]]:
        tasks: list[asyncio.Task[Any]] = [
            task
            for game, task in [*self._tasks.items(), *self._retries.items()]
            if not task.done() and game_id in (None, game)
        ]
        if isinstance(self.tables, TableDebts):
            tasks.extend(self.tables.pending(game_id))
        if game_id is None and self._resume is not None and self._resuming and not self._resume.done():
            tasks.append(self._resume)
        return tasks

    def owes(self, game_id: int | None = None) -> bool:
        """Whether a message of the game (of any game, without `game_id`) still differs from what is stored
        and is being brought to it: a pass or a table edit under way or asked for, or due again after a
        transient failure. False once everything shows the stored games or was refused for good (a lost
        channel, re-checked every LOST_RETRY_SECONDS, is such a refusal until it comes back)."""
        return bool(self._owing(game_id))

    async def caught_up(self, game_id: int | None = None) -> None:
        """Wait until `owes(game_id)` is False and a pass has looked at the game as stored now (a move's
        after-move hook may not have asked for its pass yet: it is asked for here): every owed projection
        shows, or was refused for good. Tests wait on this rather than on a time; it may wait for ever
        while Discord keeps failing."""
        while True:
            if tasks := self._owing(game_id):
                await asyncio.wait(tasks)
                continue
            if self._closed:
                return
            games = [game_id] if game_id is not None else list(self._looked)
            behind = [game for game in games if self.owns(game) and await self._behind(game)]
            if not behind:
                return
            for game in behind:
                self.mark_dirty(game)

    async def _behind(self, game_id: int) -> bool:
        """Whether the game was stored at a newer version than its latest pass began from."""
        try:
            record = await self.db.games.get(game_id)
        except GameNotFound:  # erased meanwhile: nothing of it left to show
            return False
        return self._looked.get(game_id, -1) < record.version

    @property
    def busy(self) -> bool:
        """Whether a pass is running or asked for (the start-up pass too, once begun)."""
        resuming = self._resume is not None and self._resuming and not self._resume.done()
        return resuming or any(not task.done() for task in self._tasks.values())

    async def idle(self) -> None:
        """Wait until no pass is running or asked for (tests, shutdown), the start-up pass included once it
        has begun."""
        while True:
            tasks: list[asyncio.Task[Any]] = [task for task in self._tasks.values() if not task.done()]
            if self._resume is not None and self._resuming and not self._resume.done():
                tasks.append(self._resume)
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    def resume_when(self, ready: Callable[[], Awaitable[None]]) -> None:
        """The start-up pass (`resume`), once `ready` returns (the gateway is up, so guild names are known
        and hands draw as before). Owned here, not by the game service: a shutdown right after start
        either waits for it (once begun, it only reads and marks games) or, while it still waits for the
        gateway, cancels it with nothing done, so the next start-up redoes all of it."""
        self._resume = asyncio.create_task(self._resume_after(ready), name="reconcile-resume")

    async def _resume_after(self, ready: Callable[[], Awaitable[None]]) -> int:
        await ready()
        self._resuming = True
        games = await self.resume()
        log.info("reconciling the messages of %d games", games)
        return games

    async def resume(self) -> int:
        """At start-up: every active game, and every game owing a message (a result never announced)."""
        games = {record.id for record in await self.db.games.list_open(GameStatus.ACTIVE)}
        games.update(await self.db.messages.games_owing_results())
        games.update(await self.db.messages.games_owing_messages())
        games.update(await self.db.messages.threads_to_archive())
        games.update(await self.db.messages.notes_to_show(NOTE_SHOWN))
        for game_id in sorted(games):
            self.mark_dirty(game_id)
        return len(games)

    def _look_later(self, game_id: int) -> None:
        """Another pass over a game whose messages wait for its lost channel, in LOST_RETRY_SECONDS (the
        pass tries the channel once more then; a post or edit that goes through asks at once)."""
        if self._closed or game_id in self._later or game_id in self._gone:
            return  # a deleted channel does not come back: its game was ended and its players told

        def wake() -> None:
            self._later.pop(game_id, None)
            self.mark_dirty(game_id)

        self._later[game_id] = asyncio.get_running_loop().call_later(LOST_RETRY_SECONDS, wake)

    async def close(self) -> None:
        self._closed = True
        for handle in self._later.values():
            handle.cancel()
        self._later.clear()
        tasks: list[asyncio.Task[Any]] = [*self._tasks.values(), *self._retries.values()]
        if self._resume is not None:
            tasks.append(self._resume)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- one pass ----------------------------------------------------------------------------------

    async def reconcile(self, game_id: int) -> Owed:
        """One pass: every message of the game brought to the game as stored now. Returns what is left
        owed; each step that fails for now leaves the others to go on (`_run` asks for the next pass)."""
        debts = Debts()
        loaded = await self.service.load(game_id)
        self._looked[game_id] = max(self._looked.get(game_id, -1), loaded.record.version)
        if loaded.state is None:
            await self._end_in_thread(loaded, debts)  # a lobby that never started may leave an empty thread
            return debts.owed  # a lobby: its message is the lobby's business
        if await self.channel_usable(game_id):
            self.tables.mark_dirty(game_id)
        seats = [seat for seat in loaded.record.seats if seat.user_id is not None]
        # Every seat's hand row in one read, not one per seat; a seat whose lock was held meanwhile reads its own.
        holds = {seat.seat: self._seat_holds.get((game_id, seat.seat), 0) for seat in seats}
        before = await self.db.messages.of_game(game_id)
        reads = [(before.get((MessageKind.HAND, seat.seat)), holds[seat.seat]) for seat in seats]
        results = await asyncio.gather(
            *(self._seat(loaded, seat, read) for seat, read in zip(seats, reads, strict=True)), return_exceptions=True
        )
        for seat, result in zip(seats, results, strict=True):
            if isinstance(result, BaseException):
                debts.failed(result, f"the hand of game {game_id} seat {seat.seat}")
        # The notices owed and the standings, as read above unless a seat's step may have stored one (a
        # closed DM's notice, a lost channel): a row owed by anyone else meanwhile asks for its own pass.
        noted = any(result is not False for result in results)
        shown = await self.db.messages.of_game(game_id) if noted else before
        for row in sorted(shown.values(), key=lambda row: row.version):
            if row.message_id is None and row.kind in OWED_POSTS:
                try:
                    if not await self._owed(loaded, row):
                        debts.waiting = True  # kept owed: posted once the channel is back
                except Refused as refused:  # kept owed: the next pass posts it
                    debts.failed(refused, f"the {row.kind} notice of game {game_id} seat {row.seat}")
        if loaded.record.status is GameStatus.FINISHED:
            try:
                if not await self._result(loaded, shown.get((MessageKind.RESULT, GAME_WIDE))):
                    debts.waiting = True
            except Refused as refused:  # owed (data.messages.games_owing_results): the next pass posts it
                debts.failed(refused, f"the standings of game {game_id}")
        await self._end_in_thread(loaded, debts)
        return debts.owed

    async def _end_in_thread(self, loaded: Loaded, debts: Debts) -> None:
        """The last steps of an ended game in a thread, once its standings are out: the lobby note in the
        channel shows the result, and the thread is archived. Each is recorded when done, so a restart
        before it redoes it and a pass after it does nothing."""
        record = loaded.record
        if self.threads is None or record.thread_id is None or record.status.is_open:
            return
        result: ShownMessage | None = None
        if record.status is GameStatus.FINISHED:
            result = await self.db.messages.get(record.id, MessageKind.RESULT)
            if result is None or result.message_id is None:
                return  # the standings first: the next pass does the rest
        await self._show_note(loaded, self.threads, result, debts)
        await self._close_thread(loaded, self.threads, debts)

    async def _show_note(self, loaded: Loaded, threads: ThreadSteps, result: ShownMessage | None, debts: Debts) -> None:
        """The lobby note in the channel becomes one line with the result: one edit per game, at its end.
        When the thread refused the standings (archived or locked by a moderator) they were posted in the
        channel instead, and the note says so."""
        record = loaded.record
        note = await self.db.messages.get(record.id, MessageKind.NOTE)
        if note is None or note.key == NOTE_SHOWN or note.message_id is None or note.channel_id is None:
            return
        finished = record.status is GameStatus.FINISHED
        match = await self.db.results.match_for_game(record.id) if finished else None
        moved = result is not None and result.channel_id is not None and result.channel_id != record.thread_id
        lang = await self.service.table_language(record.guild_id)
        title = self.service.adapter(record.kind).name(lang, record.options)
        text = note_over(title, record, match, moved=moved, lang=lang)
        if await threads.show_note(record.id, note, text):
            await self.db.messages.save(dataclasses.replace(note, version=record.version, key=NOTE_SHOWN))
        else:
            debts.retry = True

    async def _close_thread(self, loaded: Loaded, threads: ThreadSteps, debts: Debts) -> None:
        """Archive an ended game's thread, after its table shows the end (an archived thread refuses
        edits, 50083) and every notice owed in it is out (a post would unarchive it); recorded, so a
        restart before it still archives."""
        record = loaded.record
        assert record.thread_id is not None
        if await self.db.messages.thread_archived(record.id):
            return
        shown = await self.db.messages.of_game(record.id)
        if any(row.kind in OWED_POSTS and row.message_id is None for row in shown.values()):
            debts.waiting = True  # kept owed (a failed post, a lost channel): posted first, then archived
            return
        if isinstance(self.tables, TableSettling):
            # Once more: a table edit refused while a moderator had the thread archived goes through now
            # that the standings' post reopened it (nothing is sent when the table shows the end already).
            self.tables.mark_dirty(record.id)
            await self.tables.settled(record.id)
        if isinstance(self.tables, TableDebts) and self.tables.pending(record.id):
            debts.retry = True  # the table edit failed for now: archived once the table shows the end
            return
        if await threads.archive(record.id, record.thread_id):
            await self.db.messages.set_thread_archived(record.id, at=self.service.clock())
        else:
            debts.retry = True

    async def answered(self, game_id: int, seat: int) -> None:
        """Return once no click holds the seat's hand: a click that is drawing its answer has drawn it and
        stored its row. Waits only; nothing is written, so nothing is counted (`_seat_holds`)."""
        async with self._seat_lock(game_id, seat):
            return

    def _seat_lock(self, game_id: int, seat: int) -> asyncio.Lock:
        return self._seat_locks.setdefault((game_id, seat), asyncio.Lock())

    @contextlib.asynccontextmanager
    async def _holding(self, game_id: int, seat: int) -> AsyncIterator[None]:
        """The seat's lock, counted when let go (`_seat_holds`)."""
        async with self._seat_lock(game_id, seat):
            self._stored.pop((game_id, seat), None)
            try:
                yield
            finally:
                holds = self._seat_holds[game_id, seat] = self._seat_holds.get((game_id, seat), 0) + 1
                stored = self._stored.pop((game_id, seat), None)
                if stored is not None:
                    self._left[game_id, seat] = (holds, stored)
                else:
                    self._left.pop((game_id, seat), None)

    async def _save_hand(self, shown: ShownMessage) -> None:
        """Store a hand row (under its seat's lock, as every write of one is), remembered for `_since` (not
        when the save failed: it may or may not have been stored)."""
        self._stored.pop((shown.game_id, shown.seat), None)
        await self.db.messages.save(shown)
        self._stored[shown.game_id, shown.seat] = shown

    def _since(self, game_id: int, seat: int, holds: int) -> ShownMessage | None:
        """The seat's stored hand row if the only holds of its lock since `holds` was counted is one that
        stored it (a click answered meanwhile); None when it must be read."""
        now = self._seat_holds.get((game_id, seat), 0)
        left = self._left.get((game_id, seat))
        if now == holds + 1 and left is not None and left[0] == now:
            return left[1]
        return None

    # -- a click handed over -----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def clicked(self, interaction: discord.Interaction, game_id: int, seat: int) -> AsyncIterator[Clicked]:
        """A click's interaction handed over for the seat's hand, held from before its move is stored to
        the clicked hand's redraw: the pass that move asks for waits, and then finds the hand showing the
        move (one edit, through the interaction, none over REST)."""
        async with self._holding(game_id, seat):
            yield Clicked(self, interaction, seat)

    async def answer(
        self,
        interaction: discord.Interaction,
        loaded: Loaded,
        seat: int,
        *,
        selection: frozenset[int] = frozenset(),
        notice: str = "",
    ) -> None:
        """Redraw the clicked hand for `loaded` (a selection, a hint, "out of date"), through the click."""
        async with self.clicked(interaction, loaded.record.id, seat) as click:
            await click.show(loaded, selection=selection, notice=notice)

    async def show_panel(self, interaction: discord.Interaction, loaded: Loaded, seat: int) -> None:
        """The table's "My hand" button: the seat's hand as a new ephemeral panel (stored nowhere: only the
        clicker sees it, and each of its clicks redraws it)."""
        lang = await self.hands.language(loaded, seat, interaction)  # the clicker's own (design §10)
        panel = await self.hands.panel(loaded, seat, lang=lang)
        await self.transport.answer_panel(interaction, panel, fresh=True)

    async def _answer(
        self, interaction: discord.Interaction, loaded: Loaded, seat: int, selection: frozenset[int], notice: str
    ) -> None:
        """The clicked hand, a DM hand or an ephemeral panel, redrawn through the interaction. The caller
        holds the seat's lock. This is where a clicked DM hand loses its controls once the turn passed."""
        message = interaction.message
        if interaction.guild_id is not None or message is None:
            lang = await self.hands.language(loaded, seat, interaction)  # an ephemeral panel: the clicker's
            panel = await self.hands.panel(loaded, seat, selection=selection, notice=notice, lang=lang)
            await self.transport.answer_panel(interaction, panel)
            return
        game_id = loaded.record.id
        row = await self.db.messages.get(game_id, MessageKind.HAND, seat)
        if row is not None and row.version > loaded.record.version:
            # A pass or another click showed a newer state meanwhile: never an older one. The selection
            # and notice described the older hand.
            loaded = await self.service.load(game_id)
            selection, notice = frozenset(), ""
        # A message newer than the recorded one (snowflakes grow with time) is the newest hand: its send
        # is recorded just after it is made, by this process or by the game's owner in another one.
        current = row is None or (row.message_id is not None and message.id >= row.message_id)
        drawing = await self.hands.prepare(loaded, seat, selection=selection, notice=notice, dm=True)
        panel, digest = await self.hands.draw(loaded, drawing)
        if not current:  # an older hand message: a newer one holds the controls
            panel = dataclasses.replace(panel, items=())
        if not await self.transport.answer_hand(interaction, panel):
            self.mark_dirty(game_id)  # the row still says what the message showed before: a pass redraws it
            return
        reply = self.replies.note(interaction)  # its token may post this person's next hand (bot.projection.replies)
        if row is None or not current:
            return
        if selection or notice:  # stored: what the plain hand shows, so that a pass, comparing, leaves this
            # selection or hint on screen until the game moves on
            drawing = await self.hands.prepare(loaded, seat, dm=True)
            if row.version == loaded.record.version and drawn_from(row.key) == drawing.inputs:
                key, live = row.key, row.live  # the row holds this very plain hand (drawn here or elsewhere)
            else:
                panel, digest = await self.hands.draw(loaded, drawing)
                key, live = shown_key(panel, digest, drawing.inputs), is_live(panel)
        else:
            key, live = shown_key(panel, digest, drawing.inputs), is_live(panel)
        at_turn = self.hands.at_turn(loaded, seat)
        if not at_turn:
            turn = row.turn
        elif row.version == loaded.record.version and row.turn is not None:
            # Stored at this very state, on turn (a card selected, a hint): the same turn, no read. Every
            # step that stores a hand row at turn stores its turn start, and a state has one.
            turn = row.turn
        else:
            turn = await self._turn_start(game_id, seat, loaded.record.version)
        shown = dataclasses.replace(row, version=loaded.record.version, key=key, live=live, turn=turn)
        if reply is not None:  # for the game's owner, whichever process it is
            shown = dataclasses.replace(shown, reply_token=reply.token, reply_until=reply.until)
        await self._save_hand(shown)

    # -- each seat's hand ----------------------------------------------------------------------------

    async def _seat(self, loaded: Loaded, seat: Seat, read: tuple[ShownMessage | None, int]) -> bool:
        """One seat's hand brought to `loaded`. `read`: its hand row as read before the lock was taken,
        and `_seat_holds` of the seat then. True when the step went past the seat's DM hand (a closed DM's
        notice, a turn notice in the channel): it may have stored rows other than the hand's."""
        game_id = loaded.record.id
        async with self._holding(game_id, seat.seat):
            row, holds = read
            if self._seat_holds.get((game_id, seat.seat), 0) != holds:  # a click or a pass may have written it
                row = self._since(game_id, seat.seat, holds) or await self.db.messages.get(
                    game_id, MessageKind.HAND, seat.seat
                )
            if row is not None and row.version > loaded.record.version:
                return False  # a click showed a newer state meanwhile; the pass that move asked for follows
            if seat.is_computer:  # left: their old hand keeps its picture, not its controls
                if row is not None and row.live and row.message_id is not None and row.channel_id is not None:
                    await self._strip(row)
                    await self._save_hand(dataclasses.replace(row, live=False))
                return False
            assert seat.user_id is not None
            settings = await self.db.settings.user(seat.user_id)
            at_turn = self.hands.at_turn(loaded, seat.seat)
            turn = await self._turn_start(game_id, seat.seat, loaded.record.version) if at_turn else None
            notify = at_turn and wants_notice(settings, loaded.record.timer)
            # A casual turn of a person who chose the digest (bot.projection.digest) notifies nobody: the digest DM
            # tells them, and their DM hand is drawn (silently) only once called for (`hand_step`).
            silent = digesting(settings, loaded.record.timer)
            if uses_dm(settings):
                if silent and await self._held(game_id, seat.user_id, row, turn):
                    return False
                try:
                    await self._dm_hand(loaded, seat, row, turn, notify, silent=silent)
                    return False
                except Refused as refused:
                    if refused.refusal is not Refusal.DM_CLOSED:
                        raise
                await self._dm_closed(loaded, seat)
                silent = False  # no DMs, so no digest either: the channel mention tells them
            if notify and turn is not None and not silent:
                await self._turn_notice(loaded, seat, turn)
            return True

    async def _held(self, game_id: int, user_id: int, row: ShownMessage | None, turn: int | None) -> bool:
        """A digest player's DM hand not called for yet (`hand_step`): left as it is, or only its old
        controls taken off. True when that is all this pass does for the seat."""
        named = turn is not None and await names_turn(self.db, user_id, game_id, turn)
        live = row is not None and row.live and row.message_id is not None and row.channel_id is not None
        step = hand_step(lazy=True, named=named, turn=turn, shown_turn=row.turn if row else None, shown_live=live)
        if step is HandStep.STRIP:
            assert row is not None
            await self._strip(row)
            await self._save_hand(dataclasses.replace(row, live=False))
        return step is not HandStep.DRAW

    async def _dm_hand(
        self, loaded: Loaded, seat: Seat, row: ShownMessage | None, turn: int | None, notify: bool, *, silent: bool
    ) -> None:
        """Send or edit one seat's DM hand: a new message when their turn starts, else an edit if it
        would show something different, else nothing. `silent`: a new one is created without a push
        notification (the person's digest tells them)."""
        record = loaded.record
        assert seat.user_id is not None
        if row is None and seat.hand_message_id is not None:  # sent before messages were recorded
            row = ShownMessage(
                record.id, MessageKind.HAND, seat.seat, seat.hand_channel_id, seat.hand_message_id, -1, "", None, True
            )
        fresh = row is None or row.message_id is None or row.channel_id is None
        if fresh and turn is None:
            # No hand is sent before the seat's first turn: that first DM is its turn notification (and
            # the "My hand" button shows the cards before then). A seat whose DM hand is gone and who
            # is not on turn gets it back with their next turn.
            return
        told = notify and (fresh or (row is not None and row.turn != turn))
        drawing = await self.hands.prepare(loaded, seat.seat, dm=True)
        if not (told or fresh) and row is not None and drawn_from(row.key) == drawing.inputs:
            return  # drawn from this very state and settings (by a click's answer, here or in another process)
        panel, digest = await self.hands.draw(loaded, drawing)
        key = shown_key(panel, digest, drawing.inputs)
        shown = ShownMessage(record.id, MessageKind.HAND, seat.seat, version=record.version, key=key, turn=turn)
        shown = dataclasses.replace(shown, live=is_live(panel))
        channel_hint = row.channel_id if row is not None else seat.hand_channel_id
        if channel_hint is None:
            channel_hint = await self.db.messages.dm_channel_of(seat.user_id)
        if told or fresh:
            # A new DM for this turn, at most once per (game, seat, turn) across crashes and processes:
            # claimed before it is posted, and posted with the turn's nonce (or, as a follow-up of the
            # person's click, with none: so a claim made again looks in the DM before posting).
            assert turn is not None
            now = self.service.clock()
            claimed = await self.db.messages.claim(
                record.id, MessageKind.HAND, seat.seat, turn, at=now, redo_within=NONCE_REDO_SECONDS
            )
            if not claimed and fresh:
                # Claimed before, never recorded, and the nonce's window is over: the post may have landed
                # (a kill, a timeout) or not (a refusal, a long outage). The DM itself says which.
                landed = await self.transport.find_hand(seat.user_id, channel_hint, record.id, turn)
                if landed is not None:
                    await self._sent_hand(
                        dataclasses.replace(shown, channel_id=landed.channel_id, message_id=landed.message_id)
                    )
                    return
                retaken = await self.db.messages.reclaim(
                    record.id, MessageKind.HAND, seat.seat, turn, at=now, lapsed_before=now - NONCE_REDO_SECONDS
                )
                claimed = Claim.FIRST if retaken else Claim.REFUSED  # looked already: nothing landed
            if claimed:
                sent = None
                if claimed is Claim.AGAIN:  # posted before, maybe as a follow-up, which has no nonce: look first
                    sent = await self.transport.find_hand(seat.user_id, channel_hint, record.id, turn)
                if sent is None:
                    sent = await self._post_by_reply(
                        seat.user_id, row, channel_hint, panel, record.id, turn, silent=silent
                    )
                if sent is None:
                    nonce = notice_nonce(MessageKind.HAND, record.id, seat.seat, turn)
                    sent = await self.transport.send_dm(
                        seat.user_id, panel, channel_id=channel_hint, nonce=nonce, silent=silent
                    )
                crashpoints.reached("after_turn_dm")
                shown = dataclasses.replace(shown, channel_id=sent.channel_id, message_id=sent.message_id)
                await self._sent_hand(shown)
                if told and row is not None and row.live and row.message_id is not None and row.channel_id is not None:
                    await self._strip(row)  # the old hand must not look playable
                return
            if fresh:
                return  # another pass holds the claim (within its window, or it just took it over)
        assert row is not None and row.channel_id is not None and row.message_id is not None
        if shows_same(row.key, key):
            return
        log.debug("hand of game %d seat %d: %s -> %s (%r)", record.id, seat.seat, row.key, key, panel.content)
        reply = self.replies.editing(seat.user_id, row.message_id)  # their last click was on this hand
        if reply is not None:
            if await self.transport.edit_by_reply(reply, panel):
                self.replies.edited += 1
                await self._save_hand(dataclasses.replace(shown, channel_id=row.channel_id, message_id=row.message_id))
                return
            self.replies.drop(seat.user_id, reply)
        try:
            await self.transport.edit_panel(row.channel_id, row.message_id, panel)
        except Refused as refused:
            if refused.refusal is not Refusal.MESSAGE_GONE:
                raise
            log.info("hand message of game %d seat %d is gone; sending a new one", record.id, seat.seat)
            sent = await self.transport.send_dm(seat.user_id, panel, channel_id=row.channel_id, silent=silent)
            await self._sent_hand(dataclasses.replace(shown, channel_id=sent.channel_id, message_id=sent.message_id))
            return
        await self._save_hand(dataclasses.replace(shown, channel_id=row.channel_id, message_id=row.message_id))

    async def _post_by_reply(
        self,
        user_id: int,
        row: ShownMessage | None,
        channel_id: int | None,
        panel: Panel,
        game_id: int,
        turn: int,
        *,
        silent: bool,
    ) -> Sent | None:
        """A turn's new hand posted through the person's latest DM click, outside the global limit
        (bot.projection.replies): the one this process holds, else the one stored with the seat's hand row
        (a click another process answered). None when they have no usable one or Discord refused it (then
        the caller posts over REST, with the turn's nonce). A post whose outcome is unknown may have
        landed, and a webhook takes no nonce: the DM is looked at before anything is posted again."""
        reply = self.replies.fresh(user_id, channel_id) or self.replies.stored(row, channel_id)
        if reply is None:
            return None
        try:
            sent = await self.transport.follow_up(reply, panel, silent=silent)
        except Unsure as unsure:
            self.replies.drop(user_id, reply)
            log.info("%s; looking in the DM before posting again", unsure)
            return await self.transport.find_hand(user_id, channel_id, game_id, turn)
        if sent is None:
            self.replies.drop(user_id, reply)
        else:
            self.replies.used += 1
        return sent

    async def _sent_hand(self, shown: ShownMessage) -> None:
        await self._save_hand(shown)
        await self.db.games.set_hand_message(shown.game_id, shown.seat, shown.channel_id, shown.message_id)

    async def _strip(self, row: ShownMessage) -> None:
        assert row.channel_id is not None and row.message_id is not None
        seats = (await self.db.games.get(row.game_id)).seats  # a seat taken over keeps its person's id
        user_id = seats[row.seat].user_id if 0 <= row.seat < len(seats) else None
        lang = await dm_language(self.db, user_id) if user_id else "en"  # a DM: its person's language
        try:
            await self.transport.strip(row.channel_id, row.message_id, lang)
        except Refused as refused:
            if refused.refusal not in (Refusal.MESSAGE_GONE, Refusal.DM_CLOSED):
                raise

    async def _dm_closed(self, loaded: Loaded, seat: Seat) -> None:
        """Remember the closed DMs and tell the player, once, where their hand is instead."""
        assert seat.user_id is not None
        await self.db.settings.update_user(seat.user_id, dm_closed=True)
        text = t(
            await self.service.table_language(loaded.record.guild_id),  # posted in the channel
            "{player}, I can't send you direct messages, so your hand is behind the **My hand** button on the "
            "table. (To get DMs again, allow them from this server and use `/settings hand delivery:dm`.)",
            player=f"<@{seat.user_id}>",
        )
        await self.db.messages.owe(loaded.record.id, MessageKind.NOTICE, seat.seat, text, version=loaded.record.version)
        row = await self.db.messages.get(loaded.record.id, MessageKind.NOTICE, seat.seat)
        if row is not None and row.message_id is None:
            await self._owed(loaded, row, mention=seat.user_id)

    async def _turn_notice(self, loaded: Loaded, seat: Seat, turn: int) -> None:
        """A channel message mentioning only this player, once per turn start (no DM hand to send)."""
        record = loaded.record
        assert seat.user_id is not None
        row = await self.db.messages.get(record.id, MessageKind.TURN, seat.seat)
        if (row is not None and row.turn == turn) or not await self.channel_usable(record.id):
            return
        lang = await self.service.table_language(record.guild_id)  # posted in the channel
        title = self.service.adapter(record.kind).name(lang, record.options)
        post = Post(
            t(
                lang,
                "{player}, it's your turn in {game} #{number}.",
                player=f"<@{seat.user_id}>",
                game=title,
                number=record.id,
            ),
            mention=seat.user_id,
            nonce=notice_nonce(MessageKind.TURN, record.id, seat.seat, turn),
        )
        sent = await self._post(loaded, post)
        if sent is not None:
            await self.db.messages.save(
                ShownMessage(record.id, MessageKind.TURN, seat.seat, sent[0], sent[1], record.version, "", turn)
            )

    async def _owed(self, loaded: Loaded, row: ShownMessage, *, mention: int | None = None) -> bool:
        """Post a notice recorded as owed ("X left the game", a reminder, "ran out of time"); its text is the
        row's key, and its nonce makes a post redone after a crash (sent, not yet recorded) appear once.
        False when it is kept owed behind a lost channel."""
        record = loaded.record
        if row.kind is MessageKind.REMIND:
            seat = record.seats[row.seat] if 0 <= row.seat < len(record.seats) else None
            if record.status is not GameStatus.ACTIVE or row.version != record.version or seat is None:
                # The turn it was for is over: a late reminder would name the wrong player.
                await self.db.messages.save(dataclasses.replace(row, message_id=NOT_SENT))
                return True
            mention = seat.user_id
        if await self._archived_here(record):
            # The game is over and its thread archived: a post would reopen the thread (a send unarchives
            # it) for a notice about a game that has ended, so it is dropped.
            log.info("game %d: the %s notice of seat %d is dropped (thread archived)", record.id, row.kind, row.seat)
            await self.db.messages.save(dataclasses.replace(row, message_id=NOT_SENT))
            return True
        if not await self.channel_usable(record.id):
            return False  # kept owed: posted once the channel is back
        post = Post(row.key, mention=mention, nonce=notice_nonce(row.kind, record.id, row.seat, row.version))
        sent = await self._post(loaded, post)
        if sent is None:
            return False
        await self.db.messages.save(dataclasses.replace(row, channel_id=sent[0], message_id=sent[1]))
        return True

    async def _archived_here(self, record: GameRecord) -> bool:
        """Whether the game has ended and the thread it posts in has been archived (bot.projection.threads)."""
        if record.thread_id is None or record.status.is_open or game_channel(record) != record.thread_id:
            return False
        return await self.db.messages.thread_archived(record.id)

    async def _result(self, loaded: Loaded, row: ShownMessage | None) -> bool:
        """The final standings and the Rematch button, posted once. False when kept owed behind a lost
        channel; a transient failure is raised."""
        if row is not None and row.message_id is not None:
            return True
        match = await self.db.results.match_for_game(loaded.record.id)
        if match is None:
            return True
        post = await self.announce(loaded, match)
        sent = await self._post(loaded, post)  # its nonce: a post redone after a crash here appears once
        crashpoints.reached("after_result_post")
        if sent is None:
            return False
        await self.db.messages.save(
            ShownMessage(loaded.record.id, MessageKind.RESULT, GAME_WIDE, sent[0], sent[1], loaded.record.version)
        )
        return True

    async def _post(self, loaded: Loaded, post: Post) -> tuple[int, int] | None:
        """Post in the game's channel; a lost or deleted channel is handled, and None returned. A thread
        that refuses the post for good (archived and locked by a moderator, 50083; or the bot may no
        longer send there, 50001/50013) is left be: the post goes to the thread's parent channel."""
        record = loaded.record
        channel_id = game_channel(record)
        if channel_id == record.thread_id:
            try:
                sent = await self.transport.post(channel_id, post)
            except Refused as refused:
                if not thread_refuses(refused):
                    await self._refused(record.id, refused)
                    return None
                log.info("game %d: its thread refuses posts (%s); posting in its channel", record.id, refused)
                channel_id = record.channel_id
            else:
                await self.channel_reached(record.id)
                return sent.channel_id, sent.message_id
        try:
            sent = await self.transport.post(channel_id, post)
        except Refused as refused:
            await self._refused(record.id, refused)
            return None
        await self.channel_reached(record.id)
        return sent.channel_id, sent.message_id

    async def _refused(self, game_id: int, refused: Refused) -> None:
        """A post was refused: a lost or deleted channel is handled here; anything else is raised."""
        if refused.refusal not in (Refusal.CHANNEL_LOST, Refusal.CHANNEL_GONE):
            raise refused
        await self.channel_refused(game_id, refusal=refused.refusal)

    # -- the channel ---------------------------------------------------------------------------------

    async def channel_usable(self, game_id: int) -> bool:
        """Whether to post or edit in the game's channel now: yes unless the channel is known lost, and
        then once every `LOST_RETRY_SECONDS` (the host may have fixed the permissions)."""
        lost = self._lost.get(game_id)
        if lost is None:
            lost = self._lost[game_id] = await self.db.messages.channel_lost(game_id)
        if not lost:
            return True
        now = self.service.clock()
        if now - self._tried.get(game_id, float("-inf")) < LOST_RETRY_SECONDS:
            return False
        self._tried[game_id] = now
        return True

    async def channel_reached(self, game_id: int) -> None:
        """A post or edit in the game's channel went through: if it was lost, it is back."""
        lost = self._lost.get(game_id)
        if lost is None:
            lost = await self.db.messages.channel_lost(game_id)
        if not lost:
            self._lost[game_id] = False
            return
        if await self.db.messages.set_channel_lost(game_id, lost=False):
            log.info("the channel of game %d is reachable again", game_id)
            self.mark_dirty(game_id)  # what was kept owed meanwhile goes out now
        self._lost[game_id] = False

    async def channel_refused(self, game_id: int, *, refusal: Refusal) -> None:
        """The bot lost the game's channel (50013/50001: the game goes on by DM and the host is told what
        to fix) or the channel is gone (10003: the game ends, unrated, and every player is told by DM; a
        deleted thread's game goes on in its parent channel instead, bot.projection.threads)."""
        loaded = await self.service.load(game_id)
        record = loaded.record
        adapter = self.service.adapter(record.kind)
        channel_id = game_channel(record)
        gone_thread = refusal is Refusal.CHANNEL_GONE and channel_id == record.thread_id
        if gone_thread and self.thread_gone is not None and await self.thread_gone(game_id):
            self.mark_dirty(game_id)  # what was refused in the thread goes to the channel now
            return
        if refusal is Refusal.CHANNEL_GONE:
            self._lost[game_id] = True
            self._gone.add(game_id)
            await self.db.messages.set_channel_lost(game_id, lost=True, at=self.service.clock())
            where = "thread" if channel_id == record.thread_id else "channel"
            if record.status is GameStatus.ACTIVE:
                await self.service.abandon(game_id, f"its {where} was deleted")
            for seat in record.seats:
                if seat.user_id is not None and not seat.is_computer:
                    lang = await dm_language(self.db, seat.user_id)  # a DM: the person's language
                    if where == "thread":
                        text = t(
                            lang,
                            "{game} #{number} has ended: its thread was deleted. Nothing was rated.",
                            game=adapter.name(lang, record.options),
                            number=game_id,
                        )
                    else:
                        text = t(
                            lang,
                            "{game} #{number} has ended: its channel was deleted. Nothing was rated.",
                            game=adapter.name(lang, record.options),
                            number=game_id,
                        )
                    await self._dm_notice(game_id, MessageKind.GONE, seat.seat, seat.user_id, text)
            return
        self._lost[game_id] = True
        self._tried.setdefault(game_id, self.service.clock())
        if not await self.db.messages.set_channel_lost(game_id, lost=True, at=self.service.clock()):
            return  # known already (before a restart, too): the host was told then
        host_lang = await dm_language(self.db, record.host_user_id)  # a DM to the host: their language
        text = t(
            host_lang,
            "I can no longer post in {channel}, where {game} #{number} is played: I'm missing a permission there. "
            "Please give me View Channel, Send Messages, Attach Files and Read Message History in that channel. "
            "Meanwhile the game goes on by direct message.",
            channel=f"<#{channel_id}>",
            game=adapter.name(host_lang, record.options),
            number=game_id,
        )
        await self._dm_notice(game_id, MessageKind.LOST, GAME_WIDE, record.host_user_id, text)

    async def _dm_notice(self, game_id: int, kind: MessageKind, seat: int, user_id: int, text: str) -> None:
        """A direct message about the game, sent at most once per (kind, seat): claimed in the database
        before the send (one claim for the game's life: version 0, never redone), since two steps (the
        table's edit and a post) can find the channel gone at once and each would send it."""
        if not await self.db.messages.claim(game_id, kind, seat, 0, at=self.service.clock(), redo_within=0.0):
            return
        try:
            sent = await self.transport.dm(user_id, Post(text))
        except Refused as refused:
            log.info("could not tell user %d about game %d: %s", user_id, game_id, refused)
            return
        version = (await self.db.games.get(game_id)).version
        await self.db.messages.save(ShownMessage(game_id, kind, seat, sent.channel_id, sent.message_id, version, text))
