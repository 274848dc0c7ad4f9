"""Gin rules by id (rules.md §4): the test scenarios of §4.2, the edge cases of §4.1, and GR-3..GR-12."""

import pytest

from games.base import IllegalMove, seeded_rng
from games.cards import parse_card, parse_cards, standard_deck
from games.gin import (
    BIG_GIN,
    DRAW,
    PASS,
    TAKE,
    Discard,
    GameTally,
    HandEnd,
    Knock,
    Phase,
    new_game,
    position,
)
from games.gin.ai import EasyPlayer, HardPlayer, NormalPlayer
from games.gin.cards import index_of, mask_of
from games.gin.melds import arrangements, deadwood, is_meld, layoff_options
from games.gin.scoring import book_hand, close_game


def knock(card: str) -> Knock:
    return Knock.of(parse_card(card))


def discard(card: str) -> Discard:
    return Discard.of(parse_card(card))


def test_scenario_1_gr6_discarding_the_two_leaves_one_and_knocking_is_legal():
    """§4.2.1, GR-6: 7♠7♥7♦ 4♣5♣6♣ K♥Q♥J♥ 2♠ plus a drawn A♦: discard 2♠, deadwood 1, knock legal."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"])
    assert deadwood(mask_of(parse_cards("7s 7h 7d 4c 5c 6c Kh Qh Jh Ad"))) == 1
    assert knock("2s") in state.legal_moves()
    after = state.apply(knock("2s"))
    assert after.last_hand is not None and after.last_hand.knocker_count == 1


def test_scenario_2_gr2_queen_king_ace_is_not_a_run():
    """§4.2.2, GR-2: ace is low only, so Q♥ K♥ A♥ is deadwood worth 21."""
    cards = mask_of(parse_cards("Qh Kh Ah"))
    assert not is_meld(cards)
    assert deadwood(cards) == 21
    assert not is_meld(mask_of(parse_cards("Kh Ah 2h")))
    assert is_meld(mask_of(parse_cards("Ah 2h 3h")))


UNDERCUT_KNOCKER = "2s 3s 4s 5h 5d 5c 9c Tc Jc 8d Ks"
UNDERCUT_DEFENDER = "5s 6s Qh Qd Qs Kh Kd Kc Ad 7h"


def test_scenario_3_gr9_equal_deadwood_after_layoffs_is_an_undercut():
    """§4.2.3, GR-9, D-GR-5: knocker 8, defender 8 after laying off 5♠ 6♠: defender scores 0 + 25."""
    state = position([UNDERCUT_KNOCKER, UNDERCUT_DEFENDER])
    after = state.apply(knock("Ks"))
    summary = after.last_hand
    assert summary is not None
    assert (summary.knocker_count, summary.defender_count) == (8, 8)
    assert summary.end is HandEnd.UNDERCUT and summary.winner == 1 and summary.points == 25
    assert after.tallies[0].points == (0, 25)


def test_gr8_layoffs_chain_onto_a_run():
    """GR-8: 5♠ then 6♠ go onto the knocker's 2♠ 3♠ 4♠, a chain of two lay-offs."""
    after = position([UNDERCUT_KNOCKER, UNDERCUT_DEFENDER]).apply(knock("Ks"))
    summary = after.last_hand
    assert summary is not None
    run = summary.knocker_melds.index(tuple(parse_cards("2s 3s 4s")))
    assert summary.layoffs[run] == tuple(parse_cards("5s 6s"))
    assert sorted(map(str, summary.defender_deadwood)) == sorted(map(str, parse_cards("Ad 7h")))


GIN_DEFENDER = "8h As Ad 3d 3c 4s 6c 4h 5c 2h"


def test_scenario_4_gr7_gin_scores_deadwood_plus_25_and_blocks_layoffs():
    """§4.2.4, GR-7: gin against 37 deadwood scores 62; the defender's 8♥ is not laid off on 5♥ 6♥ 7♥."""
    state = position(["5h 6h 7h 2c 2d 2s 9s Ts Js Qs Kd", GIN_DEFENDER])
    summary = state.apply(knock("Kd")).last_hand
    assert summary is not None
    assert summary.end is HandEnd.GIN and summary.defender_count == 37 and summary.points == 62
    assert all(not cards for cards in summary.layoffs)
    assert parse_card("8h") in summary.defender_deadwood


