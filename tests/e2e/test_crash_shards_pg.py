"""Crash consistency across two shard processes on one PostgreSQL (design §8, bot.moves.ownership): shards 0 and
1 of 2 run in two child processes, a two-person Thirteen game is played in a guild of each, and one of
the two processes is SIGKILLed again and again, at seeded random moments and at named points
(data.crashpoints: after a move's commit, between a turn DM's post and its record, after the final move,
after the standings' post), then restarted. Meanwhile the other process takes the dead one's games over
once their leases lapse (a lease of a second), and play goes on; each game that ends is replaced.

One seeded run (the module fixture) feeds every test below; each asserts one property of it:
- every move the bot showed anyone before a kill is stored after it;
- every finished game has exactly one match row and exactly one standings message;
- no turn notice was created twice: one "Your turn" DM hand per (DM channel, game, version);
- the kills landed on every named point.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import os
import random
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import asyncpg
import pytest

from bench.bot_child import READY_LINE
from bench.players.common import hand_message, is_my_turn, take_turn_with_hint, version_of
from data import Database, GameStatus
from data.leases import game_key
from fakediscord import BotCrashed, Channel, FakeDiscord, InteractionFailed, Message, SimUser
from fakediscord.limits import walk
from tests.e2e.crash_child import STANDBY_LINE
from tests.waiting import HANG_GUARD

# One storm per run however xdist spreads the tests (the module fixture runs once, on the worker of the
# SQLite storm's group, so two storms never share the machine); the timeout is a hang guard, not a budget.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500), pytest.mark.xdist_group("crash-storm")]

ROOT = Path(__file__).resolve().parents[2]
SEED = 3131
MIN_KILLS = 16
MIN_GAMES = 4  # finished, over both guilds
NAMED_POINTS = ("after_move", "after_turn_dm", "after_final_move", "after_result_post")
# Tens of milliseconds, as the in-process e2e tests; no drawing processes (a SIGKILL would orphan them).
# A lease of a second: a dead process's games are taken over about a second after the kill.
TUNING = {
    "table_edit_interval": 0.02,
    "computer_delay": 0.02,
    "sweep_interval": 0.05,
    "lobby_timeout": 3600,
    "unseen_lobby_grace": 1.0,  # a lobby a kill left without its message is closed by the bot this soon
    "drawing_processes": 0,
    "lease_ttl": 1.0,
    "ownership_poll": 0.5,
}
# The timer's kills: seconds after both processes are up again (crash points fall in between too).
KILL_DELAY = (1.0, 5.0)
# The share of kills after which the dead process stays down until the other has taken its games over
# (every kill until that has happened once; the rest are restarted at once, and race the other process
# for the lapsed leases).
TAKEOVER_SHARE = 0.5
# Bounds that only turn a hang into a failure with a message: every wait ends as soon as what it waits
# for happens, so a busy machine makes the run slower, never red.
STALL_SECONDS = 180.0  # a table whose stored version and lives stay the same this long is stuck
CHILD_START_WAIT = 300.0  # a child's imports, or its connect, taking longer than this has hung
STANDINGS_WAIT = 120.0
TAKEOVER_WAIT = 60.0
RUN_GUARD = 1200.0
ERRORS = (
    BotCrashed, InteractionFailed, TimeoutError, AssertionError, ValueError, KeyError, IndexError, LookupError,
    RuntimeError, ConnectionError,
)  # fmt: skip
CUSTOM_ID = re.compile(r"^cr:(\d+):(\d+):([a-z]+)")


@dataclasses.dataclass
class Report:
    """What one storm saw; every test reads one part of it."""

    kills: int = 0
    points: Counter[str] = dataclasses.field(default_factory=Counter)  # where each kill landed
    kills_by_shard: Counter[int] = dataclasses.field(default_factory=Counter)
    lost: list[str] = dataclasses.field(default_factory=list)  # shown to someone, then missing after a kill
    finished: dict[int, int] = dataclasses.field(default_factory=dict)  # game id -> shard of its guild
    announcements: dict[int, int] = dataclasses.field(default_factory=dict)  # game id -> standings posted
    matches: dict[int, int] = dataclasses.field(default_factory=dict)  # game id -> match rows
    notices: int = 0  # turn-notice DM hands created, over every game
    twice: dict[str, list[str]] = dataclasses.field(default_factory=dict)  # (dm, game, version) -> ids
    takeovers: int = 0  # games a dead process held, then held by the process of the other shard
    restart_seconds: list[float] = dataclasses.field(default_factory=list)  # from a death to the next life
    standby_seconds: list[float] = dataclasses.field(default_factory=list)  # waited for a standby's imports
    takeover_seconds: list[float] = dataclasses.field(default_factory=list)  # waited for the other to take over
    ready_seconds: list[float] = dataclasses.field(default_factory=list)  # from "go" to connected, per life
    moves: int = 0  # moves the players made (a click answered)
    stumbles: Counter[str] = dataclasses.field(default_factory=Counter)  # failed actions (a kill, mostly)
    child_errors: list[str] = dataclasses.field(default_factory=list)
    seconds: float = 0.0


class Stuck(Exception):
    """A table made no progress (no move stored, no new life) in STALL_SECONDS: a bug of the bot or of this
    driver."""


def kill(process: asyncio.subprocess.Process) -> None:
    """SIGKILL a child that may have exited already (a crash point kills itself; asyncio then raises
    ProcessLookupError, which means the goal is met)."""
    with contextlib.suppress(ProcessLookupError):
        process.kill()


def versions_shown(fake: FakeDiscord, channels: list[Channel]) -> dict[int, int]:
    """The newest game version each game's messages show anyone (custom ids cr:<game>:<version>:...)."""
    shown: dict[int, int] = {}
    for channel in channels:
        for message in fake.messages(channel):
            for component in message.walk():
                match = CUSTOM_ID.match(str(component.get("custom_id", "")))
                if match and match[3] != "rematch":
                    game, version = int(match[1]), int(match[2])
                    shown[game] = max(shown.get(game, 0), version)
    return shown


