"""Rule tests for Sixty-Six, one behaviour each, named after the rule ids of rules.md §3."""

import pytest

from games.base import IllegalMove
from games.cards import parse_card
from games.schnapsen import Claim, Close, DealEnd, ExchangeTrump, Marriage, PlayCard, new_game, position


def card(code: str):
    return parse_card(code)


def play(state, *codes: str):
    for code in codes:
        state = state.apply(state.parse_move(code))
    return state


# SX-1 .. SX-5: cards, deal, tricks, drawing -------------------------------------------------------


@pytest.mark.parametrize(("preset", "hand", "talon"), [("santase", 6, 12), ("schnapsen", 5, 10)])
def test_sx1_sx3_deal_sizes(preset, hand, talon):
    """SX-1/SX-3: 6 cards each and a talon of 12 with 24 cards; 5 and 10 with 20."""
    state = new_game(2, 3, {"preset": preset})
    assert [len(h) for h in state.hands] == [hand, hand]
    assert len(state.talon) == talon
    every = [*state.hands[0], *state.hands[1], *state.talon]
    assert len(set(every)) == 2 * hand + talon


def test_sx3_dealers_opponent_leads_and_d_sx4_deal_alternates():
    """SX-3: the dealer's opponent leads; D-SX-4: the next deal is dealt by the other seat."""
    state = new_game(2, 1, {"preset": "santase"})
    assert (state.dealer, state.to_move) == (1, 0)
    finished = play(position(["Jc", "Js"], trump="s", leader=0, tricks=(5, 5), scores=(60, 50)), "Jc", "Js")
    assert finished.deal_number == 2
    assert (finished.dealer, finished.to_move) == (0, 1)


def test_sx3_deal_n_comes_from_its_own_seed_path():
    """SX-15 with games.base.seeded_rng: the same seed gives the same first deal."""
    assert new_game(2, 9, {"preset": "santase"}).hands == new_game(2, 9, {"preset": "santase"}).hands
    assert new_game(2, 9, {"preset": "santase"}).hands != new_game(2, 10, {"preset": "santase"}).hands


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [("Kh", "Ah", 1), ("Ah", "10h", 0), ("Ah", "9s", 1), ("Ah", "Ac", 0)],
)
def test_sx4_trick_winner(lead, follow, winner):
    """SX-4: higher card of the suit led wins; else a trump wins; else the leader (trump spades)."""
    state = position([f"{lead} 9d", f"{follow} Jd"], trump="Qs", talon="Jc Qc Kd", leader=0)
    state = play(state, lead, follow)
    assert state.leader == winner
    assert state.tricks_won[winner] == 1


def test_sx5_winner_draws_first_and_loser_takes_the_trump_card():
    """SX-5: the last face-down card goes to the trick winner, the face-up trump to the loser."""
    state = position(["Ah 9d", "Kh Jd"], trump="Qs", talon="Jc", leader=0)
    state = play(state, "Ah", "Kh")
    assert card("Jc") in state.hands[0]
    assert card("Qs") in state.hands[1]
    assert state.talon == () and state.trump_card is None


# SX-6 / SX-7: following -----------------------------------------------------------------------------


def test_sx6_scenario1_phase1_follower_may_discard():
    """§3.4 #1: phase 1, hearts led, the follower may keep hearts and discard ♣9."""
    state = position(["Ah 10s", "Kh 9c"], trump="Js", talon="Jd Qd Kd", leader=0).apply(PlayCard(card("Ah")))
    state.check(PlayCard(card("9c")))


def test_sx7_scenario2_must_head_with_higher_card():
    """§3.4 #2: phase 2, 10♥ led, holding A♥ K♥ and trumps: only A♥ is legal."""
    state = position(["10h Jc", "Ah Kh Qs"], trump="s", leader=0).apply(PlayCard(card("10h")))
    assert state.legal_moves() == [PlayCard(card("Ah"))]
    with pytest.raises(IllegalMove, match="You must follow suit with a higher heart"):
        state.check(PlayCard(card("Kh")))


