"""The load run of `bench.bot` in several checkouts, alternated in one run of the machine, side by side.

A figure measured today cannot be set beside one measured last week: this machine's speed drifts with
its neighbours' load. So the trees compared run in turn (A, B, C, A, B, C, ...) inside one invocation,
each with its own code, its own offline Discord and its own `bench.bot`, and the table gives each
tree's median of its runs beside the others', with the load average seen before each run.

Each tree is a checkout with its own `.venv` (`bash scripts/setup.sh` there). Options of `bench.bot`
that an older tree does not have are dropped for that tree (and said so), so one command line serves
commits from before an option existed.

Run: .venv/bin/python -m bench.versus --tree main=. --tree before=/path/to/checkout --runs 2 \\
         -- --moves 0 --budget 0 --games 1000 --rate 100 --seconds 40
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

# What each run prints that the table compares; the patterns accept every tree's wording since the
# load run was written (an older one says "bot CPU per move", a newer "bots' CPU per move").
PATTERNS: dict[str, re.Pattern[str]] = {
    "moves/s achieved": re.compile(r"moves acknowledged in the window \d+ in [\d.]+ s = ([\d.]+) moves/s"),
    "ack p50 (ms)": re.compile(r"load: move click -> ack.*?p50=\s*([\d.na]+) ms"),
    "ack p99 (ms)": re.compile(r"load: move click -> ack.*?p99=\s*([\d.na]+) ms"),
    "bot CPU per move (ms)": re.compile(r"bots?'? CPU per move ([\d.]+) ms"),
    "move append p50 (ms)": re.compile(r"move appends \d+, mean [\d.na]+ ms, p50 ([\d.na]+) ms"),
    "move append p99 (ms)": re.compile(r"move appends \d+, mean [\d.na]+ ms, p50 [\d.na]+ ms, p99 ([\d.na]+) ms"),
    "drawing CPU per picture (ms)": re.compile(r"drawing CPU per picture ([\d.na]+) ms"),
    "event loop CPU per move (ms)": re.compile(r"CPU per move in the event loop's thread ([\d.na]+) ms"),
    "other threads' CPU per move (ms)": re.compile(r"in the bot's other threads ([\d.na-]+) ms"),
    "PostgreSQL server CPU per move (ms)": re.compile(r"PostgreSQL server \d+% \(([\d.]+) ms a move\)"),
    "reads per move": re.compile(r"reads per move ([\d.]+)"),
    "write statements per move": re.compile(r"write statements per move ([\d.]+)"),
    "429s met": re.compile(r"load window: 429s met (\d+)"),
    "young GC longest (ms)": re.compile(r"garbage collections in the window: young \d+ \(\d+ ms, the longest (\d+) ms"),
    "middle GC longest (ms)": re.compile(r"middle \d+ \(\d+ ms, the longest (\d+) ms"),
}


@dataclass
class Tree:
    """One checkout compared: its label, its folder, and the figures of each of its runs."""

    label: str
    path: Path
    runs: list[dict[str, float]] = field(default_factory=list)
    loads: list[str] = field(default_factory=list)

    def options(self) -> set[str]:
        """The `--options` this tree's bench.bot accepts, read from its own --help."""
        shown = subprocess.run(
            [self.python, "-m", "bench.bot", "--help"], cwd=self.path, capture_output=True, text=True, check=True
        ).stdout
        return set(re.findall(r"(--[a-z][a-z-]*)", shown))

    @property
    def python(self) -> str:
        return str(self.path / ".venv" / "bin" / "python")


def tree_of(text: str) -> Tree:
    label, _, path = text.partition("=")
    if not path:
        raise argparse.ArgumentTypeError(f"--tree takes LABEL=PATH, not {text!r}")
    return Tree(label, Path(path).resolve())


