"""bench.versus reads each tree's bench.bot output: with a load run per backend it keeps both, named
after their backend, and the ratio of their CPU per move (the PostgreSQL target is a ratio)."""

from __future__ import annotations

from pathlib import Path

from bench.versus import RATIO, Tree, figures, table

ONE_BACKEND = """\
load window 30.0 s: CPU of a core per bot process 16% (+12% drawing); bots' CPU per move 11.2 ms (with their drawing)
statements (650 moves stored in the window): reads per move 4.05, game reads per move 0.02
"""
BOTH = f"""\
== load run on sqlite: 1 bot process(es) ==
{ONE_BACKEND}== load run on postgresql: 2 bot process(es) ==
load window 30.0 s: bots' CPU per move 15.4 ms (with their drawing and the PostgreSQL server)
statements (623 moves stored in the window): reads per move 8.58, game reads per move 3.56
== side by side: 200 games, 40 moves/s asked for 30 s ==
reads per move (of the game)                      4.05 (0.02)                 8.58 (3.56)
"""


def test_one_load_run_keeps_the_plain_names() -> None:
    assert figures(ONE_BACKEND) == {"bot CPU per move (ms)": 11.2, "reads per move": 4.05}


def test_a_load_run_per_backend_keeps_both_and_their_ratio() -> None:
    found = figures(BOTH)
    assert found["bot CPU per move (ms), sqlite"] == 11.2
    assert found["bot CPU per move (ms), postgresql"] == 15.4
    assert found["reads per move, postgresql"] == 8.58
    assert round(found[RATIO], 3) == 1.375


def test_the_table_prints_the_ratio_with_two_decimals() -> None:
    tree = Tree("after", Path("."), runs=[figures(BOTH)])
    assert any(line.startswith(RATIO) and line.endswith("1.38") for line in table([tree]).splitlines())


def test_the_postgresql_servers_own_cpu_per_move_is_kept() -> None:
    """The server's share of a PostgreSQL run is its own figure: the statements a move sends cost there."""
    line = (
        "load window 30.0 s: CPU of a core per bot process 33% (+12% drawing), 11% (+7% drawing), PostgreSQL "
        "server 8% (2.04 ms a move), fake + driver 25%; bots' CPU per move 18.0 ms (with their drawing and the "
        "PostgreSQL server)\n"
    )
    found = figures(line)
    assert found["PostgreSQL server CPU per move (ms)"] == 2.04
    assert found["bot CPU per move (ms)"] == 18.0
