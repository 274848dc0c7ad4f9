"""Turns, rounds, places, options, views and saves of the Thirteen state machine (TL-1..TL-13, D-TL-*)."""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove
from games.cards import parse_cards
from games.registry import get_engine
from games.thirteen import ENGINE, PASS, Options, Play, State, new_game, position
from games.thirteen.deal import instant_win
from games.thirteen.order import mask_of

from .helpers import play, refusal


def test_engine_conforms_to_the_shared_contract():
    """The registry's thirteen engine: 2-4 seats (TL-1) and three levels (protocols: tests/test_contract.py)."""
    assert get_engine("thirteen") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players, tuple(ENGINE.levels)) == (2, 4, ("easy", "normal", "hard"))


@pytest.mark.parametrize("players", [1, 5])
def test_tl1_two_to_four_players(players):
    """TL-1: Thirteen seats 2 to 4 players."""
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tl3_thirteen_cards_each_from_one_deck(players):
    """TL-3: 13 distinct cards per seat whatever the number of players."""
    state = new_game(players, seed=3)
    assert [h.bit_count() for h in state.hands] == [13] * players
    together = 0
    for hand in state.hands:
        assert not together & hand
        together |= hand


def test_tl3_the_deal_is_seeded():
    """Same seed, same deal; another seed, another deal."""
    assert new_game(4, 5).hands == new_game(4, 5).hands != new_game(4, 6).hands


def test_tl4_holder_of_three_of_spades_leads_and_must_play_it():
    """TL-4: every legal first lead contains 3♠."""
    state = new_game(4, seed=11)
    assert state.hands[state.to_move] & 1
    assert all(isinstance(m, Play) and m.mask & 1 for m in state.legal_moves())


def test_tl7_leader_may_not_pass():
    """TL-7: the leader of a fresh round must play."""
    state = position(["3c 4c", "5c"], to_move=0)
    assert PASS not in state.legal_moves()
    assert refusal(state, "pass") == "You lead this round, so you can't pass: play any combination."


def test_tl7_a_player_may_pass_when_able_to_play():
    """TL-7: passing is allowed even with a beating card."""
    state = position(["9c 4c", "5c 6c", "Kd"], table="8c", to_move=0, table_seat=2)
    assert PASS in state.legal_moves() and refusal(state, "pass") == ""


def test_tl9_passing_locks_a_player_out_of_the_round():
    """TL-9: after passing, seat 0 is skipped until the table clears."""
    state = position(["9c 10c", "Jc 4c", "5d 6d Kc"], table="8c", to_move=0, table_seat=2,
                     options={"auto_pass": False})
    state = play(play(state, "pass"), "Jc")  # seat 1 beats; seat 2 next
    state = play(state, "Kc")
    assert state.to_move == 1  # seat 0 is skipped
    assert 0 in state.view(None).passed


def test_tl10_last_player_leads_after_everyone_passes():
    """TL-10: when all others pass, the table clears and the last player leads anything."""
    state = position(["9c 4c", "5d 6d", "Kc 3h"], table="8c", to_move=0, table_seat=2,
                     options={"auto_pass": False})
    state = play(play(state, "pass"), "pass")
    assert state.table is None and state.to_move == 2 and state.view(None).history == ()


def test_tl11_play_goes_on_until_one_player_is_left():
    """TL-11, D-TL-2: after the first goes out the others play on; the last holder is last."""
    state = position(["3c", "4c 9d", "5c 10d", "6c Jd"], to_move=0)
    state = play(state, "3c")
    assert not state.is_over and state.places[0] == 1
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert sorted(state.result().places) == [1, 2, 3, 4]


def test_tl11_two_players_end_when_one_goes_out():
    """TL-11: with 2 players the game ends as soon as one is out."""
    state = play(position(["3c", "4c 9d"], to_move=0), "3c")
    assert state.is_over and state.result().places == (1, 2)


def test_tl11_a_last_play_can_still_be_beaten():
    """TL-11: the others may beat the play of a player who just went out."""
    state = play(position(["8c", "9c 4d", "3d 5h"], to_move=0), "8c")
    assert state.to_move == 1 and Play.of(parse_cards("9c")) in state.legal_moves()


def test_tl12_place_points_are_n_minus_one_to_zero():
    """TL-12, D-TL-5: places 1..n score n-1..0."""
    state = new_game(3, seed=2)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    result = state.result()
    assert all(score == 3 - place for place, score in zip(result.places, result.scores, strict=True))


