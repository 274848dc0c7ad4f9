"""Reading a move or a state needs no computer player: moves.py and state.py never import a game's AI or solver."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from games.registry import KINDS

HEAVY = ("ai", "solver")


@pytest.mark.parametrize("kind", KINDS)
def test_moves_and_state_import_no_ai_or_solver(kind: str) -> None:
    """design §2: `games.<kind>.moves` and `games.<kind>.state` load neither `<kind>.ai*` nor `<kind>.solver`."""
    probe = (
        "import json, sys\n"
        f"import games.{kind}.moves, games.{kind}.state\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    prefix = f"games.{kind}."
    heavy = [name for name in loaded if name.startswith(prefix) and name[len(prefix) :].startswith(HEAVY)]
    assert heavy == []
    assert "highspy" not in loaded
