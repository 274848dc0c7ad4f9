"""The load run of `bench.bot`: N concurrent two-player Thirteen games, moves arriving at R per second.

Two processes, so that what is measured is the bot alone:
- this one holds the fake Discord (REST + gateway on 127.0.0.1) and the simulated players, who talk
  to the fake directly;
- the bot runs in a child process (`bench.bot_child`, CardBot as `python -m bot` starts it), aimed at
  the fake's URL, with its own event loop, threads and memory.

Acknowledgement latency is taken by the fake: from dispatching INTERACTION_CREATE to the arrival of
the bot's interaction callback (`FakeDiscord.ack_log`). The bot's peak RSS is its VmHWM; the fake's
is this process's. CPU is reported for both, as a share of one core, over the load window only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bot_child import READY_LINE
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
    checked: dict[str, int] = field(default_factory=dict)  # user id -> edit count last looked at
    moved_at: dict[str, int] = field(default_factory=dict)  # user id -> version they last moved at
    busy: bool = False
    over: bool = False


@dataclass
class Tally:
    moves: int = 0
    window_end: float = float("inf")  # perf_counter time the load window closes
    in_window: int = 0  # moves acknowledged before it closed (the achieved rate counts these)
    errors: Counter[str] = field(default_factory=Counter)
    click_wall: list[float] = field(default_factory=list)  # driver side: the click() call, start to return


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


def ready_player(fake: FakeDiscord, game: Game) -> tuple[SimUser, Message] | None:
    """The player of `game` whose turn it is, with their hand, if that hand is new to the driver.

    Only hands whose edit count changed are copied out of the store (a snapshot is a JSON round trip),
    so a scan over a thousand idle games stays cheap."""
    for user in game.players:
        hand_id = game.hands[user.id]
        edits = fake.edit_count(hand_id)
        if game.checked.get(user.id) == edits:
            continue
        game.checked[user.id] = edits
        hand = fake.message(hand_id)
        if not hand.buttons:
            game.over = "is over" in hand.text
            continue
        if is_my_turn(hand) and version_of(hand) > game.moved_at.get(user.id, -1):
            return user, hand
    return None


async def play_one(fake: FakeDiscord, game: Game, user: SimUser, hand: Message, tally: Tally) -> None:
    try:
        label, hand = await move_click(user, hand)
        begin = time.perf_counter()
        await user.click(hand, label=label, settle=False)
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
    process: asyncio.subprocess.Process
    report_path: Path
    exited: asyncio.Task[int]


async def start_child(
    fake: FakeDiscord, tmp: Path, tuning: dict[str, Any], profile: Path | None, trace_top: int, timeout: float
) -> Child:
    report = tmp / "bot-report.json"
    command = [
        sys.executable, "-m", "bench.bot_child", "--api-base", fake.api_base, "--gateway", fake.gateway_url,
        "--token", fake.token, "--database", str(tmp / "cardroom.db"), "--report", str(report),
        "--tuning", json.dumps(tuning),
    ]  # fmt: skip
    if profile is not None:
        command += ["--profile", str(profile.resolve())]
    if trace_top:
        command += ["--tracemalloc", str(trace_top)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = await asyncio.create_subprocess_exec(
        *command, cwd=ROOT, env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    exited = asyncio.create_task(process.wait())
    fake.watch(exited)  # a dead bot fails every wait at once instead of after its timeout
    assert process.stdout is not None
    async with asyncio.timeout(timeout):
        while (text := await process.stdout.readline()) and READY_LINE not in text.decode():
            pass
    if process.returncode is not None:
        raise RuntimeError(f"the bot process exited with {process.returncode} before it was ready")
    return Child(process, report, exited)


async def stop_child(fake: FakeDiscord, child: Child) -> dict[str, Any]:
    fake.unwatch(child.exited)
    child.process.terminate()  # SIGTERM: the bot closes cleanly and writes its report
    try:
        await asyncio.wait_for(asyncio.shield(child.exited), 60)
    except TimeoutError:
        print("the bot did not stop within 60 s of SIGTERM; killing it")
        child.process.kill()
        await child.exited
        return {}
    return dict(json.loads(child.report_path.read_text()))


async def sample_memory(pid: int, peaks: dict[str, float], stop: asyncio.Event, period: float = 0.5) -> None:
    """Track the bot's and the fake's RSS while the run lasts (VmHWM is read at the end too)."""
    while not stop.is_set():
        with contextlib.suppress(OSError):
            rss, _ = proc_memory_mb(pid)
            peaks["bot_rss"] = max(peaks.get("bot_rss", 0.0), rss)
        peaks["fake_rss"] = own_peak_mb()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), period)


async def load(
    games: int,
    rate: float,
    seconds: float,
    *,
    tuning: dict[str, Any],
    profile: Path | None = None,
    trace_top: int = 0,
    open_batch: int = 25,
) -> None:
    """Open `games` two-player Thirteen games, then make moves at `rate` per second for `seconds`."""
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        async with FakeDiscord(people=(), record_requests=False) as fake:
            fake.settle_timeout = 30.0  # a person waits this long for a deferred answer (opening is a burst)
            players = [(fake.add_user(f"h{i}"), fake.add_user(f"g{i}")) for i in range(games)]
            channels = [fake.add_channel(f"t{i}") for i in range(games)]
            child = await start_child(fake, tmp, tuning, profile, trace_top, timeout=120)
            pid = child.process.pid
            print(f"bot process {pid} ready; bot RSS {proc_memory_mb(pid)[0]:.0f} MB, fake {own_peak_mb():.0f} MB")
            peaks: dict[str, float] = {}
            stop = asyncio.Event()
            sampler = asyncio.create_task(sample_memory(pid, peaks, stop))
            try:
                table = [Game(i, pair) for i, pair in enumerate(players)]
                started = time.perf_counter()
                for first in range(0, games, open_batch):
                    batch = range(first, min(games, first + open_batch))
                    await asyncio.gather(*(open_game(*players[i], channels[i]) for i in batch))
                for game in table:
                    for user in game.players:
                        hand = await fake.wait_for_message(user.dm, lambda m: bool(m.buttons), timeout=60)
                        game.hands[user.id] = hand.id
                print(
                    f"opened {games} games in {time.perf_counter() - started:.1f} s; "
                    f"bot RSS {proc_memory_mb(pid)[0]:.0f} MB"
                )
                fake.ack_log = []
                tally = Tally()
                await drive(fake, table, rate, seconds, tally, pid)
                _, bot_hwm = proc_memory_mb(pid)
                helpers = helpers_memory_mb(pid)
            finally:
                stop.set()
                await sampler
                report = await stop_child(fake, child)
            print(line("load: move click -> ack (fake's clock)", acks_of(fake, ("play", "pass"))))
            print(line("load: card select -> ack", acks_of(fake, ("sel",))))
            print(line("load: move click() call (driver side)", tally.click_wall))
            over = sum(game.over for game in table)
            print(
                f"moves acknowledged in the window {tally.in_window} in {seconds:g} s = "
                f"{tally.in_window / seconds:.1f} moves/s (target {rate:g}); {tally.moves} with those in flight "
                f"at its end; interactions {len(fake.ack_log)}; errors {dict(tally.errors) or 'none'}; "
                f"games over {over}"
            )
            bot_peak = max(bot_hwm, report.get("peak_rss_mb", 0))
            print(
                f"bot peak RSS {bot_peak:.0f} MB (VmHWM; sampled max {peaks.get('bot_rss', 0):.0f} MB); "
                f"its {helpers[0]} helper processes (forkserver, drawing) {helpers[1]:.0f} MB peak RSS summed, "
                f"{helpers[2]:.0f} MB PSS; bot + helpers at most {bot_peak + helpers[1]:.0f} MB; "
                f"fake + driver peak RSS {own_peak_mb():.0f} MB"
            )
            if "top_allocations" in report:
                print(f"bot tracemalloc: {report['traced_mb']:.0f} MB traced now, {report['traced_peak_mb']:.0f} peak")
                print("\n".join(report["top_allocations"]))


async def drive(fake: FakeDiscord, table: list[Game], rate: float, seconds: float, tally: Tally, pid: int) -> None:
    """Every 1/rate s, start one move in the next game (round robin) whose player to act has a fresh hand."""
    pending: set[asyncio.Task[None]] = set()
    interval = 1.0 / rate
    cpu_bot, cpu_fake, cpu_helpers = proc_cpu_seconds(pid), time.process_time(), helpers_cpu_seconds(pid)
    begin = time.perf_counter()
    deadline = tally.window_end = begin + seconds
    next_at, cursor, missed = begin, 0, 0
    next_report = begin + 10
    while (now := time.perf_counter()) < deadline:
        for step in range(len(table)):
            game = table[(cursor + step) % len(table)]
            if game.busy or game.over:
                continue
            found = ready_player(fake, game)
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
            print(
                f"  t={now - begin:4.0f}s moves={tally.moves} in flight={len(pending)} "
                f"bot RSS={proc_memory_mb(pid)[0]:.0f} MB ack p50={p50:.1f} p99={p99:.1f} ms",
                flush=True,
            )
        next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    elapsed = time.perf_counter() - begin
    bot_cpu = (proc_cpu_seconds(pid) - cpu_bot) / elapsed
    helpers_cpu = sum(now - cpu_helpers.get(child, 0.0) for child, now in helpers_cpu_seconds(pid).items()) / elapsed
    per_move_ms = 1000 * (bot_cpu + helpers_cpu) / max(tally.in_window / elapsed, 1e-9)
    fake_cpu = (time.process_time() - cpu_fake) / elapsed
    if pending:
        await asyncio.wait(pending, timeout=30)
    print(
        f"load window {elapsed:.1f} s: CPU bot {bot_cpu:.0%} of a core, its drawing processes {helpers_cpu:.0%}, "
        f"fake + driver {fake_cpu:.0%}; bot CPU per move {per_move_ms:.1f} ms (with its drawing); "
        f"ticks with no ready game {missed}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