def test_sx7_scenario2_must_follow_suit_when_unable_to_head():
    """§3.4 #2: holding only K♥ (and trumps) under 10♥: K♥ is forced."""
    state = position(["10h Jc", "Kh Qs"], trump="s", leader=0).apply(PlayCard(card("10h")))
    assert state.legal_moves() == [PlayCard(card("Kh"))]
    with pytest.raises(IllegalMove, match="You must follow suit with a heart"):
        state.check(PlayCard(card("Qs")))


def test_sx7_scenario2_void_must_trump():
    """§3.4 #2: void in hearts but holding a trump: must trump."""
    state = position(["10h Jc", "Qs Jd"], trump="s", leader=0).apply(PlayCard(card("10h")))
    assert state.legal_moves() == [PlayCard(card("Qs"))]
    with pytest.raises(IllegalMove, match="you must play a trump"):
        state.check(PlayCard(card("Jd")))


def test_sx7_scenario2_trump_led_must_head_in_trumps():
    """§3.4 #2: Q♠ (trump) led, the follower holds K♠ and 9♠: must play K♠."""
    state = position(["Qs Jc", "Ks 9s"], trump="s", leader=0).apply(PlayCard(card("Qs")))
    assert state.legal_moves() == [PlayCard(card("Ks"))]


def test_sx7_void_without_trumps_plays_anything():
    """SX-7: void in the suit led and in trumps: any card."""
    state = position(["10h Jc", "Qd Jd"], trump="s", leader=0).apply(PlayCard(card("10h")))
    assert set(state.legal_moves()) == {PlayCard(card("Qd")), PlayCard(card("Jd"))}


def test_sx7_applies_after_closing():
    """SX-10: after a close the follow rules of SX-7 apply although cards remain in the talon."""
    state = position(["10h Jc", "Ah Kh"], trump="Qs", talon="9c Jd Qd", leader=0, tricks=(1, 1), closed=True)
    state = state.apply(PlayCard(card("10h")))
    assert state.legal_moves() == [PlayCard(card("Ah"))]


# SX-8 marriages -----------------------------------------------------------------------------------


def test_sx8_scenario3_first_lead_marriage_illegal_in_santase():
    """§3.4 #3: santase: no marriage before the declarer has a trick."""
    state = position(["Kc Qc 9d", "Ah Jd Jh"], trump="Qs", talon="9c Jc Kd", leader=0, preset="santase")
    with pytest.raises(IllegalMove, match="You need a trick before you can declare a marriage"):
        state.check(Marriage(card("Kc"), 20))


def test_sx8_scenario3_first_lead_marriage_pending_in_schnapsen():
    """§3.4 #3 and §3.3: schnapsen allows it; the 20 waits while the declarer has no trick."""
    state = position(["Kc Qc Jd", "Ac 10d Jh"], trump="Qs", talon="10c", leader=0, preset="schnapsen")
    state = play(state, "marriage Qc", "Ac")
    assert state.points(0) == 0
    assert state.view(0).marriages[0].counted is False


def test_sx8_pending_marriage_counts_from_the_first_trick():
    """SX-8: a pending marriage is added as soon as the declarer wins a trick."""
    state = position(["Kc Qc Ad", "Jc 10d Jh"], trump="Qs", talon="10c 9c Kd", leader=0, preset="schnapsen")
    state = play(state, "20 Kc", "Jc")
    assert state.points(0) == 20 + 4 + 2


def test_sx8_scenario3_no_marriage_after_close_in_sixty_six():
    """§3.4 #3: talon closed, a 20 is illegal under sixty_six."""
    state = position(["Kc Qc 9d", "Ah Jd Jh"], trump="Qs", talon="9c Jc Ac", leader=0, tricks=(1, 0),
                      closed=True, preset="sixty_six")
    with pytest.raises(IllegalMove, match="once the talon is closed"):
        state.check(Marriage(card("Kc"), 20))


