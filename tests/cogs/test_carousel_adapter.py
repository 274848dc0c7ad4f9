"""CarouselAdapter's pure parts: options, hand controls, click outcomes and texts, against the engine.

Positions come from `games.carousel.position`; what is legal, what fits and what the solver proposes
is always asked of the engine, so the tests check that the controls agree with the rules rather than
restating them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.kit.ids import CUSTOM_ID_LIMIT, decode_mask
from bot.moves.adapters import Panel, PanelContext, Redraw, Refuse, Submit
from cogs.carousel.adapter import (
    MAX_MENUS,
    MENU_OPTIONS,
    PROPOSING,
    CarouselAdapter,
    Proposals,
    card_menus,
    prefill,
)
from cogs.carousel.words import describe_options, hand_lines, step_lines, table_header, table_notation
from games.base import IllegalMove
from games.cards import Suit, parse_card, rummy_deck
from games.carousel import Draw, Knock, Meld, MeldStep, PassKnock, State, card_value, new_game, position
from games.carousel.ai import NormalPlayer
from games.carousel.moves import parse_table
from games.carousel.solver import arrange, best_play
from rendering.carousel import sort_hand

ADAPTER = CarouselAdapter()
NAMES = ("Alice", "Bob", "Cleo")
# CA-7.3's example: the 7♥ frees the joker, which then makes 9♣ 10♣ a meld as the J♣.
FREEING = position(table=["6h Jk=7h 8h", "9s 9d 9c", "4s 5s 6s 7s"], hands=["7h 9c 10c 2d", "5d 6d", "Kd"])


def ctx(state: State, selection: frozenset[int] = frozenset(), notice: str = "") -> PanelContext:
    seat = state.turn
    return PanelContext(7, 3, seat, state.view(seat), NAMES[: state.players], selection=selection, notice=notice)


def panel(state: State, selection: frozenset[int] = frozenset(), notice: str = "") -> Panel:
    return ADAPTER.hand_panel(ctx(state, selection, notice))


def items(shown: Panel) -> list[Any]:
    """The discord.py items of a panel (each DynamicItem wraps one)."""
    return [item.item for item in shown.items]  # type: ignore[attr-defined]


def actions(shown: Panel) -> list[str]:
    return [item.custom_id.split(":")[3] if item.custom_id.startswith("cr:") else "type" for item in items(shown)]


def positions(state: State, *codes: str) -> frozenset[int]:
    """Positions in the sorted hand of the cards with these faces (one each)."""
    hand = sort_hand(state.hands[state.turn])
    wanted = [parse_card(code) for code in codes]
    found = set()
    for card in wanted:
        found.add(next(i for i, held in enumerate(hand) if held.face == card.face and i not in found))
    return frozenset(found)


# Options and texts -------------------------------------------------------------------------------


def test_ca13_target_option_is_parsed_and_described() -> None:
    """CA-13: the table's target reaches the engine options and the lobby text; unknown keys are refused."""
    options = ADAPTER.parse_options({"target": 60})
    assert new_game(2, 1, options).options.target == 60
    assert "to 60 points" in describe_options(options)
    with pytest.raises(ValueError):
        ADAPTER.parse_options({"targte": 60})


def test_ca12_header_shows_the_hand_just_scored_with_bonuses() -> None:
    """CA-12: after a knock the header names the knocker and each seat's points with the +10."""
    state = position(hands=["Ac 3d", "2s", "Kh 7c"], phase="knock", to_move=0).apply(Knock())
    summary = state.last_hand
    assert summary is not None and summary.knock_bonus[1] == 10
    header = table_header(state.view(None), NAMES)
    assert all(line in header for line in hand_lines(summary, NAMES, state.options.target))
    assert "10 (someone else knocked)" in header and "Alice knocked with 4" in header


def test_ca10_going_out_shows_the_25_bonus_in_the_hand_panels() -> None:
    """CA-12 worked example: A goes out, B holds a joker and a 5: A scores 30 + 25 = 55, shown to both."""
    state = position(table=["6h 7h 8h"], hands=["9h", "Jk 5d"], phase="meld_1")
    after = state.apply(MeldStep((Meld.parse("6h 7h 8h 9h"),)))
    summary = after.last_hand
    assert summary is not None and summary.points == (55, 0)
    for seat in (0, 1):
        shown = ADAPTER.hand_panel(PanelContext(7, 4, seat, after.view(seat), NAMES[:2]))
        assert "Alice went out" in shown.content and "wins **+55** = 30 + 25 (went out)" in shown.content


# Turn controls (CA-4, CA-9) ----------------------------------------------------------------------


