"""Snapshots stored while the engine logged sentences still load (design §2: a table continues after
an upgrade). fixtures/main_snapshots.json was written by the engine of that time: a seeded series
with its move codes and snapshots taken mid-deal, right after deals were scored and at the end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.schnapsen import ENGINE, LogEntry, State
from rendering.schnapsen import log_text

STORED: dict[str, Any] = json.loads((Path(__file__).parent / "fixtures" / "main_snapshots.json").read_text("utf-8"))
NAMES = ("Ann", "Bob")


def replayed(moves: int) -> State:
    state = ENGINE.replay(STORED["players"], STORED["seed"], STORED["options"], STORED["moves"][:moves])
    assert isinstance(state, State)
    return state


@pytest.mark.parametrize("moves", sorted(STORED["snapshots"], key=int))
def test_sx15_an_old_snapshot_loads_equal_to_the_replay_of_its_moves(moves: str) -> None:
    """SX-15: an old snapshot, text log and deal summary included, loads as the state its moves replay to."""
    old = STORED["snapshots"][moves]
    assert all(isinstance(line, str) for line in old["log"])
    loaded = ENGINE.from_dict(old)
    assert loaded == replayed(int(moves))
    assert [log_text(entry, ("Player 1", "Player 2")) for entry in loaded.log] == old["log"]


def test_sx15_an_old_snapshot_reloads_from_its_new_form() -> None:
    """SX-15: an old snapshot written back out stores records, and reads back to the same state."""
    loaded = ENGINE.from_dict(STORED["snapshots"][max(STORED["snapshots"], key=int)])
    again = loaded.to_dict()
    assert not any(isinstance(item, str) for item in again["log"]) and "text" not in (again["last_deal"] or {})
    assert ENGINE.from_dict(json.loads(json.dumps(again))) == loaded


def test_sx15_an_unknown_old_sentence_is_left_out_of_the_log() -> None:
    """SX-15: a sentence the reader does not know drops out of the log window; the state still loads."""
    old = dict(STORED["snapshots"][min(STORED["snapshots"], key=int)])
    old["log"] = [*old["log"], "Player 1 hums a tune"]
    loaded = ENGINE.from_dict(old)
    entries: tuple[LogEntry, ...] = loaded.log
    assert len(entries) == len(old["log"]) - 1
    assert log_text(entries[0], NAMES).startswith("Deal 1: Bob deals")