def test_scenario_5_d_gr4_big_gin_scores_deadwood_plus_31():
    """§4.2.5, D-GR-4: big gin with all eleven cards against 20 deadwood scores 51."""
    state = position(["5h 6h 7h 8h 2c 2d 2s 9s Ts Js Qs", "Th Td Tc Jd Jc Jh Kd 4s 3c 3d"])
    assert BIG_GIN in state.legal_moves()
    summary = state.apply(BIG_GIN).last_hand
    assert summary is not None
    assert summary.end is HandEnd.BIG_GIN and summary.defender_count == 20 and summary.points == 51


def test_edge_big_gin_is_a_choice_and_a_knock_instead_is_gin():
    """§4.1, D-GR-4: with eleven cards melded the player may still discard and knock: plain gin, 25."""
    state = position(["5h 6h 7h 8h 2c 2d 2s 9s Ts Js Qs", "Th Td Tc Jd Jc Jh Kd 4s 3c 3d"])
    summary = state.apply(knock("8h")).last_hand
    assert summary is not None and summary.end is HandEnd.GIN and summary.points == 45


@pytest.mark.parametrize("player", [EasyPlayer(), NormalPlayer(), HardPlayer(samples=4, playouts=2)])
def test_edge_computer_players_prefer_big_gin(player):
    """§4.1: a computer player never prefers gin to big gin."""
    import random

    state = position(["5h 6h 7h 8h 2c 2d 2s 9s Ts Js Qs", "Th Td Tc Jd Jc Jh Kd 4s 3c 3d"])
    assert player.choose(state.view(0), random.Random(1)) == BIG_GIN


def test_scenario_6_gr12_oklahoma_three_of_spades_limits_the_knock_to_three_and_doubles():
    """§4.2.6, GR-12: upcard 3♠: knock limit 3, every score of the hand doubled."""
    hand = "7s 7h 7d 4c 5c 6c Kh Qh Jh 2d 4h"  # discard 4♥ leaves 2; discard 2♦ leaves 4
    state = position([hand, "2h 3h 9s 9d 9c 5d 6d 8s Tc Qd"], upcard="3s", options={"oklahoma": True})
    assert state.knock_limit == 3 and state.doubled
    assert knock("4h") in state.legal_moves() and knock("2d") not in state.legal_moves()
    with pytest.raises(IllegalMove, match="3 or less"):
        state.check(knock("2d"))
    summary = state.apply(knock("4h")).last_hand
    assert summary is not None and summary.score is not None and summary.score.multiplier == 2
    assert summary.points == 2 * (summary.defender_count - 2)


def test_gr12_oklahoma_limits_by_upcard_value():
    """GR-12: a picture card or 10 means 10, other cards their value, an ace gin only."""
    for upcard, limit in (("Kd", 10), ("Tc", 10), ("7h", 7), ("2c", 2), ("Ah", 0)):
        state = position(["7s 7h", "2h 3h"], upcard=upcard, options={"oklahoma": True})
        assert state.knock_limit == limit, upcard
        assert not state.doubled
    assert position(["7s", "2h"], upcard="Kd").knock_limit == 10


