"""Snapshots stored while the engine logged sentences still load (design §2: a table continues after
an upgrade). fixtures/main_snapshots.json was written by the engine of that time: a seeded game with
its move codes and snapshots taken mid-hand and at the end."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.carousel import ENGINE, Melded, State
from rendering.carousel import log_text

STORED: dict[str, Any] = json.loads((Path(__file__).parent / "fixtures" / "main_snapshots.json").read_text("utf-8"))
OLD_NAMES = tuple(f"Seat {seat + 1}" for seat in range(STORED["players"]))


def replayed(moves: int) -> State:
    state = ENGINE.replay(STORED["players"], STORED["seed"], STORED["options"], STORED["moves"][:moves])
    assert isinstance(state, State)
    return state


@pytest.mark.parametrize("moves", sorted(STORED["snapshots"], key=int))
def test_ca12_an_old_snapshot_loads_equal_to_the_replay_of_its_moves(moves: str) -> None:
    """CA-12: an old snapshot with a text log loads as the state its moves replay to, its log read back."""
    old = STORED["snapshots"][moves]
    assert all(isinstance(line, str) for line in old["log"])
    loaded, fresh = ENGINE.from_dict(old), replayed(int(moves))
    assert replace(loaded, log=fresh.log) == fresh  # the old sentences named melded cards without copies
    assert [log_text(entry, OLD_NAMES) for entry in loaded.log] == old["log"]
    assert [log_text(entry, OLD_NAMES) for entry in fresh.log] == old["log"]
    assert any(isinstance(entry, Melded) for entry in loaded.log)


def test_ca12_an_old_snapshot_reloads_from_its_new_form() -> None:
    """CA-12: an old snapshot written back out stores records, and reads back to the same state."""
    loaded = ENGINE.from_dict(STORED["snapshots"][max(STORED["snapshots"], key=int)])
    again = loaded.to_dict()
    assert not any(isinstance(item, str) for item in again["log"])
    assert ENGINE.from_dict(json.loads(json.dumps(again))) == loaded
