"""The load run of `bench.bot`: N concurrent two-player Thirteen games, moves arriving at R per second.

Two processes, so that what is measured is the bot alone:
- this one holds the fake Discord (REST + gateway on 127.0.0.1) and the simulated players, who talk
  to the fake directly;
- the bot runs in a child process (`bench.bot_child`, CardBot as `python -m bot` starts it), aimed at
  the fake's URL, with its own event loop, threads and memory.

The fake enforces Discord's rate limits (fakediscord/ratelimits.py) unless told otherwise; the run
reports the 429s the bot met, by scope, how long they held its requests, and how often it emptied a
bucket (each time discord.py held the next request on it until the reset).

Acknowledgement latency is taken by the fake: from dispatching INTERACTION_CREATE to the arrival of
the bot's interaction callback (`FakeDiscord.ack_log`). The bot's peak RSS is its VmHWM; the fake's
is this process's. CPU is reported for both, as a share of one core, over the load window only.

Two back ends (`Backend`): one bot process on SQLite, or two processes (shards 0 and 1 of 2) on one
PostgreSQL database, a throwaway server of bench.pgserver unless a URL is given. Each bot process
reports the time its moves spent in the data layer's append; `side_by_side` prints the runs' figures
as one table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import pgserver
from bench.bot_child import GENERATIONS, READY_LINE
from bench.players.common import is_my_turn, version_of
from fakediscord import Channel, FakeDiscord, InteractionFailed, Message, SimUser

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
ROOT = Path(__file__).resolve().parents[1]


def percentiles(samples: Sequence[float]) -> tuple[float, float, float, float]:
    """(p50, p95, p99, max) in milliseconds (nearest rank)."""
    if not samples:
        return (float("nan"),) * 4
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

    return pick(0.5), pick(0.95), pick(0.99), ordered[-1] * 1000


def line(name: str, samples: Sequence[float]) -> str:
    p50, p95, p99, top = percentiles(samples)
    return f"{name:<40} n={len(samples):<6} p50={p50:7.2f} ms  p95={p95:7.2f} ms  p99={p99:7.2f} ms  max={top:7.1f} ms"


def action_of(name: str) -> str:
    """The action of a Cardroom custom id (`cr:<game>:<version>:<action>[:<arg>]`), else the name itself."""
    parts = name.split(":")
    return parts[3] if len(parts) > 3 and parts[0] == "cr" else name


def acks_of(fake: FakeDiscord, actions: tuple[str, ...]) -> list[float]:
    return [seconds for name, seconds in fake.ack_log or [] if action_of(name) in actions]


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU of a process (and its waited-for children) from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime (fields 14, 15 of stat)


def proc_memory_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) in MB of a live process."""
    found = {"VmRSS": 0, "VmHWM": 0}
    with open(f"/proc/{pid}/status") as status:
        for text in status:
            key, _, value = text.partition(":")
            if key in found:
                found[key] = int(value.split()[0])
    return found["VmRSS"] / 1024, found["VmHWM"] / 1024


def descendants(pid: int) -> list[int]:
    """Every live process below `pid` (the bot's forkserver and drawing processes), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as stat:
            parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry))
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def helpers_cpu_seconds(pid: int) -> dict[int, float]:
    """CPU seconds of each process below the bot, by pid."""
    seconds = {}
    for child in descendants(pid):
        with contextlib.suppress(OSError, ValueError):
            seconds[child] = proc_cpu_seconds(child)
    return seconds


def server_cpu_seconds(pid: int) -> dict[int, float]:
    """CPU seconds of a database server's postmaster and each of its processes (backends, writers), by pid."""
    seconds = helpers_cpu_seconds(pid)
    with contextlib.suppress(OSError, ValueError):
        seconds[pid] = proc_cpu_seconds(pid)
    return seconds


def pss_mb(pid: int) -> float:
    """Proportional set size in MB: pages shared by several processes counted once in all (Linux)."""
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for text in rollup:
            if text.startswith("Pss:"):
                return int(text.split()[1]) / 1024
    return 0.0


def helpers_memory_mb(pid: int) -> tuple[int, float, float]:
    """(count, summed VmHWM, summed PSS now) in MB of the processes below the bot. The drawing processes
    fork from one forkserver that has imported the renderers, so their RSS sum counts those shared pages
    once per process (an upper bound); the PSS sum counts them once."""
    count, hwm, pss = 0, 0.0, 0.0
    for child in descendants(pid):
        with contextlib.suppress(OSError):
            _, peak = proc_memory_mb(child)
            count, hwm, pss = count + 1, hwm + peak, pss + pss_mb(child)
    return count, hwm, pss


