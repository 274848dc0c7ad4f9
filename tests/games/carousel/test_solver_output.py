"""The meld solver prints nothing: HiGHS's version and copyright banner never reaches the standard
output of the process that runs it (the bot's, at the first Carousel meld or hint)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

FIRST_MELD = """\
import sys
print("before", flush=True)
from games.carousel import position
from games.carousel.solver import arrange, best_play
state = position(hands=["7h 8h 9h 2c", "5d"], phase="meld_1")
print("arranged" if arrange(state.table, state.hands[0][:3], copies=1) else "none", flush=True)
best_play(state.table, state.hands[0], copies=1)
print("after", flush=True)
"""


def test_the_first_carousel_meld_prints_no_highs_banner_on_standard_output() -> None:
    """HiGHS prints "Running HiGHS ... Copyright" from its constructor; the solver's first HiGHS comes
    up silent, so the process's standard output holds only what it printed itself, in order."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_MELD], capture_output=True, text=True, check=True, cwd=ROOT, timeout=120
    )
    assert done.stdout.splitlines() == ["before", "arranged", "after"]
    assert "HiGHS" not in done.stderr