def test_dtl5_series_adds_place_points_over_games():
    """D-TL-5: a 3-game series totals the place points and ranks by them."""
    state = new_game(3, seed=4, options={"series_games": 3})
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    assert len(state.game_places) == 3
    totals = [sum(3 - places[s] for places in state.game_places) for s in range(3)]
    assert list(state.result().scores) == totals
    best = max(totals)
    assert [p == 1 for p in state.result().places] == [t == best for t in totals]


def test_dtl5_later_games_deal_from_their_own_seed_path():
    """Game 2 of a series is dealt from seeded_rng(seed, "deal", 2)."""
    from games.thirteen.deal import deal

    state = new_game(4, seed=8, options={"series_games": 2})
    while state.game_number == 1:
        state = state.apply(state.legal_moves()[0])
    assert state.hands == deal(4, 8, 2)


@pytest.mark.parametrize(
    ("hand", "what"),
    [
        ("2s 2c 2d 2h 3s 4s 5s 6s 7s 8s 9s 10s Js", "four 2s"),
        ("3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As 2h", "a dragon (3 to A)"),
        ("3s 3c 5s 5c 7s 7c 9s 9c Js Jc Ks Kc 2h", "six pairs"),
        ("3s 3c 4s 4c 5s 5c 6s 6c 7s 7c 9h Jh Kh", "five consecutive pairs"),
        ("3s 3c 3d 4s 4c 4d 5s 5c 5d 9h Jh Kh 2h", "three consecutive triples"),
        ("3s 5c 7d 9h Js Kc 2d 4h 6s 8c 10d Qh Ah", "a dragon (3 to A)"),
    ],
)
def test_tl13_instant_win_hands(hand, what):
    """TL-13 hands are recognised."""
    assert instant_win(mask_of(parse_cards(hand))) == what


def test_tl13_ordinary_hand_is_no_instant_win():
    """An ordinary hand wins nothing at the deal."""
    assert instant_win(mask_of(parse_cards("3s 3c 5d 6h 7s 9c 10d Jh Qs Kc Ad 2h 8s"))) is None


def test_tl13_instant_winner_takes_first_place_at_the_deal():
    """With instant wins on, a qualifying player is placed 1st before the first play; others play on."""
    for seed in range(400):
        state = new_game(4, seed, {"instant_wins": True})
        if any(p == 1 for p in state.places):
            break
    else:
        pytest.fail("no instant win in 400 deals")
    winner = state.places.index(1)
    assert state.hands[winner] == 0 and not state.is_over and state.to_move != winner
    assert new_game(4, seed).places == (None,) * 4  # off by default


def test_etl9_going_out_on_a_two_takes_the_last_place():
    """E-TL-9 option: out on a 2 takes the lowest free place; off by default it is 1st."""
    hands = ["2h", "3c 4c", "5c 6c", "7c 8c"]
    assert play(position(hands, to_move=0, options={"two_finish_loses": True}), "2h").places[0] == 4
    assert play(position(hands, to_move=0), "2h").places[0] == 1


def test_dtl4_without_auto_pass_a_stuck_player_must_pass_by_hand():
    """D-TL-4 off: the engine asks a seat that can only pass."""
    state = play(position(["3c 2h", "4c", "5c"], to_move=0, options={"auto_pass": False}), "2h")
    assert state.to_move == 1 and state.legal_moves() == [PASS]


def test_dtl4_older_tables_auto_pass_stops_only_at_seats_with_a_choice():
    """D-TL-4, tables stored before `auto_pass_public`: every to_move has a play besides pass."""
    state = new_game(4, seed=21, options={"auto_pass_public": False})
    while not state.is_over:
        assert any(isinstance(m, Play) for m in state.legal_moves())
        state = state.apply(state.legal_moves()[0])


def test_dtl4_auto_pass_skips_only_a_seat_no_hand_of_its_size_could_beat_with():
    """D-TL-4: facing a single 2, three cards cannot chop (a bomb needs 4 or 6): skipped; four could: asked."""
    small = play(position(["3c 2h", "4c 5d 6h", "7c 8c 9c 10c"], to_move=0), "2h")
    assert small.to_move == 2 and small.legal_moves() == [PASS]  # 4 cards might hold a quad: asked all the same
    assert [(t.seat, t.auto) for t in small.history[-1:]] == [(1, True)]