@pytest.mark.parametrize("preset", ["schnapsen", "schnapsen_tournament", "santase"])
def test_sx8_scenario3_marriage_after_close_legal_elsewhere(preset):
    """§3.4 #3: talon closed, a 20 is legal under the Schnapsen presets and santase."""
    state = position(["Kc Qc 10d", "Ah Jd Jh"], trump="Qs", talon="10c Jc Ac", leader=0, tricks=(1, 0),
                     closed=True, preset=preset)
    state.check(Marriage(card("Kc"), 20))


def test_sx8_marriage_in_trumps_is_40_and_is_checked():
    """SX-8: trumps marry for 40; a move claiming 20 for it is refused."""
    state = position(["Ks Qs 9d", "Ah Jd Jh"], trump="As", talon="9c Jc Kd", leader=0, tricks=(1, 0))
    assert state.parse_move("40 Qs") == Marriage(card("Qs"), 40)
    with pytest.raises(IllegalMove, match="worth 40"):
        state.check(Marriage(card("Qs"), 20))


def test_sx8_tournament_must_lead_the_king():
    """SX-8/§3.2: the tournament rules require the K to be led from a marriage."""
    state = position(["Kc Qc 10d", "Ah Jd Jh"], trump="Qs", talon="10c Jc Kd", leader=0, tricks=(1, 0),
                     preset="schnapsen_tournament")
    with pytest.raises(IllegalMove, match="lead the K"):
        state.check(Marriage(card("Qc"), 20))
    state.check(Marriage(card("Kc"), 20))


def test_sx8_marriage_only_when_about_to_lead():
    """SX-8: the follower cannot declare."""
    state = position(["Ad 9d", "Kc Qc"], trump="Qs", talon="9c Jc Kd", leader=0, tricks=(1, 1)).apply(
        PlayCard(card("Ad"))
    )
    with pytest.raises(IllegalMove, match="about to lead"):
        state.check(Marriage(card("Kc"), 20))


# SX-9 exchange ------------------------------------------------------------------------------------


def test_sx9_scenario9_exchange_with_talon_of_four():
    """§3.4 #9: trump ♣ A face up, leader holds 9♣ with a trick, talon of 4: exchange is legal."""
    state = position(["9c Jd", "Ah Jh"], trump="Ac", talon="9h Qd 10d", leader=0, tricks=(1, 0))
    after = state.apply(ExchangeTrump())
    assert card("Ac") in after.hands[0] and after.trump_card == card("9c")
    assert after.to_move == 0


@pytest.mark.parametrize(("preset", "low", "legal"), [("santase", "9c", False), ("schnapsen_tournament", "Jc", False),
                                                     ("sixty_six", "9c", True), ("schnapsen", "Jc", True)])
def test_sx9_scenario9_exchange_with_two_left_by_preset(preset, low, legal):
    """§3.4 #9: talon of 2: illegal under santase and tournament, legal under pagat."""
    state = position([f"{low} Jd", "Ah Jh"], trump="Ac", talon="Qd", leader=0, tricks=(1, 0), preset=preset)
    assert (ExchangeTrump() in state.legal_moves()) is legal


def test_sx9_scenario9_no_exchange_when_closed():
    """§3.4 #9: talon closed: exchange illegal."""
    state = position(["9c Jd", "Ah Jh"], trump="Ac", talon="9h Qd 10d", leader=0, tricks=(1, 0), closed=True)
    with pytest.raises(IllegalMove, match="closed"):
        state.check(ExchangeTrump())


@pytest.mark.parametrize(("preset", "legal"), [("santase", False), ("schnapsen", True)])
def test_sx9_exchange_needs_a_trick_by_preset(preset, legal):
    """SX-9: santase needs a won trick before exchanging; casual Schnapsen does not."""
    low = "9c" if preset == "santase" else "Jc"
    state = position([f"{low} Jd", "Ah Jh"], trump="Ac", talon="9h Qd 10d", leader=0, preset=preset)
    assert (ExchangeTrump() in state.legal_moves()) is legal


# SX-10 closing ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "legal"), [("santase", False), ("schnapsen", True)])
def test_sx10_close_on_first_lead_by_preset(preset, legal):
    """SX-10: schnapsen may close on the first lead; santase may not."""
    state = position(["Ac Jd", "Ah Jh"], trump="Qs", talon="9h Qd 10d", leader=0, preset=preset)
    assert (Close() in state.legal_moves()) is legal


