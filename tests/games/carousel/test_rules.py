"""The Carousel turn, meld step, knocking and scoring rules (rules.md §2, scenarios of §2.4)."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.cards import parse_cards
from games.carousel import ENGINE, Draw, Knock, Meld, MeldStep, Options, PassKnock, Phase, new_game, position
from games.carousel.scoring import end_of_game, score_hand
from games.carousel.views import display_order


def step(*melds: str) -> MeldStep:
    return MeldStep(tuple(Meld.parse(text) for text in melds))


# --- CA-1, CA-2, CA-3 -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "stock"), [(2, 33), (3, 76), (5, 56)])
def test_ca1_ca2_deal_sizes(players: int, stock: int) -> None:
    """CA-1/CA-2 and §2.3: 10 cards each; 33 in the stock with 2 players, 56 with 5."""
    state = new_game(players, seed=3)
    assert [len(hand) for hand in state.hands] == [10] * players
    assert len(state.stock) == stock


def test_ca3_player_left_of_dealer_starts_and_deal_passes_clockwise() -> None:
    """CA-3, D-CA-1: the dealer's left starts; the next hand's dealer is one seat clockwise."""
    state = new_game(3, seed=11)
    assert state.to_move == (state.dealer + 1) % 3
    first_dealer = state.dealer
    while state.hand_number == 1:
        state = state.apply(state.legal_moves()[-1])
    assert state.dealer == (first_dealer + 1) % 3


def test_ca2_hand_n_is_dealt_from_its_own_seed() -> None:
    """CA-13 contract: hand n comes from seeded_rng(seed, 'deal', n), so equal seeds deal equal hands."""
    assert new_game(4, seed=9).hands == new_game(4, seed=9).hands
    assert new_game(4, seed=9).hands != new_game(4, seed=10).hands


# --- CA-4 turn machine ------------------------------------------------------------------------------


def test_ca4_turn_starts_with_a_draw() -> None:
    """CA-4: melding before DRAW_1 is refused."""
    state = position(hands=["7h 8h 9h 2c", "5d"], phase="draw_1")
    with pytest.raises(IllegalMove, match="draw"):
        state.check(step("7h 8h 9h"))


def test_scenario2_no_meld_after_third_draw() -> None:
    """§2.4.2: declining after DRAW_1 and DRAW_2, the third card ends the turn; melding then is refused."""
    state = position(hands=["7h 8h 9h 2c Kd Qd", "5d Kc Qs Js"], phase="draw_1", stock=10)
    state = state.apply(Draw()).apply(Draw())
    assert state.phase is Phase.MELD_2
    state = state.apply(Draw())
    assert state.to_move == 1 and state.phase is Phase.DRAW_1
    with pytest.raises(IllegalMove):
        state.check(step("7h 8h 9h"))


def test_ca4_melding_ends_the_turn() -> None:
    """CA-4: after a meld step no more draws; play passes on."""
    state = position(hands=["7h 8h 9h Kc Kd Qd Jd Jc", "5d Ks Qs Js"], phase="meld_1")  # CA-9: 5 left, no pause
    after = state.apply(step("7h 8h 9h"))
    assert after.to_move == 1 and after.phase is Phase.DRAW_1
    assert after.table == (Meld.parse("7h 8h 9h"),)


def test_ca6_first_meld_from_hand_on_empty_table() -> None:
    """CA-6, §2.3: no minimum for a first meld; the very first turn may meld."""
    state = new_game(2, seed=1)
    state = state.apply(Draw())
    assert state.phase is Phase.MELD_1


# --- CA-6, CA-7, D-CA-2 ----------------------------------------------------------------------------


def test_scenario3_rearranging_without_a_hand_card_is_refused() -> None:
    """§2.4.3: a step that moves only table cards is rejected (CA-6 a)."""
    state = position(table=["4h 5h 6h 7h 8h 9h"], hands=["Kc Kd", "5d"])
    with pytest.raises(IllegalMove, match="at least one card"):
        state.check(step("4h 5h 6h", "7h 8h 9h"))


def test_scenario4_freeing_a_joker_and_reusing_it() -> None:
    """§2.4.4: 7h frees Jk=7h, which goes into 9c 10c as Jc: valid."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 9c 10c Kd", "5d"])
    after = state.apply(step("6h 7h 8h", "9c 10c Jk=Jc"))
    assert after.hands[0] == tuple(parse_cards("Kd"))


