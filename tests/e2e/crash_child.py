"""The bot of the crash-consistency test, in a process of its own that the test SIGKILLs.

Started ahead of need (a warm standby): it imports the bot, prints STANDBY_LINE, then waits for one
line on stdin, the crash points of this life (data.crashpoints; "-" for none), and only then opens
the database and connects, exactly as `bench.bot_child` runs the bot. So a restart after a kill costs
the connect, not the imports (1.5 s of a 2-core machine), and 50 kills fit in the test's time.

Run by tests/e2e/test_crash_consistency.py: python -m tests.e2e.crash_child --api-base URL
    --gateway URL --token T --database PATH --tuning JSON
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import os
import sys
from pathlib import Path

from bench.bot_child import run
from bot.config import Settings, Tuning
from data.crashpoints import ENV

STANDBY_LINE = "crash-child standby"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api-base", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--database", type=Path, required=True)
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
        token=args.token, database_path=args.database, api_base=args.api_base, gateway_url=args.gateway
    )
    tuning = dataclasses.replace(Tuning(), **json.loads(args.tuning))
    asyncio.run(run(settings, tuning))


if __name__ == "__main__":
    main()