@pytest.mark.parametrize(("preset", "legal"), [("santase", False), ("sixty_six", True)])
def test_sx10_close_with_two_left_by_preset(preset, legal):
    """SX-10/§3.3: santase forbids closing with two cards left; pagat's wording allows it."""
    state = position(["Ac Jd", "Ah Jh"], trump="Qs", talon="9h", leader=0, tricks=(1, 1), preset=preset)
    assert (Close() in state.legal_moves()) is legal


def test_sx10_allow_close_switch():
    """SX-10: allow_close off removes the close move."""
    state = position(["Ac Jd", "Ah Jh"], trump="Qs", talon="9h Qd 10d", leader=0, tricks=(1, 1), allow_close=False)
    with pytest.raises(IllegalMove, match="switched off"):
        state.check(Close())


def test_sx10_no_drawing_after_close():
    """SX-10: once closed, nobody draws and the same player still leads."""
    state = position(["Ac Jd", "Ah Jh"], trump="Qs", talon="9h Qd 10d", leader=0, tricks=(1, 1))
    state = state.apply(Close())
    assert state.to_move == 0
    state = play(state, "Ac", "Ah")
    assert len(state.hands[0]) == 1 and len(state.talon) == 4


# SX-11 claiming ------------------------------------------------------------------------------------


def test_sx11_scenario4_marriage_reaches_66_and_goes_out_in_auto_mode():
    """§3.4 #4: 48 in tricks with a trick, declares 20: out at 68 without leading (auto mode)."""
    state = position(["Kh Qh 9d", "Ac Jd Jh"], trump="Qs", talon="9c Jc Kd", leader=0, tricks=(1, 0), scores=(48, 0))
    after = state.apply(Marriage(card("Kh"), 20))
    assert after.last_deal.winner == 0
    assert after.last_deal.reason is DealEnd.CLAIM
    assert after.last_deal.totals[0] == 68


def test_sx11_scenario4_claim_with_marriage_in_memory_mode():
    """§3.4 #4: memory mode: claim 66 straight after a 20 that brings 48 to 68."""
    state = position(["Kh Qh 9d", "Ac Jd Jh"], trump="Qs", talon="9c Jc Kd", leader=0, tricks=(1, 0), scores=(48, 0),
                     claim_mode="memory")
    after = state.apply(state.parse_move("claim 20 Kh"))
    assert (after.last_deal.winner, after.last_deal.reason) == (0, DealEnd.CLAIM)


def test_sx11_scenario4_marriage_without_trick_makes_a_false_claim():
    """§3.4 #4: with no trick the 20 is not counted, so the claim is false."""
    state = position(["Kh Qh 9d", "Ac Jd Jh"], trump="Qs", talon="9c Jc Kd", leader=0, scores=(0, 0),
                     preset="schnapsen", claim_mode="memory")
    after = state.apply(Claim(card("Kh").suit, 20))
    assert after.last_deal.reason is DealEnd.FALSE_CLAIM
    assert after.last_deal.winner == 1


def test_sx11_scenario5_false_claim_costs_two():
    """§3.4 #5: a false claim at 64 gives the opponent 2."""
    state = position(["Ac 9d", "Ah Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 1), scores=(64, 20),
                     claim_mode="memory")
    after = state.apply(Claim())
    assert (after.last_deal.winner, after.last_deal.game_points) == (1, 2)


def test_sx11_scenario5_schnapsen_false_claim_costs_three_without_opponent_trick():
    """§3.4 #5: Schnapsen: 3 if the opponent had no trick."""
    state = position(["Ac 10d", "Ah Jh"], trump="Qs", talon="Kh Qd Kd", leader=0, tricks=(3, 0), scores=(64, 0),
                     preset="schnapsen", claim_mode="memory")
    assert state.apply(Claim()).last_deal.game_points == 3


def test_sx11_auto_mode_ends_the_deal_at_66_after_a_trick():
    """SX-11/D-SX-3: in auto mode the deal ends the moment the trick winner has 66."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 1), scores=(50, 20))
    after = play(state, "Ac", "10c")
    assert after.deal_number == 2
    assert after.last_deal.reason is DealEnd.CLAIM and after.last_deal.totals[0] == 71


def test_sx11_memory_mode_waits_for_the_claim():
    """SX-11: in memory mode reaching 66 does not end the deal; a claim does."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 1), scores=(50, 20),
                     claim_mode="memory")
    after = play(state, "Ac", "10c")
    assert after.deal_number == 1 and Claim() in after.legal_moves()
    assert after.apply(Claim()).last_deal.winner == 0


