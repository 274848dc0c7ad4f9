"""SchnapsenAdapter's pure parts: options, hand controls, click outcomes and texts, against the engine.

Positions come from `games.schnapsen.position`; what is legal is always asked of the engine, so the
tests check that the controls agree with the rules rather than restating them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.moves.adapters import Panel, PanelContext, Redraw, Refuse, Submit
from cogs.schnapsen.adapter import SchnapsenAdapter, card_rows, marriage_cards
from cogs.schnapsen.words import describe_options, rules_text, table_header
from games.base import IllegalMove, seeded_rng
from games.cards import parse_card
from games.schnapsen import (
    ENGINE,
    Claim,
    Close,
    Draw,
    ExchangeTrump,
    KeepTrump,
    Marriage,
    PlayCard,
    SchnapsenView,
    State,
    new_game,
    position,
)
from games.schnapsen.ai import NormalPlayer

ADAPTER = SchnapsenAdapter()
NAMES = ("Alice", "Bob")
FULL_TALON = "Ks Qs Js 9s Kd Qd 10d Ad 9h Jh 10c"  # 11 face-down cards: the start of a 24-card deal


def panel(view: SchnapsenView, selection: frozenset[int] = frozenset(), notice: str = "") -> Panel:
    return ADAPTER.hand_panel(PanelContext(7, 3, view.seat or 0, view, NAMES, selection=selection, notice=notice))


def buttons(shown: Panel) -> list[Any]:
    """The discord.py buttons of a panel (each GameComponent wraps one)."""
    return [item.item for item in shown.items]  # type: ignore[attr-defined]


def by_action(shown: Panel, action: str) -> list[Any]:
    return [b for b in buttons(shown) if b.custom_id.split(":")[3] == action]


def enabled_cards(shown: Panel) -> list[str]:
    return [b.custom_id.split(":")[4] for b in by_action(shown, "play") if not b.disabled]


def opening(**switches: Any) -> State:
    """Seat 0 to lead with K♥ Q♥ and the trump 9 (clubs), one trick won, a full talon."""
    defaults: dict[str, Any] = {"tricks": (1, 0), "scores": (20, 0)}
    return position(
        hands=["Kh Qh 9c As 10s Jd", "Ah 10h Kc Qc Jc 9d"],
        trump="Ac",
        talon=FULL_TALON,
        leader=0,
        **{**defaults, **switches},
    )


def strict_follow() -> State:
    """Talon closed, Bob leads 10♥; Alice holds A♥ K♥ and trumps: SX-7 makes her head with A♥."""
    return position(
        hands=["Ah Kh 9c Jc Qd", "Ks Qs Js 9s"],
        trump="Ac",
        talon="9h Jh 10c",
        leader=1,
        trick="10h",
        tricks=(1, 1),
        scores=(20, 15),
        closed=True,
    )


# Options -------------------------------------------------------------------------------------------


def test_d_sx1_default_table_is_santase_to_eleven_with_automatic_claims() -> None:
    """D-SX-1, D-SX-3: no choices at all gives Santase to 11 with automatic claims."""
    options = ADAPTER.parse_options({"preset": "santase", "target": None, "claim_mode": "auto"})
    assert (options["preset"], options["target"], options["claim_mode"]) == ("santase", 11, "auto")


def test_sx15_target_defaults_to_the_presets_own() -> None:
    """SX-15: an empty target keeps the preset's target (7 for Schnapsen); a given one overrides it."""
    assert ADAPTER.parse_options({"preset": "schnapsen", "target": None})["target"] == 7
    assert ADAPTER.parse_options({"preset": "schnapsen", "target": 3})["target"] == 3


def test_parse_options_refuses_an_unknown_preset_with_a_sentence() -> None:
    """A preset the engine does not know is a ValueError the lobby shows to the host."""
    with pytest.raises(ValueError, match="preset"):
        ADAPTER.parse_options({"preset": "bezique"})


