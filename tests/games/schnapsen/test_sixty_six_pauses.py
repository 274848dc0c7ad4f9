"""Pagat 66's close before drawing (SX-10), exchange at a close (SX-9) and non-closer scoring (SX-13).

One behaviour per test. The switches are `close_before_draw`, `exchange_on_close` and
`non_closer_out_two`, all on in the `sixty_six` preset and off elsewhere.
"""

import random
from dataclasses import replace

import pytest

from games.base import IllegalMove
from games.cards import parse_card
from games.schnapsen import (
    ENGINE,
    PRESETS,
    Claim,
    Close,
    DealEnd,
    Draw,
    ExchangeTrump,
    KeepTrump,
    KeptTrump,
    Options,
    Pause,
    PlayCard,
    PlayedCard,
    State,
    TrickRecord,
    new_game,
    position,
)
from rendering.schnapsen import log_text


def card(code: str):
    return parse_card(code)


def play(state: State, *codes: str) -> State:
    for code in codes:
        state = state.apply(state.parse_move(code))
    return state


def after_trick(preset: str = "sixty_six", talon: str = "9h Qd 10d", **switches) -> State:
    """Seat 0 (one trick already) leads A♣ and wins it while the talon is open."""
    state = position(["Ac Jd Kh", "9c Jh Qc"], trump="As", talon=talon, leader=0, tricks=(1, 1), scores=(10, 12),
                     preset=preset, **switches)
    return play(state, "Ac", "9c")


def first_trick_of(seed: int) -> State:
    """Deal 1 of a sixty_six series after its first trick (each side plays its first legal card)."""
    state = new_game(2, seed, {"preset": "sixty_six"})
    for _ in range(2):
        state = state.apply(next(m for m in state.legal_moves() if isinstance(m, PlayCard)))
    return state


# SX-10: the pause before drawing ------------------------------------------------------------------


def test_sx10_sixty_six_pauses_before_drawing_when_closing_is_legal():
    """SX-10: after the trick the winner chooses Draw (once, or for the rest of the deal) or Close;
    nothing has been drawn yet."""
    state = after_trick()
    assert state.pause is Pause.DRAW and state.to_move == 0
    assert state.legal_moves() == [Draw(), Draw(unasked=True), Close()]
    assert [len(hand) for hand in state.hands] == [2, 2] and len(state.talon) == 4


def test_sx10_pause_is_shown_to_both_seats_but_only_the_winner_may_draw():
    """SX-10: both views show the pending draw; only the winner's offers Draw and Close."""
    state = after_trick()
    mine, theirs, public = state.view(0), state.view(1), state.view(None)
    assert mine.drawing_pending and theirs.drawing_pending and public.drawing_pending
    assert mine.can_draw and mine.can_close and not mine.leading and not mine.playable
    assert not theirs.can_draw and not theirs.legal_moves


@pytest.mark.parametrize("preset", ["santase", "schnapsen", "schnapsen_tournament"])
def test_sx10_other_presets_draw_at_once(preset):
    """SX-10: only pagat 66 may close before drawing; elsewhere the draw follows the trick at once."""
    state = after_trick(preset)
    assert state.pause is None and [len(hand) for hand in state.hands] == [3, 3]


@pytest.mark.parametrize(
    ("switches", "talon"),
    [
        ({"allow_close": False}, "9h Qd 10d"),
        ({"close_with_two_left": False}, "9h"),
        ({"close_before_draw": False}, "9h"),
    ],
)
def test_sx10_no_pause_when_closing_would_be_illegal(switches, talon):
    """SX-10: when the winner could not close now (or the switch is off) the cards are drawn at once."""
    state = after_trick(talon=talon, **switches)
    assert state.pause is None and state.to_move == 0
    assert [len(hand) for hand in state.hands] == [3, 3]


def test_sx10_close_before_draw_is_a_switch_of_its_own():
    """Every switch can be set alone: Santase with close_before_draw pauses too."""
    assert after_trick("santase", close_before_draw=True).pause is Pause.DRAW


def test_sx10_draw_draws_as_without_the_pause():
    """SX-5: Draw gives the winner the top card and the loser the next, exactly as the automatic draw."""
    drawn = after_trick().apply(Draw())
    automatic = after_trick(close_before_draw=False)
    assert drawn.hands == automatic.hands and drawn.talon == automatic.talon
    assert drawn.pause is None and card("9h") in drawn.hands[0] and card("Qd") in drawn.hands[1]


