"""A health line per process in the log every `Tuning.health_interval` seconds: what an operator of
several processes reads to see that each is alive and doing its share.

    health: shards=0,1/4 games_owned=12 takeovers=0 loop_lag_ms=3 drawing=processes drawing_lost=0

`loop_lag_ms` is how late the event loop woke up from a timed sleep (the worst of the last interval's
probes): a loop that is busy for long (a slow image, a blocking call) answers clicks late by as much.
`games_owned` is -1 for a process that owns every game (one process on SQLite). `drawing` says whether
pictures come from the drawing processes or, once those broke, from the bot's own threads;
`drawing_lost` counts drawing processes that died and were started again (rendering.pool).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

PROBE_SECONDS = 0.25  # how often the loop's lag is probed


class Health:
    def __init__(self, interval: float, line: Callable[[float], str]) -> None:
        self.interval = interval
        self.line = line  # given the worst lag (seconds) of the interval, the rest of the line
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.interval > 0 and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._run(), name="health")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        probe = min(PROBE_SECONDS, self.interval)
        while True:
            worst = 0.0
            end = time.monotonic() + self.interval
            while time.monotonic() < end:
                asked = time.monotonic()
                await asyncio.sleep(probe)
                worst = max(worst, time.monotonic() - asked - probe)
            try:
                log.info("health: %s", self.line(worst))
            except Exception:
                log.exception("could not write the health line")
