"""Seeded random playouts for every preset: points accounted, legal moves only, replays.

`SCHNAPSEN_PLAYOUT_DEALS` sets the number of deals per preset (default 2,000).
"""

import os
import random
from collections import Counter

import pytest

from games.cards import schnapsen_deck
from games.schnapsen import ENGINE, PRESETS, Claim, DealEnd, Draw, Pause, State
from games.schnapsen.rules import card_points

DEALS = int(os.environ.get("SCHNAPSEN_PLAYOUT_DEALS", "2000"))


def _cards_in_play(state: State) -> list:
    played = [p.card for record in state.tricks for p in record.cards]
    return [*state.hands[0], *state.hands[1], *state.talon, *state.trick, *played]


def _check_accounting(state: State) -> None:
    """SX-2: within a deal every card is somewhere once and trick points plus cards left make 120."""
    cards = _cards_in_play(state)
    assert sorted(c.code for c in cards) == sorted(c.code for c in schnapsen_deck(state.options.deck_size))
    left = sum(card_points(c) for c in (*state.hands[0], *state.hands[1], *state.talon, *state.trick))
    assert state.card_points[0] + state.card_points[1] + left == 120


def _check_summary(before: State, after: State) -> None:
    """SX-11..SX-14: a finished deal adds 1-3 game points to its winner, with totals that add up."""
    summary = after.last_deal
    assert summary is not None and summary.deal_number == before.deal_number
    assert 1 <= summary.game_points <= 3
    assert after.game_points[summary.winner] == before.game_points[summary.winner] + summary.game_points
    assert after.game_points[1 - summary.winner] == before.game_points[1 - summary.winner]
    played_out = summary.reason in (DealEnd.LAST_TRICK, DealEnd.TIE_LAST_TRICK)
    bonus = before.options.last_trick_bonus if played_out and summary.closer is None else 0
    if played_out and summary.claimant is None:
        assert sum(summary.card_points) == 120 + bonus
    else:
        assert sum(summary.card_points) <= 120 + before.options.last_trick_bonus
    declared = [sum(p for who, _, p in before.marriages if who == seat) for seat in (0, 1)]
    assert all(summary.marriage_points[s] in (0, declared[s]) for s in (0, 1)) or summary.claimant is not None


def _random_move(state: State, rng: random.Random):
    moves = state.legal_moves()
    if state.pause is Pause.DRAW and rng.random() < 0.8:
        return Draw()  # SX-10: mostly draw, so closing before drawing does not end most deals early
    plain = [m for m in moves if not isinstance(m, Claim)]
    # Claim rarely, so memory-mode deals are not all ended at once by false claims.
    return rng.choice(moves if (not plain or rng.random() < 0.05) else plain)


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_seeded_playouts_keep_every_rule_invariant(preset):
    """SX-2..SX-15: thousands of random deals: legal moves only, 120 points, replay and snapshots equal;
    pagat 66's pauses (SX-9, SX-10) come up in its preset only and survive a snapshot."""
    deals = 0
    seed = 0
    pauses: Counter[Pause] = Counter()
    while deals < DEALS:
        rng = random.Random(f"{preset}:{seed}")
        options = {"preset": preset}
        state = ENGINE.new_game(2, seed, options)
        codes: list[str] = []
        while not state.is_over:
            if state.pause is not None:
                if not pauses[state.pause]:  # the first of each kind: a snapshot taken in the pause
                    assert ENGINE.from_dict(state.to_dict()) == state
                pauses[state.pause] += 1
            move = _random_move(state, rng)
            state.check(move)
            code = move.encode()
            assert state.decode_move(code) == move
            codes.append(code)
            after = state.apply(move)
            if after.deal_number != state.deal_number or after.is_over:
                _check_summary(state, after)
                deals += 1
            else:
                _check_accounting(after)
            state = after
        assert ENGINE.replay(2, seed, options, codes) == state
        assert ENGINE.from_dict(state.to_dict()) == state
        result = state.result()
        assert max(result.scores) >= state.options.target and sorted(result.places) == [1, 2]
        seed += 1
    if PRESETS[preset].close_before_draw:
        assert pauses[Pause.DRAW] > DEALS and pauses[Pause.EXCHANGE] > DEALS // 100
    else:
        assert not pauses