def test_ca4_turn_starts_with_draw_only() -> None:
    """CA-4: before the first draw the only control is Draw."""
    state = new_game(3, 4)
    assert actions(panel(state)) == ["draw"]


def test_ca4_after_a_draw_meld_or_draw_again() -> None:
    """CA-4: after a draw: card menu, Meld (needs a selection), draw again, Hint, Clear, Type the table."""
    state = new_game(3, 4).apply(Draw())
    shown = panel(state)
    assert actions(shown) == ["sel0", "meld", "draw", "hint", "clear", "type"]
    meld = items(shown)[1]
    assert meld.disabled and items(panel(state, frozenset({0})))[1].disabled is False


def test_ca9_knock_offered_only_within_the_limit() -> None:
    """CA-9: in the knock phase the controls are End turn and Knock (with the count), both legal moves."""
    state = position(hands=["Ac 4d", "9s", "Kh"], phase="knock")
    shown = panel(state)
    assert actions(shown) == ["pass", "knock"]
    assert items(shown)[1].label == "Knock with 5"
    assert ADAPTER.on_action(ctx(state), "knock", "", []) == Submit(Knock())
    assert ADAPTER.on_action(ctx(state), "pass", "", []) == Submit(PassKnock())
    assert {Knock(), PassKnock()} == set(state.legal_moves())


def test_waiting_seat_sees_a_disabled_draw() -> None:
    """Off turn the panel has one disabled button, so the hand message still carries its version."""
    state = new_game(2, 4)
    other = 1 - state.turn
    shown = ADAPTER.hand_panel(PanelContext(7, 3, other, state.view(other), NAMES[:2]))
    assert [item.disabled for item in items(shown)] == [True]
    assert "Waiting for" in shown.content


# Card menus --------------------------------------------------------------------------------------


def test_card_menus_one_menu_up_to_25_cards() -> None:
    """Discord: 25 options per select; a hand of 25 fits one menu."""
    hand = sort_hand(rummy_deck(1)[:25])
    assert [menu.positions for menu in card_menus(hand)] == [tuple(range(25))]


def test_card_menus_split_by_suit_past_25_cards() -> None:
    """Past 25 cards: menus per suit (packed while they fit), each ≤ 25 options, all cards once, in order."""
    hand = sort_hand(rummy_deck(2)[:60])
    menus = card_menus(hand)
    assert 1 < len(menus) <= MAX_MENUS
    assert all(len(menu.positions) <= MENU_OPTIONS for menu in menus)
    assert [i for menu in menus for i in menu.positions] == list(range(len(hand)))
    for menu in menus:
        suits = {hand[i].suit for i in menu.positions}
        assert all(suit.symbol in menu.title for suit in suits if isinstance(suit, Suit))


def test_card_menus_never_exceed_the_row_budget() -> None:
    """5 action rows: even 100 cards (more than any hand can hold) take at most 4 menus of ≤ 25."""
    hand = sort_hand(rummy_deck(2)[:100])
    menus = card_menus(hand)
    assert len(menus) <= MAX_MENUS and all(len(menu.positions) <= MENU_OPTIONS for menu in menus)


def test_long_hand_panel_ids_are_unique_and_short() -> None:
    """A 45-card hand: several menus, unique custom ids within Discord's 100 characters, ≤ 5 rows."""
    deck = rummy_deck(1)
    state = position(hands=[" ".join(c.code for c in deck[:45]), "Ks", "Kd"], stock=3, phase="meld_1")
    shown = panel(state, frozenset(range(0, 45, 2)))
    ids = [item.custom_id for item in items(shown)]
    assert len(ids) == len(set(ids)) and all(len(i) <= CUSTOM_ID_LIMIT for i in ids)
    rows = {item.row for item in items(shown)}
    assert len(rows) <= 5 and sum(1 for a in actions(shown) if a.startswith("sel")) > 1


def test_selecting_in_one_menu_keeps_the_others() -> None:
    """A pick in menu k replaces only that menu's part of the selection."""
    deck = rummy_deck(1)
    state = position(hands=[" ".join(c.code for c in deck[:40]), "Ks", "Kd"], stock=3, phase="meld_1")
    menus = card_menus(sort_hand(state.hands[0]))
    kept = frozenset({menus[1].positions[0]})
    picked = [str(i) for i in menus[0].positions[:2]]
    outcome = ADAPTER.on_action(ctx(state, kept | {menus[0].positions[5]}), "sel0", "", picked)
    assert outcome == Redraw(selection=kept | {int(v) for v in picked})


# Meld, proposal, confirm (CA-6, CA-7) ------------------------------------------------------------