def test_dtl4_public_auto_pass_is_the_same_for_any_hand_of_that_size():
    """D-TL-4: who gets a turn depends on hand sizes and played cards only, never on the cards held."""
    weak = play(position(["3c Ah", "4c 5d 6h", "7c 8c 9c 10c"], to_move=0), "Ah")
    strong = play(position(["3c Ah", "4c 5d 2s", "7c 8c 9c 10c"], to_move=0), "Ah")
    assert weak.to_move == strong.to_move == 1 and weak.view(None).log == strong.view(None).log


def test_dtl4_tables_stored_before_the_public_auto_pass_keep_their_rules():
    """A complete stored dict without `auto_pass_public` loads with it off; a new table's dict has it on."""
    stored = {key: value for key, value in Options().to_dict().items() if key != "auto_pass_public"}
    assert not Options.from_mapping(stored).auto_pass_public
    assert Options.from_mapping(Options().to_dict()).auto_pass_public
    assert Options.from_mapping({"auto_pass": True}).auto_pass_public


def test_check_refuses_cards_not_held():
    """A play must come from the mover's hand."""
    assert refusal(position(["3c 4c", "5c"], to_move=0), "5c") == "You don't hold 5♣."


def test_parse_move_explains_nonsense():
    """parse_move reads notation and says what is wrong with bad text."""
    state = new_game(4, seed=1)
    assert state.parse_move("pass") == PASS
    assert state.parse_move("7♠, 7h") == Play.of(parse_cards("7s 7h"))
    for text in ("7x", "", "7s 7s"):
        with pytest.raises(IllegalMove) as error:
            state.parse_move(text)
        assert error.value.reason


def test_moves_encode_short_and_round_trip():
    """encode()/decode_move round trip; 13 cards fit a custom id."""
    state = new_game(4, seed=1)
    big = Play(state.hands[0])
    assert state.decode_move(big.encode()) == big and len(big.encode()) <= 60
    assert state.decode_move("p") == PASS and str(PASS) == "pass"
    assert str(Play.of(parse_cards("3s 4d 5c"))) == "3♠ 4♦ 5♣"
    with pytest.raises(IllegalMove):
        state.decode_move("zz")


def test_options_from_mapping_names_the_bad_key():
    """Options.from_mapping refuses unknown keys and wrong types in words."""
    with pytest.raises(ValueError, match="'bombs'"):
        Options.from_mapping({"bombs": True})
    with pytest.raises(ValueError, match="auto_pass"):
        Options.from_mapping({"auto_pass": "yes"})
    assert Options.from_mapping(Options(series_games=3).to_dict()) == Options(series_games=3)


def test_view_shows_own_hand_and_only_counts_of_others():
    """A seat's view holds its sorted hand; the public view holds no hand (E-TL-11)."""
    state = new_game(3, seed=5)
    view = state.view(1)
    assert view.hand == tuple(sorted(view.hand, key=lambda c: mask_of([c])))
    assert mask_of(view.hand) == state.hands[1]
    assert view.hand_counts == (13, 13, 13)
    assert state.view(None).hand == ()
    text = repr(state.view(None)) + repr(view)
    others = [c for s in (0, 2) for c in State.view(state, s).hand if c != view.must_include]  # TL-4 is public
    assert not any(f"Card({c.code})" in text for c in others)


def test_to_dict_round_trip_is_json_and_equal():
    """to_dict is JSON-ready and from_dict rebuilds an equal, playable state."""
    state = new_game(4, seed=7, options={"series_games": 2, "bomb_after_pass": True})
    for _ in range(12):
        state = state.apply(state.legal_moves()[-1])
    again = ENGINE.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state and again.legal_moves() == state.legal_moves()


def test_replay_rebuilds_the_identical_state():
    """A game saved as (options, seed, moves) replays to an equal state."""
    state, moves = new_game(3, seed=12), []
    while not state.is_over:
        move = state.legal_moves()[len(moves) % len(state.legal_moves())]
        moves.append(move.encode())
        state = state.apply(move)
    assert ENGINE.replay(3, 12, None, moves) == state


def test_apply_leaves_the_old_state_untouched():
    """States are immutable: apply returns a new one."""
    state = new_game(4, seed=13)
    before = state.to_dict()
    state.apply(state.legal_moves()[0])
    assert state.to_dict() == before