def turn_notices(fake: FakeDiscord) -> dict[tuple[str, int, int], set[str]]:
    """(DM channel, game, version) -> the ids of the "Your turn" hand messages created there, from every
    message create the bot made (a create Discord answered with an earlier message, its nonce enforced,
    names that message again)."""
    created: dict[tuple[str, int, int], set[str]] = defaultdict(set)
    for channel, recorded in fake.message_posts():  # over REST, or as a follow-up of the person's click
        if "Your turn" not in str(recorded.json):
            continue
        if fake.channel_by_id(channel).recipient is None:
            continue
        for component in walk((recorded.json or {}).get("components") or []):
            match = CUSTOM_ID.match(str(component.get("custom_id", "")))
            if match:
                created[(channel, int(match[1]), int(match[2]))].add(str(recorded.response["id"]))
    return created


class Life:
    """One life of a shard's process: it was a standby until told its crash points."""

    def __init__(self, shard: int, process: asyncio.subprocess.Process, log: Path) -> None:
        self.shard = shard
        self.process = process
        self.log = log
        self.exited: asyncio.Task[int] = asyncio.ensure_future(process.wait())
        self.killed = False  # by the driver's timer (not by a crash point of its own)

    def crash_point(self) -> str:
        found = re.findall(r"crash-point (\w+)", self.log.read_text(errors="replace"))
        return found[-1] if found else "random"

    def errors(self) -> list[str]:
        return [line for line in self.log.read_text(errors="replace").splitlines() if " ERROR " in line]


class Table:
    """One guild's channel and its two players, playing one game after another from their DM hands."""

    def __init__(self, shard: int, channel: Channel, host: SimUser, guest: SimUser) -> None:
        self.shard = shard
        self.channel = channel
        self.host, self.guest = host, guest
        self.game_id: int | None = None
        self.acted: dict[tuple[int, str, int], float] = {}  # (game, user, version) -> when the hand was clicked


