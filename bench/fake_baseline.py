"""Latency baseline of the offline Discord: connect, slash round trip, button round trip.

End-to-end tests pay these costs on every step; compare a game's e2e timings against them.
Run: .venv/bin/python -m bench.fake_baseline --connects 20 --commands 200
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from fakediscord import FakeDiscord, Message
from fakediscord.probe import PROBE
from harness.offline import BotHarness


def report(name: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    median = statistics.median(samples)
    print(f"{name:<22} n={len(samples):<4} median={median * 1000:7.2f} ms  p95={p95 * 1000:7.2f} ms")


async def timed(action: Callable[[], Awaitable[object]], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        await action()
        samples.append(time.perf_counter() - start)
    return samples


async def main(connects: int, commands: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        connect_samples = []
        for _ in range(connects):
            async with FakeDiscord() as fake:
                harness = BotHarness(fake, Path(tmp))
                start = time.perf_counter()
                await harness.start(extensions=PROBE)
                connect_samples.append(time.perf_counter() - start)
                await harness.close()
        report("connect (login+ready)", connect_samples)
        async with FakeDiscord() as fake:
            harness = BotHarness(fake, Path(tmp))
            await harness.start(extensions=PROBE)
            alice = fake.users["alice"]
            report("slash /cardroom", await timed(lambda: alice.slash("cardroom"), commands))
            table = await alice.slash("probe table")
            assert isinstance(table, Message)
            report("button (type 7)", await timed(lambda: alice.click(table, label="Join"), commands))
            await harness.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--connects", type=int, default=20)
    parser.add_argument("--commands", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(main(args.connects, args.commands))
