"""The hard player's second-draw judgement (CA-4) and its sampling of the unseen cards (ai_draws)."""

from __future__ import annotations

import random
from collections import Counter

from games.carousel import Draw, MeldStep, position
from games.carousel.ai import HardPlayer
from games.carousel.ai_draws import draw_outlook, unseen_cards
from games.carousel.solver import solve_best
from games.carousel.state import State

# After DRAW_1 seat 0 can meld J♠ Q♠ K♠ but keeps 6♥ (6, over the knock limit of 5). A second card
# finishes the turn only if it is 5♥ (2-6♥), 7♥ (6-10♥) or a joker: 2 + 2 + 2 of the 96 unseen cards.
RACE = {"table": ["2h 3h 4h", "8h 9h 10h"], "hands": ["6h Js Qs Ks", "Kd Kc", "Qd Qc"]}
FINISHING_SHARE = 6 / 96


def race(phase: str = "meld_1") -> State:
    return position(table=RACE["table"], hands=RACE["hands"], phase=phase)


def test_unseen_cards_are_the_deck_minus_table_and_own_hand() -> None:
    """CA-1: two decks of 53; the viewer sees the 6 table cards and its 4 hand cards, nothing else."""
    view = race().view(0)
    unseen = unseen_cards(view)
    assert len(unseen) == 106 - 6 - 4
    visible = {placed.card for meld in view.table for placed in meld.cards} | set(view.hand)
    assert not visible & set(unseen)
    assert Counter(card.face for card in unseen)[view.hand[0].face] == 1  # the other 6♥ copy


def test_ca4_outlook_counts_exactly_the_cards_that_finish_this_turn() -> None:
    """CA-4, CA-9: the finishing share is the 5♥, 7♥ and joker copies among the unseen cards."""
    view = race().view(0)
    play = solve_best(view.table, view.hand, copies=view.decks)
    outlook = draw_outlook(view, play, budget=20, rng=random.Random(1), time_limit=2.0)
    assert outlook.finish == FINISHING_SHARE
    assert 0 < outlook.worse < 1 - FINISHING_SHARE


def test_ca4_outlook_spends_no_more_solver_calls_than_its_budget() -> None:
    """The sampling is a fixed amount of work: at most `budget` exact solves."""
    view = race().view(0)
    play = solve_best(view.table, view.hand, copies=view.decks)
    assert draw_outlook(view, play, budget=3, rng=random.Random(1), time_limit=2.0).solves == 3


def test_outlook_stops_solving_when_the_clock_cap_is_reached() -> None:
    """The wall-clock cap is only a cap: once out of time, no further solver calls are made."""
    view = race().view(0)
    play = solve_best(view.table, view.hand, copies=view.decks)
    outlook = draw_outlook(view, play, budget=20, rng=random.Random(1), time_limit=2.0, out_of_time=lambda: True)
    assert outlook.solves == 0 and outlook.finish == 0


def test_ca4_hard_draws_again_when_finishing_outweighs_the_stuck_card() -> None:
    """CA-4: declining the meld after DRAW_1 is legal and chosen when the finish share clears the ratio."""
    state = race()
    view = state.view(0)
    outlook = draw_outlook(view, solve_best(view.table, view.hand), budget=12, rng=random.Random(5), time_limit=2.0)
    eager = HardPlayer(fish_ratio=0.9 * outlook.finish / outlook.worse)
    move = eager.choose(view, random.Random(5))
    assert move == Draw()
    state.check(move)


def test_ca4_hard_melds_when_the_stuck_card_risk_dominates() -> None:
    """CA-4: with a ratio above finish/worse the hard player melds after DRAW_1 as normal would."""
    state = race()
    view = state.view(0)
    outlook = draw_outlook(view, solve_best(view.table, view.hand), budget=12, rng=random.Random(5), time_limit=2.0)
    careful = HardPlayer(fish_ratio=1.1 * outlook.finish / outlook.worse)
    assert isinstance(careful.choose(view, random.Random(5)), MeldStep)


def test_ca4_hard_never_declines_after_the_second_draw() -> None:
    """CA-4: after DRAW_2 declining means the third card and no meld at all, so hard melds."""
    state = race("meld_2")
    move = HardPlayer(fish_ratio=0.0).choose(state.view(0), random.Random(1))
    assert isinstance(move, MeldStep)
    state.check(move)


def test_ca9_hard_melds_when_the_meld_already_reaches_the_knock_limit() -> None:
    """CA-9: a meld leaving 5 or less can knock this turn, so hard never draws again instead."""
    state = position(table=["8h 9h 10h"], hands=["4c Js Qs Ks", "Kd Kc", "Qd Qc"], phase="meld_1")
    move = HardPlayer(fish_ratio=0.0).choose(state.view(0), random.Random(1))
    assert isinstance(move, MeldStep)
    assert state.apply(move).can_knock


def test_ca11_hard_does_not_draw_again_from_an_empty_stock() -> None:
    """CA-11: with no stock the second draw would end the hand, so hard melds instead."""
    state = position(table=RACE["table"], hands=RACE["hands"], phase="meld_1", stock=0)
    assert isinstance(HardPlayer(fish_ratio=0.0).choose(state.view(0), random.Random(1)), MeldStep)


def play_opening(seed: int, moves_wanted: int = 24) -> list[str]:
    """The first moves of a seeded 3-player hand, hard in seats 0 and 2; `apply` checks every move."""
    from games.carousel import ENGINE

    players = {"hard": HardPlayer(), "normal": ENGINE.computer("normal")}
    lineup = ("hard", "normal", "hard")
    state = ENGINE.new_game(3, seed)
    rng = random.Random(seed)
    moves: list[str] = []
    while state.hand_number == 1 and len(moves) < moves_wanted:
        seat = state.to_move
        assert seat is not None
        move = players[lineup[seat]].choose(state.view(seat), rng)
        moves.append(repr(move))
        state = state.apply(move)
    return moves


def test_hard_replays_move_for_move_with_the_same_seed() -> None:
    """Reproducibility: with the clock cap off, a seeded rng gives the same moves twice."""
    assert play_opening(31) == play_opening(31)


def test_hard_turn_cap_ends_the_sampling_and_falls_back_to_melding() -> None:
    """The injectable clock only caps: past the cap no card is sampled, so hard melds as normal would."""
    ticks = iter(range(0, 1000, 10))
    capped = HardPlayer(fish_ratio=0.0, turn_cap=1.0, clock=lambda: float(next(ticks)))
    view = race().view(0)
    assert HardPlayer(fish_ratio=0.0).choose(view, random.Random(1)) == Draw()
    assert isinstance(capped.choose(view, random.Random(1)), MeldStep)
