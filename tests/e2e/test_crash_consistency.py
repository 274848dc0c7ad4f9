"""Crash consistency (design §5: the database is the truth): the bot runs in a child process against the
offline Discord in this one and is SIGKILLed at least 50 times across Thirteen, Carousel, Sixty-Six and Gin,
at seeded random moments and at named points (data.crashpoints: after a move's commit, inside the final
move's transaction before its COMMIT, after it, between a turn DM's post and its record), and restarted
each time on the same database file.

One seeded run (the module fixture) feeds every test below; each asserts one property of it:
- every move the bot showed anyone before a kill is stored after it;
- every finished game has its result, and no game is stored active although its moves end it;
- a click on a message sent before a kill is answered after the restart;
- every finished game's standings are posted exactly once, and the player to move is shown their turn
  (the message reconciler redraws what a crash left stale).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bench.bot_child import READY_LINE
from bench.players.common import take_turn_with_hint
from data import Database, GameStatus, load_state
from fakediscord import BotCrashed, FakeDiscord, InteractionFailed, Message, SimUser
from games import registry
from tests.e2e.crash_child import STANDBY_LINE
from tests.waiting import HANG_GUARD

# One kill storm per run however xdist spreads the tests: the module's tests share one worker (the
# module fixture runs once there); the timeout is a hang guard, not a budget (a busy machine is slower).
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500), pytest.mark.xdist_group("crash-storm")]

ROOT = Path(__file__).resolve().parents[2]
SEED = 1818
MIN_KILLS = 50
# The kinds in the order played (each again, in turn, until MIN_KILLS is reached): command and options
# chosen for short games, so the kills are spread over many games' ends too.
GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("thirteen", "thirteen new", {"seats": 4}),
    # CA-13: over after the first hand; two seats, since Alice only draws and the computer must go out
    ("carousel", "carousel new", {"seats": 2, "target": 1}),
    ("schnapsen", "schnapsen new", {"target": 2}),
    # GR-11: a game to 10 points, so the first scored hand usually ends it
    ("gin", "gin new", {"target": 10}),
)
# Tens of milliseconds, as the in-process e2e tests; no drawing processes (a SIGKILL would orphan them).
TUNING = {
    "table_edit_interval": 0.02,
    "computer_delay": 0.02,
    "sweep_interval": 0.05,
    "lobby_timeout": 3600,
    "unseen_lobby_grace": 1.0,  # a lobby a kill left without its message is closed by the bot this soon
    "drawing_processes": 0,
}
# Bounds that only turn a hang into a failure with a message: every wait below ends as soon as what it
# waits for happens, so a busy machine makes the run slower, never red.
STALL_SECONDS = 180.0  # a game whose stored version and lives stay the same this long is stuck
TURN_TOLD_SAMPLES = 5  # restarts at which a person's turn is awaited
TURN_TOLD_WAIT = 60.0  # seconds of the bot's time (fakediscord/starvation.py), not of the wall
CHILD_START_WAIT = 300.0  # a child's imports, or its connect, taking longer than this has hung
CRASH_EXIT_WAIT = 20.0  # after a failed click: the crash point that caused it has exited by then
CUSTOM_ID = re.compile(r"^cr:(\d+):(\d+):([a-z]+)")
# A click sent as a life dies (a crash point just after it connected) meets its closing gateway.
ERRORS = (
    BotCrashed, InteractionFailed, TimeoutError, AssertionError, ValueError, KeyError, IndexError, RuntimeError,
    ConnectionError,
)  # fmt: skip


@dataclasses.dataclass
class Report:
    """What one crash run saw; every test reads one part of it."""

    kills: int = 0
    points: Counter[str] = dataclasses.field(default_factory=Counter)  # where each kill landed
    lost: list[str] = dataclasses.field(default_factory=list)  # shown to someone, then missing after a kill
    broken: list[str] = dataclasses.field(default_factory=list)  # finished without a result, active but over
    old_clicks: int = 0  # clicks on messages a killed process had sent, answered after the restart
    failed_old_clicks: list[str] = dataclasses.field(default_factory=list)
    finished: dict[int, str] = dataclasses.field(default_factory=dict)  # game id -> kind
    announcements: dict[int, int] = dataclasses.field(default_factory=dict)  # game id -> standings posted
    turn_told: list[bool] = dataclasses.field(default_factory=list)  # a person to move saw their turn
    stumbles: Counter[str] = dataclasses.field(default_factory=Counter)  # failed actions of a live bot
    child_errors: list[str] = dataclasses.field(default_factory=list)
    unrecorded_hands: int = 0  # hand DMs a killed process drew but never recorded, clicked after a restart
    ready_seconds: list[float] = dataclasses.field(default_factory=list)  # from "go" to connected, per life
    seconds: float = 0.0


class Stuck(Exception):
    """A game made no progress (no move stored, no new life) in STALL_SECONDS: a bug of the bot or of this
    driver."""


def versions_shown(fake: FakeDiscord, people: list[SimUser]) -> dict[int, int]:
    """The newest game version each game's messages show anyone (custom ids cr:<game>:<version>:...), in
    the table's channel and the players' DMs."""
    shown: dict[int, int] = {}
    for channel in (fake.channel, *(person.dm for person in people)):
        for message in fake.messages(channel):
            for component in message.walk():
                match = CUSTOM_ID.match(str(component.get("custom_id", "")))
                if match and match[3] != "rematch":
                    game, version = int(match[1]), int(match[2])
                    shown[game] = max(shown.get(game, 0), version)
    return shown


def ids_of(message: Message, game_id: int) -> list[str]:
    prefix = f"cr:{game_id}:"
    return [str(c.get("custom_id")) for c in message.walk() if str(c.get("custom_id", "")).startswith(prefix)]


def version_in(message: Message, game_id: int) -> int:
    return max(int(cid.split(":")[2]) for cid in ids_of(message, game_id))


def enabled(message: Message, action: str) -> list[dict[str, Any]]:
    return [
        b for b in message.buttons if str(b.get("custom_id", "")).split(":")[3:4] == [action] and not b.get("disabled")
    ]


def kill(process: asyncio.subprocess.Process) -> None:
    """SIGKILL a child that may have exited already: its exit can be reaped before `wait()` resolves (a
    crash point kills itself), and asyncio then raises ProcessLookupError, which means the goal is met."""
    with contextlib.suppress(ProcessLookupError):
        process.kill()


class Child:
    """One life of the bot: a process that was a standby until told its crash points."""

    def __init__(self, process: asyncio.subprocess.Process, log: Path) -> None:
        self.process = process
        self.log = log
        self.exited: asyncio.Task[int] = asyncio.ensure_future(process.wait())
        self.killed = False  # by the driver's timer (not by a crash point of its own)

    def crash_point(self) -> str:
        found = re.findall(r"crash-point (\w+)", self.log.read_text(errors="replace"))
        return found[-1] if found else "random"

    def errors(self) -> list[str]:
        return [line for line in self.log.read_text(errors="replace").splitlines() if " ERROR " in line]


class CrashRun:
    """Plays games as Alice (with computer players) while lives of the bot are killed and restarted."""

    def __init__(self, fake: FakeDiscord, tmp: Path) -> None:
        self.fake = fake
        self.tmp = tmp
        self.path = tmp / "cardroom.db"
        self.rng = random.Random(SEED)
        self.result_rng = random.Random(SEED + 1)  # its own stream: the other kills fall where they did
        self.turn_dm_rng = random.Random(SEED + 2)  # likewise
        self.report = Report()
        self.alice: SimUser = fake.users["alice"]
        self.channel_id = int(fake.channel.id)
        self.life: Child | None = None
        self.lives = 0
        self.standby: asyncio.Task[tuple[asyncio.subprocess.Process, Path]] | None = None
        self.killer: asyncio.Task[None] | None = None
        self.db: Database | None = None
        self.acted: dict[tuple[int, int, int], float] = {}
        self.last_stumbles: list[str] = []
        self.trace: list[str] = []
        self.dm_before_restart: set[str] = set()
        self.kill_after = 0.0

    def note(self, text: str) -> None:
        """What the driver did last (shown when a game gets stuck)."""
        self.trace = [*self.trace[-29:], f"{time.monotonic():.2f} life {self.lives}: {text}"]

    # -- lives -------------------------------------------------------------------------------------

    async def spawn(self, number: int) -> tuple[asyncio.subprocess.Process, Path]:
        log = self.tmp / f"bot-{number}.log"
        command = [
            sys.executable, "-m", "tests.e2e.crash_child", "--api-base", self.fake.api_base,
            "--gateway", self.fake.gateway_url, "--token", self.fake.token, "--database", str(self.path),
            "--tuning", json.dumps(TUNING),
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

    def spec(self) -> tuple[str, float]:
        """This life's crash points and the moment the test kills it anyway (seconds after it is ready)."""
        points = ["after_final_move"]  # every game's end is killed at least once, after its commit
        if self.rng.random() < 0.3:
            points.append("final_move_uncommitted")
        if self.result_rng.random() < 0.5:
            points.append("after_result_post")  # the standings posted, not yet recorded
        if self.turn_dm_rng.random() < 0.3:
            points.append(f"after_turn_dm:{self.turn_dm_rng.randint(1, 3)}")  # a turn's DM posted, not recorded
        if self.rng.random() < 0.5:
            points.append(f"after_move:{self.rng.randint(1, 5)}")
            return ",".join(points), 3.0
        return ",".join(points), self.rng.uniform(0.1, 1.2)

    async def start_life(self) -> None:
        """Wake the standby (or start one), wait until it is ready, and prepare the next standby."""
        while True:
            if self.standby is None:
                self.standby = asyncio.ensure_future(self.spawn(self.lives))
            process, log = await self.standby
            self.lives += 1
            self.standby = asyncio.ensure_future(self.spawn(self.lives))
            spec, kill_after = self.spec()
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(f"{spec}\n".encode())
            await process.stdin.drain()
            child = Child(process, log)
            ready = asyncio.ensure_future(self._ready(process))
            went = time.monotonic()
            await asyncio.wait({ready, child.exited}, timeout=CHILD_START_WAIT, return_when=asyncio.FIRST_COMPLETED)
            if ready.done() and ready.result():
                self.report.ready_seconds.append(time.monotonic() - went)
                self.life = child
                self.kill_after = kill_after
                self.fake.watch(child.exited)
                self.fake.starvation.watch(process.pid)
                return
            ready.cancel()
            kill(process)
            await child.exited
            self._count_kill(child)  # died on a crash point before it was ready (a computer moved at once)

    @staticmethod
    async def _ready(process: asyncio.subprocess.Process) -> bool:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            if READY_LINE in line.decode():
                return True
        return False

    def arm_killer(self, delay: float) -> None:
        """Kill this life `delay` seconds from now (the timer starts after the restart's checks, so what
        they wait for is never cut short by the timer, only by the life's own crash points)."""
        if self.killer is not None:
            self.killer.cancel()
        if self.life is not None:
            self.killer = asyncio.ensure_future(self._kill_later(self.life, delay))

    @staticmethod
    async def _kill_later(child: Child, delay: float) -> None:
        await asyncio.sleep(delay)
        if not child.exited.done():
            child.killed = True
            kill(child.process)

    def _count_kill(self, child: Child) -> None:
        self.report.kills += 1
        self.report.points[child.crash_point()] += 1
        self.report.child_errors += child.errors()

    def alive(self) -> bool:
        return self.life is not None and not self.life.exited.done()

    async def ensure_alive(self) -> None:
        """After a death: check what a crash may not lose, restart, and try old messages and turn notices."""
        if self.alive():
            return
        shown = versions_shown(self.fake, [self.alice])
        self.dm_before_restart = {m.id for m in self.fake.messages(self.alice.dm)}
        if self.life is not None:
            await self.life.exited
            self.fake.unwatch(self.life.exited)
            self.fake.starvation.unwatch(self.life.process.pid)
            if self.killer is not None:
                self.killer.cancel()
            self._count_kill(self.life)
        self.note("restarting")
        await self.start_life()
        self.note("restarted")
        if self.db is None:
            self.db = await Database.open(self.path)
        await self.check_stored(shown)
        await self.click_old_message()
        await self.check_turn_told()
        self.arm_killer(self.kill_after)

    async def stop(self) -> None:
        if self.killer is not None:
            self.killer.cancel()
        if self.life is not None and not self.life.exited.done():
            self.fake.unwatch(self.life.exited)
            with contextlib.suppress(ProcessLookupError):
                self.life.process.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self.life.exited), HANG_GUARD)
            kill(self.life.process)
            await self.life.exited
            self.report.child_errors += self.life.errors()
        if self.standby is not None:
            process, _ = await self.standby
            assert process.stdin is not None
            process.stdin.close()  # a standby that is not needed exits
            await process.wait()
        if self.db is not None:
            await self.db.close()

    # -- checks after each restart -----------------------------------------------------------------

    async def check_stored(self, shown: dict[int, int]) -> None:
        assert self.db is not None
        for game_id, version in shown.items():
            record = await self.db.games.get(game_id)
            if record.version < version:
                self.report.lost.append(f"game {game_id}: shown at version {version}, stored {record.version}")
            # The restarted bot may store a computer move between these two reads, so the log may be
            # longer than the version read first; it must still run 1..n without a gap.
            moves = (await self.db.games.load(game_id)).moves
            if [m.seq for m in moves] != list(range(1, len(moves) + 1)) or len(moves) < record.version:
                self.report.lost.append(f"game {game_id}: moves {[m.seq for m in moves]} at version {record.version}")
            if record.status is GameStatus.FINISHED and await self.db.results.match_for_game(game_id) is None:
                self.report.broken.append(f"game {game_id} finished without a result")
            if record.status is GameStatus.ACTIVE:
                _, state = await load_state(self.db, game_id)
                # The restarted bot may store the final move (and the finish with it, one transaction)
                # between the two reads: only a game still active after the replay is broken.
                if state.is_over and (await self.db.games.get(game_id)).status is GameStatus.ACTIVE:
                    self.report.broken.append(f"game {game_id} is stored active although its moves end it")

    async def click_old_message(self) -> None:
        """Rules on the newest table message, sent by an earlier life: the new process must answer it."""
        table = next((m for m in reversed(self.fake.messages(self.fake.channel)) if enabled(m, "rules")), None)
        if table is None:
            return
        try:
            reply = await self.alice.click(table, custom_id=enabled(table, "rules")[0]["custom_id"])
        except ERRORS as error:
            if await self.survives():
                self.report.failed_old_clicks.append(f"Rules on {table.id}: {error!r}")
            return
        if isinstance(reply, Message) and reply.ephemeral and reply.text:
            self.report.old_clicks += 1
        elif await self.survives():
            self.report.failed_old_clicks.append(f"Rules on {table.id}: answered {reply!r}")

    async def survives(self) -> bool:
        """Whether a failure came from a life that goes on (a real failure) rather than from its death: a
        kill or a crash point that fell during a click shows first as a lost connection, and its exit is
        seen a moment later. The timer is stopped first, so that no later timed kill passes for the cause;
        then a crash point's own exit is awaited (bounded: a healthy life without its timer keeps running)."""
        if self.life is None or self.life.killed or not self.alive():
            return False
        if self.killer is not None:
            self.killer.cancel()
        try:
            await asyncio.wait_for(asyncio.shield(self.life.exited), CRASH_EXIT_WAIT)
        except TimeoutError:
            self.arm_killer(self.kill_after)
            return True
        return False

    async def check_turn_told(self) -> None:
        """When Alice is to move after a restart, her newest hand should say so at the stored version."""
        if len(self.report.turn_told) >= TURN_TOLD_SAMPLES:
            return
        game_id, version = await self.alice_to_move()
        if game_id is None:
            return
        clock = self.fake.stopwatch(TURN_TOLD_WAIT)  # the bot's time: a starved child is not late
        looks = 0
        while clock.left() > 0 and self.alive():
            hand = self.hand(game_id)
            if hand is not None and version_in(hand, game_id) == version and "Your turn" in hand.text:
                self.report.turn_told.append(True)
                return
            looks += 1
            if looks % 25 == 0 and await self.alice_to_move() != (game_id, version):
                return  # her turn ended another way (its time ran out): this restart has nothing to judge
            await asyncio.sleep(0.02)
        if self.alive():
            self.report.turn_told.append(False)

    # -- playing -----------------------------------------------------------------------------------

    async def open_game(self) -> tuple[int, GameStatus] | None:
        assert self.db is not None
        record = await self.db.games.open_in_channel(self.channel_id)
        return None if record is None else (record.id, record.status)

    async def alice_to_move(self) -> tuple[int | None, int]:
        assert self.db is not None
        record = await self.db.games.open_in_channel(self.channel_id)
        if record is None or record.status is not GameStatus.ACTIVE:
            return None, 0
        _, state = await load_state(self.db, record.id)
        seat = state.to_move
        if state.is_over or seat is None or record.seats[seat].user_id != int(self.alice.id):
            return None, 0
        return record.id, record.version

    def hand(self, game_id: int) -> Message | None:
        """Alice's newest hand for the game: her DM hand or a My hand panel in the channel, whichever is
        drawn for the later version (a crash can leave the DM stale, with its controls disabled)."""
        best: tuple[int, int, Message] | None = None
        for rank, channel in enumerate((self.fake.channel, self.alice.dm)):
            for message in reversed(self.fake.messages(channel, viewer=self.alice)):
                if (channel is self.alice.dm or message.ephemeral) and any(
                    cid.split(":")[3] not in ("rematch", "rules", "leave", "hand") for cid in ids_of(message, game_id)
                ):
                    candidate = (version_in(message, game_id), rank, message)
                    if best is None or candidate[:2] > best[:2]:
                        best = candidate
                    break
        return None if best is None else best[2]

    async def play(self, kind: str, command: str, options: dict[str, Any]) -> None:
        """One game from /new to its stored end, whatever is killed on the way."""
        assert self.db is not None
        started_with: int | None = None
        progress: tuple[int | None, int, int] = (None, 0, self.lives)
        since = time.monotonic()
        while True:
            now = await self.progress(started_with)
            if now != progress:
                progress, since = now, time.monotonic()
            elif time.monotonic() - since > STALL_SECONDS:
                hand = self.hand(started_with) if started_with is not None else None
                record = await self.db.games.get(started_with) if started_with is not None else None
                raise Stuck(
                    f"{kind} game {record} did not end; Alice's hand: {hand!r} {hand and hand.text[:300]}; "
                    f"last stumbles {self.last_stumbles}; log {self.life and self.life.log}; trace:\n"
                    + "\n".join(self.trace)
                )
            await self.ensure_alive()
            try:
                open_game = await self.open_game()
                if open_game is None:
                    if started_with is not None:
                        record = await self.db.games.get(started_with)
                        if record.status is GameStatus.FINISHED:
                            self.report.finished[record.id] = kind
                            await self.await_standings(record.id)
                            return
                    reply = await self.alice.slash(command, **options)
                    if isinstance(reply, Message) and ids_of_any(reply):
                        started_with = int(CUSTOM_ID.match(ids_of_any(reply)[0])[1])  # type: ignore[index]
                    continue
                game_id, status = open_game
                started_with = game_id
                if status is GameStatus.LOBBY:
                    await self.press_start(game_id)
                else:
                    await self.alice_turn(kind, game_id)
            except ERRORS as error:
                if self.alive():
                    self.report.stumbles[type(error).__name__] += 1
                    self.last_stumbles = [*self.last_stumbles[-4:], repr(error)[:300]]
                    await asyncio.sleep(0.02)

    async def progress(self, game_id: int | None) -> tuple[int | None, int, int]:
        """What moves a game on: its stored version, or a new life of the bot."""
        assert self.db is not None
        version = 0 if game_id is None else (await self.db.games.get(game_id)).version
        return game_id, version, self.lives

    async def press_start(self, game_id: int) -> None:
        lobby = next(
            (m for m in reversed(self.fake.messages(self.fake.channel)) if enabled(m, "start") and ids_of(m, game_id)),
            None,
        )
        if lobby is None:
            # A kill between the lobby's row and its message leaves a lobby nobody sees: the bot closes it
            # once its grace is over (Tuning.unseen_lobby_grace), and Alice opens the next table then.
            await asyncio.sleep(0.02)
            return
        await self.alice.click(lobby, custom_id=enabled(lobby, "start")[0]["custom_id"])

    async def alice_turn(self, kind: str, game_id: int) -> None:
        assert self.db is not None
        to_move, version = await self.alice_to_move()
        self.note(f"game {game_id}: alice to move at {version}" if to_move else f"game {game_id}: computer")
        if to_move is None:
            await asyncio.sleep(0.02)  # a computer is to move
            return
        hand = self.hand(game_id)
        if hand is None:  # never dealt her DM (a kill at Start): ask for the panel
            await self.alice.slash("game hand")
            return
        self.note(f"hand {hand.id} at {version_in(hand, game_id)}: {hand.text[-80:]!r}")
        if version_in(hand, game_id) != version:  # stale (a crash before it was redrawn): any control redraws it
            live = [b for b in hand.buttons if not b.get("disabled") and ids_of_button(b, game_id)]
            if live:
                await self.alice.click(hand, custom_id=live[0]["custom_id"])
            else:
                await self.alice.slash("game hand")
            return
        key = (self.lives, game_id, version)
        if time.monotonic() - self.acted.get(key, 0.0) < 1.0:
            await asyncio.sleep(0.02)  # acted on this version in this life: wait for the redraw
            return
        self.acted[key] = time.monotonic()
        self.note("acting")
        await ACT[kind](self, hand)
        self.note("acted")

    async def act_thirteen(self, hand: Message) -> None:
        try:
            await take_turn_with_hint(self.fake, self.alice, hand)
        except LookupError:
            # A hand DM an earlier life sent or redrew but was killed before recording (drawing and storing
            # are two steps) is not the one the bot keeps the seat's controls in: a click redraws it without
            # any, and the recorded hand (or the one the restart's pass sends) is played next. A hand this
            # life sent must never lose its controls so.
            if self.fake.message(hand).buttons or hand.id not in self.dm_before_restart:
                raise
            self.report.unrecorded_hands += 1

    async def act_carousel(self, hand: Message) -> None:
        for action in ("pass", "draw"):  # CA-9: decline a knock; otherwise draw and end the turn
            if enabled(hand, action) and (action != "pass" or enabled(hand, "knock")):
                await self.alice.click(hand, custom_id=enabled(hand, action)[0]["custom_id"])
                return
        raise AssertionError(f"no draw on a Carousel hand: {[b.get('label') for b in hand.buttons]}")

    async def act_schnapsen(self, hand: Message) -> None:
        for action in ("play", "draw", "keep"):
            if enabled(hand, action):
                await self.alice.click(hand, custom_id=enabled(hand, action)[0]["custom_id"])
                return
        raise AssertionError(f"nothing to press on a Sixty-Six hand: {[b.get('label') for b in hand.buttons]}")

    async def act_gin(self, hand: Message) -> None:
        """GR-4 pass on the upcard, draw from the stock, go big gin or knock when offered, else discard the
        hand's last card."""
        for action in ("passup", "stock", "big", "knock", "disc"):
            if enabled(hand, action):
                await self.alice.click(hand, custom_id=enabled(hand, action)[-1]["custom_id"])
                return
        raise AssertionError(f"nothing to press on a Gin hand: {[b.get('label') for b in hand.buttons]}")

    async def await_standings(self, game_id: int, timeout: float = 120.0) -> None:
        """Wait (bounded) until the game's standings are in the channel, as a player would before leaving:
        the run's final stop must not race the last game's announcement. A kill meanwhile is fine: the
        restarted bot posts what is owed."""
        pattern = re.compile(rf"#{game_id} is over")
        until = time.monotonic() + timeout
        while time.monotonic() < until:
            if any(pattern.search(m.text) and "🏆" in m.text for m in self.fake.messages(self.fake.channel)):
                return
            await self.ensure_alive()
            await asyncio.sleep(0.05)

    async def run(self) -> Report:
        started = time.monotonic()
        try:
            await self.ensure_alive()
            rounds = 0
            while rounds == 0 or self.report.kills < MIN_KILLS:
                for kind, command, options in GAMES:
                    await self.play(kind, command, options)
                rounds += 1
        finally:
            await self.stop()
        for game_id in self.report.finished:
            pattern = re.compile(rf"#{game_id} is over")
            posted = [m for m in self.fake.messages(self.fake.channel) if pattern.search(m.text) and "🏆" in m.text]
            self.report.announcements[game_id] = len(posted)
        self.report.seconds = time.monotonic() - started
        return self.report