def test_edge_oklahoma_ace_upcard_one_point_may_not_knock():
    """§4.1, GR-12: with an ace upcard only gin ends the hand, so 1 point of deadwood may not knock."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"], upcard="As",
                     options={"oklahoma": True})
    assert state.knock_limit == 0
    assert not any(isinstance(move, Knock) for move in state.legal_moves())
    with pytest.raises(IllegalMove, match="only gin"):
        state.check(knock("2s"))


def test_scenario_7_gr10_discard_with_two_left_is_a_drawn_hand_and_the_dealer_deals_again():
    """§4.2.7, GR-10, D-GR-1: stock at two after a draw, a discard without knocking draws the hand."""
    hands = ["2s 4s 6s 8s Ts Qs 2h 4h 6h 8h", "3c 5c 7c 9c Jc Kc 3d 5d 7d 9d"]
    state = position(hands, discard="Jd", stock="Kd Qd Jh", to_move=0, phase=Phase.DRAW, dealer=1)
    drew = state.apply(DRAW)
    assert drew.view(None).stock_count == 2
    after = drew.apply(discard("Qs"))
    assert after.last_hand is not None and after.last_hand.end is HandEnd.DRAWN
    assert after.hand_number == 2 and after.dealer == 1
    assert after.tallies[0].points == (0, 0) and after.wins == (0, 0)


def test_gr10_knocking_on_the_last_draw_is_still_allowed():
    """GR-10: the hand is drawn only if the player discards *without* knocking."""
    hands = ["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"]
    state = position(hands, discard="Jd", stock="Ad Qd Jc", to_move=0, phase=Phase.DRAW).apply(DRAW)
    summary = state.apply(knock("2s")).last_hand
    assert summary is not None and summary.end is HandEnd.KNOCK


def test_d_gr9_the_fiftieth_card_taken_from_the_pile_then_a_discard_draws_the_hand():
    """D-GR-9: when the 50th card is taken from the pile and its taker discards without knocking."""
    hands = ["2s 4s 6s 8s Ts Qs 2h 4h 6h 8h", "3c 5c 7c 9c Jc Kc 3d 5d 7d 9d"]
    state = position(hands, discard="Jd", to_move=0, phase=Phase.DRAW, discard_takes=49)
    taken = state.apply(TAKE)
    assert taken.discard_takes == 50
    after = taken.apply(discard("Qs"))
    assert after.last_hand is not None and after.last_hand.end is HandEnd.DRAWN
    early = position(hands, discard="Jd", to_move=0, phase=Phase.DRAW, discard_takes=48).apply(TAKE)
    assert early.apply(discard("Qs")).hand_number == 1


def test_scenario_8_gr11_game_line_bonuses():
    """§4.2.8, GR-11: 104 to 31 with 4 hands won to 2: winner 104 + 100 + 100, loser 31 + 50."""
    closed = close_game(GameTally((104, 31), (4, 2)), 0)
    assert closed.final == (304, 81)


def test_gr11_the_engine_closes_the_game_at_the_target_with_its_bonuses():
    """GR-11: a knock taking a player to 100 ends the match; places and scores carry the bonuses."""
    tally = GameTally((90, 31), (3, 2))
    state = position([UNDERCUT_DEFENDER, UNDERCUT_KNOCKER], to_move=1, tallies=[tally], wins=(3, 2))
    # seat 1 knocks with 8 and seat 0 undercuts for 25: 115 to 31, 4 hands won to 2
    after = state.apply(knock("Ks"))
    assert after.is_over and after.to_move is None
    assert after.tallies[0].final == (115 + 100 + 100, 31 + 50)
    result = after.result()
    assert result.places == (1, 2) and result.scores == (315, 81)


def test_scenario_9_d_gr6_shutout_doubles_the_whole_total():
    """§4.2.9, D-GR-6: 112 to 0 with 3 hands to none: (112 + 100 + 75) × 2 = 574."""
    assert close_game(GameTally((112, 0), (3, 0)), 0).final == (574, 0)


def test_scenario_10_gr13_hollywood_booking():
    """§4.2.10, GR-13, D-GR-8: wins A, A, B, A: game 1 books all four, game 2 A's 2nd and 3rd, game 3 A's 3rd."""
    tallies = (GameTally(), GameTally(), GameTally())
    wins = [0, 0]
    booked = []
    for winner in (0, 0, 1, 0):
        booking = book_hand(tallies, wins[winner], winner, 10, 100)
        tallies = booking.tallies
        wins[winner] += 1
        booked.append(booking.booked)
    assert booked == [(0,), (0, 1), (0,), (0, 1, 2)]
    assert [t.hands for t in tallies] == [(3, 1), (2, 0), (1, 0)]


def test_d_gr8_a_first_win_after_game_one_closed_goes_to_game_two():
    """D-GR-8: a player's n-th win goes into the first n games still open."""
    tallies = (close_game(GameTally((100, 0), (1, 0)), 0), GameTally(), GameTally())
    booking = book_hand(tallies, 0, 1, 20, 100)
    assert booking.booked == (1,)
    assert booking.tallies[1].points == (0, 20) and booking.tallies[0].final == (450, 0)