def test_scenario4_freed_joker_left_off_the_table_is_refused() -> None:
    """§2.4.4: freeing the joker without placing it again is rejected; the table is unchanged."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 9c 10c Kd", "5d"])
    with pytest.raises(IllegalMove, match="joker"):
        state.check(step("6h 7h 8h"))
    assert state.table == (Meld.parse("6h Jk=7h 8h"),)


def test_scenario5_joker_moves_keeping_its_declaration() -> None:
    """§2.4.5: Jk=7h moves from the hearts run into 7s 7d as the 7h: valid (CA-7.2)."""
    state = position(table=["4h 5h 6h Jk=7h"], hands=["3h 7s 7d Kd", "5d"])
    state.check(step("3h 4h 5h 6h", "7s 7d Jk=7h"))


def test_scenario5_redeclaring_without_freeing_is_refused() -> None:
    """§2.4.5: the same move declaring the joker 7c is refused: no natural 7h replaced it (D-CA-2)."""
    state = position(table=["4h 5h 6h Jk=7h"], hands=["3h 7s 7d Kd", "5d"])
    with pytest.raises(IllegalMove, match="keeps that declaration"):
        state.check(step("3h 4h 5h 6h", "7s 7d Jk=7c"))


def test_dca2_natural_from_another_meld_may_free_a_joker() -> None:
    """D-CA-2: a natural 7h from another meld replaces Jk=7h, which takes a new declaration."""
    state = position(table=["5h 6h Jk=7h", "7h 7s 7d 7c"], hands=["8h Kd Qd", "5d"])
    state.check(step("5h 6h 7h 8h", "7s 7d 7c", "Jk=Jd Qd Kd"))


def test_dca2_copies_on_table_never_exceed_copies_in_play() -> None:
    """D-CA-2: with one deck a natural 7h cannot join while Jk=7h stays declared 7h."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 7s 7d Kd", "5d"])
    with pytest.raises(IllegalMove, match="more often"):
        state.check(step("6h Jk=7h 8h", "7h 7s 7d"))


def test_ca6_table_cards_cannot_go_to_hand() -> None:
    """CA-6 b: a table card missing from the new table is refused."""
    state = position(table=["6h 7h 8h 9h"], hands=["Kc Kd Ks", "5d"])
    with pytest.raises(IllegalMove, match="taken back"):
        state.check(step("6h 7h 8h", "Kc Kd Ks"))


def test_ca6_cards_not_in_hand_are_refused() -> None:
    """CA-6: only the mover's hand cards can be added."""
    state = position(table=["6h 7h 8h"], hands=["Kc", "9h"])
    with pytest.raises(IllegalMove, match="not in your hand"):
        state.check(step("6h 7h 8h 9h"))


def test_ca6_invalid_meld_is_refused_with_its_cards() -> None:
    """CA-6 c: every meld must be valid; the reason names it."""
    state = position(table=["6h 7h 8h"], hands=["10h Kc", "9h"])
    with pytest.raises(IllegalMove, match="10♥"):
        state.check(step("6h 7h 8h 10h"))


# --- CA-9 knocking, CA-10 going out -----------------------------------------------------------------


@pytest.mark.parametrize(("hand", "allowed"), [("Ac 4d", True), ("6d", False), ("Jk", False)])
def test_scenario6_knock_limit(hand: str, allowed: bool) -> None:
    """§2.4.6: A♣ 4♦ (5) may knock; 6♦ and a lone joker (25) may not."""
    state = position(table=["7h 8h 9h"], hands=[f"10h {hand}", "Kc Ks Kd Qs"], phase="meld_1")
    after = state.apply(step("7h 8h 9h 10h"))
    assert after.phase is Phase.KNOCK  # CA-9: a one- or two-card hand could knock, so the pause comes anyway
    assert after.view(0).can_knock is allowed
    assert (Knock() in after.legal_moves()) is allowed and PassKnock() in after.legal_moves()
    if not allowed:
        with pytest.raises(IllegalMove):
            after.check(Knock())