def test_ca7_meld_proposes_the_solvers_table_and_confirm_submits_it() -> None:
    """CA-7.3: Meld with 7♥ 9♣ 10♣ proposes the solver's table (joker freed); Confirm submits exactly it."""
    chosen = positions(FREEING, "7h", "9c", "10c")
    outcome = ADAPTER.on_action(ctx(FREEING, chosen), "meld", "", [])
    assert outcome == Redraw(selection=chosen | {PROPOSING})
    cards = [sort_hand(FREEING.hands[0])[i] for i in sorted(chosen)]
    expected = arrange(FREEING.table, cards, copies=FREEING.decks)
    assert expected is not None
    confirmed = ADAPTER.on_action(ctx(FREEING, chosen), "ok", "", [])
    assert confirmed == Submit(MeldStep(expected), chosen)
    FREEING.check(MeldStep(expected))


def test_ca7_proposal_panel_says_what_moved_and_what_the_joker_is() -> None:
    """CA-7: the proposal names the freed joker's old and new card and shows Confirm / Back / Type."""
    chosen = positions(FREEING, "7h", "9c", "10c")
    shown = panel(FREEING, chosen | {PROPOSING})
    cards = [sort_hand(FREEING.hands[0])[i] for i in sorted(chosen)]
    table = arrange(FREEING.table, cards, copies=FREEING.decks)
    assert table is not None
    for line in step_lines(FREEING.table, table, cards):
        assert line in shown.content
    assert "(freed: it was 7♥)" in shown.content
    assert actions(shown) == ["ok", "back", "type"] and shown.filename == "proposal.png"


def test_back_returns_to_choosing_with_the_same_cards_and_clear_empties() -> None:
    """Back leaves the proposal with the selection kept; Clear drops it."""
    chosen = positions(FREEING, "7h", "9c", "10c")
    assert ADAPTER.on_action(ctx(FREEING, chosen | {PROPOSING}), "back", "", []) == Redraw(selection=chosen)
    assert ADAPTER.on_action(ctx(FREEING, chosen), "clear", "", []) == Redraw()
    assert "sel0" in actions(panel(FREEING, chosen))


def test_ca6_cards_that_cannot_all_go_down_preselect_the_best_part() -> None:
    """CA-6: 7♥ 10♣ 2♦ cannot all be placed; the answer says so and selects what best_play places."""
    chosen = positions(FREEING, "7h", "10c", "2d")
    outcome = ADAPTER.on_action(ctx(FREEING, chosen), "meld", "", [])
    hand = sort_hand(FREEING.hands[0])
    cards = [hand[i] for i in sorted(chosen)]
    assert arrange(FREEING.table, cards, copies=FREEING.decks) is None
    fitting = best_play(FREEING.table, cards, copies=FREEING.decks)[0]
    assert isinstance(outcome, Redraw) and "can't all go on the table" in outcome.notice
    assert outcome.selection == frozenset(i for i, card in enumerate(hand) if card in fitting)


def test_ca4_no_meld_before_the_first_draw() -> None:
    """CA-4: Meld, Hint and typed tables are refused before the draw, with the rule's reason."""
    state = new_game(2, 3)
    outcome = ADAPTER.on_action(ctx(state, frozenset({0, 1, 2})), "meld", "", [])
    assert isinstance(outcome, Refuse) and "Draw a card first" in outcome.reason


def test_hint_preselects_the_normal_players_cards() -> None:
    """Hint: the normal computer player's meld, its cards selected in the sorted hand."""
    state = new_game(3, 7).apply(Draw())
    view = state.view(state.turn)
    move = NormalPlayer().choose(view, random.Random(0))
    assert isinstance(move, MeldStep)
    before = {card for meld in view.table for card in meld.physical}
    added = {card for meld in move.table for card in meld.physical if card not in before}
    outcome = ADAPTER.on_action(ctx(state), "hint", "", [])
    hand = sort_hand(view.hand)
    assert isinstance(outcome, Redraw)
    assert {hand[i] for i in outcome.selection} == added
    assert f"({sum(card_value(c) for c in added)} points" in outcome.notice


# Typed tables ------------------------------------------------------------------------------------


def test_ca6_typed_table_becomes_the_engines_meld_step() -> None:
    """CA-6: a typed table is read against the seat's table and hand and submitted as that step."""
    text = "table: 6h 7h 8h | 9s 9d 9c | 4s 5s 6s 7s | 9c 10c Jk=Jc"
    outcome = ADAPTER.on_action(ctx(FREEING), "typed", "", [text])
    view = FREEING.view(0)
    assert outcome == Submit(parse_table(text[6:], view.table, view.hand))
    assert isinstance(outcome, Submit) and isinstance(outcome.move, MeldStep)
    FREEING.check(outcome.move)


