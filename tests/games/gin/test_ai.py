"""Computer players (rules.md §4): legal moves from views alone, seeded determinism, and each level's habits."""

import random

import pytest

from games.cards import parse_card
from games.gin import DRAW, ENGINE, PASS, TAKE, Discard, Knock, Phase, position
from games.gin.ai import EasyPlayer, HardPlayer, NormalPlayer, Seen, computer_player, knock_threshold

PLAYERS = [computer_player("easy"), NormalPlayer(), HardPlayer(samples=6, playouts=3)]


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.level)
def test_every_level_plays_legal_moves_from_its_view_to_the_end_of_a_match(player):
    """Design §2: a computer seat gets only `view(seat)` and always answers with a legal move."""
    state = ENGINE.new_game(2, 4, {"target": 30})
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_move
        move = player.choose(state.view(seat), rng)
        assert move in state.legal_moves()
        state = state.apply(move)
    assert state.result().places in ((1, 2), (2, 1))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_same_seed_gives_the_same_moves(level):
    """Deterministic engines: a player's choices depend only on the view and the seeded rng (no clock)."""

    def moves(seed: int) -> list[str]:
        player = computer_player(level)
        state = ENGINE.new_game(2, 9)
        rng = random.Random(seed)
        codes = []
        for _ in range(40):
            move = player.choose(state.view(state.to_move), rng)
            codes.append(move.encode())
            state = state.apply(move)
            if state.hand_number > 1:
                break
        return codes

    assert moves(1) == moves(1)


def test_unknown_levels_are_refused():
    with pytest.raises(ValueError, match="unknown level"):
        computer_player("grandmaster")


MELD_HAND = ["7s 7h 7d 4c 5c 6c Kh Qh 9d 2s", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"]


def test_easy_takes_a_discard_only_when_it_makes_a_meld():
    """Easy keeps melds: it takes J♥ to Q♥ K♥, passes a useless upcard."""
    easy = computer_player("easy")
    rng = random.Random(0)
    useful = position(MELD_HAND, discard="Jh", phase=Phase.UPCARD)
    assert easy.choose(useful.view(0), rng) == TAKE
    useless = position(MELD_HAND, discard="Ah", phase=Phase.UPCARD)
    assert easy.choose(useless.view(0), rng) == PASS
    assert easy.choose(position(MELD_HAND, discard="Ah", phase=Phase.DRAW).view(0), rng) == DRAW


def test_easy_discards_high_deadwood_and_knocks_when_it_can():
    """Easy: with K♥ Q♥ 9♦ 2♠ A♦ loose it cannot knock yet, so it throws a deadwood card, never a melded
    one, and almost always a high one; with one point left it knocks (GR-6)."""
    easy = computer_player("easy")
    loose = position(["7s 7h 7d 4c 5c 6c Kh Qh 9d 2s Ad", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"])
    picks = [easy.choose(loose.view(0), random.Random(seed)) for seed in range(200)]
    deadwood_cards = {Discard.of(parse_card(code)) for code in ("Kh", "Qh", "9d", "2s", "Ad")}
    assert set(picks) <= deadwood_cards
    high = sum(pick in (Discard.of(parse_card("Kh")), Discard.of(parse_card("Qh"))) for pick in picks)
    assert high > 0.7 * len(picks)
    rng = random.Random(0)
    ready = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"])
    assert easy.choose(ready.view(0), rng) == Knock.of(parse_card("2s"))


def test_normal_reads_the_opponents_pick_up_from_the_view():
    """Normal tracks what the opponent took from the pile (`known`, `wanted`) and the tops they left."""
    state = ENGINE.new_game(2, 21)
    upcard = state.view(None).discard[-1]
    state = state.apply(TAKE)
    move = next(m for m in state.legal_moves() if isinstance(m, Discard))
    state = state.apply(move)
    seen = Seen.of(state.view(state.dealer))
    assert seen.known >> _idx(upcard.code) & 1 and seen.wanted >> _idx(upcard.code) & 1
    state = state.apply(DRAW)
    state = state.apply(next(m for m in state.legal_moves() if isinstance(m, Discard)))
    top = state.discard[-1]
    state = state.apply(DRAW)  # the taker leaves the dealer's discard
    seen = Seen.of(state.view(state.dealer))
    assert seen.refused >> top & 1


def _take():
    from games.gin.views import Action

    return Action.TAKE


def _discard():
    from games.gin.views import Action

    return Action.DISCARD


def _idx(code):
    from games.gin.cards import index_of

    return index_of(parse_card(code))


def test_normal_knock_threshold_falls_as_the_stock_shrinks():
    """Normal knocks with the full limit early, with less later, and less again when the opponent
    holds two picked-up cards (undercut risk)."""
    assert knock_threshold(10, 31, 0) == 10
    assert knock_threshold(10, 10, 0) < knock_threshold(10, 25, 0)
    assert knock_threshold(10, 20, 2) == knock_threshold(10, 20, 0) - 2
    assert knock_threshold(3, 31, 0) == 3 and knock_threshold(0, 31, 0) == 0


def test_hard_decides_from_a_fixed_number_of_samples():
    """Hard: samples are a count, not a time budget; the same view and rng give the same sampled hands."""
    hard = HardPlayer(samples=5, playouts=2, danger_samples=0)
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh 9d 2s Ad", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"])
    seen = Seen.of(state.view(0))
    first = hard.sample_hands(seen, random.Random(3))
    assert len(first) == 5 and first == hard.sample_hands(seen, random.Random(3))
    for _, hand, stock in first:
        assert hand.bit_count() == 10 and hand & seen.hand == 0 and len(stock) == seen.stock
        assert hand & seen.pile == 0


def test_hard_does_not_knock_into_a_sure_undercut():
    """Hard weighs the knock against the sampled hands: with 10 deadwood left and the opponent known to
    hold low melded cards, it plays on instead of knocking (GR-9)."""
    hard = HardPlayer(samples=24, playouts=24)
    hands = ["7s 7h 7d 4c 5c 6c Kh 6d Ad As 2c", "2h 3h 4h 2d 3d 4d 2s 3s 4s Ac"]
    state = position(hands, discard="8s", to_move=0)
    assert Knock.of(parse_card("Kh")) in state.legal_moves()  # 10 deadwood left: a legal knock
    from dataclasses import replace

    taken = ((1, _take(), _idx(c)) for c in ("2h", "3h", "4h", "2d", "3d", "4d", "2s", "3s", "4s", "Ac"))
    state = replace(state, history=tuple(taken))
    assert len(state.view(0).known[1]) == 10
    assert EasyPlayer().choose(state.view(0), random.Random(1)) == Knock.of(parse_card("Kh"))
    move = hard.choose(state.view(0), random.Random(1))
    assert not isinstance(move, Knock)


def test_hard_discard_playouts_are_paired_and_deterministic():
    """Hard with discard playouts: the same view and seed give the same legal discard."""
    hard = HardPlayer(samples=6, playouts=3, discard_playouts=4)
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh 9d 2s Ad", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"])
    first = hard.choose(state.view(0), random.Random(2))
    assert first in state.legal_moves() and first == hard.choose(state.view(0), random.Random(2))


