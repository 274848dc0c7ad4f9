"""Computer players (ai-notes §3): each level's rules of thumb, view-only input and reproducibility."""

from __future__ import annotations

import random

import pytest

from games.cards import parse_cards
from games.thirteen import ENGINE, PASS, EasyPlayer, HardPlayer, NormalPlayer, Play, new_game, position
from games.thirteen.ai import _misfits, passes_seen, plan_cost, rank_counts, sample_hands, situation_of
from games.thirteen.order import mask_of

from .helpers import play


def chosen(player, state, seed: int = 0):
    return player.choose(state.view(state.to_move), random.Random(seed))


def cards(text: str) -> Play:
    return Play.of(parse_cards(text))


def test_levels_are_built_by_the_engine():
    """ENGINE.computer gives one player per level and refuses others."""
    assert [type(ENGINE.computer(level)) for level in ENGINE.levels] == [EasyPlayer, NormalPlayer, HardPlayer]
    with pytest.raises(ValueError, match="easy, normal or hard"):
        ENGINE.computer("expert")


def test_easy_beats_with_the_lowest_combination():
    """easy: the lowest single that beats 8♣."""
    state = position(["9c Kd 2h 4s", "5c"], table="8c", to_move=0)
    assert chosen(EasyPlayer(), state) == cards("9c")


def test_easy_bombs_only_on_twos():
    """easy keeps its quad against an ace but chops a 2 with it (TL-8)."""
    hand = "9s 9c 9d 9h 4s"
    assert chosen(EasyPlayer(), position([hand, "5c"], table="Ah", to_move=0)) == PASS
    assert chosen(EasyPlayer(), position([hand, "5c"], table="2h", to_move=0)) == cards("9s 9c 9d 9h")


def test_normal_decomposition_prefers_fewer_combinations():
    """A run plus a pair costs less than the same cards as five singles and a pair."""
    assert plan_cost(rank_counts(mask_of(parse_cards("3s 4d 5c 9s 9h")))) < plan_cost(
        rank_counts(mask_of(parse_cards("3s 5c 7d 9s 9h")))
    )


def test_normal_follows_a_single_without_breaking_its_sequence():
    """normal answers 8♣ with its loose K♣, not a card of 9-10-J (ai-notes §3.2.3)."""
    state = position(["9d 10c Jh 3s 3c 5h 5d Kc", "5c 6c 7c 8d 9s 10s"], table="8c", to_move=0)
    assert chosen(NormalPlayer(), state) == cards("Kc")


def test_normal_passes_rather_than_break_a_sequence():
    """With no loose single above 8♣, normal passes instead of breaking 9-10-J."""
    state = position(["9d 10c Jh 3s 3c 5h 5d 4c", "5c 6c 7c 8d 9s 10s"], table="8c", to_move=0)
    assert chosen(NormalPlayer(), state) == PASS


def test_normal_keeps_a_two_early_but_blocks_a_player_on_one_card():
    """normal holds 2♥ over a 7 early, but plays it when an opponent has a single card left."""
    hand = "2h 3s 3c 5d 6h 8s 9d Jc Qh"
    early = position([hand, "4c 5c 6c 7d 9s 10s Ks Kc"], table="Ah", to_move=0)
    assert chosen(NormalPlayer(), early) == PASS
    late = position([hand, "Kh"], table="Ah", to_move=0)
    assert chosen(NormalPlayer(), late) == cards("2h")


def test_normal_goes_out_when_it_can():
    """normal plays its whole hand when that is a legal play."""
    state = position(["Js Qd Kc", "3c 4h"], table="8s 9s 10d", to_move=0)
    assert chosen(NormalPlayer(), state) == cards("Js Qd Kc")


def test_normal_leads_no_low_single_into_a_player_on_one_card():
    """With an opponent on one card, normal leads its pair rather than the 4."""
    state = position(["4s 7c 7d", "Kh"], to_move=0)
    assert chosen(NormalPlayer(), state) == cards("7c 7d")


def test_hard_is_reproducible_with_an_iteration_budget():
    """hard with a fixed iteration budget and no time limit decides the same way from the same rng."""
    state = new_game(4, seed=31)
    for _ in range(6):
        state = state.apply(state.legal_moves()[0])
    player = HardPlayer(iterations=6, time_budget=None)
    assert chosen(player, state, seed=5) == chosen(player, state, seed=5)
    assert chosen(player, state, seed=5) in state.legal_moves()