def test_sx10_closing_after_drawing_stays_available():
    """SX-10: after Draw the winner leads and may still close, as always."""
    assert Close() in after_trick().apply(Draw()).legal_moves()


def test_sx10_sixty_six_close_before_drawing_keeps_hands_short():
    """SX-10: closing before drawing: 5 cards each for the rest of the deal, the talon untouched."""
    state = first_trick_of(seed=4)
    assert state.pause is Pause.DRAW
    closed = state.apply(Close())
    while closed.pause is not None:
        closed = closed.apply(KeepTrump())
    assert [len(hand) for hand in closed.hands] == [5, 5]
    assert len(closed.talon) == len(state.talon) == 12
    assert closed.closed is not None and closed.closed.at_trick == 1


def test_sx10_close_before_drawing_records_the_opponent_at_closing():
    """SX-10/SX-13: the close record holds the opponent's points and tricks, as for a close at a lead."""
    closed = after_trick().apply(Close())
    assert closed.closed is not None
    assert (closed.closed.closer, closed.closed.opponent_points, closed.closed.opponent_tricks) == (0, 12, 1)
    assert closed.phase.strict and closed.apply(KeepTrump()).to_move == 0


def test_sx10_no_last_trick_bonus_after_closing_before_drawing():
    """SX-10: the last trick after a close before drawing earns no +10."""
    state = position(["Ah Kc", "9d Jd"], trump="Qs", talon="Jc", leader=0, tricks=(1, 0), scores=(10, 0),
                     preset="sixty_six")
    state = play(state, "Ah", "9d")
    assert state.pause is Pause.DRAW
    summary = play(state, "close", "keep", "Kc", "Jd").last_deal
    assert summary is not None and summary.card_points == (10 + 11 + 4 + 2, 0)
    assert summary.reason is DealEnd.CLOSE_FAILED


def test_sx10_playing_a_card_during_the_pause_is_refused():
    """SX-10: in the pause the winner must first draw or close."""
    with pytest.raises(IllegalMove, match="first choose to draw"):
        after_trick().check(PlayCard(card("Jd")))


def test_sx10_draw_is_refused_outside_the_pause():
    """SX-10: Draw means nothing at an ordinary lead."""
    state = after_trick(close_before_draw=False)
    with pytest.raises(IllegalMove, match="nothing to draw"):
        state.check(Draw())


def test_sx11_memory_mode_claim_is_allowed_in_the_pause():
    """SX-11: the trick's winner may claim right after the trick, before drawing."""
    state = after_trick(claim_mode="memory")
    assert Claim() in state.legal_moves()
    assert state.apply(Claim()).last_deal.reason is DealEnd.FALSE_CLAIM


# SX-9: the opponent's exchange at a close --------------------------------------------------------


def closing(preset: str = "sixty_six", opponent: str = "9s Jh", **switches) -> State:
    """Seat 0 (on lead, one trick) closes; seat 1 holds `opponent` and has no trick."""
    state = position(["Ac Jd", opponent], trump="As", talon="9h Qd 10d", leader=0, tricks=(1, 0), scores=(10, 0),
                     preset=preset, **switches)
    return state.apply(Close())


def test_sx9_sixty_six_opponent_may_exchange_when_the_talon_is_closed():
    """SX-9: the closer's opponent holding the 9 is asked at once, even without a trick."""
    state = closing()
    assert state.pause is Pause.EXCHANGE and state.to_move == 1
    assert state.legal_moves() == [ExchangeTrump(), KeepTrump()]
    view = state.view(1)
    assert view.exchange_pending and view.can_exchange and view.can_keep and not view.leading


def test_sx9_exchange_on_close_swaps_and_the_closer_leads():
    """SX-9: the opponent takes the trump card, the 9 goes under the talon, then the closer leads."""
    state = closing().apply(ExchangeTrump())
    assert card("As") in state.hands[1] and card("9s") not in state.hands[1]
    assert state.talon[-1] == card("9s") and state.pause is None and state.to_move == 0
    assert state.exchanges[-1].seat == 1


def test_sx9_keep_trump_declines_the_exchange():
    """SX-9: KeepTrump leaves hands and talon as they were; the closer leads."""
    before = closing()
    state = before.apply(KeepTrump())
    assert state.hands == before.hands and state.talon == before.talon
    assert state.pause is None and state.to_move == 0 and not state.exchanges