def test_describe_options_names_preset_target_and_claim_mode() -> None:
    """The lobby line says which rules, to how many game points, and how claims work."""
    text = describe_options(ADAPTER.parse_options({"preset": "schnapsen", "target": 5, "claim_mode": "memory"}))
    assert "Schnapsen" in text and "to 5" in text and "memory" in text


def test_texts_ignore_the_lobbys_private_options() -> None:
    """The lobby keeps its own choices under `_lobby`; rules and descriptions still read the table."""
    stored = {**ADAPTER.parse_options({"preset": "sixty_six"}), "_lobby": {"seats": 2, "level": "easy"}}
    assert "Sixty-Six" in describe_options(stored) and "pagat" in rules_text(stored)


@pytest.mark.parametrize("preset", ["santase", "sixty_six", "schnapsen", "schnapsen_tournament"])
@pytest.mark.parametrize("claim", ["auto", "memory"])
def test_rules_text_fits_one_discord_message(preset: str, claim: str) -> None:
    """Rules are sent as one ephemeral message: under Discord's 2,000 characters, naming the claim mode."""
    text = rules_text({"preset": preset, "claim_mode": claim})
    assert len(text) <= 2000
    assert ("Memory mode" in text) == (claim == "memory")


# Layout ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(7))
def test_card_rows_keep_discords_five_buttons_per_row(count: int) -> None:
    """Discord allows 5 buttons per action row: up to 5 cards share a row, 6 split 3 + 3."""
    rows = card_rows(count)
    assert len(rows) == count
    assert all(n <= 5 for n in Counter(rows).values())
    assert max(Counter(rows).values(), default=0) - min(Counter(rows).values(), default=0) <= 1


def test_panel_fits_discords_rows_with_every_action_offered() -> None:
    """6 cards + Marriage, Swap and Close use at most 5 rows of at most 5 buttons, labels ≤ 80 chars."""
    shown = panel(opening().view(0))
    rows = Counter(b.row for b in buttons(shown))
    assert len(rows) <= 5 and all(n <= 5 for n in rows.values())
    assert all(len(b.label) <= 80 for b in buttons(shown))
    assert {"mar", "swap", "close"} <= {b.custom_id.split(":")[3] for b in buttons(shown)}


def test_sx6_every_card_is_enabled_while_the_stock_is_open() -> None:
    """SX-6: with the talon open the follower may play any card, so every card button is enabled."""
    state = opening().apply(PlayCard(parse_card("As")))
    shown = panel(state.view(1))
    assert sorted(enabled_cards(shown)) == sorted(card.code for card in state.hands[1])


def test_sx7_only_legal_cards_are_enabled_once_the_stock_is_closed() -> None:
    """SX-7: after a close only the cards the engine allows are enabled."""
    state = strict_follow()
    legal = {m.card.code for m in state.legal_moves() if isinstance(m, PlayCard)}
    shown = panel(state.view(0))
    assert set(enabled_cards(shown)) == legal
    assert len(legal) < len(state.hands[0])


def test_sx7_panel_explains_greyed_out_cards_in_the_engines_words() -> None:
    """SX-7: the panel says why cards are greyed out, with the reason the engine gives for them."""
    state = strict_follow()
    blocked = next(card for card in state.hands[0] if PlayCard(card) not in state.legal_moves())
    with pytest.raises(IllegalMove) as refused:
        state.check(PlayCard(blocked))
    assert refused.value.reason in panel(state.view(0)).content


def test_waiting_seat_sees_its_cards_disabled_and_no_actions() -> None:
    """Not your turn: the cards are shown but disabled, and no lead action is offered."""
    shown = panel(opening().view(1))
    assert enabled_cards(shown) == []
    assert not any(by_action(shown, action) for action in ("mar", "swap", "close", "claim"))
    assert "Waiting for Alice" in shown.content


# Lead actions -------------------------------------------------------------------------------------------


