"""Named points where a crash-consistency test has this process killed (SIGKILL), and nowhere else.

Only when CARDROOM_TEST_CRASH_AT is set, which production never does: "after_move:3,after_final_move"
kills the process the third time `after_move` is reached, or the first time `after_final_move` is.
A random kill lands anywhere; a named one lands exactly where a crash is most likely to lose something
(after a commit, before anyone is told; inside the final move's transaction, before its COMMIT).
The point's name goes to stderr first, so the test knows where each process died.
"""

from __future__ import annotations

import os
import signal
from collections import Counter

ENV = "CARDROOM_TEST_CRASH_AT"
_hits: Counter[str] = Counter()


def reached(point: str) -> None:
    """Die here if the test asked for it (see the module docstring); otherwise do nothing."""
    spec = os.environ.get(ENV)
    if not spec:
        return
    _hits[point] += 1
    for item in spec.split(","):
        name, _, count = item.strip().partition(":")
        if name == point and _hits[point] >= int(count or 1):
            os.write(2, f"crash-point {point}\n".encode())
            os.kill(os.getpid(), signal.SIGKILL)