def test_gr13_hollywood_match_ends_when_all_three_games_closed():
    """GR-13: one game closing does not end a Hollywood match; the result sums the three games."""
    tallies = [close_game(GameTally((100, 20), (2, 1)), 0), GameTally((95, 20), (2, 1)), GameTally((30, 0), (1, 0))]
    state = position([UNDERCUT_DEFENDER, UNDERCUT_KNOCKER], to_move=1, tallies=tallies, wins=(2, 1),
                     options={"hollywood": True})
    after = state.apply(knock("Ks"))  # seat 0 undercuts for 25, its 3rd win: games 2 and 3 (game 1 is closed)
    summary = after.last_hand
    assert summary is not None and summary.booked == (1, 2) and summary.closed == (1,)
    assert not after.is_over and after.hand_number == 2
    assert after.tallies[2].points == (55, 0)
    # game 1: 100 + 100 + 2 × 25 to 20 + 25; game 2: 120 + 100 + 3 × 25 to 20 + 25; game 3 open at 55 to 0
    assert after.tallies[1].final == (295, 45)
    assert after.totals() == (250 + 295 + 55, 45 + 45)


def test_edge_a_card_fitting_two_melds_counts_the_least_deadwood():
    """§4.1: 7♥ with 7♠ 7♣ or with 8♥ 9♥: the least deadwood whichever way it goes."""
    hand = mask_of(parse_cards("7h 7s 7c 8h 9h Kd Qc 2s 3d Ac"))
    # the run leaves 7♠ 7♣ K Q 2 3 A = 40, the set 8♥ 9♥ K Q 2 3 A = 43: the run it is, whatever is shown
    assert deadwood(hand) == 40
    assert arrangements(hand) == [(mask_of(parse_cards("7h 8h 9h")),)]
    with_ten = mask_of(parse_cards("7h 7s 7c 7d 8h 9h Kd Qc 2s 3d"))
    assert deadwood(with_ten) == 10 + 10 + 2 + 3  # 7♠ 7♣ 7♦ and 7♥ 8♥ 9♥ both


def test_edge_nothing_goes_onto_a_set_of_four_and_runs_stop_at_ace_and_king():
    """§4.1: lay-offs onto four of a kind are impossible; a run extends either end up to A or K."""
    four = mask_of(parse_cards("9s 9h 9d 9c"))
    assert layoff_options(four, mask_of(parse_cards("8s Ts"))) == [0]
    run = mask_of(parse_cards("2h 3h 4h"))
    options = layoff_options(run, mask_of(parse_cards("Ah 5h 6h Kh")))
    assert mask_of(parse_cards("Ah 5h 6h")) in options and max(o.bit_count() for o in options) == 3
    top = mask_of(parse_cards("Jh Qh Kh"))
    assert layoff_options(top, mask_of(parse_cards("Ah Th"))) == [0, mask_of(parse_cards("Th"))]