class Storm:
    """Plays both tables while the two shard processes are killed and restarted."""

    def __init__(self, fake: FakeDiscord, tmp: Path, database: str, tables: list[Table]) -> None:
        self.fake = fake
        self.tmp = tmp
        self.database = database
        self.tables = tables
        self.report = Report()
        # One stream per shard for its crash points, and one for the timer's kills.
        self.point_rng = [random.Random(SEED + shard) for shard in (0, 1)]
        self.kill_rng = random.Random(SEED + 7)
        self.takeover_rng = random.Random(SEED + 8)
        self.lives: list[Life | None] = [None, None]
        self.births = [0, 0]
        self.standby: list[asyncio.Task[tuple[asyncio.subprocess.Process, Path]] | None] = [None, None]
        self.stopping = False
        self.woken: list[Life] = []  # every life started, so that none outlives the run
        self.db: Database | None = None
        self.people = [user for table in tables for user in (table.host, table.guest)]
        self.channels = [*(table.channel for table in tables), *(user.dm for user in self.people)]

    # -- lives -------------------------------------------------------------------------------------

    async def spawn(self, shard: int) -> tuple[asyncio.subprocess.Process, Path]:
        log = self.tmp / f"shard{shard}-{self.births[shard]}-{time.monotonic_ns()}.log"
        command = [
            sys.executable, "-m", "tests.e2e.crash_child", "--api-base", self.fake.api_base,
            "--gateway", self.fake.gateway_url, "--token", self.fake.token, "--database", self.database,
            "--shard", str(shard), "--shard-count", "2", "--tuning", json.dumps(TUNING),
        ]  # fmt: skip
        with log.open("wb") as stderr:
            process = await asyncio.create_subprocess_exec(
                *command,
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
            )
        assert process.stdout is not None
        async with asyncio.timeout(CHILD_START_WAIT):
            while (line := await process.stdout.readline()) and STANDBY_LINE not in line.decode():
                pass
        return process, log

    def spec(self, shard: int) -> str:
        """This life's crash points. Every move is applied by shard 0 (each DM click reaches it), so only
        its lives die after a move; a turn DM and the standings come from whichever process holds the
        game's lease. A named point no kill has landed on yet is always included, so that each is met
        early whatever the timing."""
        rng, seen = self.point_rng[shard], self.report.points
        points = []
        if shard == 0:
            points.append("after_final_move")  # every game's end is killed, after its commit
            if rng.random() < 0.4 or not seen["after_move"]:
                points.append(f"after_move:{rng.randint(1, 6)}")
        if rng.random() < 0.3 or not seen["after_turn_dm"]:
            points.append(f"after_turn_dm:{rng.randint(1, 3)}")
        if rng.random() < 0.4 or not seen["after_result_post"]:
            points.append("after_result_post")  # the standings posted, not yet recorded
        return ",".join(points) or "-"

    async def start_life(self, shard: int) -> None:
        """Wake the shard's standby (or start one), wait until it is connected, prepare the next standby.
        A life that dies on a crash point before it is ready (its start-up pass reached one) counts as a
        kill, and the next standby is woken."""
        while True:
            standby = self.standby[shard]
            if standby is None:
                standby = asyncio.ensure_future(self.spawn(shard))
            waited = time.monotonic()
            process, log = await standby
            self.report.standby_seconds.append(time.monotonic() - waited)
            self.births[shard] += 1
            self.standby[shard] = asyncio.ensure_future(self.spawn(shard))
            assert process.stdin is not None
            process.stdin.write(f"{self.spec(shard)}\n".encode())
            await process.stdin.drain()
            life = Life(shard, process, log)
            self.woken.append(life)
            ready = asyncio.ensure_future(self._ready(process))
            went = time.monotonic()
            await asyncio.wait({ready, life.exited}, timeout=CHILD_START_WAIT, return_when=asyncio.FIRST_COMPLETED)
            if ready.done() and ready.result():
                self.report.ready_seconds.append(time.monotonic() - went)
                self.lives[shard] = life
                self.fake.starvation.watch(process.pid)
                return
            ready.cancel()
            kill(process)
            await life.exited
            self._count_kill(life)

    @staticmethod
    async def _ready(process: asyncio.subprocess.Process) -> bool:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            if READY_LINE in line.decode():
                return True
        return False

    def alive(self, shard: int) -> bool:
        life = self.lives[shard]
        return life is not None and not life.exited.done()

    def _count_kill(self, life: Life) -> None:
        self.report.kills += 1
        self.report.kills_by_shard[life.shard] += 1
        self.report.points[life.crash_point()] += 1
        self.report.child_errors += life.errors()

    async def supervise(self, shard: int) -> None:
        """Whenever the shard's process dies: check that nothing shown was lost, and start the next life.
        The other process plays on meanwhile (and takes the dead one's games over)."""
        while True:
            life = self.lives[shard]
            assert life is not None
            await asyncio.shield(life.exited)  # cancelling the supervisor must not cancel the watch
            self.fake.starvation.unwatch(life.process.pid)
            died = time.monotonic()
            self._count_kill(life)
            held = await self.held_by(life)
            await self.check_stored(versions_shown(self.fake, self.channels))
            if self.takeover_rng.random() < TAKEOVER_SHARE or not self.report.takeovers:
                waited = time.monotonic()
                await self.taken_over(life, held)
                self.report.takeover_seconds.append(time.monotonic() - waited)
            await self.start_life(shard)
            self.report.restart_seconds.append(time.monotonic() - died)

    async def held_by(self, dead: Life) -> list[int]:
        """The open games of the tables whose lease the dead process still holds, or nobody does."""
        assert self.db is not None
        held = []
        for table in self.tables:
            if table.game_id is None:
                continue
            holder = await self.db.leases.holder(game_key(table.game_id), now=time.time())
            if holder is None or holder.owner.split(":")[1] == str(dead.process.pid):
                held.append(table.game_id)
        return held

    async def taken_over(self, dead: Life, held: list[int]) -> None:
        """Until the other process holds every open game the dead one held (its leases lapsed and were
        taken over), or that process died too; bounded by a hang guard."""
        assert self.db is not None
        other = 1 - dead.shard
        deadline = time.monotonic() + TAKEOVER_WAIT
        while held and self.alive(other) and time.monotonic() < deadline:
            survivor = self.lives[other]
            assert survivor is not None
            for game_id in list(held):
                record = await self.db.games.get(game_id)
                holder = await self.db.leases.holder(game_key(game_id), now=time.time())
                if record.status is GameStatus.FINISHED or (
                    holder is not None and holder.owner.split(":")[1] == str(survivor.process.pid)
                ):
                    held.remove(game_id)
                    self.report.takeovers += record.status is not GameStatus.FINISHED
            await asyncio.sleep(0.05)

    async def killer(self) -> None:
        """The timer's kills: once both processes are up, after a seeded delay, SIGKILL a seeded one of
        them (if a crash point has not killed one meanwhile)."""
        while not self.stopping:
            await self.until(lambda: self.alive(0) and self.alive(1), "both shard processes to be up")
            births = list(self.births)
            await asyncio.sleep(self.kill_rng.uniform(*KILL_DELAY))
            shard = self.kill_rng.randint(0, 1)
            life = self.lives[shard]
            if self.stopping or births != self.births or life is None or life.exited.done():
                continue
            life.killed = True
            kill(life.process)
            await self.until(functools.partial(self.born_since, shard, births[shard]), f"shard {shard} restarted")

    def born_since(self, shard: int, births: int) -> bool:
        return self.births[shard] > births

    async def until(self, condition: Callable[[], bool], what: str, timeout: float = RUN_GUARD) -> None:
        """Until `condition()` holds; the timeout is a hang guard."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise Stuck(f"timed out waiting for {what}; so far {self.report}")
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        """SIGTERM the current lives (they close cleanly), SIGKILL any other that still runs (one woken
        when the run was cut short), and let the standbys exit."""
        for life in self.lives:
            if life is not None and not life.exited.done():
                with contextlib.suppress(ProcessLookupError):
                    life.process.terminate()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(life.exited), HANG_GUARD)
                self.report.child_errors += life.errors()
        for life in self.woken:
            kill(life.process)
            await life.process.wait()
        for standby in self.standby:
            if standby is None:
                continue
            with contextlib.suppress(asyncio.CancelledError):  # cut short while it started
                process, _ = await standby
                assert process.stdin is not None
                process.stdin.close()  # a standby that is not needed exits
                await process.wait()

    # -- checks --------------------------------------------------------------------------------------

    async def check_stored(self, shown: dict[int, int]) -> None:
        """What was shown before the kill is stored: the version, and a move log without a gap."""
        assert self.db is not None
        for game_id, version in shown.items():
            record = await self.db.games.get(game_id)
            if record.version < version:
                self.report.lost.append(f"game {game_id}: shown at version {version}, stored {record.version}")
            moves = (await self.db.games.load(game_id)).moves
            if [m.seq for m in moves] != list(range(1, len(moves) + 1)) or len(moves) < record.version:
                self.report.lost.append(f"game {game_id}: moves {[m.seq for m in moves]} at version {record.version}")

    # -- playing -----------------------------------------------------------------------------------

    async def play(self, table: Table) -> None:
        """Games at this table, one after another, until the storm is over; every failure is retried."""
        assert self.db is not None
        progress: tuple[int | None, int, int] = (None, 0, 0)
        since = time.monotonic()
        while not self.stopping:
            version = 0 if table.game_id is None else (await self.db.games.get(table.game_id)).version
            now = (table.game_id, version, sum(self.births))
            if now != progress:
                progress, since = now, time.monotonic()
            elif time.monotonic() - since > STALL_SECONDS:
                hands = {
                    u.name: (h and h.text[:200]) for u in (table.host, table.guest) if (h := hand_message(self.fake, u))
                }
                raise Stuck(f"table of shard {table.shard}, game {table.game_id} at {version}: hands {hands}")
            try:
                await self.step(table)
            except ERRORS as error:
                self.report.stumbles[type(error).__name__] += 1
                await asyncio.sleep(0.05)

    async def step(self, table: Table) -> None:
        assert self.db is not None
        record = await self.db.games.open_in_channel(int(table.channel.id))
        if record is None:
            if table.game_id is not None:
                ended = await self.db.games.get(table.game_id)
                if ended.status is GameStatus.FINISHED:
                    self.report.finished[ended.id] = table.shard
            reply = await table.host.slash("thirteen new", where=table.channel, seats=2)
            if isinstance(reply, Message) and (match := re.search(r"#(\d+)", reply.text)):
                table.game_id = int(match[1])
            return
        table.game_id = record.id
        if record.status is GameStatus.LOBBY:
            seated = {seat.user_id for seat in record.seats}
            action = "start" if int(table.guest.id) in seated else "join"
            who = table.host if action == "start" else table.guest
            lobby = next(
                (m for m in reversed(self.fake.messages(table.channel)) if self.enabled(m, record.id, action)), None
            )
            if lobby is None:  # not shown yet, or a kill left it unseen: the bot closes that one by itself
                await asyncio.sleep(0.05)
                return
            await who.click(lobby, custom_id=self.enabled(lobby, record.id, action)[0])
            return
        for user in (table.host, table.guest):
            hand = hand_message(self.fake, user, record.id)
            if hand is None or not is_my_turn(hand) or version_of(hand) != record.version:
                continue
            key = (record.id, user.id, record.version)
            if time.monotonic() - table.acted.get(key, 0.0) < 2.0:
                continue  # clicked at this version a moment ago: its answer or the redraw follows
            table.acted[key] = time.monotonic()
            if await take_turn_with_hint(self.fake, user, hand):
                self.report.moves += 1
            return
        await asyncio.sleep(0.02)  # nobody's hand is at the stored version yet: its redraw follows

    @staticmethod
    def enabled(message: Message, game_id: int, action: str) -> list[str]:
        return [
            str(b["custom_id"])
            for b in message.buttons
            if str(b.get("custom_id", "")).startswith(f"cr:{game_id}:")
            and str(b["custom_id"]).split(":")[3:4] == [action]
            and not b.get("disabled")
        ]

    async def await_standings(self, game_id: int) -> None:
        """Until the game's standings are posted (bounded): the run's stop must not race the last game's
        announcement. Kills may still fall meanwhile; the restarted or the other process posts what is
        owed."""
        pattern = re.compile(rf"#{game_id} is over")
        channel = next(t.channel for t in self.tables if t.shard == self.report.finished[game_id])
        deadline = time.monotonic() + STANDINGS_WAIT
        while time.monotonic() < deadline:
            if any(pattern.search(m.text) and "🏆" in m.text for m in self.fake.messages(channel)):
                return
            await asyncio.sleep(0.05)

    async def run(self) -> Report:
        started = time.monotonic()
        self.db = await Database.open(self.database)
        tasks: list[asyncio.Task[None]] = []
        try:
            for shard in (0, 1):
                await self.start_life(shard)
            for shard in (0, 1):
                await self.fake.wait_for_shard(shard, timeout=CHILD_START_WAIT)
            for table in self.tables:  # guild n is on shard n % 2 (fakediscord.model.guild_snowflake)
                assert self.fake.shard_of(self.fake.guild_of(table.channel).id) == table.shard  # type: ignore[union-attr]
            tasks = [
                *(asyncio.ensure_future(self.supervise(shard)) for shard in (0, 1)),
                asyncio.ensure_future(self.killer()),
                *(asyncio.ensure_future(self.play(table)) for table in self.tables),
            ]

            def enough() -> bool:
                for task in tasks:
                    if task.done():
                        task.result()  # a driver task's failure (Stuck) ends the run with its message
                # The timer's kills are counted as "random": the named points alone can reach the
                # kill count first, so the run also waits for one of the timer's. The finished games
                # must come from both guilds (the report's test asks for both): one table can finish
                # its games first while the other's shard is killed more often.
                return (
                    self.report.kills >= MIN_KILLS
                    and len(self.report.finished) >= MIN_GAMES
                    and set(self.report.finished.values()) == {0, 1}
                    and all(self.report.points[point] for point in (*NAMED_POINTS, "random"))
                )

            await self.until(
                enough,
                f"{MIN_KILLS} kills, {MIN_GAMES} finished games of both guilds and a kill at each of "
                f"{NAMED_POINTS} and at random",
            )
            self.stopping = True
            # The timer and the players stop; the supervisors go on, so a process a crash point kills
            # while the last standings are owed is restarted and posts them.
            for task in tasks[2:]:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            for table in self.tables:  # a game finished by the last move counts too
                if table.game_id is not None and (await self.db.games.get(table.game_id)).status is GameStatus.FINISHED:
                    self.report.finished[table.game_id] = table.shard
            for game_id in self.report.finished:
                await self.await_standings(game_id)
            await self.until(lambda: self.alive(0) and self.alive(1), "both processes up before the stop")
        finally:
            self.stopping = True
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await self.stop()
        await self.tally()
        await self.db.close()
        self.report.seconds = time.monotonic() - started
        return self.report

    async def tally(self) -> None:
        """The end's counts: standings and match rows per finished game, turn notices per turn."""
        assert self.db is not None
        for game_id, shard in self.report.finished.items():
            channel = next(t.channel for t in self.tables if t.shard == shard)
            pattern = re.compile(rf"#{game_id} is over")
            posted = [m for m in self.fake.messages(channel) if pattern.search(m.text) and "🏆" in m.text]
            self.report.announcements[game_id] = len(posted)
            rows = await self.db.read("SELECT COUNT(*) AS n FROM matches WHERE game_id = ?", (game_id,))
            self.report.matches[game_id] = int(rows[0]["n"])
        notices = turn_notices(self.fake)
        self.report.notices = sum(len(ids) for ids in notices.values())
        self.report.twice = {
            f"dm {channel} game {game} version {version}": sorted(ids)
            for (channel, game, version), ids in notices.items()
            if len(ids) > 1
        }