def test_hard_spread_samples_hands_a_sensible_player_keeps():
    """Hard's sampler with a spread keeps the least-deadwood hand of each group drawn: still hands
    consistent with the view, with less deadwood on average than uniform draws."""
    from games.gin.melds import deadwood

    state = position(["7s 7h 7d 4c 5c 6c Kh Qh 9d 2s Ad", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"])
    seen = Seen.of(state.view(0))
    uniform = HardPlayer(samples=24, danger_samples=0).sample_hands(seen, random.Random(5))
    spreader = HardPlayer(samples=24, spread=4, danger_samples=0)
    spread = spreader.sample_hands(seen, random.Random(5))
    assert len(spread) == 24 and spread == spreader.sample_hands(seen, random.Random(5))
    for _, hand, _ in spread:
        assert hand.bit_count() == 10 and hand & (seen.hand | seen.pile) == 0
    assert sum(deadwood(h) for _, h, _ in spread) < sum(deadwood(h) for _, h, _ in uniform)


def test_normal_swap_rule_takes_a_low_discard_for_a_high_card():
    """Normal with a swap rule takes a discard that melds with nothing when it lowers the deadwood
    enough (A♣ for K♥); by default it takes only cards that meld."""
    hands = ["7s 7h 7d 4c 5c 6c Kh Qh 9d 2s", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"]
    view = position(hands, discard="Ac", phase=Phase.DRAW).view(0)
    assert NormalPlayer(swap=7).choose(view, random.Random(0)) == TAKE
    assert NormalPlayer().choose(view, random.Random(0)) == DRAW


DEALS = 20


def test_normal_beats_easy_over_paired_hands():
    """Strength, on 20 deals each played with the seats swapped (the first decided hand of a match):
    normal wins more of the 40 hands than easy and more points in all."""
    from games.gin import HandEnd

    players = {"normal": NormalPlayer(), "easy": computer_player("easy")}
    won = {"normal": 0, "easy": 0}
    points = {"normal": 0, "easy": 0}
    for seed in range(DEALS):
        for normal_seat in (0, 1):
            seats = ["easy", "easy"]
            seats[normal_seat] = "normal"
            state = ENGINE.new_game(2, 500 + seed)
            rngs = [random.Random(seed * 2 + s) for s in (0, 1)]
            while state.last_hand is None or state.last_hand.end is HandEnd.DRAWN:
                seat = state.to_move
                state = state.apply(players[seats[seat]].choose(state.view(seat), rngs[seat]))
            summary = state.last_hand
            assert summary.winner is not None
            won[seats[summary.winner]] += 1
            points[seats[summary.winner]] += summary.points
    assert won["normal"] > won["easy"] and points["normal"] > points["easy"]