def test_sx8_marriage_is_not_offered_before_a_trick_in_santase() -> None:
    """SX-8 (santase): the first lead, before any trick, offers no Marriage button."""
    state = opening(tricks=(0, 0), scores=(0, 0))
    assert not any(isinstance(m, Marriage) for m in state.legal_moves())
    assert by_action(panel(state.view(0)), "mar") == []


def test_sx8_marriage_button_then_choose_the_card_to_lead() -> None:
    """SX-8: Marriage redraws the panel with the K and Q to choose from; the others are disabled."""
    view = opening().view(0)
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, view, NAMES), "mar", "", [])
    assert isinstance(outcome, Redraw) and outcome.selection == marriage_cards(view)
    shown = panel(view, outcome.selection)
    choices = [b.custom_id.split(":")[4] for b in by_action(shown, "marry") if not b.disabled]
    assert sorted(choices) == sorted(m.card.code for m in view.legal_moves if isinstance(m, Marriage))
    assert enabled_cards(shown) == []
    assert by_action(shown, "back")


def test_sx8_choosing_the_queen_submits_the_marriage_the_engine_accepts() -> None:
    """SX-8: leading the Q♥ from the marriage submits Marriage(Q♥, 20), a legal move."""
    state = opening()
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, state.view(0), NAMES), "marry", "Qh", [])
    assert isinstance(outcome, Submit) and outcome.move == Marriage(parse_card("Qh"), 20)
    assert outcome.move in state.legal_moves()


def test_sx8_marriage_in_trumps_is_worth_forty() -> None:
    """SX-8: a K+Q of trumps is announced and submitted as 40."""
    state = position(
        hands=["Kc Qc 9c As 10s Jd", "Ah 10h Kh Qh Jc 9d"], trump="Ac", talon=FULL_TALON, leader=0, tricks=(1, 0)
    )
    shown = panel(state.view(0))
    assert "for 40" in by_action(shown, "mar")[0].label
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, state.view(0), NAMES), "marry", "Kc", [])
    assert isinstance(outcome, Submit) and outcome.move in state.legal_moves()


def test_sx11_marriage_that_reaches_66_says_it_wins_the_deal() -> None:
    """SX-11, §3.3 (auto mode): with a trick and 48 points, showing 20 ends the deal; the button says so."""
    state = opening(scores=(48, 0))
    view = state.view(0)
    labels = [b.label for b in by_action(panel(view, marriage_cards(view)), "marry")]
    assert labels and all("reach 66" in label for label in labels)
    after = state.apply(Marriage(parse_card("Kh"), 20))
    assert after.last_deal is not None and after.last_deal.winner == 0


def test_sx8_marriage_below_66_says_which_card_it_leads() -> None:
    """SX-8: below 66 the marriage buttons name the card they lead and the points shown."""
    view = opening().view(0)
    labels = sorted(b.label for b in by_action(panel(view, marriage_cards(view)), "marry"))
    assert labels == ["Lead K♥, show 20", "Lead Q♥, show 20"]


def test_back_leaves_marriage_mode() -> None:
    """Back redraws the plain panel: the cards play again, nothing is declared."""
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, opening().view(0), NAMES), "back", "", [])
    assert outcome == Redraw()


def test_sx9_swap_button_names_both_cards_and_submits_the_exchange() -> None:
    """SX-9: the Swap label names the trump 9 given and the face-up card taken; it submits ExchangeTrump."""
    state = opening()
    label = by_action(panel(state.view(0)), "swap")[0].label
    assert "9♣" in label and "A♣" in label
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, state.view(0), NAMES), "swap", "", [])
    assert isinstance(outcome, Submit) and outcome.move == ExchangeTrump()


