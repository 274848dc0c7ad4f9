"""Benchmark figures live in bench/'s output and the README, never in the code's docstrings or comments.

A measured duration or rate written beside the code goes stale the day the code changes and nobody
measures again; the code says why it is built so, and bench/ prints how fast it is.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = ("bot", "cogs", "data", "games", "rendering", "terminal", "fakediscord")
# A number followed by a unit of time or a rate of moves: "19 ms", "85 µs", "62 moves/s".
MEASURED = re.compile(r"\d[\d,.]*\s?(?:ms|µs|us|moves/s|moves a second)\b")


def measured_figures(text: str) -> list[str]:
    return [match.group(0) for match in MEASURED.finditer(text)]


def test_no_production_module_quotes_a_measured_time_or_rate():
    """No .py in the production packages says "N ms", "N µs" or "N moves/s" (bench/ prints those)."""
    found = {
        path.relative_to(ROOT).as_posix(): figures
        for package in PRODUCTION
        for path in sorted((ROOT / package).rglob("*.py"))
        if (figures := measured_figures(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_figure_check_sees_durations_and_rates():
    """The pattern catches the ways figures were written, and leaves plain numbers be."""
    figures = measured_figures("held the lock 19 ms (p50); 62 moves/s; ~85 µs under load")
    assert figures == ["19 ms", "62 moves/s", "85 µs"]
    assert measured_figures("at most 5 rows; 90 s a turn; 1,000 games") == []
