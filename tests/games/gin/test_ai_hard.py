"""The hard Gin player's opponent model and its choices (rules.md §4: GR-5, GR-7, GR-9, D-GR-4).

Positions are built as views, through their public fields only, so the tests hold whatever the state
keeps internally.
"""

import random
from dataclasses import replace

from games.cards import parse_card
from games.gin import BIG_GIN, Action, Discard, Event, Knock, position
from games.gin.ai import HardPlayer, Seen, computer_player, useful
from games.gin.cards import index_of

HANDS = ["7s 7h 7d 4c 5c 6c Js Qd 2h 3d Ah", "2s 3s 4s 9c 9d 9h 5d 6d Qc 8s"]


def _card(code: str):
    return parse_card(code)


def _view_after_opponent_took(code: str):
    """Seat 0 to discard, the opponent having taken `code` from the pile earlier this hand."""
    view = position(HANDS, discard="Kh").view(0)
    took = _card(code)
    return replace(view, taken=((), (took,)), known=((), (took,)),
                   history=(Event(1, Action.TAKE, took), Event(1, Action.DISCARD, _card("Kh"))))


def test_gr5_hard_does_not_discard_a_card_that_melds_with_the_opponents_pick_up():
    """GR-5: the opponent took Q♣, so Q♦ would hand them a set; hard throws the other ten, J♠."""
    view = _view_after_opponent_took("Qc")
    for seed in range(5):
        assert HardPlayer().choose(view, random.Random(seed)) == Discard.of(_card("Js"))


def test_gr5_hard_weighs_down_opponent_hands_that_would_have_taken_a_refused_top():
    """GR-5: a top the opponent left for the stock would have melded with few of their likely hands:
    every sampled hand it melds with carries at most `refuse_weight` of the weight."""
    view = position(HANDS, discard="Kh 9s").view(0)
    history = (Event(0, Action.DISCARD, _card("9s")), Event(1, Action.DRAW), Event(1, Action.DISCARD, _card("Kh")))
    view = replace(view, history=history, discard=(_card("9s"), _card("Kh")))
    seen = Seen.of(view)
    refused = index_of(_card("9s"))
    assert seen.refused >> refused & 1
    hard = HardPlayer(danger_samples=200, refuse_weight=0.1)
    samples = hard.sample_hands(seen, random.Random(1))
    assert len(samples) == 200
    melding = [weight for weight, hand, _ in samples if useful(refused, hand)]
    assert melding and all(weight <= 0.1 for weight in melding)
    assert any(weight == 1.0 for weight, hand, _ in samples if not useful(refused, hand))


def test_gr5_hard_weighs_down_opponent_hands_their_own_discard_would_meld_with():
    """GR-5: a player keeps melded cards, so a sampled hand their discard K♥ would meld with is unlikely."""
    seen = Seen.of(_view_after_opponent_took("Qc"))
    dropped = index_of(_card("Kh"))
    assert seen.dropped >> dropped & 1
    samples = HardPlayer(danger_samples=200, drop_weight=0.1).sample_hands(seen, random.Random(2))
    melding = [weight for weight, hand, _ in samples if useful(dropped, hand)]
    assert melding and all(weight <= 0.1 for weight in melding)


def test_gr7_hard_knocks_for_gin_when_a_discard_leaves_no_deadwood():
    """GR-7: with ten melded cards after one discard, hard knocks for gin (a gin cannot be undercut)."""
    state = position(["7s 7h 7d 4c 5c 6c Jh Qh Kh 2s 9d", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"])
    assert computer_player("hard").choose(state.view(0), random.Random(0)) in (
        Knock.of(_card("2s")), Knock.of(_card("9d")))


def test_d_gr_4_hard_lays_out_big_gin_rather_than_discarding_to_gin():
    """D-GR-4, §4.1: eleven melded cards are laid out as big gin (31), never discarded down to gin (25)."""
    state = position(["7s 7h 7d 4c 5c 6c Jh Qh Kh Th 9h", "2h 3h 4h 9s Td 9c 5d 6d 8s Tc"])
    assert computer_player("hard").choose(state.view(0), random.Random(0)) == BIG_GIN


def test_hard_decisions_are_the_same_for_the_same_view_and_seed():
    """Deterministic under a fixed budget: a count of samples, no clock, so a seed fixes the move."""
    view = _view_after_opponent_took("Qc")
    moves = {HardPlayer().choose(view, random.Random(7)) for _ in range(3)}
    assert len(moves) == 1


def test_d_gr_9_a_playout_of_hands_that_trade_discards_for_ever_is_a_drawn_hand():
    """D-GR-9: in these two hands every discard melds with the other hand and neither may knock, so by
    normal's rules they would take each other's discards without end; the playout stops as the
    engine does and scores the hand as drawn."""
    from games.gin.ai import playout

    def mask(codes: str) -> int:
        return sum(1 << index_of(parse_card(code)) for code in codes.split())

    mine, theirs = mask("4s 6s 7s 5c 6c 7c 8c 4d 4h 5h"), mask("5s 8s 9s 9c 5d 7d 8d 9d 7h 8h")
    top = index_of(parse_card("6h"))
    stock = [c for c in range(52) if not (mine | theirs | 1 << top) >> c & 1][:20]
    assert playout(mine, theirs, stock, top, 10, False, random.Random(1)) == 0
