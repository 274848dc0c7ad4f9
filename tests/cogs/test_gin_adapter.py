"""GinAdapter's pure parts: hand controls, click outcomes and texts, checked against the engine.

Positions come from `games.gin.position`; what is legal is always asked of the engine, so the tests
check that the controls agree with the rules rather than restating them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.moves.adapters import QUIET_WAITING, Panel, PanelContext, Redraw, Refuse, Submit
from cogs.gin.adapter import KNOCK_MODE, GinAdapter, card_rows
from cogs.gin.words import describe_options, hand_end_lines, knock_label, rules_text, table_header
from games.base import seeded_rng
from games.cards import parse_card
from games.gin import BIG_GIN, DRAW, PASS, TAKE, BigGin, Discard, GinView, Knock, Phase, State, new_game, position

ADAPTER = GinAdapter()
NAMES = ("Alice", "Bob")
SCENARIO_1 = "7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad"  # rules.md §4.2 scenario 1, after drawing A♦


def panel(view: GinView, selection: frozenset[int] = frozenset(), quiet: bool = False) -> Panel:
    return ADAPTER.hand_panel(PanelContext(7, 3, view.seat or 0, view, NAMES, selection=selection, quiet=quiet))


def buttons(shown: Panel) -> list[Any]:
    return [item.item for item in shown.items]  # type: ignore[attr-defined]


def by_action(shown: Panel, action: str, *, enabled: bool | None = None) -> list[Any]:
    found = [b for b in buttons(shown) if b.custom_id.split(":")[3] == action]
    return [b for b in found if enabled is None or b.disabled != enabled]


def ctx(view: GinView, selection: frozenset[int] = frozenset()) -> PanelContext:
    return PanelContext(7, 3, view.seat or 0, view, NAMES, selection=selection)


def discarding(hand: str, **kwargs: Any) -> State:
    """Seat 0 to discard from these eleven cards; seat 1 holds ten others."""
    return position([hand, "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Kc", **kwargs)


def random_states(count: int, seed: int = 1) -> list[State]:
    """States met in seeded playouts by the normal computer player, every phase included."""
    rng = random.Random(seed)
    player = ADAPTER.computer("easy")
    found: list[State] = []
    for game in range(4):
        state = new_game(2, seed * 100 + game, {"oklahoma": game % 2 == 1})
        while not state.is_over and len(found) < count * (game + 1) // 4:
            found.append(state)
            seat = state.to_move
            assert seat is not None
            state = state.apply(player.choose(state.view(seat), rng))
    return found


# Layout ---------------------------------------------------------------------------------------------


def test_card_rows_fit_eleven_cards_in_three_rows() -> None:
    """Discord: ≤ 5 buttons a row and ≤ 5 rows; eleven cards take rows 0-2, leaving the actions and Hint."""
    assert card_rows(11) == [0] * 4 + [1] * 4 + [2] * 3
    assert card_rows(10) == [0] * 4 + [1] * 4 + [2] * 2


def test_every_panel_fits_discords_component_limits() -> None:
    """Over seeded playouts: at most 5 rows, 5 buttons a row, 80-character labels, 2,000-character text."""
    for state in random_states(200):
        for seat in (0, 1):
            shown = panel(state.view(seat))
            rows: dict[int, int] = {}
            for item in buttons(shown):
                rows[item.row] = rows.get(item.row, 0) + 1
                assert len(item.label) <= 80
            assert set(rows) <= {0, 1, 2, 3, 4} and max(rows.values()) <= 5
            assert len(shown.content) <= 2000


# Controls, enabled exactly when legal ---------------------------------------------------------------


def test_gr4_upcard_turn_offers_take_and_pass_with_the_cards_greyed() -> None:
    """GR-4: the first turn has "Take the upcard X" and "Pass"; no card button is enabled."""
    state = new_game(2, 3)
    view = state.view(state.to_move)
    shown = panel(view)
    assert [b.label for b in by_action(shown, "takeup")] == [f"Take the upcard {view.top}"]
    assert [b.label for b in by_action(shown, "passup")] == ["Pass"]
    assert not by_action(shown, "disc", enabled=True) and len(by_action(shown, "disc")) == 10


def test_gr5_draw_turn_offers_the_stock_and_the_top_discard() -> None:
    """GR-5: drawing, the buttons are the stock (with its count) and the top of the pile (§4.1: only the top)."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Ac Kc",
                     phase=Phase.DRAW)
    shown = panel(state.view(0))
    assert [b.label for b in by_action(shown, "stock")] == [f"Draw from the stock ({len(state.stock)})"]
    assert [b.label for b in by_action(shown, "takeup")] == ["Take K♣"]
    assert not by_action(shown, "disc", enabled=True)


