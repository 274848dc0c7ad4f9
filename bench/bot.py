"""Click latency and load of the whole bot, in the offline Discord (real discord.py, real aiohttp).

Figures printed:
- click-to-acknowledgement of a Thirteen move (Play or Pass in a DM hand), beside a bare discord.py
  handler answering a click on the same fake (the probe extension's Join button);
- click-to-table-update: from the click until the table message in the channel shows the move
  (includes the coalescing interval, `Tuning.table_edit_interval`);
- REST requests per move that count against Discord's global limit (50/s per bot; interaction
  callbacks and webhooks are exempt), over whole games from Start to the standings: 4-person
  Thirteen, 2-person Sixty-Six, 3-person Carousel, and a 2-person casual Thirteen with a notifying DM per
  turn start and with the turn digest (bench.players.budget; with the messages that notified the people
  per move), at a person's pace (every move
  its own table edit: 20 ms coalescing) and with the production 1 s coalescing at the simulated
  people's speed; at a person's pace twice: within the 15 minutes in which the Start click's token
  edits the table (bot.projection.table), and past them (every table edit over REST, `token_edit_window=0`);
  each figure with first contacts (opening each new player's DM, once per person ever) and without;
  all of it against Discord's rate limits (fakediscord/ratelimits.py, on by default; --rate-limits);
- a load run (bench.bot_load): N concurrent two-player games, moves arriving at R per second for D
  seconds, with the bot in its own process (bench.bot_child): p50/p95/p99 acknowledgement, moves/s
  achieved, the 429s the bot met (by scope) and how long they held its requests, the bot's peak RSS
  beside the fake's, CPU of both (the bot's per move split between its event loop's thread, its other
  threads and its drawing processes, with the drawing CPU per picture). The load run uses the
  production `Tuning` (1 s table coalescing, 5 s sweeps) unless --tuning overrides fields;
- with --backend both, the load run twice: one bot process on SQLite, then two bot processes (shards 0
  and 1 of 2) on one PostgreSQL database; the games are split over two guilds, one on each shard (each
  guild's events at its shard, every DM click at shard 0);
  then both runs side by side: moves/s, ack p50/p95/p99, peak RSS and CPU per process, and the time
  each move spent in the data layer's append (measured inside each bot process).

Run: .venv/bin/python -m bench.bot --moves 200 --games 1000 --rate 100 --seconds 60
     (--moves 0 skips the latency part; --budget 0 the requests per move; --games 0 the load run;
     --profile FILE / --tracemalloc N profile the bot process)
     .venv/bin/python -m bench.bot --moves 0 --budget 0 --games 200 --rate 40 --seconds 30 --backend both
     (PostgreSQL: a throwaway server of bench.pgserver, which needs PostgreSQL's server binaries, initdb
     and pg_ctl; or --postgres postgresql://... names a database to use, e.g. one started by
     `python -m bench.pgserver start FOLDER`)
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import tempfile
import time
from pathlib import Path

from bench.bot_load import RunFigures, line, load, move_click, open_game, side_by_side
from bench.players import budget as request_budget
from bench.players.common import hand_message, is_my_turn, version_of
from bot.process.bot import EXTENSIONS, CardBot
from bot.process.config import Tuning
from fakediscord import FakeDiscord, Message, SimUser
from fakediscord.probe import PROBE
from harness.offline import BotHarness

TUNING = Tuning(computer_delay=0.01, sweep_interval=1.0)


def waiting_hand(fake: FakeDiscord, users: list[SimUser], after: dict[str, int]) -> tuple[SimUser, Message] | None:
    for user in users:
        hand = hand_message(fake, user)
        if hand is not None and is_my_turn(hand) and version_of(hand) > after.get(user.id, -1):
            return user, hand
    return None


async def latency(moves: int, edit_interval: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            harness = BotHarness(fake, Path(tmp))
            harness.strict_logs = False
            tuning = dataclasses.replace(TUNING, table_edit_interval=edit_interval)
            await harness.start(extensions=(*EXTENSIONS, *PROBE), tuning=tuning)
            alice, bob = fake.users["alice"], fake.users["bob"]
            probe = await alice.slash("probe table")
            assert isinstance(probe, Message)
            bare = []
            for _ in range(moves):
                start = time.perf_counter()
                await alice.click(probe, label="Join", settle=False)
                bare.append(time.perf_counter() - start)
            print(line("bare discord.py handler: ack", bare))
            acks: list[float] = []
            table_updates: list[float] = []
            seen: dict[str, int] = {}
            table = await open_game(alice, bob, fake.channel)
            finished = 0
            while len(acks) < moves:
                results = sum("🏆" in m.text for m in fake.messages(fake.channel))
                if results > finished:  # the game ended: open the next one at the same table
                    finished, seen = results, {}
                    table = await open_game(alice, bob, fake.channel)
                found = waiting_hand(fake, [alice, bob], seen)
                if found is None:
                    await asyncio.sleep(0.002)
                    continue
                user, hand = found
                seen[user.id] = version_of(hand)
                label, hand = await move_click(user, hand)
                edits_before = fake.message(table).edits
                start = time.perf_counter()
                await user.click(hand, label=label, settle=False)
                acks.append(time.perf_counter() - start)
                while fake.message(table).edits == edits_before:
                    await asyncio.sleep(0.001)
                table_updates.append(time.perf_counter() - start)
            print(line("Thirteen move: click -> ack", acks))
            print(line(f"click -> table edited (interval {edit_interval}s)", table_updates))
            await harness.close()


async def budget_run(game: str, interval: float, window: float) -> request_budget.Budget:
    """One whole game of `game` on a fresh fake and bot: its requests against the global limit."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            harness = BotHarness(fake, Path(tmp))
            harness.strict_logs = False
            tuning = dataclasses.replace(
                TUNING,
                table_edit_interval=interval,
                computer_delay=0.005,
                drawing_processes=0,
                token_edit_window=window,
            )
            bot = await harness.start(tuning=tuning)
            assert isinstance(bot, CardBot)
            played = await GAMES[game](fake, bot)
            await harness.close()
            return played


