"""Snapshots stored while the engine wrote each hand's score as a sentence still load (design §2: a
table continues after an upgrade). fixtures/main_snapshots.json was written by the engine of that
time: a seeded Hollywood match with its move codes and snapshots taken mid-hand, after hands were
scored and at the end (a game closed, every bonus named)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.gin import ENGINE, State
from rendering.gin import hand_text

STORED: dict[str, Any] = json.loads((Path(__file__).parent / "fixtures" / "main_snapshots.json").read_text("utf-8"))
SCORED = sorted((moves for moves, data in STORED["snapshots"].items() if data["last_hand"]), key=int)


def replayed(moves: int) -> State:
    state = ENGINE.replay(STORED["players"], STORED["seed"], STORED["options"], STORED["moves"][:moves])
    assert isinstance(state, State)
    return state


@pytest.mark.parametrize("moves", sorted(STORED["snapshots"], key=int))
def test_gr11_an_old_snapshot_loads_equal_to_the_replay_of_its_moves(moves: str) -> None:
    """GR-11: an old snapshot, its hand summary's sentence included, loads as the state its moves replay to."""
    assert ENGINE.from_dict(STORED["snapshots"][moves]) == replayed(int(moves))


@pytest.mark.parametrize("moves", SCORED)
def test_gr11_an_old_summary_reads_as_it_did(moves: str) -> None:
    """GR-11, GR-13: the words say an old hand's score exactly as the engine's sentence did."""
    old = STORED["snapshots"][moves]
    loaded = ENGINE.from_dict(old)
    assert loaded.last_hand is not None
    assert hand_text(loaded.last_hand, ("Player 1", "Player 2")) == old["last_hand"]["text"]


def test_gr13_the_fixture_closes_a_game() -> None:
    """GR-13: the stored match ends with a closed game, so the bonus sentences are read back too."""
    final = STORED["snapshots"][SCORED[-1]]["last_hand"]
    assert final["closed"] and "goes to" in final["text"]
