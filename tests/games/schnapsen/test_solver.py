"""The alpha-beta solver against an independent oracle: plain minimax over the engine itself.

The solver re-implements tricks, drawing, claims and scoring on bitmasks for speed, so it can drift
from the engine. Here every seeded endgame (talon used up, or closed with cards still face down) is
searched twice: by the solver, and by exhaustive minimax through `State.legal_moves` / `State.apply`,
where the deal's score is read from the engine's own `last_deal`. The two values must be equal.
"""

from __future__ import annotations

import random

import pytest

from games.schnapsen import Close, Marriage, PlayCard, new_game
from games.schnapsen.solver import Layout, Solver, index
from games.schnapsen.state import State


def _oracle(state: State) -> int:
    """Exact value of the deal for seat 0 in game points, by minimax over every legal move."""
    deal = state.deal_number
    seat = state.to_move
    assert seat is not None
    values = []
    for move in state.legal_moves():
        after = state.apply(move)
        if after.deal_number != deal or after.is_over:
            summary = after.last_deal
            assert summary is not None
            values.append(summary.game_points if summary.winner == 0 else -summary.game_points)
        else:
            values.append(_oracle(after))
    return max(values) if seat == 0 else min(values)


def _layout(state: State) -> Layout:
    """The solver's picture of a full state (both hands open)."""
    marriages = [0, 0]
    for who, _, points in state.marriages:
        marriages[who] += points
    closed = state.closed
    return Layout(
        hands=(sum(1 << index(c) for c in state.hands[0]), sum(1 << index(c) for c in state.hands[1])),
        talon=tuple(index(c) for c in state.talon),
        closed=closed is not None,
        leader=state.leader,
        lead=index(state.trick[0]) if state.trick else -1,
        points=state.card_points,
        marriages=(marriages[0], marriages[1]),
        tricks=state.tricks_won,
        closer=-1 if closed is None else closed.closer,
        closer_opp_points=0 if closed is None else closed.opponent_points,
        closer_opp_tricks=0 if closed is None else closed.opponent_tricks,
    )


def _endgame(preset: str, seed: int, close: bool, cards_left: int) -> State | None:
    """Play a seeded random deal (closing at the first chance when `close`) until each hand holds
    `cards_left` cards under the SX-7 rules; None when the deal ends first."""
    rng = random.Random(seed)
    state = new_game(2, seed, {"preset": preset})
    while state.deal_number == 1 and not state.is_over:
        strict = state.phase.strict
        if strict and len(state.hands[state.to_move or 0]) <= cards_left and not state.trick:
            return state
        moves = state.legal_moves()
        if close and Close() in moves:
            move = Close()
        else:
            plain = [m for m in moves if isinstance(m, PlayCard | Marriage)]
            move = rng.choice(plain or moves)
        state = state.apply(move)
    return None


@pytest.mark.parametrize("preset", ["santase", "sixty_six", "schnapsen"])
@pytest.mark.parametrize("close", [False, True], ids=["played_out", "closed"])
def test_solver_equals_minimax_over_the_engine(preset: str, close: bool) -> None:
    """SX-7, SX-10..SX-14: on seeded endgames the solver's value is the engine's exact minimax value."""
    checked = 0
    for seed in range(60):
        state = _endgame(preset, seed, close, cards_left=4)
        if state is None:
            continue
        solver = Solver(state.options, state.trump, phase1_depth=99)
        assert solver.value(_layout(state)) == _oracle(state), f"seed {seed}"
        checked += 1
    assert checked >= 15  # the seeds really reach endgames
