"""Every registered engine against the shared contract of games.base, through that contract only.

Seeded playouts start from a fresh deal and mix uniformly random legal moves with the easy computer
player (so melds, marriages and knocks happen, not only draws). At every step: cards are conserved,
`check` accepts each listed legal move and refuses a sample of unlisted ones with IllegalMove, moves
round-trip through `encode`/`decode_move` and have a readable `str`, and no seat's view holds a card
of another seat's hand that the public view does not show. At the end, replaying the stored form
(players, seed, options, codes) and a `to_dict`/`from_dict` snapshot both give an equal state.

The per-game card census is the one thing a contract cannot name (Thirteen keeps hands as bit masks,
Gin as indices): `hands` says where each game keeps its hands, `census` counts every physical card.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.base import ComputerPlayer, Engine, GameState, IllegalMove
from games.cards import Card, rummy_deck, schnapsen_deck
from games.registry import KINDS, get_engine

PLAYOUTS = 60  # per game and seat count; a playout is a fresh deal played for up to MAX_MOVES moves
MAX_MOVES = 80
COMPUTER_SHARE = 0.4  # share of moves the easy computer player chooses
ILLEGAL_SAMPLE = 6  # unlisted moves tried with `check` at each step
VIEW_EVERY = 3  # views are walked every few moves: they are the costliest check


def _thirteen_hands(state: Any) -> list[set[Card]]:
    from games.thirteen.order import cards_of

    return [set(cards_of(mask)) for mask in state.hands]


def _gin_hands(state: Any) -> list[set[Card]]:
    from games.gin.cards import CARDS, bits

    return [{CARDS[i] for i in bits(mask)} for mask in state.hands]


def _plain_hands(state: Any) -> list[set[Card]]:
    return [set(hand) for hand in state.hands]


HANDS: dict[str, Callable[[Any], list[set[Card]]]] = {
    "thirteen": _thirteen_hands,
    "carousel": _plain_hands,
    "schnapsen": _plain_hands,
    "gin": _gin_hands,
}


def _thirteen_census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """TL-1: the dealt cards are in hands or played, each once; 13 per seat."""
    from games.thirteen.order import cards_of

    cards = Counter(card.code for mask in (*state.hands, state.played) for card in cards_of(mask))
    assert sum(cards.values()) == 13 * state.players
    return cards, Counter({code: 1 for code in cards})


def _carousel_census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """CA-1: hands, stock and table hold the whole rummy deck."""
    cards = [card for hand in state.hands for card in hand] + list(state.stock)
    cards += [card.card for meld in state.table for card in meld.cards]
    return Counter(card.code for card in cards), Counter(card.code for card in rummy_deck(state.decks))


def _schnapsen_census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """SX-2: hands, talon, the trick on the table and the won tricks hold the deck."""
    played = [p.card for record in state.tricks for p in record.cards]
    cards = [*state.hands[0], *state.hands[1], *state.talon, *state.trick, *played]
    deck = schnapsen_deck(state.options.deck_size)
    return Counter(card.code for card in cards), Counter(card.code for card in deck)


def _gin_census(state: Any) -> tuple[Counter[str], Counter[str]]:
    """GR-2: hands, stock, discard pile (and a knock's face-down card) hold the 52 cards."""
    from games.gin.cards import bits

    indices = [i for mask in state.hands for i in bits(mask)] + list(state.stock) + list(state.discard)
    if state.face_down is not None:
        indices.append(state.face_down)
    return Counter(str(i) for i in indices), Counter(str(i) for i in range(52))


CENSUS: dict[str, Callable[[Any], tuple[Counter[str], Counter[str]]]] = {
    "thirteen": _thirteen_census,
    "carousel": _carousel_census,
    "schnapsen": _schnapsen_census,
    "gin": _gin_census,
}


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
    hands = HANDS[kind](state)
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
    cards, deck = CENSUS[kind](state)
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