GAMES = {
    "thirteen": request_budget.thirteen,
    "sixty-six": request_budget.sixty_six,
    "carousel": request_budget.carousel,
    "casual thirteen": request_budget.casual_thirteen,
    "casual thirteen, digest": request_budget.casual_thirteen_digest,
}


BUDGET_RUNS = (
    ("a person's pace", 0.02, Tuning().token_edit_window),
    ("a person's pace, past the Start token (table over REST)", 0.02, 0.0),
    ("fast clicks, 1 s coalescing", 1.0, Tuning().token_edit_window),
)


def budgets(runs: int) -> None:
    for label, interval, window in BUDGET_RUNS:
        for game in GAMES:
            results = [asyncio.run(budget_run(game, interval, window)) for _ in range(runs)]
            per_move = sorted(r.per_move for r in results)
            known = sorted(r.per_move_known_players for r in results)
            print(
                f"requests per move, {results[0].game}, {label}: median {per_move[len(per_move) // 2]:.2f} "
                f"(min {per_move[0]:.2f}, max {per_move[-1]:.2f}, {runs} games; "
                f"{known[len(known) // 2]:.2f} without first contacts) · e.g. {results[0].line()}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=200, help="moves timed for latency")
    parser.add_argument("--interval", type=float, default=1.0, help="table edit interval for the latency run")
    parser.add_argument("--budget", type=int, default=3, help="games per figure of requests per move (0 skips)")
    parser.add_argument("--games", type=int, default=1000, help="concurrent games in the load run (0 skips)")
    parser.add_argument("--rate", type=float, default=100.0, help="moves per second in the load run")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load run, after all games open")
    parser.add_argument("--tuning", default="{}", help='Tuning fields for the load run, JSON: {"sweep_interval": 1}')
    parser.add_argument("--profile", type=Path, help="cProfile of the load run's bot process (its event loop thread)")
    parser.add_argument("--tracemalloc", type=int, default=0, help="top N allocation sites of the load run's bot")
    parser.add_argument(
        "--backend",
        choices=("sqlite", "postgresql", "both"),
        default="sqlite",
        help="the load run's bot: one process on SQLite, two shard processes on PostgreSQL, or both runs",
    )
    parser.add_argument("--postgres", help="postgresql:// URL for the PostgreSQL run (default: a throwaway server)")
    parser.add_argument(
        "--rate-limits",
        type=float,
        default=1.0,
        help="the load run's Discord rate limits: 1 at Discord's timing, 0.1 windows ten times shorter, 0 off",
    )
    args = parser.parse_args()
    if args.moves:
        asyncio.run(latency(args.moves, args.interval))
    if args.budget:
        budgets(args.budget)
    if args.games:
        tuning = json.loads(args.tuning)
        backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
        runs: list[RunFigures] = []
        for backend in backends:
            runs.append(
                asyncio.run(
                    load(args.games, args.rate, args.seconds, tuning=tuning, backend=backend, postgres=args.postgres,
                         profile=args.profile, trace_top=args.tracemalloc, rate_limits=args.rate_limits)
                )
            )  # fmt: skip
        print(f"== side by side: {args.games} games, {args.rate:g} moves/s asked for {args.seconds:g} s ==")
        print(side_by_side(runs))


if __name__ == "__main__":
    main()
