"""Seeded playouts through the engine contract (games.base): thousands of hands of every option set.

Each match checks at every step that the 52 cards are all somewhere exactly once and that encoded
moves decode to themselves; at every other step that no view shows a card it may not; on the first
hands that `check` accepts exactly the moves `legal_moves` lists; at the end that the replay and the
snapshot rebuild the same state. `GIN_PLAYOUT_HANDS` sets the hands per option set (default 300, so
1,200 in all).
"""

import json
import os
import random

import pytest

from games.base import Engine, GameState, IllegalMove
from games.gin import BIG_GIN, DRAW, ENGINE, PASS, TAKE, Discard, HandEnd, Knock, Phase, State
from games.gin.ai import EasyPlayer
from games.gin.cards import CARDS, FULL, bits, mask_of

HANDS = int(os.environ.get("GIN_PLAYOUT_HANDS", "300"))
OPTION_SETS = [{}, {"oklahoma": True}, {"hollywood": True}, {"oklahoma": True, "hollywood": True}]
EVERY_MOVE = [DRAW, TAKE, PASS, BIG_GIN, *(Discard(i) for i in range(52)), *(Knock(i) for i in range(52))]
MAX_MOVES_PER_HAND = 3 + 2 * (29 + 50)  # GR-10: 29 stock draws at most; D-GR-9: 50 discard takes


def check_cards(state: State) -> None:
    """GR-1: every card is in a hand, the stock, the pile or face down after a knock, exactly once."""
    places = [state.hands[0], state.hands[1], *(1 << c for c in state.stock), *(1 << c for c in state.discard)]
    if state.face_down is not None:
        places.append(1 << state.face_down)
    total = 0
    for mask in places:
        assert total & mask == 0
        total |= mask
    assert total == FULL and sum(m.bit_count() for m in places) == 52


def shown(view) -> int:
    """Every card the view mentions for the hand in play."""
    cards = [*view.hand, *view.discard, *view.known[0], *view.known[1], *view.taken[0], *view.taken[1]]
    cards += [event.card for event in view.history if event.card is not None]
    if view.just_taken is not None:
        cards.append(view.just_taken)
    return mask_of(cards)


def check_views(state: State) -> None:
    """Design §2: no view shows a stock card or a card of another hand that was not taken in public."""
    if state.is_over:
        return
    stock = sum(1 << c for c in state.stock)
    for seat in (None, 0, 1):
        view = state.view(seat)
        seen = shown(view)
        assert seen & stock == 0
        for other in (0, 1):
            if other != seat:
                secret = state.hands[other] & ~mask_of(view.known[other])
                assert seen & secret == 0
        assert view.hand == (() if seat is None else tuple(CARDS[i] for i in bits(state.hands[seat])))
        assert view.stock_count == len(state.stock) and view.hand_counts == tuple(h.bit_count() for h in state.hands)
    summary = state.last_hand
    if summary is not None and summary.end is HandEnd.DRAWN:
        assert not summary.knocker_melds and not summary.defender_deadwood  # GR-10: a drawn hand shows nothing


def check_legal_set(state: State) -> None:
    """`check` accepts exactly the moves of `legal_moves`."""
    legal = set(state.legal_moves())
    for move in EVERY_MOVE:
        try:
            state.check(move)
            accepted = True
        except IllegalMove:
            accepted = False
        assert accepted == (move in legal), (move, state.phase)


EASY = EasyPlayer()


def choose(state: State, rng: random.Random):
    """Half easy player's moves (so gin and undercuts happen), half random ones that still end hands."""
    if rng.random() < 0.5:
        return EASY.choose(state.view(state.to_move), rng)
    moves = state.legal_moves()
    endings = [m for m in moves if isinstance(m, Knock) or m == BIG_GIN]
    if endings and rng.random() < 0.7:
        return rng.choice(endings)
    if state.phase is Phase.DRAW and rng.random() < 0.7:
        return DRAW
    return rng.choice(moves)


def test_the_engine_meets_the_shared_contract():
    """games.base: ENGINE is an Engine with 2 seats and three levels; a state is a GameState."""
    assert isinstance(ENGINE, Engine)
    assert (ENGINE.kind, ENGINE.min_players, ENGINE.max_players) == ("gin", 2, 2)
    assert tuple(ENGINE.levels) == ("easy", "normal", "hard")
    state = ENGINE.new_game(2, 1)
    assert isinstance(state, GameState)
    with pytest.raises(ValueError, match="exactly 2"):
        ENGINE.new_game(3, 1)
    with pytest.raises(ValueError, match="unknown Gin option"):
        ENGINE.new_game(2, 1, {"jokers": 2})


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=["gin", "oklahoma", "hollywood", "hollywood-oklahoma"])
def test_seeded_playouts_keep_every_invariant(options):
    """GR-1..GR-13: random legal play; cards conserved, views hide what they must, exactly the legal
    moves accepted, every hand ends, replay and snapshots rebuild the same state."""
    hands = 0
    seed = 0
    ends: set[HandEnd] = set()
    while hands < HANDS:
        rng = random.Random(f"gin-playout:{seed}")
        state = ENGINE.new_game(2, seed, options)
        codes: list[str] = []
        moves_in_hand = 0
        number = state.hand_number
        snapshot_at = rng.randrange(1, 60)
        while not state.is_over:
            check_cards(state)
            if len(codes) % 2 == 0:
                check_views(state)
            if hands < HANDS // 10:
                check_legal_set(state)
            move = choose(state, rng)
            code = move.encode()
            assert state.decode_move(code) == move
            codes.append(code)
            state = state.apply(move)
            moves_in_hand += 1
            if len(codes) == snapshot_at:
                data = json.loads(json.dumps(state.to_dict()))
                assert ENGINE.from_dict(data) == state
            if state.hand_number != number or state.is_over:
                assert state.last_hand is not None and state.last_hand.number == number
                ends.add(state.last_hand.end)
                hands += 1
                moves_in_hand = 0
                number = state.hand_number
            assert moves_in_hand <= MAX_MOVES_PER_HAND
        check_cards(state)
        assert ENGINE.replay(2, seed, options, codes) == state
        assert ENGINE.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        result = state.result()
        assert sorted(result.places) in ([1, 2], [1, 1]) and result.scores == state.totals()
        assert all(tally.closed for tally in state.tallies)
        seed += 1
    assert {HandEnd.KNOCK, HandEnd.UNDERCUT, HandEnd.GIN} <= ends