def own_peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@dataclass
class Game:
    """One table of the load run: its channel, its two players and their DM hand messages."""

    index: int
    players: tuple[SimUser, SimUser]
    hands: dict[str, str] = field(default_factory=dict)  # user id -> DM hand message id
    # user id -> (messages in their DM, edits of their newest hand) when the driver last looked
    checked: dict[str, tuple[int, int]] = field(default_factory=dict)
    moved_at: dict[str, int] = field(default_factory=dict)  # user id -> version they last moved at
    acked_at: float | None = None  # fake.clock time the last move was answered (for `Tally.handover`)
    busy: bool = False
    over: bool = False


@dataclass
class Tally:
    moves: int = 0
    window_end: float = float("inf")  # perf_counter time the load window closes
    in_window: int = 0  # moves acknowledged before it closed (the achieved rate counts these)
    errors: Counter[str] = field(default_factory=Counter)
    click_wall: list[float] = field(default_factory=list)  # driver side: the click() call, start to return
    # A move answered -> the next player's new hand created, both on the fake's clock: what a player
    # waits for after the other's move (REST sends, held by any rate limit), whatever the driver's pace.
    handover: list[float] = field(default_factory=list)


async def open_game(host: SimUser, guest: SimUser, where: Channel) -> Message:
    """/thirteen new for two seats, the guest joins, the host starts; returns what the host then sees."""
    lobby = await host.slash("thirteen new", seats=2, where=where)
    assert isinstance(lobby, Message), lobby
    lobby = await guest.click(lobby, label="Join")
    assert isinstance(lobby, Message), lobby
    started = await host.click(lobby, label="Start")
    assert isinstance(started, Message), started
    return started


async def move_click(user: SimUser, hand: Message) -> tuple[str, Message]:
    """The cheapest legal move: Pass when allowed, else select the lowest card (TL-4: any single leads)."""
    if not hand.component(label="Pass").get("disabled"):
        return "Pass", hand
    select = hand.selects[0]
    chosen = await user.select(hand, select["custom_id"], [select["options"][0]["value"]])
    assert isinstance(chosen, Message), chosen
    return "Play", chosen


def dm_size(fake: FakeDiscord, user: SimUser) -> int:
    """How many messages `user`'s DM holds, without copying them (the fake's store, read directly: a
    snapshot of every DM on every tick would cost the driver more than the bot)."""
    return len(fake._by_channel.get(user.dm.id, ()))


def find_hand(fake: FakeDiscord, game: Game, user: SimUser) -> str | None:
    """The id of `user`'s newest DM hand, remembered in `game.hands`; None before the bot sent one.

    The bot sends a new DM at each turn start (that message is the turn notification; the old hand
    loses its controls) and none before the seat's first turn. Once no hand has controls left, the
    newest one (which says whether the game is over)."""
    found = [message for message in fake.messages(user.dm) if not message.ephemeral]
    with_controls = [message for message in found if message.buttons]
    newest = with_controls[-1] if with_controls else found[-1] if found else None
    if newest is None:
        return None
    game.hands[user.id] = newest.id
    return newest.id


def ready_player(fake: FakeDiscord, game: Game, tally: Tally | None = None) -> tuple[SimUser, Message] | None:
    """The player of `game` whose turn it is, with their hand, if that hand is new to the driver.

    A hand is copied out of the store (a snapshot is a JSON round trip) only when the DM got a new
    message or the newest hand was edited, so a scan over a thousand idle games stays cheap."""
    for user in game.players:
        known = game.hands.get(user.id)
        marker = (dm_size(fake, user), fake.edit_count(known) if known else -1)
        if game.checked.get(user.id) == marker:
            continue
        hand_id = find_hand(fake, game, user)
        if hand_id is None:
            continue
        game.checked[user.id] = (marker[0], fake.edit_count(hand_id))
        hand = fake.message(hand_id)
        if not hand.buttons:
            game.over = "is over" in hand.text
            continue
        if is_my_turn(hand) and version_of(hand) > game.moved_at.get(user.id, -1):
            if tally is not None and game.acked_at is not None:
                created = fake.created_at(hand_id)
                if created >= game.acked_at:  # a new hand for this turn (not one the move left as it was)
                    tally.handover.append(created - game.acked_at)
                game.acked_at = None
            return user, hand
    return None


async def play_one(fake: FakeDiscord, game: Game, user: SimUser, hand: Message, tally: Tally) -> None:
    try:
        label, hand = await move_click(user, hand)
        begin = time.perf_counter()
        await user.click(hand, label=label, settle=False)
        game.acked_at = fake.clock.now()
        done = time.perf_counter()
        tally.click_wall.append(done - begin)
        tally.moves += 1
        tally.in_window += done <= tally.window_end
    except (InteractionFailed, TimeoutError, AssertionError, ValueError) as error:
        tally.errors[type(error).__name__] += 1
        game.checked.clear()  # look at both hands afresh
        game.moved_at.pop(user.id, None)
    finally:
        game.busy = False


@dataclass
class Child:
    """One bot process of the run: its shard (None when unsharded), its process and its report file."""

    label: str
    process: asyncio.subprocess.Process
    report_path: Path
    exited: asyncio.Task[int]
    report: dict[str, Any] | None = None  # set once stopped (`stop_child`)

    @property
    def pid(self) -> int:
        return self.process.pid