def test_edge_taking_the_upcard_and_knocking_at_once():
    """§4.1, GR-4: the non-dealer may take the upcard on the first turn and knock straight away."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"], discard="Ad",
                     to_move=0, phase=Phase.UPCARD, dealer=1)
    taken = state.apply(TAKE)
    assert knock("2s") in taken.legal_moves()
    assert taken.apply(knock("2s")).last_hand.end is HandEnd.KNOCK  # type: ignore[union-attr]


def test_edge_only_the_top_of_the_pile_may_be_taken():
    """§4.1, GR-5: taking from the discard pile takes its top card, the rest stays."""
    hands = ["2s 4s 6s 8s Ts Qs 2h 4h 6h 8h", "3c 5c 7c 9c Jc Kc 3d 5d 7d 9d"]
    state = position(hands, discard="Jd Ad Kh", to_move=0, phase=Phase.DRAW)
    after = state.apply(TAKE)
    assert parse_card("Kh") in after.view(0).hand and after.view(0).discard == tuple(parse_cards("Jd Ad"))
    assert parse_card("Ad") not in after.view(0).hand


def test_d_gr2_the_card_taken_from_the_pile_may_not_be_discarded_that_turn():
    """D-GR-2: neither discard nor knock with the card just taken from the pile."""
    hands = ["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"]
    state = position(hands, discard="Ad", to_move=0, phase=Phase.DRAW).apply(TAKE)
    assert discard("Ad") not in state.legal_moves() and knock("Ad") not in state.legal_moves()
    with pytest.raises(IllegalMove, match="took A♦"):
        state.check(discard("Ad"))
    drawn = position(hands, discard="Ad", stock="Ac Qd Jc", to_move=0, phase=Phase.DRAW).apply(DRAW)
    assert Discard.of(parse_card("Ac")) in drawn.legal_moves()


def test_gr6_knocking_is_optional_and_a_knock_over_the_limit_is_refused():
    """GR-6: a legal knock is one choice among the discards; more than 10 deadwood may not knock."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad", "2h 3h 4h 9s 9d 9c 5d 6d 8s Tc"])
    assert discard("2s") in state.legal_moves()
    high = position(["7s 7h 7d 4c 5c 6c Kh Qh 9d 2s Ad", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"])
    assert not any(isinstance(move, Knock) for move in high.legal_moves())
    with pytest.raises(IllegalMove, match="10 or less"):
        high.check(knock("2s"))


def test_gr3_deal_ten_each_one_at_a_time_from_the_non_dealer_then_the_upcard():
    """GR-3: ten cards each dealt alternately starting with the non-dealer, one upcard, 31 in the stock."""
    state = new_game(2, 7)
    order = [index_of(card) for card in standard_deck()]
    seeded_rng(7, "deal", 1).shuffle(order)
    first = 1 - state.dealer
    assert state.hands[first] == sum(1 << c for c in order[0:20:2])
    assert state.hands[state.dealer] == sum(1 << c for c in order[1:20:2])
    assert state.discard == (order[20],) and state.upcard == order[20]
    assert state.stock == tuple(order[21:]) and len(state.stock) == 31


def test_d_gr1_first_dealer_is_seeded_and_the_deal_alternates():
    """D-GR-1: the first dealer comes from the seed (both seats occur); after a decided hand it alternates."""
    dealers = {new_game(2, seed).dealer for seed in range(20)}
    assert dealers == {0, 1}
    assert new_game(2, 3).dealer == new_game(2, 3).dealer
    after = position([UNDERCUT_KNOCKER, UNDERCUT_DEFENDER], dealer=1).apply(knock("Ks"))
    assert after.dealer == 0 and after.hand_number == 2 and after.phase is Phase.UPCARD
    assert after.to_move == 1  # GR-4: the new non-dealer is offered the upcard


def test_gr4_upcard_offered_to_the_non_dealer_then_the_dealer_then_stock():
    """GR-4: non-dealer passes, dealer passes, then the non-dealer draws from the stock and discards."""
    state = new_game(2, 11)
    dealer = state.dealer
    assert state.phase is Phase.UPCARD and state.to_move == 1 - dealer
    assert state.legal_moves() == [TAKE, PASS]
    with pytest.raises(IllegalMove, match="take the upcard"):
        state.check(DRAW)
    once = state.apply(PASS)
    assert once.phase is Phase.UPCARD and once.to_move == dealer
    twice = once.apply(PASS)
    assert twice.phase is Phase.DISCARD and twice.to_move == 1 - dealer
    assert twice.hands[1 - dealer].bit_count() == 11 and len(twice.stock) == 30
    assert twice.hands[1 - dealer] >> state.stock[0] & 1
    dealer_takes = once.apply(TAKE)
    assert dealer_takes.to_move == dealer and dealer_takes.phase is Phase.DISCARD


def test_gr5_draw_then_discard_passes_the_turn():
    """GR-5: draw from the stock or the pile, then one discard face up; the opponent is next."""
    state = new_game(2, 5).apply(PASS).apply(PASS)
    seat = state.to_move
    move = next(m for m in state.legal_moves() if isinstance(m, Discard))
    after = state.apply(move)
    assert after.to_move == 1 - seat and after.phase is Phase.DRAW
    assert after.discard[-1] == move.index and set(after.legal_moves()) == {DRAW, TAKE}
    with pytest.raises(IllegalMove, match="Draw first"):
        after.check(move)


def test_d_gr3_among_equal_arrangements_the_knocker_leaves_the_fewest_points_to_lay_off():
    """D-GR-3: 4♠5♠6♠ + 5♥5♦ or 5♠5♥5♦ + 4♠6♠ both leave 10; the set is chosen, so 2♠ 3♠ stay deadwood."""
    knocker = "4s 5s 6s 5h 5d 9c Tc Jc Qc Kc Ks"
    defender = "2s 3s 7h 9h Jh Kd 8d Ac 3c 7c"
    assert len(arrangements(mask_of(parse_cards(knocker)) & ~mask_of(parse_cards("Ks")))) == 2
    summary = position([knocker, defender]).apply(knock("Ks")).last_hand
    assert summary is not None
    assert summary.knocker_melds == (tuple(parse_cards("5s 5d 5h")), tuple(parse_cards("9c Tc Jc Qc Kc")))
    assert summary.knocker_count == 10 and summary.defender_count == 60 and summary.points == 50
    assert all(not cards for cards in summary.layoffs)
