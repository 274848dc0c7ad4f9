"""Which process does a game's single-writer work: the holder of its lease (data.leases, `game:<id>`).

Any process may apply a click to any game: Discord sends every DM interaction to shard 0, and the
database's optimistic version check makes two processes racing on one game apply a move once. What
must happen once per game - its sweeper deadlines, its message reconciliation (table edits coalesced
by one editor, turn notices sent once), its computer turns - runs only in the process holding the
game's lease.

The owner learns of work done elsewhere at once, and by polling as a fallback. A process that stores
a move on a game it does not own notifies the database's `MOVED` channel with the game's id
(PostgreSQL's NOTIFY, `Database.notify`); the owner listens, and a notification for a game it holds
wakes its loop, which reads those games' (version, status) and follows up the ones that moved past what
it last saw (a reconciler pass, the next computer turn). A notification is only a wake-up: what is
followed up is always what the database says. Every `ownership_poll` seconds one read lists all the
games it holds all the same, so a notification lost with a connection still converges: a move the
poll finds is followed up by the next poll unless its notification came first. The mover notifies only
once its click has its answer (`FollowUps.after_move`); a poll that followed a move up at once would
often land between the move and that answer, find the clicked hand behind and redraw it over REST,
against the global limit, beside the click's own answer.
When a process dies, its leases expire after `lease_ttl`, another process's next round takes them
over, and taking a game over runs the same pass as a start-up (finish a game whose moves end it,
schedule its computer turn, reconcile every message). Every `lease_ttl / 3` the leases are renewed (one
statement for all of them) and games nobody holds are claimed; a process that touches a game nobody
holds claims it at once.

On SQLite the database is one file of one process: that process owns every game (`solo`), and no lease
is ever written.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from data import Database, DatabaseUnavailable, StorageFault
from data.database import Listening
from data.leases import BATCH, Lease, game_key

if TYPE_CHECKING:
    from bot.moves.service import Applied, GameService
    from bot.projection.reconciler import Reconciler

log = logging.getLogger(__name__)

OPEN_STATUSES = ("lobby", "active")
MOVED = "cardroom_moved"  # the notification channel: payload = the id of a game moved by a non-owner

FollowUp = Callable[[int], Awaitable[None]]


def process_name() -> str:
    """This process's name as a lease owner: host, pid and a random tail (a restarted process with the
    same pid is a new owner, so it never renews a lease its predecessor held)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


async def _nothing(game_id: int) -> None:
    return None