def test_hard_sees_only_its_view():
    """hard decides identically whatever the hidden hands are, given the same view and rng."""
    a = position(["4s 7c 7d 9h", "Kh 5d", "6s 8c"], table="3c", to_move=0, table_seat=2)
    b = position(["4s 7c 7d 9h", "5d 8c", "6s Kh"], table="3c", to_move=0, table_seat=2)
    assert a.view(0) == b.view(0)
    player = HardPlayer(iterations=8, time_budget=None)
    assert chosen(player, a, seed=3) == chosen(player, b, seed=3)


def test_hard_stops_at_its_time_budget():
    """A clock past the budget after one sample stops the search early."""
    ticks = iter(range(1000))
    player = HardPlayer(iterations=500, time_budget=0.5, clock=lambda: next(ticks))
    state = new_game(4, seed=2)
    state = state.apply(state.legal_moves()[0])
    assert chosen(player, state) in state.legal_moves()
    assert next(ticks) < 10


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computer_players_finish_games_with_legal_moves(level):
    """Each level plays whole 3-player games with legal moves only, reproducibly."""
    for seed in range(3 if level == "hard" else 30):
        players = [ENGINE.computer(level) if level != "hard" else HardPlayer(iterations=2, time_budget=None)
                   for _ in range(3)]
        runs = []
        for _ in range(2):
            state, rng, moves = new_game(3, seed), random.Random(seed), []
            while not state.is_over:
                move = players[state.to_move].choose(state.view(state.to_move), rng)
                moves.append(move)
                state = play(state, str(move))
            runs.append(moves)
        assert runs[0] == runs[1]


def test_tl9_hard_reads_an_automatic_pass_as_holding_nothing_higher():
    """A seat the engine passed for on A♥ holds no 2 in any of hard's sampled deals (D-TL-4, TL-9)."""
    state = play(position(["Ah 3s 4s", "5c 6c 7c 8c", "9d 10d Jd 2h Qs"], to_move=0,
                          options={"auto_pass_public": False}), "Ah")
    view = state.view(2)
    assert [(p.seat, p.auto) for p in passes_seen(view)] == [(1, True)]
    rng, s = random.Random(4), situation_of(view)
    twos = mask_of(parse_cards("2s 2c 2d"))
    hands = [sample_hands(view, s, passes_seen(view), rng) for _ in range(40)]
    assert all(h[1] & twos == 0 for h in hands)
    assert any(h[0] & twos for h in hands), "the 2s still go to the seat that did not pass"


def test_tl9_hard_samples_every_hand_at_its_shown_size():
    """Sampled deals give each other seat exactly its card count and never a card seen played or held."""
    state = new_game(3, seed=8)
    for _ in range(9):
        state = state.apply(state.legal_moves()[-1])
    view = state.view(state.to_move)
    s = situation_of(view)
    hands = sample_hands(view, s, passes_seen(view), random.Random(1))
    assert [h.bit_count() for h in hands] == list(view.hand_counts)
    assert hands[view.seat] == s.hand
    others = 0
    for seat, hand in enumerate(hands):
        if seat != view.seat:
            assert not others & hand
            others |= hand
    assert others & ~s.unseen == 0


def test_tl7_hard_reads_a_chosen_pass_as_soft_evidence():
    """After a chosen pass on A♥, deals where normal would have played a 2 on it get rarer, yet still occur."""
    state = position(["Ah 3s 4s", "2d 7d 8d 9d", "9h 10h Jh Qh 2h"], to_move=0)
    state = play(play(state, "Ah"), "pass")
    view = state.view(2)
    evidence = passes_seen(view)
    assert [(p.seat, p.auto) for p in evidence] == [(1, False)]
    s = situation_of(view)
    played = mask_of(view.played)

    def would_beat(hands: list[int]) -> bool:
        return _misfits(hands, evidence, s, played)[1] > 0

    rng = random.Random(6)
    with_evidence = sum(would_beat(sample_hands(view, s, evidence, rng)) for _ in range(150))
    without = sum(would_beat(sample_hands(view, s, [], rng)) for _ in range(150))
    assert 0 < with_evidence < 0.6 * without
