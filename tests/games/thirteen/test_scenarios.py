"""rules.md §1.3: one test per Thirteen scenario."""

from __future__ import annotations

from games.thirteen import PASS, new_game, position
from games.thirteen.combos import all_combos

from .helpers import play, refusal

FOUR_HANDS = ["3s 4d 5c 4c 9h", "6s 7s 8s 9s", "10s Jc Qd Kh", "5h 6h 7h 8h"]


def test_scenario1_first_lead_must_hold_the_three_of_spades():
    """First game: P1 leads 4♣ alone (illegal), then 3♠-4♦-5♣ (legal)."""
    state = position(FOUR_HANDS, first_game=True)
    assert state.to_move == 0
    assert "must include 3♠" in refusal(state, "4c")
    assert refusal(state, "3s 4d 5c") == ""


def test_tl4_a_first_lead_without_the_three_is_refused_for_that_first():
    """Picking 3♣ 2♥ on the first lead: the refusal is the 3♠ rule (TL-4), not "a 2 is never in a sequence"."""
    state = position(["3s 3c 2h 4d", "6s 7s 8s 9s", "10s Jc Qd Kh", "5h 6h 7h 8h"], first_game=True)
    assert refusal(state, "3c 2h") == "The first lead of the game must include 3♠."
    assert refusal(state, "3s 2h") == "Two cards make a pair only when they are the same rank."  # with 3♠: the shape
    assert refusal(state, "3s 4d 2h") == "A 2 can never be part of a sequence."


def test_scenario2_pairs_and_sequences_beat_by_top_card():
    """7♠7♥ on 7♣7♦ is legal; 7♣7♦ on 7♠7♥ is not."""
    assert refusal(position(["7s 7h 3c", "4c"], table="7c 7d", to_move=0), "7s 7h") == ""
    assert refusal(position(["7c 7d 3c", "4c"], table="7s 7h", to_move=0), "7c 7d") != ""


def test_scenario2_sequence_length_and_top_card():
    """On 5♠-6♦-7♦: 8-9-10-J illegal (length), 6♣-7♠-8♠ legal, 5♣-6♥-7♣ illegal (7♣ < 7♦)."""
    state = position(["8c 9c 10c Jc 6c 7s 8s 5c 6h 7c", "4c"], table="5s 6d 7d", to_move=0)
    assert refusal(state, "8c 9c 10c Jc") == "A 4-card sequence can't beat a 3-card one."
    assert refusal(state, "6c 7s 8s") == ""
    assert "only the top card counts" in refusal(state, "5c 6h 7c")


def test_scenario4_bombs_chop_a_single_two_but_not_an_ace():
    """Table 2♠: three pairs or a quad chop it; table A♥: neither may."""
    hand = "4s 4c 5d 5h 6c 6d 9s 9c 9d 9h"
    on_two = position([hand, "3c"], table="2s", to_move=0)
    assert refusal(on_two, "4s 4c 5d 5h 6c 6d") == ""
    assert refusal(on_two, "9s 9c 9d 9h") == ""
    on_ace = position([hand, "3c"], table="Ah", to_move=0)
    assert refusal(on_ace, "4s 4c 5d 5h 6c 6d") == "Bombs beat only 2s."
    assert refusal(on_ace, "9s 9c 9d 9h") == "Bombs beat only 2s."


def test_scenario5_only_four_pairs_chop_a_pair_of_twos():
    """Table 2♣2♦: quad and 3 pairs illegal; 5-5-6-6-7-7-8-8 legal."""
    state = position(["9s 9c 9d 9h 5s 5c 6s 6c 7s 7c 8s 8c", "3c"], table="2c 2d", to_move=0)
    assert "4-pair double sequence" in refusal(state, "9s 9c 9d 9h")
    assert "4-pair double sequence" in refusal(state, "5s 5c 6s 6c 7s 7c")
    assert refusal(state, "5s 5c 6s 6c 7s 7c 8s 8c") == ""


def test_scenario6_bomb_on_a_two_answered_by_same_bomb_or_over_chopping():
    """3 pairs to 6♦ sit on a 2: quad of 7s illegal by default, legal with over-chopping; 7-7-8-8-9-9 legal."""
    hands = ["7s 7c 7d 7h 8s 8c 9s 9c", "3c"]
    table = "4s 4c 5s 5c 6s 6d"
    default = position(hands, table=table, to_move=0, on_two=True)
    assert refusal(default, "7s 7c 7d 7h") != ""
    assert refusal(default, "7s 7c 8s 8c 9s 9c") == ""
    chopping = position(hands, table=table, to_move=0, on_two=True, options={"over_chopping": True})
    assert refusal(chopping, "7s 7c 7d 7h") == ""


def _scenario7(options: dict[str, bool]):
    """P1 (seat 0) led A♥; P2 passes; P3 plays 2♥; P4 and P1 cannot beat it."""
    hands = ["3s 4s", "9s 9c 9d 9h 2s 5c", "2h 6c", "7c 8d"]
    state = position(hands, table="Ah", to_move=1, table_seat=0, options=options)
    return play(play(state, "pass"), "2h")


def test_scenario7_passed_player_may_bomb_a_two_with_bomb_after_pass():
    """With bomb_after_pass, P2 may chop 2♥ with a quad but not play 2♠ (locked out, TL-8.8, E-TL-1)."""
    state = _scenario7({"bomb_after_pass": True})
    assert state.to_move == 1 and state.in_bomb_window
    assert refusal(state, "9s 9c 9d 9h") == ""
    assert refusal(state, "2s").startswith("You passed this round; wait for the table to clear")


def test_scenario7_default_passing_locks_out_bombs_too():
    """D-TL-1 default: P2 stays locked out, the round ends and P3 leads."""
    state = _scenario7({})
    assert state.table is None and state.to_move == 2


def test_scenario8_lead_after_going_out_passes_to_the_next_seat():
    """P1 goes out with 2♥, everyone passes: P2 (the next seat with cards) leads (TL-10, E-TL-7)."""
    state = position(["2h", "3c 4c", "5c 6c", "7c 8c"], to_move=0, options={"auto_pass": False})
    state = play(state, "2h")
    for _ in range(3):
        state = state.apply(PASS)
    assert state.table is None and state.to_move == 1
    assert state.places[0] == 1


def test_scenario9_next_game_is_led_freely_by_the_winner():
    """Series: game 2 is led by game 1's winner, with no 3♠ rule (TL-4, D-TL-3)."""
    state = new_game(4, seed=9, options={"series_games": 2})
    while state.game_number == 1:
        state = state.apply(state.legal_moves()[0])
    winner = state.game_places[0].index(1)
    view = state.view(None)
    assert state.to_move == winner and view.must_include is None
    assert len(state.legal_moves()) == len(all_combos(state.hands[winner]))


def test_scenario10_two_players_lowest_dealt_card_leads():
    """2 players, 3♠ undealt: P2 holds 3♦, the lowest card, leads and must include it."""
    state = position(["4s 5s 6s", "3d 9h Kc"], first_game=True)
    assert state.to_move == 1
    assert "must include 3♦" in refusal(state, "9h")
    assert all(m.mask & 0b100 for m in state.legal_moves())  # 3♦ is value 2


def test_scenario8_auto_pass_records_no_play():
    """With auto-pass (D-TL-4) the passes after going out are made and recorded by the engine."""
    state = play(position(["2h", "3c 4c", "5c 6c", "7c 8c"], to_move=0), "2h")
    assert state.to_move == 1
    assert [line.seat for line in state.log if line.text == "passed (no play)"] == [1, 2, 3]