ACT: dict[str, Callable[[CrashRun, Message], Awaitable[None]]] = {
    "thirteen": CrashRun.act_thirteen,
    "carousel": CrashRun.act_carousel,
    "schnapsen": CrashRun.act_schnapsen,
    "gin": CrashRun.act_gin,
}


def ids_of_any(message: Message) -> list[str]:
    return [str(c.get("custom_id")) for c in message.walk() if CUSTOM_ID.match(str(c.get("custom_id", "")))]


def ids_of_button(button: dict[str, Any], game_id: int) -> bool:
    return str(button.get("custom_id", "")).startswith(f"cr:{game_id}:")


async def crash_run(tmp: Path) -> Report:
    async with FakeDiscord() as fake:
        return await CrashRun(fake, tmp).run()


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    """The one seeded crash run every test below reads (a fresh event loop of its own)."""
    result = asyncio.run(crash_run(tmp_path_factory.mktemp("crash")))
    print(
        f"\ncrash run: {result.kills} kills {dict(result.points)}, {len(result.finished)} games, "
        f"{result.old_clicks} old clicks, stumbles {dict(result.stumbles)}, {result.seconds:.1f} s; "
        f"ready after {sorted(result.ready_seconds)[len(result.ready_seconds) // 2]:.2f} s (median); "
        f"turn shown after a restart {result.turn_told}; standings posted per game {result.announcements}; "
        f"hands drawn but not recorded before a kill, clicked {result.unrecorded_hands}"
    )
    return result