def test_d_sx3_no_claim_move_in_auto_mode():
    """D-SX-3: claims are automatic by default, so the claim move is refused."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 1), scores=(50, 20))
    with pytest.raises(IllegalMove, match="automatic"):
        state.check(Claim())


def test_sx11_memory_view_hides_the_opponent_points():
    """SX-4/SX-11: memory mode shows a seat its own points only; auto mode shows both."""
    memory = position(["Ac", "Jh"], trump="Qs", talon="9h", leader=0, tricks=(1, 1), scores=(30, 20),
                      claim_mode="memory")
    assert memory.view(0).points == (30, None)
    assert memory.view(None).points == (None, None)
    assert position(["Ac", "Jh"], trump="Qs", talon="9h", tricks=(1, 1), scores=(30, 20)).view(0).points == (30, 20)


# SX-12 .. SX-14 scoring ---------------------------------------------------------------------------


def test_sx12_schneider_scores_two():
    """SX-12: the loser under 33 with a trick: 2 game points."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 1), scores=(50, 20))
    assert play(state, "Ac", "10c").last_deal.game_points == 2


def test_sx12_schwarz_scores_three():
    """SX-12: the loser without a trick: 3 game points."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 0), scores=(50, 0))
    assert play(state, "Ac", "10c").last_deal.game_points == 3


def test_sx12_one_point_when_loser_has_33():
    """SX-12: the loser on 33 or more: 1 game point."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 2), scores=(50, 33))
    assert play(state, "Ac", "10c").last_deal.game_points == 1


def _closing_scenario(preset):
    state = position(["10c As 10s", "Ac Jd Qd"], trump="Ks", talon="9h Jh Kd", leader=0, tricks=(2, 0),
                     scores=(44, 0), preset=preset)
    state = play(state, "close")
    if state.pause is not None:  # SX-9 sixty_six: the opponent is asked at every close while the 9 is unseen
        state = play(state, "keep")
    return play(state, "10c", "Ac", "Jd", "As", "10s", "Qd")


def test_sx13_scenario6_schnapsen_close_scored_at_closing():
    """§3.4 #6: B had no trick at closing, later takes 21; A goes out: 3 in Schnapsen."""
    summary = _closing_scenario("schnapsen").last_deal
    assert (summary.winner, summary.reason, summary.game_points) == (0, DealEnd.CLOSE_WON, 3)
    assert summary.card_points[1] == 21


def test_sx13_scenario6_sixty_six_close_scored_at_the_end():
    """§3.4 #6: under sixty_six the same deal scores 2 (B's final 21 < 33, with a trick)."""
    summary = _closing_scenario("sixty_six").last_deal
    assert (summary.winner, summary.game_points) == (0, 2)


def _failed_close(opp_tricks, **switches):
    state = position(["Ac", "9d"], trump="Ks", talon="9h Jh Qh", leader=0, tricks=(2, opp_tricks),
                     scores=(49, 18 if opp_tricks else 0), **switches)
    return play(state, "close", "Ac", "9d").last_deal


def test_sx13_scenario7_failed_close_gives_two():
    """§3.4 #7: A closes with B on 1 trick, ends on 60: B +2."""
    summary = _failed_close(1)
    assert (summary.winner, summary.reason, summary.game_points) == (1, DealEnd.CLOSE_FAILED, 2)
    assert summary.totals[0] == 60