@dataclass(frozen=True)
class Backend:
    """Where the bot processes of a run store their data, and how many of them there are.

    `sqlite`: one process, one SQLite file (the single-process set-up). `postgresql`: shards 0 and 1 of
    2 in two processes on one PostgreSQL database, as `CARDROOM_SHARDS` / `CARDROOM_SHARD_COUNT` split a
    bot; every DM click (every move of the run) reaches shard 0, each guild's events its own shard: half
    the games are in a guild of each shard, so each process owns half of them (bot.moves.ownership)."""

    name: str
    database: str
    shard_count: int | None = None
    server_pid: int | None = None  # the PostgreSQL server's postmaster when this run started it: its CPU counts

    @property
    def shards(self) -> list[int | None]:
        return list(range(self.shard_count)) if self.shard_count else [None]


@dataclass
class ProcessFigures:
    label: str
    peak_rss_mb: float
    cpu_share: float  # of one core, over the load window
    helpers_cpu_share: float
    helpers_peak_rss_mb: float
    appends: int
    append_mean_ms: float
    append_p50_ms: float
    append_p99_ms: float
    paced: int = 0  # requests counted against the global limit this process sent in the window
    paced_per_move: float = 0.0  # the same per move acknowledged in the window
    pace_held_s: float = 0.0  # seconds those requests waited for the process's share of the limit, summed

    @property
    def pace_held_ms_each(self) -> float:
        return 1000 * self.pace_held_s / max(self.paced, 1)


@dataclass
class RunFigures:
    """What one load run measured, for the side-by-side table (`side_by_side`)."""

    backend: str
    moves_per_s: float
    ack: tuple[float, float, float, float]  # move click -> ack p50, p95, p99, max (ms)
    errors: int
    handover: tuple[float, float, float, float] = (float("nan"),) * 4  # move answered -> next hand (ms)
    limits: RateLimitFigures | None = None
    processes: list[ProcessFigures] = field(default_factory=list)
    statements: Statements | None = None
    cpu_per_move_ms: float = float("nan")  # every bot process, its drawing helpers and the database server
    server_cpu_share: float | None = None  # the PostgreSQL server's processes, of one core (None: not counted)


@dataclass(frozen=True)
class RateLimitFigures:
    """What Discord's rate limits (fakediscord/ratelimits.py) cost the bot over the load window: the 429s
    it met by scope, the seconds they told it to hold requests, and the buckets it emptied (each one a
    wait discord.py took by itself, reading the headers, before the bucket's reset)."""

    by_scope: dict[str, int]
    held_s: float
    longest_s: float
    emptied: dict[str, int]
    busiest: int = 0  # the most counted requests Discord saw in a rolling second, since the fake started

    @classmethod
    def since(cls, fake: FakeDiscord, served_before: int, emptied_before: Counter[str]) -> RateLimitFigures:
        served = fake.rate_limits.served[served_before:]
        emptied = fake.rate_limits.emptied - emptied_before
        return cls(
            dict(Counter(s.scope if not s.code else str(s.code) for s in served)),
            sum(s.retry_after for s in served),
            max((s.retry_after for s in served), default=0.0),
            dict(emptied),
            fake.rate_limits.busiest_second,
        )

    @property
    def total(self) -> int:
        return sum(self.by_scope.values())

    def line(self) -> str:
        scopes = ", ".join(f"{scope} {n}" for scope, n in sorted(self.by_scope.items())) or "none"
        emptied = ", ".join(f"{name} {n}" for name, n in sorted(self.emptied.items())) or "none"
        return (
            f"429s met {self.total} ({scopes}); requests held by them {self.held_s:.1f} s in total, the longest "
            f"{self.longest_s * 1000:.0f} ms; buckets emptied (discord.py then waits for the reset) {emptied}; "
            f"busiest rolling second so far {self.busiest} counted requests (Discord allows 50)"
        )