def test_d_gr2_the_card_just_taken_is_greyed_and_the_others_discard() -> None:
    """D-GR-2: the card taken from the pile this turn has a disabled button; every other card discards."""
    state = discarding(SCENARIO_1, just_taken="Ad")
    shown = panel(state.view(0))
    enabled = {b.custom_id.split(":")[4] for b in by_action(shown, "disc", enabled=True)}
    legal = {move.card.code for move in state.legal_moves() if isinstance(move, Discard)}
    assert enabled == legal and "Ad" not in enabled
    assert [b.label for b in by_action(shown, "disc", enabled=False)] == ["A♦ (just taken)"]


def test_gr6_scenario_1_knock_names_the_card_and_the_deadwood_it_leaves() -> None:
    """GR-6, §4.2 scenario 1: after drawing A♦, discarding 2♠ leaves 1 deadwood: "Knock: 2♠ face down, 1 deadwood"."""
    shown = panel(discarding(SCENARIO_1).view(0))
    assert [b.label for b in by_action(shown, "knock", enabled=True)] == ["Knock: 2♠ face down, 1 deadwood"]
    assert by_action(shown, "knock")[0].custom_id.endswith(":knock:2s")


def test_gr6_knock_is_shown_exactly_when_the_engine_has_a_knock() -> None:
    """GR-6: over seeded playouts, a Knock button appears if and only if `legal_moves` has a Knock."""
    seen = {True: 0, False: 0}
    for state in random_states(400, seed=2):
        seat = state.to_move
        assert seat is not None
        legal = any(isinstance(move, Knock) for move in state.legal_moves())
        shown = bool(by_action(panel(state.view(seat)), "knock", enabled=True))
        assert shown == legal
        if state.phase is Phase.DISCARD:
            seen[legal] += 1
    assert seen[True] and seen[False]


def test_gr7_gin_is_labelled_gin() -> None:
    """GR-7: a discard that leaves no deadwood is offered as "Gin! X face down"."""
    shown = panel(discarding("7s 7h 7d 4c 5c 6c Kh Qh Jh 10h 2s").view(0))
    assert [b.label for b in by_action(shown, "knock", enabled=True)] == [knock_label(parse_card("2s"), 0)]
    assert knock_label(parse_card("2s"), 0) == "Gin! 2♠ face down"


def test_d_gr4_big_gin_is_offered_only_with_eleven_cards_melded() -> None:
    """D-GR-4: all eleven cards melded gives a Big gin button (§4.1: beside gin); one loose card, none."""
    big = panel(discarding("7s 7h 7d 4c 5c 6c Kh Qh Jh 10h 9h").view(0))
    assert [b.label for b in by_action(big, "big")] == ["Big gin: lay out all 11"]
    assert BIG_GIN in discarding("7s 7h 7d 4c 5c 6c Kh Qh Jh 10h 9h").legal_moves()
    assert not by_action(panel(discarding("7s 7h 7d 4c 5c 6c Kh Qh Jh 10h 2s").view(0)), "big")


def test_gr12_oklahoma_ace_upcard_allows_only_gin() -> None:
    """GR-12, §4.1: with an ace upcard, 1 deadwood may not knock, so scenario 1's hand has no Knock."""
    state = discarding(SCENARIO_1, upcard="Ac", options={"oklahoma": True})
    assert state.knock_limit == 0
    shown = panel(state.view(0))
    assert not by_action(shown, "knock", enabled=True)
    assert [b.label for b in by_action(shown, "knock")] == ["Knock: gin only this hand (best discard leaves 1)"]


