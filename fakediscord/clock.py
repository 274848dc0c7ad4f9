"""The offline Discord's clock: real time, which a test may move forward.

Discord's time-based rules (the 3 s to answer an interaction, the 15-minute interaction token, message
age for 30046, rate-limit windows) all read this clock, so a test checks "after an hour" by moving it
instead of waiting. The bot keeps its own real clock: moving this one is Discord's time passing for the
server side only.
"""

from __future__ import annotations

import time


class Clock:
    """Monotonic seconds (`now`) and Unix time (`wall`), both shifted by what `advance` added."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def wall(self) -> float:
        """Unix time, for headers Discord gives as an epoch (`X-RateLimit-Reset`)."""
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move Discord's time forward (never back: windows and ages only grow)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self.offset += seconds