async def start_child(
    fake: FakeDiscord,
    tmp: Path,
    database: str,
    tuning: dict[str, Any],
    profile: Path | None,
    trace_top: int,
    timeout: float,
    *,
    shard: int | None = None,
    shard_count: int | None = None,
) -> Child:
    label = "bot" if shard is None else f"shard {shard}"
    report = tmp / f"bot-report-{shard or 0}.json"
    command = [
        sys.executable, "-m", "bench.bot_child", "--api-base", fake.api_base, "--gateway", fake.gateway_url,
        "--token", fake.token, "--database", database, "--report", str(report),
        "--tuning", json.dumps(tuning),
    ]  # fmt: skip
    if shard_count:
        command += ["--shard", str(shard or 0), "--shard-count", str(shard_count)]
    if profile is not None:
        named = profile if shard is None else profile.with_name(f"{profile.stem}-shard{shard}{profile.suffix}")
        command += ["--profile", str(named.resolve())]
    if trace_top:
        command += ["--tracemalloc", str(trace_top)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = await asyncio.create_subprocess_exec(
        *command, cwd=ROOT, env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    exited = asyncio.create_task(process.wait())
    fake.watch(exited)  # a dead bot fails every wait at once instead of after its timeout
    fake.starvation.watch(process.pid)  # its loop's wait for a CPU is not counted against its deadlines
    assert process.stdout is not None
    async with asyncio.timeout(timeout):
        while (text := await process.stdout.readline()) and READY_LINE not in text.decode():
            pass
    if process.returncode is not None:
        raise RuntimeError(f"the bot process ({label}) exited with {process.returncode} before it was ready")
    return Child(label, process, report, exited)


async def stop_child(fake: FakeDiscord, child: Child) -> dict[str, Any]:
    if child.report is not None:
        return child.report
    child.report = {}
    fake.unwatch(child.exited)
    child.process.terminate()  # SIGTERM: the bot closes cleanly and writes its report
    try:
        await asyncio.wait_for(asyncio.shield(child.exited), 60)
    except TimeoutError:
        print(f"the bot process ({child.label}) did not stop within 60 s of SIGTERM; killing it")
        child.process.kill()
        await child.exited
        return child.report
    child.report = dict(json.loads(child.report_path.read_text()))
    return child.report


async def sample_memory(pids: list[int], peaks: dict[str, float], stop: asyncio.Event, period: float = 0.5) -> None:
    """Track each bot's and the fake's RSS while the run lasts (VmHWM is read at the end too)."""
    while not stop.is_set():
        for pid in pids:
            with contextlib.suppress(OSError):
                rss, _ = proc_memory_mb(pid)
                peaks[f"bot_rss_{pid}"] = max(peaks.get(f"bot_rss_{pid}", 0.0), rss)
        peaks["fake_rss"] = own_peak_mb()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), period)


async def load(
    games: int,
    rate: float,
    seconds: float,
    *,
    tuning: dict[str, Any],
    backend: str = "sqlite",
    postgres: str | None = None,
    profile: Path | None = None,
    trace_top: int = 0,
    open_batch: int = 25,
    rate_limits: float = 1.0,
) -> RunFigures:
    """Open `games` two-player Thirteen games, then make moves at `rate` per second for `seconds`.

    `backend`: "sqlite" (one process) or "postgresql" (two shard processes on the database at
    `postgres`, or on a throwaway server of bench.pgserver when no URL is given)."""
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        if backend == "sqlite":
            chosen = Backend("sqlite", str(tmp / "cardroom.db"))
        else:
            if postgres is None:
                folder = Path(tempfile.mkdtemp(prefix="cardroom-bench-pg-"))  # the postgres user must reach it
                stack.callback(shutil.rmtree, folder, ignore_errors=True)
                stack.callback(pgserver.stop, folder)
                postgres = pgserver.start(folder)
                print(f"PostgreSQL server started in {folder}")
                server = pgserver.server_pid(folder)
            else:
                server = None  # somebody else's server: its CPU is not this run's to count
                print("PostgreSQL server given by URL: its CPU is not counted")
            chosen = Backend("postgresql", postgres, shard_count=2, server_pid=server)
        return await run_load(chosen, games, rate, seconds, tmp, tuning, profile, trace_top, open_batch, rate_limits)
    raise AssertionError("unreachable")  # an ExitStack may swallow exceptions as far as type checkers know


async def run_load(
    backend: Backend,
    games: int,
    rate: float,
    seconds: float,
    tmp: Path,
    tuning: dict[str, Any],
    profile: Path | None,
    trace_top: int,
    open_batch: int,
    rate_limits: float = 1.0,
) -> RunFigures:
    print(f"== load run on {backend.name}: {len(backend.shards)} bot process(es) ==")
    async with FakeDiscord(people=(), record_requests=False) as fake:
        # Discord's rate limits at its own timing (1.0), scaled, or off (0): fakediscord/ratelimits.py
        fake.rate_limits.enabled, fake.rate_limits.scale = rate_limits > 0, rate_limits or 1.0
        fake.settle_timeout = 30.0  # a person waits this long for a deferred answer (opening is a burst)
        # Two guilds, the default one on shard 0 and the second on shard 1 of 2 (fakediscord's guild n is
        # on shard n % count); game i is played in guild i % 2, by members of that guild.
        guilds = [fake.guild, fake.add_guild("Second")]
        players = [
            (fake.add_user(f"h{i}", guild=guilds[i % 2]), fake.add_user(f"g{i}", guild=guilds[i % 2]))
            for i in range(games)
        ]
        channels = [fake.add_channel(f"t{i}", guild=guilds[i % 2]) for i in range(games)]
        children: list[Child] = []
        try:
            for shard in backend.shards:  # one after another: the fake tells shards apart at IDENTIFY
                children.append(
                    await start_child(
                        fake, tmp, backend.database, tuning, profile, trace_top, timeout=120,
                        shard=shard, shard_count=backend.shard_count,
                    )
                )  # fmt: skip
            return await measure(fake, children, players, channels, rate, seconds, backend, open_batch)
        finally:
            for child in children:  # those `measure` did not stop (a start that failed half-way)
                await stop_child(fake, child)


