"""Moves, notation and options (design §2): codes round-trip, player text reads, options validate."""

import pytest

from games.base import IllegalMove
from games.cards import parse_card
from games.gin import BIG_GIN, DRAW, PASS, TAKE, Discard, Knock, Options, Phase, position
from games.gin.moves import decode_move

ALL_MOVES = [DRAW, TAKE, PASS, BIG_GIN, *(Discard(i) for i in range(52)), *(Knock(i) for i in range(52))]


def test_every_move_code_decodes_to_the_same_move_and_is_short():
    """Design §2: `decode_move(move.encode()) == move` for every move, codes unique and at most 5 characters."""
    codes = [move.encode() for move in ALL_MOVES]
    assert len(set(codes)) == len(codes) and max(map(len, codes)) <= 5
    assert all(decode_move(move.encode()) == move for move in ALL_MOVES)
    assert Knock.of(parse_card("10h")).encode() == "k:10h" and str(Knock.of(parse_card("7h"))) == "knock, 7♥ face down"


def test_unreadable_codes_are_refused():
    with pytest.raises(IllegalMove):
        decode_move("k:1x")
    with pytest.raises(IllegalMove):
        decode_move("Jk")


HAND = ["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"]


def test_player_notation_reads_draws_discards_knocks_and_gin():
    """Player text: "draw", "take", "pass", "7♥", "knock 2s"; "gin 2s" must really leave no deadwood."""
    state = position(HAND)
    assert state.parse_move("draw") == DRAW and state.parse_move("Take") == TAKE and state.parse_move("pass") == PASS
    assert state.parse_move("2♠") == Discard.of(parse_card("2s"))
    assert state.parse_move("knock 2s") == Knock.of(parse_card("2s"))
    with pytest.raises(IllegalMove, match="not gin"):
        state.parse_move("gin 2s")
    with pytest.raises(IllegalMove, match="No discard leaves you gin"):
        state.parse_move("gin")
    with pytest.raises(IllegalMove, match="can't read"):
        state.parse_move("discard the blue one")


def test_gin_alone_finds_the_gin_discard_or_big_gin():
    """GR-7, D-GR-4: "gin" knocks with the discard that leaves none, or lays out big gin."""
    gin = position(["5h 6h 7h 2c 2d 2s 9s Ts Js Qs Kd", "8h As Ad 3d 3c 4s 6c 4h 5c 2h"])
    assert gin.parse_move("gin") == Knock.of(parse_card("Kd"))
    big = position(["5h 6h 7h 8h 2c 2d 2s 9s Ts Js Qs", "Th Td Tc Jd Jc Jh Kd 4s 3c 3d"])
    assert big.parse_move("gin") == BIG_GIN and big.parse_move("big gin") == BIG_GIN


def test_illegal_moves_say_why():
    """Bad input gets a sentence: drawing twice, discarding a card not held, passing after the first turn."""
    state = position(HAND)
    with pytest.raises(IllegalMove, match="drawn already"):
        state.check(DRAW)
    with pytest.raises(IllegalMove, match="don't hold"):
        state.check(Discard.of(parse_card("9h")))
    draw = position(HAND[:1] + HAND[1:], phase=Phase.DRAW)
    with pytest.raises(IllegalMove, match="Only the upcard"):
        draw.check(PASS)


def test_gr11_gr12_d_gr7_options_default_targets_and_validation():
    """GR-11, D-GR-7: 100, or 150 in Oklahoma, unless the table sets a target; bad values are refused."""
    assert Options().game_target == 100 and Options(oklahoma=True).game_target == 150
    assert Options(target=50).game_target == 50 and Options(hollywood=True).games == 3
    assert Options.from_mapping(Options(oklahoma=True).to_dict()) == Options(oklahoma=True)
    assert Options(oklahoma=True, hollywood=True).name == "Hollywood Oklahoma Gin" and Options().name == "Gin"
    for bad in ({"oklahoma": "yes"}, {"target": 5}, {"target": True}, {"deck": 2}):
        with pytest.raises(ValueError):
            Options.from_mapping(bad)
