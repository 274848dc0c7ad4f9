"""Seeded random playouts with computer players (cards conserved, table always legal, no rejected
computer move, replay equals state, snapshots and encodings round-trip).

The target is at least 2,000 hands each for 2, 3 and 5 players. On the shared 2-core CI machine
that costs about three minutes with the cheap (easy) players, over this directory's 150 s budget, so
the default is CAROUSEL_PLAYOUT_HANDS=200 hands per player count with easy players plus a shorter run
with the solver players; set CAROUSEL_PLAYOUT_HANDS=2000 (and CAROUSEL_SOLVER_HANDS) for the full count.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from games.cards import rummy_deck
from games.carousel import ENGINE, Draw, MeldStep, State
from games.carousel.melds import meld_problem
from games.carousel.table_check import table_faces

EASY_HANDS = int(os.environ.get("CAROUSEL_PLAYOUT_HANDS", "200"))
SOLVER_HANDS = int(os.environ.get("CAROUSEL_SOLVER_HANDS", "12"))


def assert_invariants(state: State) -> None:
    """Cards conserved (CA-1), every meld valid (CA-5), copy cap (D-CA-2)."""
    physical = [card for hand in state.hands for card in hand] + list(state.stock)
    physical += [card.card for meld in state.table for card in meld.cards]
    assert Counter(physical) == Counter(rummy_deck(state.decks))
    for meld in state.table:
        assert meld_problem(meld) is None
    assert all(count <= state.decks for count in table_faces(state.table).values())


def play_hands(players: int, levels: list[str], hands: int, seed: int) -> int:
    """Play `hands` hands (over as many games as needed); return the number of meld steps made."""
    bots = [ENGINE.computer(level) for level in levels]
    rng = random.Random(seed)
    played = melds = 0
    game_seed = seed
    while played < hands:
        state = ENGINE.new_game(players, game_seed)
        moves: list[str] = []
        while not state.is_over and played < hands:
            seat = state.to_move
            assert seat is not None
            move = bots[seat].choose(state.view(seat), rng)
            state.check(move)  # 0 rejected computer moves
            assert state.decode_move(move.encode()) == move
            hand = state.hand_number
            state = state.apply(move)
            moves.append(move.encode())
            melds += isinstance(move, MeldStep)
            assert_invariants(state)
            if state.hand_number != hand or state.is_over:
                played += 1
        assert ENGINE.replay(players, game_seed, None, moves) == state
        assert ENGINE.from_dict(state.to_dict()) == state
        game_seed += 1
    return melds


@pytest.mark.slow
@pytest.mark.timeout(max(900, EASY_HANDS))  # a hang guard; the full 2,000-hand count takes longer
@pytest.mark.parametrize("players", [2, 3, 5])
def test_playouts_easy_players_keep_every_invariant(players: int) -> None:
    """CA-1/CA-5/CA-6/D-CA-2 hold after every move of seeded easy-player hands; replays match."""
    assert play_hands(players, ["easy"] * players, EASY_HANDS, seed=100 * players) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 5])
def test_playouts_solver_players_keep_every_invariant(players: int) -> None:
    """The same invariants with normal and hard players, whose meld steps rearrange the table."""
    levels = (["hard", "normal"] * 3)[:players]
    assert play_hands(players, levels, SOLVER_HANDS, seed=7 * players) > 0


def test_draw_only_game_reaches_the_end() -> None:
    """CA-11/CA-13: a game where nobody melds still ends (empty stocks) and scores consistently."""
    state = ENGINE.new_game(2, 5)
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1] if state.legal_moves()[0] != Draw() else Draw())
    assert state.final is not None
    assert state.result().places.count(1) == len(state.final.winners)
