"""No pause tells the table a hidden card: twins that differ only in hidden cards look the same in public.

For seeded games of Sixty-Six (`sixty_six`, both pagat pauses: SX-10 draw-or-close, SX-9 the exchange
at a close) and Carousel (the CA-9 knock pause), every move is also applied to a twin of the state in
which two hidden cards have changed places (between the hands and the face-down stock or talon), and
the public view (`state.view(None)`, which holds the log, i.e. the public events) and the public
table text must come out identical. A pause that appears only for some hands, or words that name a
card, make the twins differ. Moves that reveal cards by the rules (a card played, a knock, the end of
a hand) are compared only up to what they show, so those steps are skipped.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from cogs.carousel.words import table_header as carousel_header
from cogs.schnapsen.words import table_header as schnapsen_header
from games.cards import Card
from games.carousel import Knock, MeldStep
from games.carousel import PassKnock as CarouselPass
from games.carousel import new_game as carousel_game
from games.carousel.ai import EasyPlayer as CarouselEasy
from games.schnapsen import Close, KeepTrump, Pause, PlayCard
from games.schnapsen import Marriage as SchnapsenMarriage
from games.schnapsen import State as SchnapsenState
from games.schnapsen import new_game as schnapsen_game
from games.schnapsen.rules import lowest_trump

NAMES = ("Alice", "Bob", "Cleo")


def _swap(locations: list[list[Card]], keep: set[Card], rng: random.Random) -> bool:
    """Swap one hidden card between two different locations, never a card in `keep`. False if none."""
    pairs = [
        (a, i, b, j)
        for a in range(len(locations))
        for b in range(a + 1, len(locations))
        for i, x in enumerate(locations[a])
        for j, y in enumerate(locations[b])
        if x not in keep and y not in keep
    ]
    if not pairs:
        return False
    a, i, b, j = rng.choice(pairs)
    locations[a][i], locations[b][j] = locations[b][j], locations[a][i]
    return True


# Sixty-Six ------------------------------------------------------------------------------------------


def _schnapsen_twin(state: SchnapsenState, keep: set[Card], rng: random.Random) -> SchnapsenState | None:
    """The same table with two hidden cards swapped: the hands and the face-down talon (not the trump card)."""
    down = list(state.talon[:-1])
    locations = [list(state.hands[0]), list(state.hands[1]), down]
    if not _swap(locations, keep, rng):
        return None
    talon = (*locations[2], *state.talon[-1:]) if state.talon else state.talon
    return replace(state, hands=(tuple(locations[0]), tuple(locations[1])), talon=talon)


def _nine_twin(state: SchnapsenState) -> SchnapsenState | None:
    """Before a close: the twin where the lowest trump sits in the other player's hand (or the talon)."""
    low = lowest_trump(state.options.deck_size, state.trump)
    hands = [list(state.hands[0]), list(state.hands[1])]
    down = list(state.talon[:-1])
    where = next((n for n, hand in enumerate(hands) if low in hand), None)
    if where is None:
        if low not in down or not hands[1 - state.leader]:
            return None
        target = hands[1 - state.leader]
        down[down.index(low)], target[0] = target[0], low
    else:
        other = hands[1 - where]
        if not other:
            return None
        i, j = hands[where].index(low), 0
        hands[where][i], other[j] = other[j], low
    return replace(state, hands=(tuple(hands[0]), tuple(hands[1])), talon=(*down, *state.talon[-1:]))


def _schnapsen_public(state: SchnapsenState) -> tuple[Any, str]:
    view = state.view(None)
    return view, schnapsen_header(view, NAMES)


def _schnapsen_reveals(move: Any) -> set[Card]:
    return {move.card} if isinstance(move, (PlayCard, SchnapsenMarriage)) else set()


def _schnapsen_games(seeds: range) -> list[tuple[SchnapsenState, Any, SchnapsenState]]:
    """(state, move, twin) triples from seeded random sixty_six series, closes made whenever legal half the time."""
    steps = []
    for seed in seeds:
        rng = random.Random(seed)
        state = schnapsen_game(2, seed, {"preset": "sixty_six"})
        while not state.is_over and len(steps) < 20_000:
            moves = state.legal_moves()
            closes = [m for m in moves if isinstance(m, Close)]
            move = closes[0] if closes and rng.random() < 0.5 else rng.choice(moves)
            twins = [_schnapsen_twin(state, _schnapsen_reveals(move), rng)]
            if isinstance(move, Close):
                twins.append(_nine_twin(state))
            for twin in twins:
                if twin is not None and twin.deal_number == state.deal_number:
                    steps.append((state, move, twin))
            state = state.apply(move)
    return steps


SCHNAPSEN_STEPS = _schnapsen_games(range(40))


def test_sx9_sx10_every_sixty_six_pause_looks_the_same_whatever_the_hidden_cards():
    """SX-9/SX-10: after every move, twins differing in hidden cards show the same public view and table text."""
    compared = 0
    for state, move, twin in SCHNAPSEN_STEPS:
        try:
            twin.check(move)
        except Exception:
            continue  # the twin's hand cannot make this move (a follow rule, a marriage partner moved)
        after, twin_after = state.apply(move), twin.apply(move)
        if after.deal_number != state.deal_number or after.is_over:
            continue  # the deal's end is public by the rules (scores, totals)
        assert _schnapsen_public(after) == _schnapsen_public(twin_after), (move, after.log)
        compared += 1
    assert compared > 1000