async def storm(tmp: Path, pg_url: str) -> Report:
    """The storm in a schema of its own on the test server (dropped afterwards)."""
    name = f"storm{os.getpid()}"
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        await admin.execute(f"CREATE SCHEMA {name}")
        separator = "&" if "?" in pg_url else "?"
        database = f"{pg_url}{separator}{urlencode({'search_path': name})}"
        async with FakeDiscord() as fake:
            second = fake.add_guild("Second")
            tables = [
                Table(0, fake.channel, fake.users["alice"], fake.users["bob"]),
                Table(
                    1,
                    second.channel("games"),
                    fake.add_user("gina", guild=second),
                    fake.add_user("hank", guild=second),
                ),
            ]
            return await Storm(fake, tmp, database, tables).run()
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        await admin.close()


def median(samples: list[float]) -> float:
    return sorted(samples)[len(samples) // 2] if samples else float("nan")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory, pg_url: str) -> Report:
    """The one seeded storm every test below reads (a fresh event loop of its own)."""
    result = asyncio.run(storm(tmp_path_factory.mktemp("pgstorm"), pg_url))
    print(
        f"\nshard storm: {result.kills} kills {dict(result.points)} by shard {dict(result.kills_by_shard)}, "
        f"{len(result.finished)} games, {result.moves} moves, {result.takeovers} games taken over, "
        f"restarted after {median(result.restart_seconds):.2f} s "
        f"(medians: standby {median(result.standby_seconds):.2f} s, "
        f"takeover {median(result.takeover_seconds):.2f} s, connect {median(result.ready_seconds):.2f} s), "
        f"{result.notices} turn notices, stumbles {dict(result.stumbles)}, {result.seconds:.1f} s; "
        f"{len(result.child_errors)} errors logged by the bot, the first: {result.child_errors[:3]}"
    )
    return result


def test_every_move_shown_before_a_kill_is_stored_after_it(report: Report) -> None:
    """At least 16 kills of either process, and no version any message showed before a kill is missing
    from the database after it (nor a gap in any game's moves)."""
    assert report.kills >= MIN_KILLS, report
    assert report.kills_by_shard[0] > 0 and report.kills_by_shard[1] > 0, report.kills_by_shard
    assert report.lost == []


def test_every_finished_game_has_one_match_and_one_standings_message(report: Report) -> None:
    """Each finished game (in both guilds) has exactly one match row and one standings message, however
    often its processes died around its end."""
    assert len(report.finished) >= MIN_GAMES and set(report.finished.values()) == {0, 1}, report.finished
    assert all(count == 1 for count in report.matches.values()), report.matches
    assert all(count == 1 for count in report.announcements.values()), report.announcements


def test_no_turn_notice_is_created_twice(report: Report) -> None:
    """One "Your turn" DM hand per (DM, game, version), across kills between its post and its record and
    the takeover of a dead process's games (a stored claim, and the post's enforced nonce)."""
    assert report.notices > 0 and report.takeovers > 0, report
    assert report.twice == {}


def test_the_storm_killed_at_every_named_point(report: Report) -> None:
    """The kills fell after a move's commit, between a turn DM's post and its record, after the final
    move and after the standings' post, and at random moments too."""
    assert all(report.points[point] > 0 for point in NAMED_POINTS), report.points
    assert report.points["random"] > 0, report.points
