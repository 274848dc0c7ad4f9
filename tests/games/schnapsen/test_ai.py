"""Computer players: legal, seeded and reproducible, view-only, and ranked by strength."""

import random

import pytest

from games.cards import parse_card
from games.schnapsen import ENGINE, Close, Draw, ExchangeTrump, KeepTrump, Pause, PlayCard, new_game, position
from games.schnapsen.ai import EasyPlayer, HardPlayer, NormalPlayer, deduce, sample_layout
from games.schnapsen.solver import Solver, card_of, index


def _play_series(players, preset, seed, deals=None):
    state = new_game(2, seed, {"preset": preset})
    rng = random.Random(seed)
    while not state.is_over and (deals is None or state.deal_number <= deals):
        seat = state.to_move
        move = players[seat].choose(state.view(seat), rng)
        assert move in state.legal_moves()
        state = state.apply(move)
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computer_levels_play_legal_moves(level):
    """ENGINE.computer(level) plays only legal moves from its view, in every preset."""
    player = ENGINE.computer(level)
    if isinstance(player, HardPlayer):
        player = HardPlayer(samples=4, node_limit=20_000)
    for preset in ("santase", "sixty_six", "schnapsen_tournament"):
        _play_series([player, player], preset, seed=5, deals=2)


def test_unknown_level_is_refused():
    """Only the engine's levels exist."""
    with pytest.raises(ValueError, match="Unknown level"):
        ENGINE.computer("grandmaster")


def test_hard_with_fixed_samples_is_reproducible():
    """A seeded hard player with a fixed sample count makes the same choices every time."""
    players = [HardPlayer(samples=3, node_limit=20_000), NormalPlayer()]
    first = _play_series(players, "sixty_six", seed=8, deals=1)
    second = _play_series(players, "sixty_six", seed=8, deals=1)
    assert first == second


def test_sampled_layouts_respect_what_was_seen():
    """ai-notes §2.3: sampled layouts keep own cards, known marriage partners and SX-7 voids."""
    state = position(["10h Jc", "Kd Qd 9s"], trump="As", talon="9h Kh Jd", leader=1, tricks=(1, 1),
                     marriages=[(1, "d")], closed=True)
    view = state.view(0)
    know = deduce(view)
    for seed in range(20):
        layout = sample_layout(view, know, random.Random(seed))
        opp = {card_of(b).code for b in range(24) if layout.hands[1] >> b & 1}
        assert {"Kd", "Qd"} <= opp and len(opp) == 3
        assert not opp & {"10h", "Jc"}


def test_sx9_sampled_layouts_give_the_opponent_the_nine_it_kept():
    """SX-9 (tables stored before the offer went to everybody): a seat that kept the 9 holds it in every layout."""
    state = position(["Ac Jd", "9s Jh"], trump="As", talon="9h Qd 10d", leader=0, tricks=(1, 0), scores=(10, 0),
                     preset="sixty_six", exchange_offer_always=False).apply(Close()).apply(KeepTrump())
    view = state.view(0)
    know = deduce(view)
    nine = 1 << index(parse_card("9s"))
    assert all(sample_layout(view, know, random.Random(seed)).hands[1] & nine for seed in range(10))


def test_sx9_declining_the_offer_tells_the_closer_nothing():
    """SX-9: where every opponent is asked, declining leaves the 9 among the unknown cards."""
    state = position(["Ac Jd", "9s Jh"], trump="As", talon="9h Qd 10d", leader=0, tricks=(1, 0), scores=(10, 0),
                     preset="sixty_six").apply(Close()).apply(KeepTrump())
    view = state.view(0)
    nine = 1 << index(parse_card("9s"))
    assert view.trump_kept_by is None and deduce(view).unknown & nine


def test_solver_finds_the_forced_win_in_phase_2():
    """SX-7 endgame: holding A and 10 of trumps at 50 points, the solver wins with both."""
    state = position(["As 10s", "Kh Qh"], trump="s", leader=0, tricks=(3, 3), scores=(50, 40))
    view = state.view(0)
    layout = sample_layout(view, deduce(view), random.Random(1))
    values = Solver(state.options, state.trump, phase1_depth=99).move_values(layout)
    assert max(values.values()) > 0