def test_sx9_older_tables_make_a_kept_trump_public_knowledge():
    """SX-9, tables stored before `exchange_offer_always`: the offer went to holders only, so keeping told all."""
    state = closing(exchange_offer_always=False).apply(KeepTrump())
    assert state.view(0).trump_kept_by == 1 and state.view(None).trump_kept_by == 1
    assert State.from_dict(state.to_dict()) == state


def test_sx9_declining_is_silent():
    """SX-9: declining the offer tells nobody who holds the 9: no kept-by mark, neutral log words."""
    state = closing().apply(KeepTrump())
    assert state.view(0).trump_kept_by is None and state.view(None).trump_kept_by is None
    assert state.log[-1] == KeptTrump(1)
    assert log_text(state.log[-1], ("Ann", "Bob")) == "Bob does not exchange"


def test_sx9_opponent_without_the_lowest_trump_is_asked_all_the_same():
    """SX-9: without the 9 the opponent still gets the pause, with only Continue (KeepTrump) to press."""
    state = closing(opponent="Kh Jh")
    assert state.pause is Pause.EXCHANGE and state.to_move == 1
    assert state.legal_moves() == [KeepTrump()]
    view = state.view(1)
    assert view.can_keep and not view.can_exchange
    with pytest.raises(IllegalMove, match="You need the 9♠"):
        state.check(ExchangeTrump())


def test_sx9_no_offer_when_the_lowest_trump_is_seen():
    """SX-9: once the 9 has been played (public), the close needs no pause: the closer leads at once."""
    state = position(["Ac Jd", "Kh Jh"], trump="As", talon="Qh Qd 10d", leader=0, tricks=(1, 1), scores=(10, 0),
                     preset="sixty_six")
    state = replace(state, tricks=(TrickRecord((PlayedCard(1, card("9s")), PlayedCard(0, card("Kd"))), 0),))
    state = state.apply(Close())
    assert state.pause is None and state.to_move == 0


def test_sx9_older_tables_offer_only_to_the_holder():
    """SX-9, tables stored before `exchange_offer_always`: without the 9 the closer leads at once (replay)."""
    state = closing(opponent="Kh Jh", exchange_offer_always=False)
    assert state.pause is None and state.to_move == 0


def test_sx9_offer_follows_a_close_before_drawing_too():
    """SX-9 with SX-10: closing before drawing also offers the opponent the exchange."""
    state = position(["Ac Jd Kh", "9c 9s Qc"], trump="As", talon="9h Qd 10d", leader=0, tricks=(1, 0),
                     preset="sixty_six")
    state = play(state, "Ac", "9c", "close")
    assert state.pause is Pause.EXCHANGE and state.to_move == 1


@pytest.mark.parametrize("preset", ["santase", "schnapsen"])
def test_sx9_no_offer_at_a_close_in_other_presets(preset):
    """SX-9: only pagat 66 offers the exchange at a close (the 20-card lowest trump is the J)."""
    state = closing(preset, opponent="9s Js Jh")
    assert state.pause is None and state.to_move == 0


def test_sx9_other_moves_are_refused_during_the_offer():
    """SX-9: while the offer stands the opponent must exchange or keep."""
    with pytest.raises(IllegalMove, match="exchange the lowest trump"):
        closing().check(PlayCard(card("Jh")))


def test_sx9_keep_is_refused_without_an_offer():
    """SX-9: KeepTrump means nothing when no exchange is on offer."""
    state = closing(opponent="Kh Jh", exchange_offer_always=False)
    with pytest.raises(IllegalMove, match="nothing to decline"):
        state.check(KeepTrump())


# SX-13: the non-closer reaches 66 first -------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "switches", "opp_tricks", "points"),
    [
        ("sixty_six", {}, 0, 2),  # pagat 66: always 2
        ("sixty_six", {}, 1, 2),
        ("schnapsen", {}, 0, 3),  # Schnapsen: 2, or 3 without a trick at closing
        ("schnapsen", {}, 1, 2),
        ("santase", {}, 0, 3),  # Santase: as a failed close
        ("santase", {}, 1, 2),
        ("santase", {"failed_close_always_three": True}, 1, 3),
        ("santase", {"non_closer_out_two": True}, 0, 2),
    ],
)
def test_sx13_non_closer_out_first_scores_by_preset(preset, switches, opp_tricks, points):
    """SX-13: the non-closer going out first: 2 in pagat 66; as a failed close elsewhere."""
    state = position(["Jd 9d", "Ad Jh"], trump="Ks", talon="9h 10h Qh", leader=0, tricks=(2, opp_tricks),
                     scores=(40, 55), preset=preset, **switches)
    state = play(state, "close")
    if state.pause is not None:  # SX-9 sixty_six: asked at every close while the 9 is unseen
        state = play(state, "keep")
    summary = play(state, "Jd", "Ad").last_deal
    assert (summary.winner, summary.reason, summary.game_points) == (1, DealEnd.CLOSE_FAILED, points)


