"""Click latency and load of the whole bot, in the offline Discord (real discord.py, real aiohttp).

Figures printed:
- click-to-acknowledgement of a Thirteen move (Play or Pass in a DM hand), beside a bare discord.py
  handler answering a click on the same fake (the probe extension's Join button);
- click-to-table-update: from the click until the table message in the channel shows the move
  (includes the coalescing interval, `Tuning.table_edit_interval`);
- a load run: N concurrent two-player games, moves arriving at R per second for D seconds: p50/p99
  acknowledgement and the process's peak memory (which also holds the fake and its message store).

Run: .venv/bin/python -m bench.bot --moves 200 --games 1000 --rate 100 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import resource
import statistics
import tempfile
import time
from pathlib import Path

from bot.bot import EXTENSIONS
from bot.config import Tuning
from tests.e2e.helpers import hand_message, is_my_turn, version_of
from tests.fakediscord import BotHarness, FakeDiscord, Message, SimUser
from tests.fakediscord_tests.probe import PROBE

TUNING = Tuning(computer_delay=0.01, sweep_interval=1.0)


def summary(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

    return (f"{name:<34} n={len(samples):<6} p50={statistics.median(samples) * 1000:7.2f} ms  "
            f"p95={pick(0.95):7.2f} ms  p99={pick(0.99):7.2f} ms")


async def move_click(user: SimUser, hand: Message) -> tuple[str, Message]:
    """The cheapest legal move from a hand: Pass when allowed, else lead the lowest card (TL-4 safe)."""
    if not hand.component(label="Pass").get("disabled"):
        return "Pass", hand
    select = hand.selects[0]
    chosen = await user.select(hand, select["custom_id"], [select["options"][0]["value"]])
    assert isinstance(chosen, Message)
    return "Play", chosen


async def open_game(fake: FakeDiscord, host: SimUser, guest: SimUser, where) -> Message:  # type: ignore[no-untyped-def]
    lobby = await host.slash("thirteen new", seats=2, where=where)
    assert isinstance(lobby, Message)
    lobby = await guest.click(lobby, label="Join")
    assert isinstance(lobby, Message)
    return await host.click(lobby, label="Start")


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
            print(summary("bare discord.py handler: ack", bare))
            acks: list[float] = []
            table_updates: list[float] = []
            seen: dict[str, int] = {}
            table = await open_game(fake, alice, bob, fake.channel)
            finished = 0
            while len(acks) < moves:
                results = sum("🏆" in m.text for m in fake.messages(fake.channel))
                if results > finished:  # the game ended: open the next one at the same table
                    finished, seen = results, {}
                    table = await open_game(fake, alice, bob, fake.channel)
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
            print(summary("Thirteen move: click -> ack", acks))
            print(summary(f"click -> table edited (interval {edit_interval}s)", table_updates))
            await harness.close()


async def load(games: int, rate: float, seconds: float) -> None:
    """Moves are driven per game: each tick picks the next game round-robin and, if one of its two
    players has a current hand on their turn, makes that player's move. Only those two hand messages
    are read, so the driver stays cheap and the bot (same process and event loop) is what is measured."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(people=()) as fake:
            pairs = [(fake.add_user(f"h{i}"), fake.add_user(f"g{i}")) for i in range(games)]
            channels = [fake.add_channel(f"t{i}") for i in range(games)]
            harness = BotHarness(fake, Path(tmp))
            harness.strict_logs = False
            await harness.start(tuning=TUNING, ready_timeout=60)
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            started = time.perf_counter()
            for start in range(0, games, 25):
                batch = range(start, min(games, start + 25))
                await asyncio.gather(*(open_game(fake, *pairs[i], channels[i]) for i in batch))
            print(f"opened {games} games in {time.perf_counter() - started:.1f} s")
            hands: dict[str, str] = {}
            for user in (u for pair in pairs for u in pair):
                hand = await fake.wait_for_message(user.dm, lambda m: bool(m.buttons), timeout=30)
                hands[user.id] = hand.id
            seen: dict[str, int] = {}
            acks: list[float] = []
            pending: set[asyncio.Task[None]] = set()
            busy: set[int] = set()

            async def one(game: int, user: SimUser, hand: Message) -> None:
                try:
                    label, hand = await move_click(user, hand)
                    begin = time.perf_counter()
                    await user.click(hand, label=label, settle=False)
                    acks.append(time.perf_counter() - begin)
                finally:
                    busy.discard(game)

            interval = 1.0 / rate
            deadline = time.perf_counter() + seconds
            cursor = 0
            next_at = time.perf_counter()
            while time.perf_counter() < deadline:
                for step in range(games):
                    game = (cursor + step) % games
                    if game in busy:
                        continue
                    ready = None
                    for user in pairs[game]:
                        hand = fake.message(hands[user.id])
                        if hand.buttons and is_my_turn(hand) and version_of(hand) > seen.get(user.id, -1):
                            ready = (user, hand)
                            break
                    if ready is None:
                        continue
                    user, hand = ready
                    seen[user.id] = version_of(hand)
                    busy.add(game)
                    cursor = game + 1
                    task = asyncio.create_task(one(game, user, hand))
                    pending.add(task)
                    task.add_done_callback(pending.discard)
                    break
                next_at += interval
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            await asyncio.gather(*pending, return_exceptions=True)
            rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(summary(f"load {games} games @ {rate:g}/s: ack", acks))
            print(f"achieved {len(acks) / seconds:.1f} moves/s; peak RSS {rss_before:.0f} MB after start-up, "
                  f"{rss_after:.0f} MB at the end (bot + fake + its message store, one process)")
            await harness.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=200, help="moves timed for latency")
    parser.add_argument("--interval", type=float, default=1.0, help="table edit interval for the latency run")
    parser.add_argument("--games", type=int, default=1000, help="concurrent games in the load run (0 skips)")
    parser.add_argument("--rate", type=float, default=100.0, help="moves per second in the load run")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the load run")
    args = parser.parse_args()
    asyncio.run(latency(args.moves, args.interval))
    if args.games:
        asyncio.run(load(args.games, args.rate, args.seconds))


if __name__ == "__main__":
    main()