def test_sx9_sx10_no_swap_or_close_with_two_cards_left_in_santase() -> None:
    """SX-9, SX-10 (santase): with only two cards in the talon, neither Swap nor Close is offered."""
    state = position(
        hands=["Kh Qh 9c As 10s Jd", "Ah 10h Kc Qc Jc 9d"], trump="Ac", talon="Ks", leader=0, tricks=(4, 4)
    )
    shown = panel(state.view(0))
    assert by_action(shown, "swap") == [] and by_action(shown, "close") == []


def test_sx10_close_submits_close() -> None:
    """SX-10: the Close button submits Close, which the engine accepts here."""
    state = opening()
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, state.view(0), NAMES), "close", "", [])
    assert isinstance(outcome, Submit) and outcome.move == Close() and Close() in state.legal_moves()


def test_d_sx3_claim_is_offered_only_in_memory_mode() -> None:
    """D-SX-3, SX-11: auto mode has no Claim button; memory mode offers it to the leader."""
    assert by_action(panel(opening().view(0)), "claim") == []
    assert by_action(panel(opening(claim_mode="memory").view(0)), "claim")


def test_sx11_marriage_mode_offers_declare_and_claim_in_memory_mode() -> None:
    """SX-11, §3.3: in memory mode one may declare a marriage and claim at once, without leading."""
    view = opening(claim_mode="memory").view(0)
    shown = panel(view, marriage_cards(view))
    claim = by_action(shown, "claimm")
    assert len(claim) == 1
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, view, NAMES), "claimm", claim[0].custom_id.split(":")[4], [])
    assert isinstance(outcome, Submit) and outcome.move == Claim(view.marriage_suits[0], 20)
    assert outcome.move in view.legal_moves


def test_a_forged_card_is_submitted_for_the_engine_to_refuse() -> None:
    """A card click always reaches the engine, so a disabled card forced through is refused with its reason."""
    state = strict_follow()
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, state.view(0), NAMES), "play", "9c", [])
    assert isinstance(outcome, Submit) and isinstance(outcome.move, PlayCard)
    with pytest.raises(IllegalMove):
        state.check(outcome.move)


@pytest.mark.parametrize(("action", "arg"), [("play", "Zz"), ("claimm", "x"), ("join_the_circus", "")])
def test_unknown_clicks_are_refused_not_raised(action: str, arg: str) -> None:
    """A malformed or unknown control answers with a reason instead of an exception."""
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, opening().view(0), NAMES), action, arg, [])
    assert isinstance(outcome, Refuse) and outcome.reason


# Table header -------------------------------------------------------------------------------------------


def test_sx4_header_shows_the_trick_in_progress_then_who_took_it() -> None:
    """SX-4: while one card is down the header names it; once both are, it says who took the trick."""
    led = opening().apply(PlayCard(parse_card("As")))
    assert "Alice led A♠; Bob to play" in table_header(led.view(None), NAMES)
    taken = led.apply(PlayCard(parse_card("9d")))
    assert "Alice took the last trick: A♠ 9♦ (11 card points)" in table_header(taken.view(None), NAMES)


def test_sx12_header_summarises_each_finished_deal_with_names() -> None:
    """SX-12..14: after a deal the header gives the result in players' names, card points and tricks."""
    state = new_game(2, 3, {"preset": "santase"})
    rng = seeded_rng(3, "test")
    player = ENGINE.computer("easy")
    while state.deal_number == 1:
        state = state.apply(player.choose(state.view(state.to_move), rng))
    summary = state.last_deal
    assert summary is not None
    header = table_header(state.view(None), NAMES)
    assert "**Deal 1**" in header and NAMES[summary.winner] in header
    assert f"Card points {summary.card_points[0]}–{summary.card_points[1]}" in header
    assert "Player 1" not in header and "Player 2" not in header


def test_sx11_memory_mode_header_hides_running_points() -> None:
    """SX-11: in memory mode the public header never states a player's running points."""
    state = opening(claim_mode="memory", scores=(37, 12)).apply(PlayCard(parse_card("As")))
    header = table_header(state.view(None), NAMES)
    assert "37" not in header and "points and" not in header