def test_gr6_without_a_legal_knock_the_button_is_greyed_and_says_what_it_needs() -> None:
    """GR-6: no discard within 10 gives a disabled Knock naming the limit and the best discard's deadwood."""
    state = discarding("7s 7h 7d 4c 5c 6c Kh Qd Js 10s 9h")
    assert not any(isinstance(move, Knock) for move in state.legal_moves())
    shown = panel(state.view(0))
    assert [(b.label, b.disabled) for b in by_action(shown, "knock")] == [
        ("Knock: needs 10 or less (best discard leaves 39)", True)  # K♥ Q♦ J♠ 10♠ 9♥ = 49, less the K
    ]


def test_knock_with_another_card_enables_exactly_the_legal_knock_discards() -> None:
    """GR-6: in knock mode the enabled card buttons are the engine's Knock moves, labelled with deadwood left."""
    state = discarding("7s 7h 7d 4c 5c 6c Kh Qh Jh As 2s")
    view = state.view(0)
    first = panel(view)
    assert by_action(first, "kmode")
    outcome = ADAPTER.on_action(ctx(view), "kmode", "", [])
    assert isinstance(outcome, Redraw) and outcome.selection == KNOCK_MODE
    knocking = panel(view, KNOCK_MODE)
    enabled = {b.custom_id.split(":")[4]: b.label for b in by_action(knocking, "knock", enabled=True)}
    legal = {move.card.code for move in state.legal_moves() if isinstance(move, Knock)}
    assert set(enabled) == legal == {"As", "2s"}
    assert enabled == {"As": "A♠: 2 left", "2s": "2♠: 1 left"}
    assert by_action(knocking, "back")


def test_not_your_turn_shows_the_cards_and_no_enabled_control() -> None:
    """Between turns the hand is shown, nothing is pressable, and a quiet DM says only that it is not your turn."""
    state = discarding(SCENARIO_1)
    shown = panel(state.view(1), quiet=True)
    assert not [b for b in buttons(shown) if not b.disabled]
    assert QUIET_WAITING in shown.content and "Alice" not in shown.content.splitlines()[1]


# Clicks ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "arg", "move"),
    [("stock", "", DRAW), ("takeup", "", TAKE), ("passup", "", PASS), ("big", "", BIG_GIN),
     ("disc", "Kh", Discard.of(parse_card("Kh"))), ("knock", "2s", Knock.of(parse_card("2s")))],
)
def test_a_click_becomes_the_engines_move(action: str, arg: str, move: Any) -> None:
    """Each control submits its move; the engine, not the adapter, then judges it."""
    outcome = ADAPTER.on_action(ctx(discarding(SCENARIO_1).view(0)), action, arg, [])
    assert outcome == Submit(move)


def test_every_enabled_button_submits_a_legal_move() -> None:
    """Over seeded playouts, pressing any enabled card, draw or knock button gives a move the engine accepts."""
    for state in random_states(150, seed=3):
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        for item in buttons(panel(view)):
            _, _, _, action, *rest = item.custom_id.split(":")
            if item.disabled or action == "hint":
                continue
            outcome = ADAPTER.on_action(ctx(view), action, rest[0] if rest else "", [])
            if isinstance(outcome, Submit):
                state.check(outcome.move)


def test_a_bad_card_or_unknown_action_is_refused_politely() -> None:
    """A forged card code or action is refused with a sentence, never an exception."""
    view = discarding(SCENARIO_1).view(0)
    assert isinstance(ADAPTER.on_action(ctx(view), "disc", "Zz", []), Refuse)
    assert isinstance(ADAPTER.on_action(ctx(view), "frobnicate", "", []), Refuse)
    assert isinstance(ADAPTER.on_action(ctx(discarding(SCENARIO_1).view(1)), "hint", "", []), Refuse)


def test_hint_names_the_normal_players_move() -> None:
    """Hint redraws the panel with the normal computer player's suggestion; the game does not move."""
    outcome = ADAPTER.on_action(ctx(discarding(SCENARIO_1).view(0)), "hint", "", [])
    assert isinstance(outcome, Redraw) and outcome.notice.startswith("💡 Hint: ")


