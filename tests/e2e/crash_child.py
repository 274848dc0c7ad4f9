"""The bot of the crash-consistency test, in a process of its own that the test SIGKILLs.

Started ahead of need (a warm standby): it imports the bot, prints STANDBY_LINE, then waits for one
line on stdin, the crash points of this life (data.crashpoints; "-" for none), and only then opens
the database and connects, exactly as `bench.bot_child` runs the bot. So a restart after a kill costs
the connect, not the imports (1.5 s of a 2-core machine), and 50 kills fit in the test's time.

Run by tests/e2e/test_crash_consistency.py and test_crash_shards_pg.py: python -m tests.e2e.crash_child
    --api-base URL --gateway URL --token T --database PATH|postgresql://... [--shard N --shard-count C]
    --tuning JSON
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import os
import sys

from bench.bot_child import run
from bot.process.config import Settings, Tuning, database_target
from data.crashpoints import ENV

STANDBY_LINE = "crash-child standby"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api-base", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--database", required=True, help="an SQLite file or a postgresql:// URL")
    parser.add_argument("--shard", type=int, help="the gateway shard this process runs (with --shard-count)")
    parser.add_argument("--shard-count", type=int, help="the whole bot's shards, over every process")
    parser.add_argument("--tuning", default="{}")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(STANDBY_LINE, flush=True)
    line = sys.stdin.readline()
    if not line:  # the test went away before this standby was needed
        return
    spec = line.strip()
    if spec != "-":
        os.environ[ENV] = spec
    settings = Settings(
        token=args.token,
        database_path=database_target(args.database),
        api_base=args.api_base,
        gateway_url=args.gateway,
        shard_ids=(args.shard or 0,) if args.shard_count else None,
        shard_count=args.shard_count,
    )
    tuning = dataclasses.replace(Tuning(), **json.loads(args.tuning))
    asyncio.run(run(settings, tuning))


if __name__ == "__main__":
    main()