def test_normal_solves_the_exhausted_phase_exactly():
    """Normal plays the trick-winning card when only the exact line wins (SX-7, SX-11)."""
    state = position(["Ah 9c", "10h Jc"], trump="s", leader=1, tricks=(3, 3), scores=(55, 50)).apply(
        PlayCard(parse_card("10h"))
    )
    move = NormalPlayer().choose(state.view(0), random.Random(0))
    assert move == PlayCard(parse_card("Ah"))


def test_hard_closes_a_sure_win():
    """SX-10: with the top trumps and 50 points, hard closes and goes out."""
    state = position(["As 10s Ks Qs Ah Jc", "9h Jh Qh 10c Qc Kc"], trump="Js", talon="9d Jd Qd 10d Ad Kd Kh 9c 10h",
                     leader=0, tricks=(1, 0), scores=(30, 0))
    move = HardPlayer(samples=4).choose(state.view(0), random.Random(0))
    assert move in (Close(), state.parse_move("40 Ks"), state.parse_move("40 Qs"))


def _before_drawing(points: int):
    """Sixty-Six: seat 0 holds A, 10 and K of trumps and has just won a trick worth 11 (SX-10 pause)."""
    state = position(["Ac As 10s Ks", "9c Jh Qc Jd"], trump="Qs", talon="9h Qd 10d", leader=0, tricks=(1, 1),
                     scores=(points, 12), preset="sixty_six")
    state = state.apply(PlayCard(parse_card("Ac"))).apply(PlayCard(parse_card("9c")))
    assert state.pause is Pause.DRAW
    return state


@pytest.mark.parametrize("player", [NormalPlayer(), HardPlayer(samples=4, node_limit=20_000)])
def test_sx10_normal_and_hard_close_before_drawing_with_a_sure_66(player):
    """SX-10: 41 points plus three top trumps reach 66 for sure: close now, before drawing."""
    assert player.choose(_before_drawing(30).view(0), random.Random(0)) == Close()


@pytest.mark.parametrize("player", [NormalPlayer(), HardPlayer(samples=4, node_limit=20_000)])
def test_sx10_normal_and_hard_draw_when_closing_is_not_sure(player):
    """SX-10: 16 points and the same trumps fall short of 66: draw as usual."""
    assert player.choose(_before_drawing(5).view(0), random.Random(0)) == Draw()


def test_sx10_hard_closes_before_drawing_where_normals_count_stops():
    """SX-10: with A K J of trumps and A 10 of hearts, normal's sure count stops at the unseen 10 of trumps
    and it draws; hard solves the closed deal on each layout and closes before drawing."""
    state = position(["9c Qh Jc Qc Jd Qs", "Ac As 10h Ks Ah Js"], trump="9s", talon="Jh 10s Kh Kd Ad 9h 10d",
                     leader=0, tricks=(1, 1), scores=(14, 3), preset="sixty_six")
    state = state.apply(PlayCard(parse_card("9c"))).apply(PlayCard(parse_card("Ac")))
    assert state.pause is Pause.DRAW and state.to_move == 1
    assert NormalPlayer().choose(state.view(1), random.Random(0)) == Draw()
    assert HardPlayer(samples=8, node_limit=20_000).choose(state.view(1), random.Random(0)) == Close()


def test_sx10_easy_always_draws():
    """SX-10: the easy player never closes, before drawing or after."""
    assert EasyPlayer().choose(_before_drawing(30).view(0), random.Random(0)) == Draw()


@pytest.mark.parametrize("player", [EasyPlayer(), NormalPlayer(), HardPlayer(samples=4, node_limit=20_000)])
def test_sx9_every_level_takes_the_exchange_offered_at_a_close(player):
    """SX-9 (pagat 66): offered the exchange at the opponent's close, every level takes it (it never costs)."""
    state = position(["Ac Jd", "9s Jh"], trump="As", talon="9h Qd 10d", leader=0, tricks=(1, 0), scores=(10, 0),
                     preset="sixty_six").apply(Close())
    assert state.pause is Pause.EXCHANGE
    assert player.choose(state.view(1), random.Random(0)) == ExchangeTrump()


@pytest.mark.slow
def test_normal_beats_easy_over_paired_series():
    """Strength order: normal wins most of 8 paired santase series against easy."""
    wins = 0
    for seed in range(4):
        for seats in ((0, 1), (1, 0)):
            players = [None, None]
            players[seats[0]], players[seats[1]] = NormalPlayer(), EasyPlayer()
            wins += _play_series(players, "santase", seed).winner == seats[0]
    assert wins >= 6