def test_ca9_knock_after_three_draws() -> None:
    """§2.3: knocking is judged at the end of a three-draw turn too."""
    state = position(hands=["Ac", "Kc Ks Kd Qs"], phase="draw_1", stock="Ah 2c Ad")
    state = state.apply(Draw()).apply(Draw()).apply(Draw())
    assert state.phase is Phase.KNOCK and state.to_move == 0


def test_ca9_knock_ends_the_hand_and_pass_moves_on() -> None:
    """CA-9: a knock ends the hand at once; passing hands the turn to the next player."""
    state = position(table=["7h 8h 9h"], hands=["10h 2c", "Kc Ks Kd Qs"], phase="meld_1")
    knocking = state.apply(step("7h 8h 9h 10h"))
    assert knocking.apply(PassKnock()).to_move == 1
    ended = knocking.apply(Knock())
    assert ended.last_hand is not None and ended.last_hand.knocker == 0
    assert ended.hand_number == 2


def test_ca9_knocking_outside_the_end_of_turn_is_refused() -> None:
    """CA-9, D-CA-1: no knocking at the start of a turn."""
    state = position(hands=["2c", "Kc"], phase="draw_1")
    with pytest.raises(IllegalMove, match="end of your own turn"):
        state.check(Knock())


def test_scenario8_going_out_two_players() -> None:
    """§2.4.8 / CA-10: going out ends the hand at once; the winner gets the count + 25."""
    state = position(table=["6h 7h 8h"], hands=["9h", "Jk 5c"], phase="meld_1")
    ended = state.apply(step("6h 7h 8h 9h"))
    summary = ended.last_hand
    assert summary is not None and summary.went_out == 0
    assert summary.points == (55, 0)
    assert ended.scores == (55, 0)


# --- CA-11 empty stock ------------------------------------------------------------------------------


def test_scenario9_empty_stock_at_draw1_ends_the_hand() -> None:
    """§2.4.9 / CA-11: empty stock when DRAW_1 is due: the hand ends, lowest wins, no +10."""
    state = position(table=["7h 8h 9h"], hands=["10h 2c", "Kc 3s", "4d 5d"], phase="meld_1", stock=0)
    ended = state.apply(step("7h 8h 9h 10h"))  # seat 0 has 2: may knock
    ended = ended.apply(PassKnock())
    summary = ended.last_hand
    assert summary is not None and summary.stock_ran_out
    assert summary.winners == (0,)
    assert summary.points == ((13 - 2) + (9 - 2), 0, 0)


def test_ca11_empty_stock_at_second_draw_ends_the_hand() -> None:
    """CA-11: declining to meld with an empty stock ends the hand at once."""
    state = position(hands=["Kc 2c", "Ks Qs"], phase="meld_1", stock=0)
    ended = state.apply(Draw())
    assert ended.last_hand is not None and ended.last_hand.stock_ran_out
    assert ended.last_hand.winners == (0,)


def test_dca3_empty_stock_tie_everyone_lowest_wins_without_bonus() -> None:
    """D-CA-3: every player on the lowest count wins, with no +10."""
    score = score_hand([4, 4, 9])
    assert score.winners == (0, 1) and score.points == (5, 5, 0)


# --- CA-12 worked examples (§2.2) --------------------------------------------------------------------


def test_ca12_example_knocker_beaten() -> None:
    """§2.2: A knocks with 4, B 2, C 17 -> B scores 17 + 10 = 27."""
    assert score_hand([4, 2, 17], knocker=0).points == (0, 27, 0)


def test_ca12_example_knocker_tied_loses_tie() -> None:
    """§2.2: A knocks with 5, B 5, C 12, D 30 -> B 32 + 10 = 42."""
    assert score_hand([5, 5, 12, 30], knocker=0).points == (0, 42, 0, 0)


def test_ca12_example_two_tied_winners_besides_knocker() -> None:
    """§2.2: A knocks 3, B 3, C 3, D 20 -> B and C 17 + 10 = 27 each, each a hand won."""
    score = score_hand([3, 3, 3, 20], knocker=0)
    assert score.points == (0, 27, 27, 0) and score.winners == (1, 2)