async def measure(
    fake: FakeDiscord,
    children: list[Child],
    players: list[tuple[SimUser, SimUser]],
    channels: list[Channel],
    rate: float,
    seconds: float,
    backend: Backend,
    open_batch: int,
) -> RunFigures:
    games = len(players)
    pids = [child.pid for child in children]
    for child in children:
        print(f"{child.label}: process {child.pid} ready; RSS {proc_memory_mb(child.pid)[0]:.0f} MB")
    shards = ", ".join(f"{guild.name} on shard {fake.shard_of(guild.id)}" for guild in fake.guilds.values())
    print(f"fake {own_peak_mb():.0f} MB; guilds: {shards} (of {fake.shard_count})")
    peaks: dict[str, float] = {}
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(pids, peaks, stop))
    reports: list[dict[str, Any]] = []
    try:
        table = [Game(i, pair) for i, pair in enumerate(players)]
        started = time.perf_counter()
        for first in range(0, games, open_batch):
            batch = range(first, min(games, first + open_batch))
            await asyncio.gather(*(open_game(*players[i], channels[i]) for i in batch))
        for game in table:  # the first hand of each game: the DM of the seat that plays first
            async with asyncio.timeout(60):
                while not any(find_hand(fake, game, user) for user in game.players):
                    await asyncio.sleep(0.01)
        rss = ", ".join(f"{child.label} {proc_memory_mb(child.pid)[0]:.0f} MB" for child in children)
        print(f"opened {games} games in {time.perf_counter() - started:.1f} s; RSS {rss}")
        opening = RateLimitFigures.since(fake, 0, Counter())
        print(f"rate limits while opening: {opening.line()}")
        served_before, emptied_before = len(fake.rate_limits.served), Counter(fake.rate_limits.emptied)
        routes_before = Counter(fake.route_counts)
        fake.ack_log = []
        tally = Tally()
        cpu, server_share = await drive(fake, table, rate, seconds, tally, pids, backend.server_pid)
        limited = RateLimitFigures.since(fake, served_before, emptied_before)
        routes = fake.route_counts - routes_before
        hwms = [proc_memory_mb(pid)[1] for pid in pids]
        helpers = [helpers_memory_mb(pid) for pid in pids]
    finally:
        stop.set()
        await sampler
        for child in children:
            reports.append(await stop_child(fake, child))
    move_acks = acks_of(fake, ("play", "pass"))
    print(line("load: move click -> ack (fake's clock)", move_acks))
    print(line("load: card select -> ack", acks_of(fake, ("sel",))))
    print(line("load: move click() call (driver side)", tally.click_wall))
    print(line("load: move answered -> next hand created", tally.handover))
    over = sum(game.over for game in table)
    print(
        f"moves acknowledged in the window {tally.in_window} in {seconds:g} s = "
        f"{tally.in_window / seconds:.1f} moves/s (target {rate:g}); {tally.moves} with those in flight "
        f"at its end; interactions {len(fake.ack_log)}; errors {dict(tally.errors) or 'none'}; "
        f"games over {over}"
    )
    scaled = "" if fake.rate_limits.scale == 1 else f" (windows scaled by {fake.rate_limits.scale:g})"
    state = f"on{scaled}" if fake.rate_limits.enabled else "off"
    print(f"rate limits {state}, load window: {limited.line()}")
    print(routes_line(routes, tally.in_window))
    cpu_total = sum(bot + drawing for bot, drawing in cpu) + (server_share or 0.0)
    cpu_per_move_ms = 1000 * cpu_total / max(tally.in_window / seconds, 1e-9)
    statements = Statements.of(reports)
    print(statements.line() if statements is not None else "statements per move: not counted")
    figures = RunFigures(
        backend.name,
        tally.in_window / seconds,
        percentiles(move_acks),
        sum(tally.errors.values()),
        percentiles(tally.handover),
        limited,
        statements=statements,
        cpu_per_move_ms=cpu_per_move_ms,
        server_cpu_share=server_share,
    )
    for child, hwm, helper, report, (bot_cpu, helpers_cpu) in zip(children, hwms, helpers, reports, cpu, strict=True):
        bot_peak = max(hwm, report.get("peak_rss_mb", 0))
        nan = float("nan")
        paced, pace_held_s = paced_in_window(report)
        print(
            f"{child.label}: peak RSS {bot_peak:.0f} MB (VmHWM; sampled max {peaks.get(f'bot_rss_{child.pid}', 0):.0f}"
            f" MB); its {helper[0]} helper processes (forkserver, drawing) {helper[1]:.0f} MB peak RSS summed, "
            f"{helper[2]:.0f} MB PSS; bot + helpers at most {bot_peak + helper[1]:.0f} MB; "
            f"move appends {report.get('move_appends', 0)}, mean {report.get('append_mean_ms', nan):.2f} ms, "
            f"p50 {report.get('append_p50_ms', nan):.2f} ms, p99 {report.get('append_p99_ms', nan):.2f} ms; "
            f"counted requests {paced} ({paced / max(tally.in_window, 1):.2f} per move), "
            f"{pace_held_s:.1f} s held by its pace; drawings per move {drawn_line(report, tally.in_window)}; "
            f"drawing CPU per picture {per_picture_ms(report, helpers_cpu, seconds):.2f} ms; "
            f"{threads_line(report, tally.in_window)}; "
            f"{collections_line(report)}"
        )
        figures.processes.append(
            ProcessFigures(
                child.label, bot_peak, bot_cpu, helpers_cpu, helper[1], int(report.get("move_appends", 0)),
                report.get("append_mean_ms", nan), report.get("append_p50_ms", nan), report.get("append_p99_ms", nan),
                paced, paced / max(tally.in_window, 1), pace_held_s,
            )
        )  # fmt: skip
        if "top_allocations" in report:
            traced = f"{report['traced_mb']:.0f} MB traced now, {report['traced_peak_mb']:.0f} peak"
            print(f"{child.label} tracemalloc: {traced}")
            print("\n".join(report["top_allocations"]))
    print(f"fake + driver peak RSS {own_peak_mb():.0f} MB")
    return figures