def test_sx9_exchange_pause_is_compared_with_and_without_the_nine():
    """SX-9: the sample holds closes where only one of the twins' opponents holds the 9, and both pause."""
    pairs = 0
    for state, move, twin in SCHNAPSEN_STEPS:
        if not isinstance(move, Close):
            continue
        after, twin_after = state.apply(move), twin.apply(move)
        if after.pause is not Pause.EXCHANGE:
            continue
        low = lowest_trump(state.options.deck_size, state.trump)
        opponent = 1 - state.leader
        if (low in after.hands[opponent]) != (low in twin_after.hands[opponent]):
            assert twin_after.pause is Pause.EXCHANGE
            assert _schnapsen_public(after) == _schnapsen_public(twin_after)
            kept, twin_kept = after.apply(KeepTrump()), twin_after.apply(KeepTrump())
            assert _schnapsen_public(kept) == _schnapsen_public(twin_kept)
            pairs += 1
    assert pairs >= 10


# Carousel ---------------------------------------------------------------------------------------------


def _carousel_twin(state: Any, keep: set[Card], rng: random.Random) -> Any:
    """Two hidden cards swapped among the hands and the stock (the top card too: it is face down)."""
    locations = [list(hand) for hand in state.hands] + [list(state.stock)]
    if not _swap(locations, keep, rng):
        return None
    return replace(state, hands=tuple(tuple(hand) for hand in locations[:-1]), stock=tuple(locations[-1]))


def _carousel_public(state: Any) -> tuple[Any, str]:
    view = state.view(None)
    return view, carousel_header(view, NAMES[: state.players])


def _carousel_move(state: Any, rng: random.Random) -> Any:
    if state.can_knock and rng.random() < 0.3:
        return Knock()
    if state.phase.name == "KNOCK":
        return CarouselPass()
    return CarouselEasy().choose(state.view(state.to_move), rng)


@pytest.mark.parametrize("players", [2, 3])
def test_ca9_every_carousel_pause_looks_the_same_whatever_the_hidden_cards(players: int):
    """CA-9: after each move, twins differing in hidden cards show the same public view and table text."""
    compared = knock_pauses = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = carousel_game(players, seed=seed)
        for _ in range(300):
            if state.is_over:
                break
            move = _carousel_move(state, rng)
            keep = set(state.hands[state.turn]) - set() if isinstance(move, MeldStep) else set()
            if isinstance(move, MeldStep):
                on_table = {card.card for meld in move.table for card in meld.cards}
                keep = set(state.hands[state.turn]) & on_table
            twin = _carousel_twin(state, keep, rng)
            after = state.apply(move)
            ended = after.hand_number != state.hand_number or after.is_over or after.last_hand != state.last_hand
            if twin is not None and not isinstance(move, Knock) and not ended:
                try:
                    twin_after = twin.apply(move)
                except Exception:
                    twin_after = None  # the twin's hand cannot make this meld
                if twin_after is not None:
                    assert _carousel_public(after) == _carousel_public(twin_after), (move, after.log)
                    compared += 1
                    knock_pauses += after.phase.name == "KNOCK"
            state = after
    assert compared > 200 and knock_pauses > 5


# Thirteen ---------------------------------------------------------------------------------------------


def _thirteen_twin(state: Any, keep: int, rng: random.Random) -> Any:
    """Two hidden cards swapped between two hands (never `keep`, never the forced first card)."""
    if state.forced is not None:
        keep |= 1 << state.forced
    seats = [seat for seat, hand in enumerate(state.hands) if hand & ~keep]
    if len(seats) < 2:
        return None
    a, b = rng.sample(seats, 2)
    x = rng.choice([bit for bit in range(52) if (state.hands[a] & ~keep) >> bit & 1])
    y = rng.choice([bit for bit in range(52) if (state.hands[b] & ~keep) >> bit & 1])
    hands = list(state.hands)
    hands[a] = hands[a] & ~(1 << x) | (1 << y)
    hands[b] = hands[b] & ~(1 << y) | (1 << x)
    twin = state._copy()
    object.__setattr__(twin, "hands", tuple(hands))
    return twin


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dtl4_thirteen_turns_and_auto_passes_look_the_same_whatever_the_hidden_cards(players: int):
    """D-TL-4: after each play or pass, twins differing in hidden cards show the same public view and text."""
    from cogs.thirteen.adapter import ThirteenAdapter
    from games.thirteen import Play
    from games.thirteen import new_game as thirteen_game

    header = ThirteenAdapter().table_header
    compared = 0
    for seed in range(15):
        rng = random.Random(seed)
        state = thirteen_game(players, seed=seed)
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            keep = move.mask if isinstance(move, Play) else 0
            twin = _thirteen_twin(state, keep, rng)
            after = state.apply(move)
            if twin is not None and after.game_number == state.game_number and not after.is_over:
                twin_after = twin.apply(move)
                view, twin_view = after.view(None), twin_after.view(None)
                assert view == twin_view, (move, view.log[-3:])
                assert header(view, (*NAMES, "Dan")) == header(twin_view, (*NAMES, "Dan"))
                compared += 1
            state = after
    assert compared > 100