class Ownership:
    """The games this process owns, kept through leases; `owns` is what the single-writer work asks."""

    def __init__(
        self,
        db: Database,
        *,
        ttl: float,
        poll: float,
        solo: bool,
        owner: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.ttl = ttl
        self.poll = poll
        self.solo = solo
        self.owner = owner or process_name()
        self.clock = clock
        self._held: dict[int, Lease] = {}
        self._seen: dict[int, tuple[int, str]] = {}  # game -> (version, status) last followed up
        # game -> (version, status) a poll found it moved to, not followed up yet: its notification may
        # still come (the mover sends it once the click is answered); the next poll follows it up if not
        self._noticed: dict[int, tuple[int, str]] = {}
        self._claiming: set[int] = set()
        self._refused: dict[int, float] = {}  # game -> when another process last kept it from us
        self._task: asyncio.Task[None] | None = None
        self._renewer: asyncio.Task[None] | None = None
        self._spawned: set[asyncio.Task[None]] = set()
        self._last_renewal = 0.0
        self._last_claims = 0.0
        self._listening: Listening | None = None
        self._woken: set[int] = set()  # held games notified as moved since the loop last looked
        self._wake = asyncio.Event()
        self.wakeups = 0  # rounds run because of a notification (not the poll)
        self.on_gained: FollowUp = _nothing  # a game just taken: the start-up pass for it
        self.on_moved: FollowUp = _nothing  # an owned game moved on elsewhere: the after-move pass
        self.takeovers = 0  # games taken from another owner whose lease had expired (the health line)
        self.renewals = 0  # rounds that renewed every lease held

    # -- questions ---------------------------------------------------------------------------------

    def owns(self, game_id: int) -> bool:
        """Whether this process does the game's single-writer work now. A game nobody is known to hold
        is claimed in the background (its follow-up then runs through `on_gained`)."""
        if self.solo:
            return True
        lease = self._held.get(game_id)
        if lease is not None and lease.live(self.clock()):
            return True
        self._claim_soon(game_id)
        return False

    def holds(self, game_id: int) -> bool:
        """Whether this process holds the game's lease now (`owns` without claiming anything)."""
        if self.solo:
            return True
        lease = self._held.get(game_id)
        return lease is not None and lease.live(self.clock())

    def serve_for(self, game_id: int) -> float:
        """How long a game record held in memory may be served instead of read (data.record_cache): only
        by the lease holder, which hears of moves made elsewhere, and no longer than its poll, within
        which it would see any other change too."""
        if self.solo:
            return math.inf
        return self.poll if self.holds(game_id) else 0.0

    def owned(self) -> int:
        """How many games this process holds (the health line)."""
        if self.solo:
            return -1
        now = self.clock()
        return sum(1 for lease in self._held.values() if lease.live(now))

    def saw(self, game_id: int, version: int, status: str) -> None:
        """The owner followed this version up itself (its own move): the poll need not do it again."""
        if not self.solo and game_id in self._held:
            self._seen[game_id] = (version, status)
            self._noticed.pop(game_id, None)

    # -- running -----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Claim what nobody holds (before the start-up passes ask `owns`), then keep polling."""
        if self.solo:
            return
        await self._renew_and_claim(gain=False)
        try:
            self._listening = await self.db.listen(MOVED, self._heard)
        except (StorageFault, DatabaseUnavailable) as fault:
            log.warning("not listening for moves (%s); following up by polling alone", fault)
        self._task = asyncio.create_task(self._run(), name="ownership")
        self._renewer = asyncio.create_task(self._renew_every_third(), name="ownership-leases")

    def _heard(self, payload: str) -> None:
        """A notification on MOVED: wake the loop if the game is one of ours."""
        try:
            game_id = int(payload)
        except ValueError:
            return
        if game_id in self._held:
            self._woken.add(game_id)
            self._wake.set()

    async def tell_owner(self, game_id: int) -> None:
        """This process stored a move on a game another process owns: wake that owner now (its poll
        would otherwise find the move within `poll` seconds). Best effort, as the poll stays."""
        if self.solo:
            return
        try:
            await self.db.notify(MOVED, str(game_id))
        except StorageFault as fault:
            log.info("could not notify the owner of game %d (%s); its poll will find the move", game_id, fault)

    async def stop(self, *, release: bool = True) -> None:
        """Stop polling and hand every lease back, so another process takes the games over at once.
        `release=False` leaves them to expire, as a killed process does."""
        tasks = [t for t in (self._task, self._renewer, *self._spawned) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = self._renewer = None
        if self._listening is not None:
            listening, self._listening = self._listening, None
            await listening.close()
        now = self.clock()
        for lease in list(self._held.values()) if release else []:
            try:
                await self.db.leases.release(lease, now=now)
            except Exception:
                log.warning("could not release %s; it expires by itself", lease.key)
        self._held.clear()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        next_poll = loop.time() + self.poll
        while True:
            # Woken for the poll or for the claims of games nobody holds, whichever is due first.
            claims_due = self._last_claims + self.ttl / 3 - self.clock()
            remaining = min(next_poll - loop.time(), claims_due)
            if remaining > 0 and not self._wake.is_set():
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(remaining):
                        await self._wake.wait()
            try:
                if self._wake.is_set():
                    self._wake.clear()
                    woken, self._woken = self._woken, set()
                    self.wakeups += 1
                    # More than one read can name at once: the whole poll instead.
                    await self._follow_up(among=woken if len(woken) <= BATCH else None, notified=woken)
                if loop.time() >= next_poll:
                    next_poll = loop.time() + self.poll
                    if self.clock() - self._last_claims >= self.ttl / 3:
                        await self._claim_unheld(gain=True)
                    await self._follow_up()
                elif self.clock() - self._last_claims >= self.ttl / 3:
                    await self._claim_unheld(gain=True)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("ownership round failed; trying again next round")

    async def _renew_every_third(self) -> None:
        """Renew the leases every third of their life, on a task of their own: the loop above awaits each
        game's follow-up (a pass, a takeover's start-up pass under the game's lock), and one slow follow-up
        must not let every other lease lapse, or another process would take those games over while this
        one still works on them. Two renewals can fail before a lease lapses."""
        while True:
            await asyncio.sleep(max(self._last_renewal + self.ttl / 3 - self.clock(), 0.0))
            try:
                await self._renew()  # marks the try first: a failed one is tried again a third later
            except Exception:
                log.warning("could not renew the game leases; trying again at the next third", exc_info=True)

    async def _renew_and_claim(self, *, gain: bool) -> None:
        await self._renew()
        await self._claim_unheld(gain=gain)

    async def _renew(self) -> None:
        """Renew every lease held, in one statement; a lease another process took meanwhile is dropped."""
        now = self.clock()
        self._last_renewal = now
        self.renewals += 1
        held = dict(self._held)
        renewed = await self.db.leases.renew_all(list(held.values()), now=now, ttl=self.ttl) if held else {}
        for game_id, lease in held.items():
            if self._held.get(game_id) is not lease:
                continue  # dropped or claimed afresh while the renewal ran
            fresh = renewed.get(lease.key)
            if fresh is None:
                log.warning("game %d was taken over by another process", game_id)
                self._drop(game_id)
            else:
                self._held[game_id] = fresh

    async def _claim_unheld(self, *, gain: bool) -> None:
        """Claim the games nobody holds (a stopped process's, once their leases lapsed)."""
        now = self.clock()
        self._last_claims = now
        # A game younger than a lease is left to the process that made it, which claims it at once: so
        # a game is owned by the shard of its guild (where its lobby was made) unless that one stops.
        settled = now - self.ttl if gain else None
        for game_id in await self.db.leases.unheld_games(now=now, created_before=settled):
            await self._claim(game_id, gain=gain)

    async def _claim(self, game_id: int, *, gain: bool) -> bool:
        """Take the game's lease if it is free or expired; on success run `on_gained` (unless at start-up,
        where the bot's own resume passes follow)."""
        lease = await self.db.leases.acquire(game_key(game_id), self.owner, now=self.clock(), ttl=self.ttl)
        if lease is None:
            self._refused[game_id] = self.clock()
            return False
        self._refused.pop(game_id, None)
        fresh = game_id not in self._held
        self._held[game_id] = lease
        if fresh:
            if lease.token > 1:
                self.takeovers += 1
                log.info("took over game %d (lease token %d)", game_id, lease.token)
            record = await self.db.games.get(game_id)
            self._seen[game_id] = (record.version, record.status.value)
            if gain:
                await self.on_gained(game_id)
        return True

    def _claim_soon(self, game_id: int) -> None:
        if game_id in self._claiming or self._task is None:
            return
        if self.clock() - self._refused.get(game_id, float("-inf")) < self.ttl / 3:
            return  # held elsewhere a moment ago: the periodic round notices when it expires
        self._claiming.add(game_id)
        task = asyncio.create_task(self._claim_now(game_id), name=f"claim-{game_id}")
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    async def _claim_now(self, game_id: int) -> None:
        try:
            await self._claim(game_id, gain=True)
        except StorageFault as fault:
            log.warning("could not claim game %d: %s", game_id, fault)
        except Exception:
            log.exception("could not claim game %d", game_id)
        finally:
            self._claiming.discard(game_id)

    async def _follow_up(self, among: set[int] | None = None, notified: set[int] | None = None) -> None:
        """One read: the games this process holds (or those `among` them) that moved on elsewhere get
        the owner's pass; ended games whose last state has been followed up are handed back.

        A moved game is followed up now when it was `notified`, or when an earlier poll found it moved
        already; one found moved by this poll alone waits for its notification or the next poll (see
        the module's docstring)."""
        for game_id, version, status in await self.db.leases.games_of(self.owner, now=self.clock(), among=among):
            if game_id not in self._held:
                continue
            if self._seen.get(game_id) != (version, status):
                if game_id not in (notified or ()) and game_id not in self._noticed:
                    self._noticed[game_id] = (version, status)  # the next poll follows it up, if nothing sooner
                    continue
                self._noticed.pop(game_id, None)
                self._seen[game_id] = (version, status)
                await self.on_moved(game_id)
            elif status not in OPEN_STATUSES:
                lease = self._held[game_id]
                self._drop(game_id)
                await self.db.leases.release(lease, now=self.clock())

    def _drop(self, game_id: int) -> None:
        self.db.games.forget(game_id)  # no longer told of moves made elsewhere: nothing held is trusted
        self._held.pop(game_id, None)
        self._seen.pop(game_id, None)
        self._noticed.pop(game_id, None)


class FollowUps:
    """What the owner does for a game: on taking it, the start-up pass; when it moved elsewhere, the
    after-move pass. The same calls a restart and a local move make, so nothing here is new logic."""

    def __init__(self, ownership: Ownership, service: GameService, reconciler: Reconciler) -> None:
        self.ownership = ownership
        self.service = service
        self.reconciler = reconciler

    async def gained(self, game_id: int) -> None:
        self.service.forget(game_id)  # whatever this process held of it predates its lease
        async with self.service.lock(game_id):
            loaded = await self.service.load(game_id)
            repaired = await self.service.finish_if_over(loaded)
        if repaired is None:
            self.service.schedule_computer(loaded)
        self.reconciler.mark_dirty(game_id)

    async def moved(self, game_id: int) -> None:
        self.service.forget(game_id)  # moved elsewhere: what this process holds of it is older
        loaded = await self.service.load(game_id)
        self.service.schedule_computer(loaded)
        self.reconciler.mark_dirty(game_id)

    async def after_move(self, applied: Applied) -> None:
        """The service's after-move hook: a move this process owns is followed up here already; one on
        a game another process owns wakes that owner, once the mover's click has its answer.

        Why wait for the answer: the click redraws the mover's hand through its interaction and stores
        the hand's row (what it shows). Woken earlier, the owner's pass would read the row from before,
        find the hand behind and redraw it by REST at the same time as the click's answer, and the later
        of the two edits would win: a hint or a selection the click showed could be drawn over."""
        record = applied.after.record
        if self.ownership.owns(record.id):
            self.ownership.saw(record.id, record.version, record.status.value)
        else:
            await self.reconciler.answered(record.id, applied.seat)
            await self.ownership.tell_owner(record.id)