def limits_cell(run: RunFigures, text: Callable[[RateLimitFigures], str]) -> str:
    return text(run.limits) if run.limits is not None else "-"


def server_cell(share: float | None) -> str:
    return "-" if share is None else f"{share:.0%}"


def side_by_side(runs: list[RunFigures]) -> str:
    """The runs' figures as a table, one column per run; per-process figures joined by " / "."""

    def ms(value: float, appends: int) -> str:
        return f"{value:.2f}" if appends else "-"  # a process that stored no move has no append time

    def stmt(run: RunFigures, text: Callable[[Statements], str]) -> str:
        return text(run.statements) if run.statements is not None else "-"

    def each(run: RunFigures, text: Callable[[ProcessFigures], str]) -> str:
        return " / ".join(text(process) for process in run.processes)

    rows: list[tuple[str, Callable[[RunFigures], str]]] = [
        ("bot processes", lambda run: each(run, lambda p: p.label)),
        ("moves/s achieved", lambda run: f"{run.moves_per_s:.1f}"),
        ("ack p50 / p95 / p99 (ms)", lambda run: " / ".join(f"{value:.1f}" for value in run.ack[:3])),
        ("next hand p50 / p95 / p99 (ms)", lambda run: " / ".join(f"{value:.1f}" for value in run.handover[:3])),
        ("errors", lambda run: str(run.errors)),
        ("bots' CPU per move (ms, with drawing and server)", lambda run: f"{run.cpu_per_move_ms:.1f}"),
        ("reads per move (of the game)", lambda run: stmt(run, lambda f: f"{f.reads:.2f} ({f.game_reads:.2f})")),
        ("write statements per move", lambda run: stmt(run, lambda f: f"{f.writes:.2f}")),
        ("write transactions per move", lambda run: stmt(run, lambda f: f"{f.transactions:.2f}")),
        ("429s met (by scope)", lambda run: limits_cell(run, lambda f: f"{f.total} {f.by_scope or ''}".strip())),
        ("time held by 429s (s)", lambda run: limits_cell(run, lambda f: f"{f.held_s:.1f}")),
        ("buckets emptied", lambda run: limits_cell(run, lambda f: str(sum(f.emptied.values())))),
        ("peak RSS per process (MB)", lambda run: each(run, lambda p: f"{p.peak_rss_mb:.0f}")),
        ("CPU per process (% core)", lambda run: each(run, lambda p: f"{p.cpu_share:.0%}")),
        ("drawing helpers CPU (% core)", lambda run: each(run, lambda p: f"{p.helpers_cpu_share:.0%}")),
        ("PostgreSQL server CPU (% core)", lambda run: server_cell(run.server_cpu_share)),
        ("counted requests per move", lambda run: each(run, lambda p: f"{p.paced_per_move:.2f}")),
        ("held by the pace per request (ms)", lambda run: each(run, lambda p: f"{p.pace_held_ms_each:.0f}")),
        ("move appends", lambda run: each(run, lambda p: str(p.appends))),
        ("DB time per move mean (ms)", lambda run: each(run, lambda p: ms(p.append_mean_ms, p.appends))),
        ("DB time per move p50 (ms)", lambda run: each(run, lambda p: ms(p.append_p50_ms, p.appends))),
        ("DB time per move p99 (ms)", lambda run: each(run, lambda p: ms(p.append_p99_ms, p.appends))),
    ]  # fmt: skip
    cells = [[name, *(render(run) for run in runs)] for name, render in rows]
    header = ["", *(run.backend for run in runs)]
    widths = [max(len(row[i]) for row in [header, *cells]) for i in range(len(header))]
    lines = ("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) for row in [header, *cells])
    return "\n".join(text.rstrip() for text in lines)


def routes_line(routes: Counter[tuple[str, str]], moves: int) -> str:
    """The requests of the load window per move acknowledged in it, by route, those counted against the
    global limit first: what a move costs, request by request."""
    exempt = ("/interactions/", "/webhooks/")
    ordered = sorted(routes.items(), key=lambda item: (item[0][1].startswith(exempt), -item[1]))
    cells = [
        f"{'' if template.startswith(exempt) else '* '}{method} {template} {count / max(moves, 1):.2f}"
        for (method, template), count in ordered
    ]
    return "requests per move by route (* counted against the global limit): " + "; ".join(cells)


def drawn_line(report: dict[str, Any], moves: int) -> str:
    """What the bot process sent its drawing processes over the load window, per move, by function."""
    marks = report.get("count_marks") or []
    if len(marks) < 2:
        return "not counted"
    first, last = marks[0], marks[-1]
    drawn = {key[len("drawn:") :]: last[key] - first.get(key, 0) for key in last if key.startswith("drawn:")}
    cells = [f"{name} {n / max(moves, 1):.2f}" for name, n in sorted(drawn.items(), key=lambda item: -item[1]) if n]
    return ", ".join(cells) or "none"


def per_picture_ms(report: dict[str, Any], helpers_share: float, seconds: float) -> float:
    """The drawing processes' CPU over the load window divided by the pictures the bot asked them for:
    what one picture costs under this load, beside `bench.render`'s cost of one picture alone."""
    marks = report.get("count_marks") or []
    if len(marks) < 2:
        return float("nan")
    first, last = marks[0], marks[-1]
    drawn = sum(last[key] - first.get(key, 0) for key in last if key.startswith("drawn:"))
    return 1000 * helpers_share * seconds / drawn if drawn else float("nan")


def threads_line(report: dict[str, Any], moves: int) -> str:
    """The bot process's CPU per move over the load window, split between its event loop's thread (clicks,
    requests, the projection) and its other threads (the database's, and the workers that build hands and
    wait for the drawing processes): which of them a change to the move path has to make cheaper."""
    marks = report.get("count_marks") or []
    if len(marks) < 2 or "cpu:loop_ms" not in marks[-1]:
        return "CPU per move by thread: not counted"
    first, last = marks[0], marks[-1]
    loop_ms = last["cpu:loop_ms"] - first["cpu:loop_ms"]
    process_ms = last["cpu:process_ms"] - first["cpu:process_ms"]
    per_move = max(moves, 1)
    return (
        f"CPU per move in the event loop's thread {loop_ms / per_move:.2f} ms, "
        f"in the bot's other threads {(process_ms - loop_ms) / per_move:.2f} ms"
    )


def collections_line(report: dict[str, Any]) -> str:
    """The bot process's garbage collections over the load window (bench.bot_child.Collections): per
    generation, how many, their summed pause and the longest one."""
    marks = report.get("count_marks") or []
    if len(marks) < 2 or "gc:young" not in marks[-1]:
        return "garbage collections: not counted"
    first, last = marks[0], marks[-1]
    cells = []
    for name in GENERATIONS:
        count = last[f"gc:{name}"] - first.get(f"gc:{name}", 0)
        total = last[f"gc:{name}_ms"] - first.get(f"gc:{name}_ms", 0)
        cells.append(f"{name} {count} ({total} ms, the longest {last[f'gc:{name}_longest_ms'] if count else 0} ms)")
    return "garbage collections in the window: " + ", ".join(cells)


def paced_in_window(report: dict[str, Any]) -> tuple[int, float]:
    """The requests a bot process sent against the global limit over the load window, and the seconds
    they waited for its share of that limit (bot.kit.pacing), from its first and last count marks."""
    marks = report.get("count_marks") or []
    if len(marks) < 2:
        return 0, 0.0
    first, last = marks[0], marks[-1]
    held_ms = last.get("pace_held_ms", 0) - first.get("pace_held_ms", 0)
    return last.get("paced", 0) - first.get("paced", 0), held_ms / 1000


def mark_counts(pid: int) -> None:
    """Ask a bot process to note its statement counters now (bench.bot_child: SIGUSR1)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGUSR1)


@dataclass(frozen=True)
class Statements:
    """The data layer's statements per move stored over the load window, summed over the bot processes
    (data.counters): reads (of them, reads of a game's record or log), write statements and write
    transactions; and how often a record held in memory answered instead of a read (data.record_cache)."""

    moves: int
    reads: float
    game_reads: float
    writes: float
    transactions: float
    cache_hits: float

    @classmethod
    def of(cls, reports: list[dict[str, Any]]) -> Statements | None:
        totals: Counter[str] = Counter()
        for report in reports:
            marks = report.get("count_marks") or []
            if len(marks) < 2:
                return None
            first, last = marks[0], marks[-1]
            totals.update({key: last[key] - first.get(key, 0) for key in last})
        moves = totals["moves"]
        if not moves:
            return None

        def per(key: str) -> float:
            return totals[key] / moves

        return cls(moves, per("reads"), per("game_reads"), per("writes"), per("transactions"), per("cache_hits"))

    def line(self) -> str:
        return (
            f"statements ({self.moves} moves stored in the window): reads per move {self.reads:.2f}, "
            f"game reads per move {self.game_reads:.2f} (record cache hits {self.cache_hits:.2f}), "
            f"write statements per move {self.writes:.2f} in {self.transactions:.2f} write transactions"
        )


async def drive(
    fake: FakeDiscord,
    table: list[Game],
    rate: float,
    seconds: float,
    tally: Tally,
    pids: list[int],
    server: int | None = None,
) -> tuple[list[tuple[float, float]], float | None]:
    """Every 1/rate s, start one move in the next game (round robin) whose player to act has a fresh hand.

    Returns each bot process's CPU share over the window and its drawing processes', and the share of
    the PostgreSQL server's processes (`server`: its postmaster; None when there is none to count)."""
    pending: set[asyncio.Task[None]] = set()
    interval = 1.0 / rate
    for pid in pids:
        mark_counts(pid)
    cpu_bots = [proc_cpu_seconds(pid) for pid in pids]
    cpu_helpers = [helpers_cpu_seconds(pid) for pid in pids]
    cpu_server = server_cpu_seconds(server) if server is not None else {}
    cpu_fake = time.process_time()
    begin = time.perf_counter()
    deadline = tally.window_end = begin + seconds
    next_at, cursor, missed = begin, 0, 0
    next_report = begin + 10
    while (now := time.perf_counter()) < deadline:
        for step in range(len(table)):
            game = table[(cursor + step) % len(table)]
            if game.busy or game.over:
                continue
            found = ready_player(fake, game, tally)
            if found is None:
                continue
            user, hand = found
            game.moved_at[user.id] = version_of(hand)
            game.busy = True
            cursor = game.index + 1
            task = asyncio.create_task(play_one(fake, game, user, hand, tally))
            pending.add(task)
            task.add_done_callback(pending.discard)
            break
        else:
            missed += 1  # no game was ready: the bot is behind (or every game is busy)
        if now >= next_report:
            next_report += 10
            p50, _, p99, _ = percentiles(acks_of(fake, ("play", "pass")))
            rss = " ".join(f"{proc_memory_mb(pid)[0]:.0f}" for pid in pids)
            print(
                f"  t={now - begin:4.0f}s moves={tally.moves} in flight={len(pending)} "
                f"bot RSS={rss} MB ack p50={p50:.1f} p99={p99:.1f} ms",
                flush=True,
            )
        next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    elapsed = time.perf_counter() - begin
    for pid in pids:
        mark_counts(pid)
    shares = []
    for pid, before, helpers_before in zip(pids, cpu_bots, cpu_helpers, strict=True):
        bot_cpu = (proc_cpu_seconds(pid) - before) / elapsed
        helpers_now = helpers_cpu_seconds(pid).items()
        helpers_cpu = sum(now - helpers_before.get(child, 0.0) for child, now in helpers_now) / elapsed
        shares.append((bot_cpu, helpers_cpu))
    server_share = None
    if server is not None:  # the server and its backends (each connection's), those that lived through the window
        server_now = server_cpu_seconds(server).items()
        server_share = sum(now - cpu_server.get(child, 0.0) for child, now in server_now) / elapsed
    total = sum(bot + helpers for bot, helpers in shares) + (server_share or 0.0)
    per_move_ms = 1000 * total / max(tally.in_window / elapsed, 1e-9)
    fake_cpu = (time.process_time() - cpu_fake) / elapsed
    if pending:
        await asyncio.wait(pending, timeout=30)
    each = ", ".join(f"{bot:.0%} (+{helpers:.0%} drawing)" for bot, helpers in shares)
    served = ""
    if server_share is not None:  # its own figure too: what a change of the statements a move sends moves
        server_ms = 1000 * server_share / max(tally.in_window / elapsed, 1e-9)
        served = f", PostgreSQL server {server_share:.0%} ({server_ms:.2f} ms a move)"
    counted = "their drawing" if server_share is None else "their drawing and the PostgreSQL server"
    print(
        f"load window {elapsed:.1f} s: CPU of a core per bot process {each}{served}, fake + driver {fake_cpu:.0%}; "
        f"bots' CPU per move {per_move_ms:.1f} ms (with {counted}); ticks with no ready game {missed}; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    return shares, server_share
