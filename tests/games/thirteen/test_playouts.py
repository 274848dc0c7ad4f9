"""Seeded playouts: thousands of games per player count with random and computer players.

Each game checks at every step that cards are conserved, that `check` accepts exactly the legal moves,
that moves encode and parse back, and at the end that the game finished, that replaying its move log
gives the identical state and that a `to_dict` snapshot taken mid-game comes back equal.
Set THIRTEEN_PLAYOUTS to change the number of games per player count (default 2,000).
"""

from __future__ import annotations

import os
import random

import pytest

from games.base import IllegalMove
from games.thirteen import ENGINE, PASS, EasyPlayer, NormalPlayer, Play, State
from games.thirteen.combos import all_combos
from games.thirteen.order import FULL_DECK

GAMES = int(os.environ.get("THIRTEEN_PLAYOUTS", "2000"))
EXHAUSTIVE_EVERY = 10  # every 10th game checks every combination of the mover's hand, not a sample
MAX_MOVES = 600  # a 4-player game cannot need more: each round sheds a card or clears the table

OPTION_SETS = [
    {},
    {"bomb_after_pass": True, "over_chopping": True, "n_or_more_pairs": True},
    {"instant_wins": True, "two_finish_loses": True},
    {"auto_pass": False},
    {"series_games": 2, "bomb_after_pass": True},
]
COMPUTERS = [None, EasyPlayer(), NormalPlayer()]  # None plays uniformly at random among legal moves


def accepted(state: State, move) -> bool:
    try:
        state.check(move)
    except IllegalMove:
        return False
    return True


def assert_cards_conserved(state: State) -> None:
    seen = state.played
    total = state.played.bit_count()
    for hand in state.hands:
        assert not seen & hand, "a card is in two places"
        seen |= hand
        total += hand.bit_count()
    assert seen & ~FULL_DECK == 0 and total == 13 * state.players


def assert_exactly_legal_accepted(
    state: State, legal: list, allowed: set, rng: random.Random, exhaustive: bool
) -> None:
    hand = state.hands[state.to_move]  # type: ignore[index]
    candidates = [Play(m) for m in all_combos(hand)] if exhaustive else [rng.choice(legal)]
    candidates.append(PASS)
    held = [v for v in range(52) if hand >> v & 1]
    for _ in range(3):  # random card sets: mostly no combination, and single cards often not held
        subset = rng.sample(held, k=rng.randint(1, len(held)))
        candidates.append(Play(sum(1 << v for v in subset)))
        candidates.append(Play(1 << rng.randrange(52)))
    for move in candidates:
        assert accepted(state, move) == (move in allowed), move


def play_one(players: int, index: int) -> None:
    seed = players * 100_000 + index
    rng = random.Random(seed)
    options = OPTION_SETS[index % len(OPTION_SETS)]
    seats = [COMPUTERS[(index + s) % len(COMPUTERS)] for s in range(players)]
    state = ENGINE.new_game(players, seed, options)
    codes: list[str] = []
    snapshot_at = rng.randrange(30)
    snapshot = None
    while not state.is_over:
        assert len(codes) < MAX_MOVES, "the game did not end"
        assert_cards_conserved(state)
        legal = state.legal_moves()
        allowed = set(legal)
        assert legal and len(allowed) == len(legal)
        assert_exactly_legal_accepted(state, legal, allowed, rng, exhaustive=index % EXHAUSTIVE_EVERY == 0)
        player = seats[state.to_move]
        move = rng.choice(legal) if player is None else player.choose(state.view(state.to_move), rng)
        assert move in allowed
        assert state.decode_move(move.encode()) == move and state.parse_move(str(move)) == move
        codes.append(move.encode())
        if len(codes) == snapshot_at:
            snapshot = state  # its to_dict/from_dict round trip is checked in the replay below
        state = state.apply(move)
    assert_cards_conserved(state)
    places = state.result().places
    if state.options.series_games == 1:
        assert sorted(places) == list(range(1, players + 1))
    else:
        assert 1 in places and all(1 <= p <= players for p in places)
    assert ENGINE.from_dict(state.to_dict()) == state
    assert_replay_and_resume_equal(state, (players, seed, options), codes, snapshot, snapshot_at)


def assert_replay_and_resume_equal(
    final: State, game: tuple, codes: list[str], snapshot: State | None, snapshot_at: int
) -> None:
    """`ENGINE.replay` of the log up to the snapshot rebuilds it; restored from a save, it plays on to `final`.

    One pass over the log checks both that replay rebuilds the game and that a restored save continues
    identically (every move is checked again as it is applied); with no snapshot the whole log is replayed.
    """
    players, seed, options = game
    if snapshot is None:
        assert ENGINE.replay(players, seed, options, codes) == final
        return
    replayed = ENGINE.replay(players, seed, options, codes[: snapshot_at - 1])
    assert replayed == snapshot
    state = ENGINE.from_dict(replayed.to_dict())
    assert state == snapshot
    for code in codes[snapshot_at - 1 :]:
        state = state.apply(state.decode_move(code))
    assert state == final


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_playouts_keep_every_invariant(players):
    """GAMES seeded games per player count: conservation, legality, encoding, replay and snapshots."""
    for index in range(GAMES):
        play_one(players, index)