def test_ca12_example_knocker_alone_lowest() -> None:
    """§2.2: A knocks with 4, B 9, C 11 -> A 12, no bonus."""
    assert score_hand([4, 9, 11], knocker=0).points == (12, 0, 0)


def test_ca12_example_going_out() -> None:
    """§2.2: 2 players, A goes out, B holds a joker and a 5 -> A 55."""
    assert score_hand([0, 30], went_out=0).points == (55, 0)


def test_scenario10_end_of_game_example() -> None:
    """§2.2 / §2.4.10: 167+100+6x25 = 417, 220, 171; A wins."""
    end = end_of_game([167, 120, 96], [6, 4, 3], 150)
    assert end is not None
    assert end.final == (417, 220, 171) and end.winners == (0,)


def test_ca13_highest_total_wins_even_without_reaching_target() -> None:
    """CA-13: the hand-won bonus can lift a player past the one who reached 150."""
    end = end_of_game([150, 140], [1, 6], 150)
    assert end is not None and end.final == (275, 290) and end.winners == (1,)


def test_dca4_equal_totals_share_the_win() -> None:
    """D-CA-4: equal final totals share the win and the first place."""
    end = end_of_game([150, 150, 10], [2, 2, 0], 150)
    assert end is not None and end.winners == (0, 1)


def test_ca13_game_ends_in_state_after_target() -> None:
    """CA-13: the state stops at the target, applies bonuses and reports shared places."""
    state = position(table=["6h 7h 8h"], hands=["9h", "Jk 5c"], phase="meld_1", scores=(140, 0), hands_won=(2, 0))
    ended = state.apply(step("6h 7h 8h 9h"))
    assert ended.is_over and ended.to_move is None and ended.legal_moves() == []
    assert ended.final is not None and ended.final.final == (195 + 100 + 75, 0)
    assert ended.result().places == (1, 2)


# --- options, notation, views, snapshots -------------------------------------------------------------


def test_options_validate_with_friendly_errors() -> None:
    """Options.from_mapping refuses unknown keys and bad values with a readable ValueError."""
    assert Options.from_mapping({"target": 100}).target == 100
    with pytest.raises(ValueError, match="unknown"):
        Options.from_mapping({"targt": 100})
    with pytest.raises(ValueError, match="target"):
        Options.from_mapping({"target": -5})
    assert Options.from_mapping(Options().to_dict()) == Options()


def test_knock_limit_option_changes_ca9() -> None:
    """CA-9 with knock_limit=2: a hand of 3 may not knock."""
    state = position(table=["7h 8h 9h"], hands=["10h 3c", "Kc Ks"], phase="meld_1", options={"knock_limit": 2})
    after = state.apply(step("7h 8h 9h 10h"))
    assert not after.view(0).can_knock and after.legal_moves() == [PassKnock()]


def test_ca9_knock_pause_depends_on_the_hand_size_only() -> None:
    """CA-9: the end-of-turn pause comes when some hand of that size could knock, whatever the count."""
    low = position(table=["7h 8h 9h"], hands=["10h Ac 2c", "Kc Ks"], phase="meld_1").apply(step("7h 8h 9h 10h"))
    high = position(table=["7h 8h 9h"], hands=["10h Kd Qd", "Kc Ks"], phase="meld_1").apply(step("7h 8h 9h 10h"))
    assert low.phase is high.phase is Phase.KNOCK and low.view(None) == high.view(None)
    big = position(hands=["7h 8h 9h Ac Ad As 2c 2d", "Kc Ks"], phase="meld_1").apply(step("7h 8h 9h"))
    assert big.phase is Phase.DRAW_1  # CA-8: five cards count at least 6 with one deck, over the limit


def test_ca9_tables_stored_before_the_public_pause_keep_their_rules() -> None:
    """CA-9: options stored as {target, knock_limit} replay without the pause for counts over the limit."""
    state = position(table=["7h 8h 9h"], hands=["10h Kd Qd", "Kc Ks"], phase="meld_1",
                     options={"target": 150, "knock_limit": 5})
    assert state.apply(step("7h 8h 9h 10h")).phase is Phase.DRAW_1