def test_every_move_shown_before_a_kill_is_stored_after_it(report: Report) -> None:
    """At least 50 kills (some inside and after the final move's transaction), and no version any message
    showed before a kill is missing from the database after it."""
    assert report.kills >= MIN_KILLS, report
    assert report.points["after_final_move"] >= len(GAMES) and report.points["after_move"] > 0
    assert report.points["random"] > 0
    assert report.lost == []


def test_every_finished_game_has_its_result(report: Report) -> None:
    """Each kind finished at least once; no finished game lacks its match and no game is active but over."""
    assert set(report.finished.values()) == {kind for kind, _, _ in GAMES}
    assert report.broken == []


def test_a_click_on_a_message_sent_before_a_kill_works_after_the_restart(report: Report) -> None:
    """Rules on a table message an earlier process posted is answered by the new one, after every restart."""
    assert report.old_clicks >= MIN_KILLS // 2
    assert report.failed_old_clicks == []


def test_every_finished_game_is_announced(report: Report) -> None:
    """Each finished game's final standings are posted exactly once, even when the process died right after
    its end or between Discord accepting the post and the bot recording it (the post's enforced nonce)."""
    assert report.points["after_result_post"] > 0, report.points
    assert report.announcements and all(count == 1 for count in report.announcements.values()), report.announcements


def test_after_a_restart_the_player_to_move_is_told_it_is_their_turn(report: Report) -> None:
    """Whenever a restart finds Alice to move, her newest hand shows her turn at the stored version, unclicked."""
    assert report.turn_told and all(report.turn_told), report.turn_told


def test_the_storm_plays_every_registered_game() -> None:
    """A game added to the registry must be given a driver here (its command, options and a policy)."""
    assert {kind for kind, _, _ in GAMES} == set(registry.kinds()) == set(ACT)