def test_timeout_move_is_legal_and_never_a_knock() -> None:
    """A seat out of time passes, draws or discards: always legal, never a knock (GR-6: knocking is a choice)."""
    for state in random_states(300, seed=4):
        seat = state.to_move
        assert seat is not None
        move = ADAPTER.timeout_move(state, seat, seeded_rng(1, "t"))
        state.check(move)
        assert not isinstance(move, (Knock, BigGin))


# Texts ----------------------------------------------------------------------------------------------


def test_options_default_to_plain_gin_to_100() -> None:
    """GR-11, D-GR-7: no switches is Gin to 100; Oklahoma goes to 150; a given target wins."""
    assert describe_options(ADAPTER.parse_options({"oklahoma": False, "hollywood": False, "target": None})) == \
        "Gin · to 100"
    assert "to 150" in describe_options(ADAPTER.parse_options({"oklahoma": True}))
    assert ADAPTER.parse_options({"target": 50})["target"] == 50
    with pytest.raises(ValueError, match="target"):
        ADAPTER.parse_options({"target": 5})


@pytest.mark.parametrize(
    "switches", [{}, {"oklahoma": True}, {"hollywood": True}, {"oklahoma": True, "hollywood": True}]
)
def test_rules_fit_one_message_and_name_the_switches(switches: dict[str, bool]) -> None:
    """The rules are one ephemeral message (≤ 2,000 characters) and explain each switch that is on."""
    text = rules_text(switches)
    assert len(text) <= 2000 and "**Knock**" in text
    assert ("**Oklahoma**" in text) == bool(switches.get("oklahoma"))
    assert ("**Hollywood**" in text) == bool(switches.get("hollywood"))


def test_table_header_is_the_same_whatever_the_hidden_cards_are() -> None:
    """No hidden information: the public header reads only the pile, counts and scores, not the hands."""
    first = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Ac Kc",
                     phase=Phase.DRAW, stock="Qs Js 10c 9c 8c 7c 3c 2c As 3s 4s 5s 6s")
    second = position(["2d 3d 4d 5h 6h 8s 9s 10s 8d 9d", "7s 7h 7d 4c 5c 6c Kh Qh Jh 2s"], discard="Ac Kc",
                      phase=Phase.DRAW, stock="Js Qs 10c 9c 8c 7c 3c 2c As 3s 4s 5s 6s")
    assert table_header(first.view(None), NAMES) == table_header(second.view(None), NAMES)


def test_gr8_hand_end_names_both_arrangements_the_layoffs_and_the_score() -> None:
    """GR-8, GR-9: after a knock the words show each side's melds and deadwood, the lay-offs and the bonuses."""
    state = position(["6h 7h 8h 4c 5c 6c Kh Kd Ks 2s 3s", "9h 10h Qc Qd 3d 4d 5s Js Jc 8d"], discard="Ac")
    after = state.apply(Knock.of(parse_card("3s")))
    summary = after.last_hand
    assert summary is not None
    text = "\n".join(hand_end_lines(summary, NAMES))
    assert "laid off 9♥ 10♥ onto 6♥ 7♥ 8♥" in text
    assert "Alice" in text and "Bob" in text and "Player" not in text
    assert f"scores {summary.points}" in text


def test_a_quiet_hand_does_not_change_while_the_other_seat_draws() -> None:
    """A DM drawn while the opponent plays leaves out the stock and their picks: their draw needs no edit."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Ac Kc",
                     phase=Phase.DRAW, to_move=1)
    before = panel(state.view(0), quiet=True)
    for move in (DRAW, TAKE):
        after = panel(state.apply(move).view(0), quiet=True)
        assert after.content == before.content and after.image == before.image


def test_an_argument_on_a_control_that_takes_none_is_refused() -> None:
    """A forged `passup:99999` (a modified client) is refused rather than read as Pass."""
    view = new_game(2, 3).view(new_game(2, 3).to_move)
    assert isinstance(ADAPTER.on_action(ctx(view), "passup", "99999", []), Refuse)
