"""Every registered engine against the shared contract of games.base, through that contract only.

Seeded playouts start from a fresh deal and mix uniformly random legal moves with the easy computer
player (so melds, marriages and knocks happen, not only draws). At every step: cards are conserved,
`check` accepts each listed legal move and refuses a sample of unlisted ones with IllegalMove, moves
round-trip through `encode`/`decode_move` and have a readable `str`, and no seat's view holds a card
of another seat's hand that the public view does not show. At the end, replaying the stored form
(players, seed, options, codes) and a `to_dict`/`from_dict` snapshot both give an equal state.

The per-game card census is the one thing a contract cannot name (Thirteen keeps hands as bit masks,
Gin as indices): each game's tests/games/<kind>/census.py says where it keeps its hands (`hands`) and
counts every physical card (`census`).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from games.base import ComputerPlayer, Engine, GameState, IllegalMove
from games.cards import Card
from games.registry import KINDS, get_engine

PLAYOUTS = 60  # per game and seat count; a playout is a fresh deal played for up to MAX_MOVES moves
MAX_MOVES = 80
COMPUTER_SHARE = 0.4  # share of moves the easy computer player chooses
ILLEGAL_SAMPLE = 6  # unlisted moves tried with `check` at each step
VIEW_EVERY = 3  # views are walked every few moves: they are the costliest check


def _census_module(kind: str) -> ModuleType:
    """`tests/games/<kind>/census.py`: `hands(state)` and `census(state)` for that game."""
    return importlib.import_module(f"tests.games.{kind}.census")


def _cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from a view: its fields, tuples, lists, sets and dict values."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _cards_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _cards_in(item)


def _assert_views_hide_other_hands(kind: str, state: GameState) -> None:
    """A seat's view shows another seat's card only where the public view shows it too."""
    hands = _census_module(kind).hands(state)
    public = set(_cards_in(state.view(None)))
    for seat in range(state.players):
        others = set().union(*(hand for other, hand in enumerate(hands) if other != seat))
        leaked = (set(_cards_in(state.view(seat))) & others) - public
        assert not leaked, (seat, sorted(map(str, leaked)))


def _assert_exactly_legal_accepted(state: GameState, legal: list[Any], pool: list[str], rng: random.Random) -> None:
    """Every listed move passes `check`; moves seen legal elsewhere but not listed now are refused."""
    for move in legal:
        state.check(move)
    listed = set(legal)
    tried = 0
    for code in rng.sample(pool, k=min(len(pool), 4 * ILLEGAL_SAMPLE)):
        try:
            move = state.decode_move(code)
        except IllegalMove:
            continue  # a code that needs another context (a marriage without its trump) is refused already
        if move in listed:
            continue
        with pytest.raises(IllegalMove):
            state.check(move)
        tried += 1
        if tried == ILLEGAL_SAMPLE:
            break


def _assert_conserved(kind: str, state: GameState) -> None:
    cards, deck = _census_module(kind).census(state)
    assert cards == deck


def _playout(kind: str, engine: Engine, players: int, seed: int, pool: set[str]) -> int:
    """One seeded playout; returns the number of moves made."""
    rng = random.Random(f"contract:{kind}:{players}:{seed}")
    computer: ComputerPlayer = engine.computer(engine.levels[0])
    options: dict[str, Any] = {}
    state = engine.new_game(players, seed, options)
    assert isinstance(state, GameState)
    codes: list[str] = []
    while not state.is_over and len(codes) < MAX_MOVES:
        _assert_conserved(kind, state)
        seat = state.to_move
        assert seat is not None
        legal = state.legal_moves()
        assert legal, "a game that is not over offers a move"
        _assert_exactly_legal_accepted(state, legal, sorted(pool), rng)
        if len(codes) % VIEW_EVERY == 0:
            _assert_views_hide_other_hands(kind, state)
        if rng.random() < COMPUTER_SHARE:
            move = computer.choose(state.view(seat), rng)
            state.check(move)
        else:
            move = rng.choice(legal)
        code = move.encode()
        assert code and str(move)
        assert state.decode_move(code) == move
        pool.update(m.encode() for m in legal)
        before, snapshot = state, state.to_dict()
        state = state.apply(move)
        codes.append(code)
        assert before.to_dict() == snapshot  # apply returned a new state and left the old one as it was
    _assert_conserved(kind, state)
    assert engine.replay(players, seed, options, codes) == state
    assert engine.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return len(codes)


@pytest.mark.parametrize("kind", KINDS)
def test_engine_and_states_meet_the_protocols(kind: str) -> None:
    """design §2: ENGINE is an Engine, its states GameStates and every level a ComputerPlayer."""
    engine = get_engine(kind)
    assert isinstance(engine, Engine) and engine.kind == kind
    assert 2 <= engine.min_players <= engine.max_players and engine.levels
    assert isinstance(engine.new_game(engine.min_players, 1, None), GameState)
    for level in engine.levels:
        assert isinstance(engine.computer(level), ComputerPlayer)


@pytest.mark.parametrize("kind", KINDS)
def test_seeded_playouts_keep_the_contract(kind: str) -> None:
    """design §2: conservation, exactly-legal checks, encodings, hidden hands, replay and snapshots."""
    engine = get_engine(kind)
    seats = sorted({engine.min_players, engine.max_players})
    pool: set[str] = set()
    moves = 0
    for index in range(PLAYOUTS):
        moves += _playout(kind, engine, seats[index % len(seats)], 1000 + index, pool)
    assert moves > PLAYOUTS  # the playouts really played