# Notation, snapshots and replay through the pauses --------------------------------------------------


def test_sx10_draw_and_keep_codes_and_notation():
    """Notation: Draw is "d" / "draw", KeepTrump is "k" / "keep"; codes read back."""
    state = new_game(2, 0, {"preset": "sixty_six"})
    assert (Draw().encode(), KeepTrump().encode()) == ("d", "k")
    assert state.decode_move("d") == Draw() and state.decode_move("k") == KeepTrump()
    assert [state.parse_move(text) for text in ("draw", "d", "keep", "k")] == [Draw(), Draw(), KeepTrump(), KeepTrump()]


@pytest.mark.parametrize("pause", [Pause.DRAW, Pause.EXCHANGE])
def test_sx10_snapshot_round_trips_in_each_pause(pause):
    """Snapshots keep the pause: a restored state offers the same moves."""
    state = after_trick() if pause is Pause.DRAW else closing()
    restored = State.from_dict(state.to_dict())
    assert restored == state and restored.pause is pause


def test_sx9_sx10_replay_through_both_pauses_equals_the_state():
    """Replay: a move log with a close before drawing and a declined exchange rebuilds the same state."""

    def offers_exchange(seed: int) -> bool:
        state = first_trick_of(seed)
        return state.pause is Pause.DRAW and state.apply(Close()).pause is Pause.EXCHANGE

    seed = next(s for s in range(200) if offers_exchange(s))
    state = new_game(2, seed, {"preset": "sixty_six"})
    codes = []
    for _ in range(2):
        move = next(m for m in state.legal_moves() if isinstance(m, PlayCard))
        codes.append(move.encode())
        state = state.apply(move)
    for move in (Close(), KeepTrump()):
        codes.append(move.encode())
        state = state.apply(move)
    replayed = ENGINE.replay(2, seed, {"preset": "sixty_six"}, codes)
    assert replayed == state and replayed.closed is not None and codes[2:] == ["c", "k"]


@pytest.mark.parametrize("switch", ["close_before_draw", "exchange_on_close", "non_closer_out_two"])
def test_sx9_sx10_sx13_pagat_switches_are_on_only_in_sixty_six(switch):
    """D-SX-1: the three pagat 66 switches are on in `sixty_six` and off in every other preset."""
    assert {name for name, options in PRESETS.items() if getattr(options, switch)} == {"sixty_six"}


@pytest.mark.parametrize("switch", ["close_before_draw", "exchange_on_close", "non_closer_out_two"])
def test_sx9_sx10_sx13_pagat_switches_are_validated_table_options(switch):
    """Each switch is a table option of its own, checked by Options.from_mapping and written back."""
    options = Options.from_mapping({"preset": "sixty_six", switch: False})
    assert getattr(options, switch) is False and Options.from_mapping(options.to_dict()) == options
    with pytest.raises(ValueError, match="true or false"):
        Options.from_mapping({switch: "yes"})


def test_sx10_draw_unasked_draws_and_skips_the_pause_for_the_rest_of_the_deal():
    """SX-10: "draw, don't ask again this deal" draws as Draw does and is kept in a snapshot; the seat's
    later tricks of the deal draw at once (no pause), and the next deal starts asking again."""
    rng, state = random.Random(1), new_game(2, 3, {"preset": "sixty_six"})
    while state.pause is not Pause.DRAW:
        state = state.apply(next(m for m in state.legal_moves() if isinstance(m, PlayCard)))
    seat, deal = state.to_move, state.deal_number
    drawn = state.apply(Draw(unasked=True))
    assert drawn.hands == state.apply(Draw()).hands and drawn.unasked[seat]
    assert ENGINE.from_dict(drawn.to_dict()) == drawn
    asked = {0: 0, 1: 0}
    state = drawn
    while state.deal_number == deal and not state.is_over:
        if state.pause is Pause.DRAW:
            asked[state.to_move] += 1
            state = state.apply(Draw())
        else:
            state = state.apply(rng.choice([m for m in state.legal_moves() if isinstance(m, PlayCard)]))
    assert asked[seat] == 0
    assert not state.unasked[0] and not state.unasked[1]