def test_ca7_typed_redeclaration_is_left_to_the_engine_to_refuse() -> None:
    """CA-7.2: re-declaring a table joker without freeing it parses, and the engine refuses it."""
    outcome = ADAPTER.on_action(ctx(FREEING), "typed", "", ["6h Jk=7h 8h | 9s 9d 9c Jk=9h | 4s 5s 6s 7s"])
    assert isinstance(outcome, Submit) and isinstance(outcome.move, MeldStep)
    with pytest.raises(IllegalMove):
        FREEING.check(outcome.move)


def test_bad_notation_in_the_modal_redraws_with_the_reason() -> None:
    """Unreadable notation is not a move: the panel comes back with the parser's reason."""
    outcome = ADAPTER.on_action(ctx(FREEING, frozenset({1})), "typed", "", ["6h 7x 8h"])
    assert isinstance(outcome, Redraw) and outcome.notice.startswith("⚠️") and "7x" in outcome.notice
    assert outcome.selection == frozenset({1})


def test_modal_prefill_is_the_proposal_once_computed() -> None:
    """The modal starts from the proposal when Meld computed it, else the table plus the chosen cards."""
    proposals = Proposals()
    view = FREEING.view(0)
    cards = [parse_card("7h"), next(c for c in view.hand if c.face == parse_card("9c")), parse_card("10c")]
    cards = sort_hand(cards)
    start = prefill(proposals, view, cards)
    assert start == f"{table_notation(view.table)} | {' '.join(c.face.code for c in cards)}"
    table = proposals.table(view.table, cards, view.decks)
    assert table is not None and prefill(proposals, view, cards) == table_notation(table)
    assert parse_table(table_notation(table), view.table, view.hand) == MeldStep(table)


def test_selection_marks_survive_the_custom_id() -> None:
    """The proposal mark rides in the Confirm/Back ids only as card positions (no mark beyond the hand)."""
    chosen = positions(FREEING, "7h", "9c", "10c")
    shown = panel(FREEING, chosen | {PROPOSING})
    for item in items(shown):
        if item.custom_id.startswith("cr:"):
            assert decode_mask(item.custom_id.split(":")[4]) == chosen


def test_cards_outside_the_hand_are_ignored_in_selections() -> None:
    """Positions past the hand (a stale id) select nothing."""
    state = new_game(2, 5).apply(Draw())
    outcome = ADAPTER.on_action(ctx(state, frozenset({40, 41})), "meld", "", [])
    assert isinstance(outcome, Refuse) and "Choose the cards" in outcome.reason


def test_a_live_type_the_table_id_still_matches() -> None:
    """A "Type the table" button already sent (`crt:<game>:<version>:<mask>`) still opens its modal."""
    from cogs.carousel.adapter import TYPE_TEMPLATE

    match = TYPE_TEMPLATE.fullmatch("crt:12:3:1f")
    assert match is not None and match["game"] == "12" and match["mask"] == "1f"


# What just happened (CA-4, CA-6) ------------------------------------------------------------------


def test_ca4_hand_text_names_the_card_just_drawn_to_its_seat_only() -> None:
    """CA-4: after a draw the drawer's panel says "You drew …"; the other seat's panel does not."""
    state = position(hands=["Kd Ks Qs Qh Jd Jc", "2s Qc"], phase="draw_1", stock="3c 4d").apply(Draw())
    assert "You drew 4♦." in panel(state).content
    other = ADAPTER.hand_panel(PanelContext(7, 4, 1, state.view(1), NAMES[:2])).content
    assert "You drew" not in other and "4♦" not in other


def test_ca6_the_proposal_image_marks_the_players_cards_and_the_moved_joker(monkeypatch) -> None:
    """CA-6, CA-7: the proposal is drawn with the chosen cards as new and the freed joker as moved."""
    drawn: list[Any] = []
    # The adapter module's own globals: loading and unloading the extension elsewhere in the run can leave
    # a fresh copy of the module under its name in sys.modules.
    adapter_globals = type(ADAPTER).render_table.__globals__
    monkeypatch.setitem(adapter_globals, "render_table", lambda view, names, **_: drawn.append(view) or b"png")
    chosen = positions(FREEING, "7h", "9c", "10c")
    panel(FREEING, chosen | {PROPOSING})
    cards = {FREEING.view(0).hand[i] for i in chosen}
    (shown,) = drawn
    assert shown.last_meld is not None and shown.last_meld.seat == 0
    assert shown.last_meld.from_hand == cards
    assert shown.last_meld.moved == {parse_card("Jk")}