def kept(arguments: list[str], known: set[str]) -> tuple[list[str], list[str]]:
    """`arguments` without the options `known` lacks (each with its value), and the ones dropped."""
    out: list[str] = []
    dropped: list[str] = []
    index = 0
    while index < len(arguments):
        name = arguments[index]
        takes_value = index + 1 < len(arguments) and not arguments[index + 1].startswith("--")
        width = 2 if takes_value else 1
        if name.startswith("--") and name.split("=")[0] not in known:
            dropped.append(" ".join(arguments[index : index + width]))
        else:
            out.extend(arguments[index : index + width])
        index += width
    return out, dropped


SECTION = re.compile(r"^== load run on (\w+)", re.MULTILINE)  # one per backend with --backend both
CPU = "bot CPU per move (ms)"
RATIO = "CPU per move, postgresql / sqlite"  # the PostgreSQL run's processes summed, against the one bot's


def figures(output: str) -> dict[str, float]:
    """The figures of one bench.bot run; with a load run per backend, each named after its backend, and
    the ratio of their CPU per move (the same run of the machine, so the ratio is the figure to compare)."""
    sections = list(SECTION.finditer(output))
    if len(sections) < 2:
        return _figures_of(output)
    found: dict[str, float] = {}
    for index, section in enumerate(sections):
        end = sections[index + 1].start() if index + 1 < len(sections) else len(output)
        for name, value in _figures_of(output[section.start() : end]).items():
            found[f"{name}, {section[1]}"] = value
    sqlite, postgresql = found.get(f"{CPU}, sqlite"), found.get(f"{CPU}, postgresql")
    if sqlite and postgresql:
        found[RATIO] = postgresql / sqlite
    return found


def _figures_of(output: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for name, pattern in PATTERNS.items():
        match = pattern.search(output)
        if match is not None:
            try:
                found[name] = float(match.group(1))
            except ValueError:
                continue
    return found


def table(trees: list[Tree]) -> str:
    names = list(dict.fromkeys(name for tree in trees for run in tree.runs for name in run))
    width = max(len(name) for name in names) + 2 if names else 10
    lines = ["".ljust(width) + "".join(tree.label.rjust(16) for tree in trees)]
    for name in names:
        cells = []
        for tree in trees:
            values = [run[name] for run in tree.runs if name in run]
            digits = 2 if name == RATIO else 1
            cells.append((f"{statistics.median(values):.{digits}f}" if values else "-").rjust(16))
        lines.append(name.ljust(width) + "".join(cells))
    lines.append("runs (each)".ljust(width) + "".join(str(len(tree.runs)).rjust(16) for tree in trees))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", type=tree_of, action="append", required=True, help="LABEL=PATH of a checkout")
    parser.add_argument("--runs", type=int, default=2, help="runs of each tree, alternated")
    parser.add_argument("arguments", nargs=argparse.REMAINDER, help="-- then bench.bot's options")
    args = parser.parse_args()
    arguments = [arg for arg in args.arguments if arg != "--"]
    trees: list[Tree] = args.tree
    plans = {}
    for tree in trees:
        plans[tree.label], dropped = kept(arguments, tree.options())
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=tree.path, capture_output=True, text=True
        ).stdout.strip()
        said = f"; drops {', '.join(dropped)}" if dropped else ""
        print(f"{tree.label}: {tree.path.name} at {commit or '?'}{said}")
    for round_ in range(args.runs):
        for tree in trees:
            load = " ".join(f"{value:.2f}" for value in os.getloadavg())
            tree.loads.append(load)
            done = subprocess.run(
                [tree.python, "-m", "bench.bot", *plans[tree.label]], cwd=tree.path, capture_output=True, text=True
            )
            found = figures(done.stdout)
            tree.runs.append(found)
            shown = ", ".join(f"{name} {value:.3g}" for name, value in found.items())
            print(f"run {round_ + 1} {tree.label} (load average before: {load}): {shown or done.stderr[-500:]}")
            sys.stdout.flush()
    print("== medians ==")
    print(table(trees))
    return 0


if __name__ == "__main__":
    sys.exit(main())