# Pagat 66's pauses (SX-10 close before drawing, SX-9 exchange at a close) ---------------------------------


def before_drawing(**switches: Any) -> State:
    """Sixty-Six: Alice has just taken a trick with A♠; she may close before drawing (SX-10)."""
    return opening(preset="sixty_six", **switches).apply(PlayCard(parse_card("As"))).apply(
        PlayCard(parse_card("9d"))
    )


def exchange_offered() -> State:
    """Sixty-Six: Alice closes and Bob, holding the trump 9 and no trick, may exchange it (SX-9)."""
    state = position(
        hands=["Kh Qh As 10s Jd", "Ah 10h 9c Qc Jc"], trump="Ac", talon=FULL_TALON, leader=0, tricks=(1, 0),
        scores=(20, 0), preset="sixty_six",
    )
    return state.apply(Close())


def test_sx10_pause_panel_offers_draw_and_close_without_drawing() -> None:
    """SX-10: the trick's winner sees Draw and Close without drawing, with every card greyed out."""
    shown = panel(before_drawing().view(0))
    assert [b.label for b in by_action(shown, "draw")] == ["Draw"]
    assert [b.label for b in by_action(shown, "close")] == ["Close without drawing"]
    assert enabled_cards(shown) == [] and by_action(shown, "mar") == [] and by_action(shown, "swap") == []
    assert "close without drawing" in shown.content


@pytest.mark.parametrize(("action", "move"), [("draw", Draw()), ("close", Close())])
def test_sx10_pause_buttons_submit_moves_the_engine_accepts(action: str, move: Any) -> None:
    """SX-10: Draw submits Draw and Close without drawing submits Close, both legal in the pause."""
    state = before_drawing()
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, state.view(0), NAMES), action, "", [])
    assert isinstance(outcome, Submit) and outcome.move == move and move in state.legal_moves()


def test_sx10_the_loser_of_the_trick_waits_during_the_pause() -> None:
    """SX-10: only the winner chooses; the other player sees no Draw button and is told to wait."""
    shown = panel(before_drawing().view(1))
    assert by_action(shown, "draw") == [] and by_action(shown, "close") == []
    assert "Waiting for Alice" in shown.content


def test_sx9_exchange_offer_panel_offers_exchange_and_keep() -> None:
    """SX-9: Bob sees "Exchange 9♣ for A♣" and "Keep"; Keep submits KeepTrump."""
    state = exchange_offered()
    shown = panel(state.view(1))
    assert [b.label for b in by_action(shown, "swap")] == ["Exchange 9♣ for A♣"]
    assert [b.label for b in by_action(shown, "keep")] == ["Keep"]
    outcome = ADAPTER.on_action(PanelContext(7, 3, 1, state.view(1), NAMES), "keep", "", [])
    assert isinstance(outcome, Submit) and outcome.move == KeepTrump() and KeepTrump() in state.legal_moves()


def test_sx10_header_says_who_may_close_before_drawing() -> None:
    """SX-10: the public header names the player who may close before drawing."""
    assert "Alice may close before drawing" in table_header(before_drawing().view(None), NAMES)


def test_sx9_header_says_who_is_deciding_without_saying_who_holds_the_9() -> None:
    """SX-9: the public header names the player asked at the close, in words that fit holder and non-holder."""
    header = table_header(exchange_offered().view(None), NAMES)
    assert "⏸ Bob is deciding: the holder of the 9♣ may exchange it" in header and "keep" not in header


def test_sx9_opponent_without_the_9_sees_only_continue() -> None:
    """SX-9: the pause comes without the 9 too; the panel then offers one button, Continue (KeepTrump)."""
    state = position(
        hands=["Kh Qh 9c 10s Jd", "Ah 10h As Qc Jc"], trump="Ac", talon=FULL_TALON, leader=0, tricks=(1, 0),
        scores=(20, 0), preset="sixty_six",
    ).apply(Close())
    shown = panel(state.view(1))
    assert not by_action(shown, "swap") and [b.label for b in by_action(shown, "keep")] == ["Continue"]


