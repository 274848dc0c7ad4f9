"""Matches of a fixed number of deals, for a tournament's fast events: each two-player game (and
Carousel, and Thirteen's series) ends after exactly N deals and the higher total wins (D-SX-6, D-GR-10,
D-CA-5, D-TL-5); the option is the one each game declares (`GameType.deals`); options stored before it
existed read back unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games import registry
from games.base import GameState
from games.carousel.options import Options as CarouselOptions
from games.gin.options import Options as GinOptions
from games.schnapsen.options import Options as SchnapsenOptions
from games.schnapsen.state import series_winner

MOVE_CAP = 20_000  # a hang guard: a few deals never take this many moves


def deals_of(state: Any) -> int:
    """The number of the deal a state is in (or ended in), whatever the game calls it."""
    for name in ("deal_number", "hand_number", "game_number"):
        if hasattr(state, name):
            return int(getattr(state, name))
    raise AssertionError(f"{type(state).__name__} numbers no deals")


def play_out(kind: str, players: int, options: dict[str, Any], seed: int) -> GameState[Any, Any]:
    """The game played to its end by the engine's first-level computer players (seeded)."""
    game = registry.get(kind)
    engine = game.engine
    state = engine.new_game(players, seed, options)
    rng = random.Random(f"deals:{kind}:{seed}")
    computers = [engine.computer(game.levels[0]) for _ in range(players)]
    moves: list[str] = []
    while not state.is_over:
        assert len(moves) < MOVE_CAP, "the match never ended"
        seat = state.to_move
        assert seat is not None
        move = computers[seat].choose(state.view(seat), rng)
        state = state.apply(move)
        moves.append(move.encode())
    assert engine.replay(players, seed, options, moves) == state
    assert engine.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return state


@pytest.mark.parametrize("seed", range(4))
def test_d_sx6_a_match_of_three_deals_ends_after_the_third_whatever_the_target(seed: int) -> None:
    state = play_out("schnapsen", 2, {"target": 1, "fixed_deals": 3}, seed)
    assert state.deal_number == 3  # type: ignore[attr-defined]
    points = state.game_points  # type: ignore[attr-defined]
    winner = state.result().winners
    assert len(winner) == 1
    if points[0] != points[1]:
        assert points[winner[0]] > points[1 - winner[0]]


def test_d_sx6_level_totals_go_to_the_winner_of_the_last_deal() -> None:
    options = SchnapsenOptions.from_mapping({"fixed_deals": 2})
    assert series_winner(options, 2, (2, 2), 1) == 1
    assert series_winner(options, 2, (2, 2), 0) == 0
    assert series_winner(options, 2, (3, 1), 1) == 0
    assert series_winner(options, 1, (3, 0), 0) is None  # the target (11) is not what ends it


def test_d_sx6_without_a_deal_count_the_target_ends_the_series() -> None:
    options = SchnapsenOptions.from_mapping({"target": 3})
    assert series_winner(options, 1, (3, 0), 0) == 0
    assert series_winner(options, 5, (2, 2), 1) is None


@pytest.mark.parametrize("seed", range(4))
def test_d_gr10_a_match_of_two_hands_ends_after_the_second_on_points_won_in_hands(seed: int) -> None:
    state = play_out("gin", 2, {"target": 10, "fixed_deals": 2}, seed)
    assert state.hand_number == 2  # type: ignore[attr-defined]
    assert not any(tally.closed for tally in state.tallies)  # type: ignore[attr-defined]  # no game bonus
    totals = state.totals()  # type: ignore[attr-defined]
    result = state.result()
    assert result.scores == totals
    if totals[0] == totals[1]:
        assert result.places == (1, 1)  # level totals share first place: a draw
    else:
        assert result.places[totals.index(max(totals))] == 1


@pytest.mark.parametrize("seed", range(3))
def test_d_ca5_a_game_of_two_hands_ends_after_the_second(seed: int) -> None:
    state = play_out("carousel", 3, {"fixed_deals": 2}, seed)
    assert state.hand_number == 2  # type: ignore[attr-defined]
    final = state.result().scores
    assert [place == 1 for place in state.result().places] == [total == max(final) for total in final]


def test_d_tl5_thirteen_declares_its_series_as_the_deal_count() -> None:
    game = registry.get("thirteen")
    state = play_out("thirteen", 4, {game.deals: 2}, 1)
    assert deals_of(state) == 2


@pytest.mark.parametrize("kind", [game.kind for game in registry.games()])
def test_every_game_declares_an_option_that_fixes_the_deal_count(kind: str) -> None:
    game = registry.get(kind)
    state = game.engine.new_game(game.min_seats, 3, {game.deals: 2})
    assert deals_of(state) == 1 and not state.is_over


@pytest.mark.parametrize("options", [GinOptions, CarouselOptions])
def test_options_stored_before_the_deal_count_read_back_unchanged(options: type) -> None:
    stored = options().to_dict()
    assert "fixed_deals" not in stored
    assert options.from_mapping(stored) == options()
    assert options.from_mapping({**stored, "fixed_deals": 4}).to_dict()["fixed_deals"] == 4


def test_sixty_six_options_stored_before_the_deal_count_keep_their_later_switches() -> None:
    stored = SchnapsenOptions.preset_named("sixty_six").to_dict()
    assert "fixed_deals" not in stored
    older = {k: v for k, v in stored.items() if k != "exchange_offer_always"}
    assert SchnapsenOptions.from_mapping(older).exchange_offer_always is False  # still a complete old dict


@pytest.mark.parametrize("bad", [-1, 100, True, "3"])
def test_a_deal_count_out_of_range_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        GinOptions.from_mapping({"fixed_deals": bad})
    with pytest.raises(ValueError):
        SchnapsenOptions.from_mapping({"fixed_deals": bad})


def test_d_gr10_a_drawn_last_hand_ends_the_match_level() -> None:
    """A drawn hand (GR-10) is one of the match's hands: the last one ends the match, nobody scoring."""
    from games.gin.state import position
    from games.gin.views import Phase

    hands = ["As 3s 5s 7s 9s Js Ks 2h 4h 6h", "Ac 3c 5c 7c 9c Jc Kc 2d 4d 6d"]
    state = position(hands, "8h", "Qh Qd Qc", to_move=0, phase=Phase.DRAW, options={"fixed_deals": 1})
    state = state.apply(state.parse_move("draw"))
    state = state.apply(state.parse_move("qh"))
    assert state.is_over and state.result().places == (1, 1)
