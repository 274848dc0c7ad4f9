"""The crash storms run once per run because xdist's `loadgroup` sends a module's grouped tests to one
worker (pyproject: `--dist loadgroup`); a pytest and pytest-xdist pair that loses the grouping would run a
storm on every worker, two at once on two cores. This runs a small grouped module the suite's way."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

GROUPED = '''
import os
import pytest

pytestmark = pytest.mark.xdist_group("storm")


@pytest.fixture(scope="module")
def storm(tmp_path_factory):
    with open(os.environ["STORMS"], "a") as log:
        log.write(os.environ.get("PYTEST_XDIST_WORKER", "main") + "\\n")


def test_one(storm): pass
def test_two(storm): pass
def test_three(storm): pass
def test_four(storm): pass
'''
OTHERS = "".join(f"def test_other_{n}(): pass\n" for n in range(6))


def test_a_grouped_modules_fixture_is_set_up_once_across_workers(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "test_others.py").write_text(OTHERS)
    storms = tmp_path / "storms.log"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup",
         "-o", "addopts=", "-c", "/dev/null", "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True, text=True, env={**os.environ, "STORMS": str(storms)}, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(storms.read_text().split()) == 1, storms.read_text()
