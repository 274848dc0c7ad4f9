"""`ai_rollout.Table`: the playout simulator follows the engine's turn mechanics move for move."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.thirteen import Options, Play, State, new_game
from games.thirteen.ai import NormalPlayer, normal_at
from games.thirteen.ai_rollout import Table

from .helpers import mask

OPTION_SETS = [
    Options(),
    Options(bomb_after_pass=True, over_chopping=True, n_or_more_pairs=True),
    Options(two_finish_loses=True),
    Options(auto_pass=False),
]


def table_from(state: State) -> Table:
    """The simulator's copy of an engine state (every hand known: a test sees everything)."""
    assert state.turn is not None
    return Table(list(state.hands), state.played, state.table,
                 state.table_seat if state.table_seat is not None else -1, state.passed, state.declined,
                 state.on_two, [p or 0 for p in state.places], state.forced, state.turn,
                 replace(state.options, series_games=1))


def plays_to_the_end(state: State) -> tuple[list[tuple[int, int]], tuple[int | None, ...]]:
    """The engine with normal players: every play (seat, mask) and the finishing places."""
    normal, plays = NormalPlayer(), []
    while not state.is_over:
        seat = state.to_move
        move = normal.choose(state.view(seat), random.Random(0))
        if isinstance(move, Play):
            plays.append((seat, move.mask))
        state = state.apply(move)
    return plays, state.places


def simulated(table: Table) -> tuple[list[tuple[int, int]], list[int]]:
    """The simulator with the same policy: every play and the places."""
    plays = []

    def policy(t: Table, seat: int) -> int:
        mask = normal_at(t, seat)
        if mask:
            plays.append((seat, mask))
        return mask

    places = table.finish(policy)
    return plays, places


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "bombs", "two-loses", "no-auto-pass"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tl7_tl11_rollout_table_plays_like_the_engine(players, options):
    """From several points of 12 seeded games, the simulator makes the engine's plays and places."""
    for seed in range(12):
        state = new_game(players, seed, options)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 25)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        if state.is_over:
            continue
        plays, places = plays_to_the_end(state)
        assert simulated(table_from(state)) == (plays, list(places))


def test_tl9_a_pass_locks_the_seat_out_until_the_table_clears():
    """After a pass, the simulator skips that seat until the round is won (TL-9, TL-10)."""
    hands = [mask("3s Ks"), mask("4s As"), mask("5s 6s")]
    table = Table(hands, 0, None, -1, 0, 0, False, [0, 0, 0], None, 0, Options())
    table.move(mask("Ks"))
    assert table.turn == 1
    table.move(0)  # seat 1 passes though it holds A♠
    assert table.turn == 0 and table.combo is None, "seat 2 cannot beat K♠, so seat 0 leads again"
    assert table.passed == 0


def test_tl11_the_last_seat_holding_cards_takes_the_last_place():
    """When the second of three seats goes out, the game ends with the third one last (TL-11)."""
    table = Table([0, mask("9s"), mask("3s 4d")], mask("5s"), None, -1, 0, 0, False, [1, 0, 0], None, 1,
                  Options())
    table.move(mask("9s"))
    assert table.over and table.places == [1, 2, 3]