def test_parse_words_and_meld_from_hand() -> None:
    """parse_move reads draw/knock/pass and `meld` (the solver arranges the hand cards)."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 9c 10c Kd", "5d"])
    assert state.parse_move("draw") == Draw()
    move = state.parse_move("meld 7h 9c 10c")
    assert isinstance(move, MeldStep)
    state.check(move)


def test_parse_full_table_notation() -> None:
    """parse_move reads `table: ...`, matching table copies first, then hand cards."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 9c 10c Kd", "5d"])
    move = state.parse_move("table: 6h 7h 8h | 9c 10c Jk=Jc")
    assert state.apply(move).hands[0] == tuple(parse_cards("Kd"))


def test_parse_rejects_impossible_meld_with_reason() -> None:
    """parse_move raises IllegalMove when the named cards cannot be placed."""
    state = position(table=["6h 7h 8h"], hands=["Kd 2c", "5d"])
    with pytest.raises(IllegalMove, match="can't all be placed"):
        state.parse_move("meld Kd 2c")
    with pytest.raises(IllegalMove):
        state.parse_move("fold")


def test_encode_round_trips() -> None:
    """Every move's encode() is read back by decode_move."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 9c 10c Kd", "5d"])
    for move in (Draw(), Knock(), PassKnock(), state.parse_move("table: 6h 7h 8h | 9c 10c Jk=Jc")):
        assert state.decode_move(move.encode()) == move


def test_public_view_hides_hands() -> None:
    """view(None) shows no hand; a seat's view shows only its own hand."""
    state = new_game(3, seed=2)
    assert state.view(None).hand == ()
    assert state.view(1).hand == tuple(display_order(state.hands[1]))
    assert state.view(None).hand_sizes == (10, 10, 10)


def test_snapshot_round_trip_mid_game() -> None:
    """to_dict/from_dict restore an equal state, summaries included."""
    state = new_game(3, seed=4)
    while state.hand_number < 2:
        state = state.apply(state.legal_moves()[-1])
    assert ENGINE.from_dict(state.to_dict()) == state


def _refusal(state, text: str) -> str:
    try:
        state.check(state.parse_move(text))
    except IllegalMove as refused:
        return refused.reason
    return ""


def test_ca6b_a_table_step_leaving_out_a_whole_meld_says_so_not_joker() -> None:
    """`table: Ks Kc Kh 10c` with 6♥ 🃏 8♥ on the table: the answer is the meld left out (CA-6 b), not jokers."""
    state = position(table=["6h Jk=7h 8h"], hands=["Ks Kc Kh 10c 2d", "5d"])
    reason = _refusal(state, "table: Ks Kc Kh 10c")
    assert reason.startswith("the new table leaves out [6♥ 🃏=7♥ 8♥], already on the table")
    assert "joker" not in reason and "write every meld, separated by |" in reason


def test_ca7_3_a_joker_dropped_from_a_kept_meld_still_names_the_joker() -> None:
    """The meld stays but its joker is gone: that is the joker rule (CA-7.3), said as before."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h Ks Kc Kh", "5d"])
    assert "joker on the table must stay in a meld" in _refusal(state, "table: 6h 7h 8h | Ks Kc Kh")


def test_ca5_three_kings_and_a_ten_are_judged_as_a_group() -> None:
    """K♠ K♣ K♥ 10♣ is refused for the stray ten (a group is one rank), not for mixed suits."""
    state = position(table=[], hands=["Ks Kc Kh 10c 2d", "5d"])
    assert _refusal(state, "table: Ks Kc Kh 10c") == (
        "not a valid meld: [K♠ K♣ K♥ 10♣]: a group must be all one rank, and 10♣ is not a K"
    )


def test_ca5_a_broken_sequence_is_still_judged_as_a_sequence() -> None:
    """7♥ 8♥ 10♥: mostly one suit, so the reason is the sequence's gap."""
    state = position(table=[], hands=["7h 8h 10h 2d", "5d"])
    assert _refusal(state, "table: 7h 8h 10h").endswith("a sequence must have consecutive ranks")