def test_sx9_sx10_sixty_six_rules_text_explains_the_pagat_rules() -> None:
    """/schnapsen rules for sixty_six mentions closing before drawing, the exchange at a close and the 2."""
    text = rules_text({"preset": "sixty_six"})
    assert "close before drawing" in text and "exchange it**" in text and "score 2" in text
    assert "close before drawing" not in rules_text({"preset": "santase"})


# Hint -------------------------------------------------------------------------------------------------


def test_hint_is_offered_only_on_your_turn() -> None:
    """The Hint button is on the hand of the player to move, and not on the waiting player's."""
    state = opening()
    assert by_action(panel(state.view(0)), "hint")
    assert not by_action(panel(state.view(1)), "hint")


def test_hint_names_the_normal_players_move_from_your_view() -> None:
    """Hint redraws the hand with the normal computer player's choice, which the engine accepts."""
    state = strict_follow()
    ctx = PanelContext(7, 3, 0, state.view(0), NAMES)
    outcome = ADAPTER.on_action(ctx, "hint", "", ())
    assert isinstance(outcome, Redraw)
    suggested = NormalPlayer().choose(state.view(0), random.Random(3))
    assert isinstance(suggested, PlayCard)
    state.check(suggested)
    assert outcome.notice == f"💡 Hint: play {suggested.card}."


def test_sx10_hint_at_the_pause_suggests_draw_or_close() -> None:
    """At pagat 66's pause before drawing, the hint is one of the pause's own choices."""
    state = opening(preset="sixty_six").apply(PlayCard(parse_card("As"))).apply(PlayCard(parse_card("9d")))
    assert state.view(0).can_draw
    outcome = ADAPTER.on_action(PanelContext(7, 3, 0, state.view(0), NAMES), "hint", "", ())
    assert isinstance(outcome, Redraw)
    assert outcome.notice in ("💡 Hint: draw as usual.", "💡 Hint: close the stock.")


def test_hint_out_of_turn_is_refused() -> None:
    """A hint click from the waiting player gets a reason, not a suggestion."""
    outcome = ADAPTER.on_action(PanelContext(7, 3, 1, opening().view(1), NAMES), "hint", "", ())
    assert isinstance(outcome, Refuse)


# What just happened (SX-4, SX-5) ------------------------------------------------------------------


def _after_a_trick() -> State:
    """Alice leads A♠ and takes Bob's 9♠; Alice then draws K♦ and Bob J♣."""
    hands = ["As Kh Qh Js 10d 9d", "9s Qc Kc Jh 10h 9h"]
    state = position(hands, trump="Ac", talon="Kd Jc Qd Jd 10c 10s Ks Qs 9c Ad Ah")
    return state.apply(PlayCard(parse_card("As"))).apply(PlayCard(parse_card("9s")))


def test_sx5_hand_text_names_the_seats_own_draw_only() -> None:
    """SX-5: each hand panel names the card that seat drew; neither names the other's, nor the table header."""
    state = _after_a_trick()
    alice, bob = panel(state.view(0)).content, panel(state.view(1)).content
    assert "You drew K♦." in alice and "J♣" not in alice
    assert "You drew J♣." in bob and "K♦" not in bob
    header = table_header(state.view(None), NAMES)
    assert "K♦" not in header and "J♣" not in header


def test_sx4_hand_text_shows_the_last_trick_and_who_took_it() -> None:
    """SX-4: the hand panel shows the last trick, leader's card first, and who took it."""
    state = _after_a_trick()
    assert "Last trick: A♠ 9♠, taken by you." in panel(state.view(0)).content
    assert "Last trick: A♠ 9♠, taken by Alice." in panel(state.view(1)).content