def test_sx13_scenario7_failed_close_gives_three_without_trick_at_closing():
    """§3.4 #7: had B no trick at closing: +3."""
    assert _failed_close(0).game_points == 3


def test_sx13_scenario7_strict_switch_always_three():
    """§3.4 #7: santase with the strict switch: a failed close always costs 3."""
    assert _failed_close(1, failed_close_always_three=True).game_points == 3


def test_sx13_non_closer_reaching_66_first_scores_as_failed_close():
    """SX-13: the non-closer claims 66 first: the closer's opponent gets the failed-close points."""
    state = position(["Jd 9d", "Ad Jh"], trump="Ks", talon="9h 10h Qh", leader=0,
                     tricks=(2, 1), scores=(40, 55))
    summary = play(state, "close", "Jd", "Ad").last_deal
    assert (summary.winner, summary.reason, summary.game_points) == (1, DealEnd.CLOSE_FAILED, 2)


def test_sx14_scenario8_last_trick_bonus_decides():
    """§3.4 #8: A 60, B 56, B takes J+J in the last trick: 56 + 4 + 10 = 70, B wins 1."""
    state = position(["Jc", "Js"], trump="s", leader=0, tricks=(6, 5), scores=(60, 56))
    summary = play(state, "Jc", "Js").last_deal
    assert (summary.winner, summary.game_points) == (1, 1)
    assert summary.card_points == (60, 70)


def test_sx14_scenario8_no_bonus_after_a_close():
    """§3.4 #8 and SX-10: the same last trick after a close earns no +10."""
    state = position(["Jc", "Js"], trump="As", talon="9h Qh 10h", leader=0, tricks=(6, 5), scores=(60, 56),
                     closed=True)
    summary = play(state, "Jc", "Js").last_deal
    assert summary.card_points == (60, 60)


def test_d_sx2_65_65_goes_to_the_last_trick_winner():
    """D-SX-2: 65-65 with no claim: the last-trick winner wins 1."""
    state = position(["Jc", "Js"], trump="s", leader=0, tricks=(6, 5), scores=(65, 51))
    summary = play(state, "Jc", "Js").last_deal
    assert summary.totals == (65, 65)
    assert (summary.winner, summary.reason, summary.game_points) == (1, DealEnd.TIE_LAST_TRICK, 1)


def test_sx14_scenario10_twenty_cards_last_trick_wins():
    """§3.4 #10: 20 cards, memory mode, A 70 and B 50, B takes the last trick: B wins 1."""
    state = position(["Jc", "Qc"], trump="h", leader=0, tricks=(4, 4), scores=(70, 45), preset="schnapsen",
                     claim_mode="memory")
    summary = play(state, "Jc", "Qc").last_deal
    assert (summary.winner, summary.reason, summary.game_points) == (1, DealEnd.LAST_TRICK, 1)


# SX-15 series -------------------------------------------------------------------------------------


def test_sx15_series_ends_at_the_target():
    """SX-15: reaching the target ends the series; result() gives places and game points."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 0), scores=(50, 0),
                     game_points=(9, 4))
    after = play(state, "Ac", "10c")
    assert after.is_over and after.to_move is None and after.legal_moves() == []
    result = after.result()
    assert result.places == (1, 2) and result.scores == (12, 4)


def test_sx15_series_goes_on_below_the_target():
    """SX-15: below the target the next deal is dealt at once, keeping the game points."""
    state = position(["Ac 9d", "10c Jh"], trump="Qs", talon="9h Qd Kd", leader=0, tricks=(3, 0), scores=(50, 0),
                     game_points=(2, 4))
    after = play(state, "Ac", "10c")
    assert not after.is_over and after.game_points == (5, 4)
    assert len(after.hands[0]) == 6 and after.view(0).deal_just_ended


def test_sx15_target_is_a_table_option():
    """SX-15: the target comes from the preset and can be overridden."""
    assert new_game(2, 0, {"preset": "santase"}).options.target == 11
    assert new_game(2, 0, {"preset": "schnapsen"}).options.target == 7
    assert new_game(2, 0, {"preset": "santase", "target": 3}).options.target == 3
