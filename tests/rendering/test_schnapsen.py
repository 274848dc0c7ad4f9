"""Sixty-Six images from views only: sizes over seeded series, hidden cards never drawn, odd names."""

from __future__ import annotations

import random

import pytest

from games.schnapsen.state import new_game, position
from rendering import schnapsen
from rendering.hand import hand_size
from tests.rendering.helpers import AWKWARD_NAMES, backs_below_panels, decode

NAMES = ("Lan", "Ива́н")


def _playout(preset: str, seed: int, moves: int) -> list:
    """Every state of a seeded random series, for at most `moves` moves."""
    rng = random.Random(seed)
    state = new_game(2, seed, {"preset": preset})
    states = [state]
    while not state.is_over and len(states) <= moves:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize(("preset", "seed"), [("santase", 1), ("sixty_six", 2), ("schnapsen", 3)])
def test_tables_and_hands_decode_at_their_size_through_a_series(preset, seed):
    """Sampled tables (open, closed, used-up talons, deal ends) and both hands decode at their sizes."""
    states = _playout(preset, seed, moves=400)
    for state in [*states[::max(1, len(states) // 20)], states[-1]]:
        public = state.view(None)
        table = decode(schnapsen.render_table(public, NAMES))
        assert (table.format, table.mode, table.size) == ("PNG", "P", schnapsen.table_size())
        for seat in (0, 1):
            view = state.view(seat)
            assert decode(schnapsen.render_hand(view)).size == hand_size(len(view.hand))


def test_a_finished_series_renders():
    """SX-15: the table of a series that reached its target still renders at its size."""
    state = _playout("schnapsen", 11, moves=5000)[-1]
    assert state.is_over
    assert decode(schnapsen.render_table(state.view(None), NAMES)).size == schnapsen.table_size()


def test_table_is_identical_whatever_the_hidden_cards_are():
    """No hidden information: different hands and talon order behind the same public facts, same bytes."""
    first = position(
        ["9h 10h Jh Qh Kh Ah", "9s 10s Js Qs Ks As"], trump="Ac", talon="9c 10c Jc Qc Kc 9d 10d Jd Qd Kd Ad"
    )
    second = position(
        ["9d 10d Jd Qd Kd Ad", "9c 10c Jc Qc Kc 9h"], trump="Ac", talon="10h Jh Qh Kh Ah 9s 10s Js Qs Ks As"
    )
    assert first.view(0).hand != second.view(0).hand
    assert schnapsen.render_table(first.view(None), NAMES) == schnapsen.render_table(second.view(None), NAMES)


def test_table_from_a_seat_view_draws_no_hand():
    """The table drawn from the seat to move equals the public table."""
    state = position(["9h 10h Jh Qh Kh Ah", "9s 10s Js Qs Ks As"], trump="Ac", talon="9c 10c Jc Qc Kc")
    assert schnapsen.render_table(state.view(0), NAMES) == schnapsen.render_table(state.view(None), NAMES)


def test_sx10_a_closed_talon_looks_different_from_an_open_one():
    """SX-10: closing turns the trump card down, and the image shows it."""
    hands = ["9h 10h Jh Qh Kh Ah", "9s 10s Js Qs Ks As"]
    open_talon = position(hands, trump="Ac", talon="9c 10c Jc", tricks=(1, 0), scores=(20, 0))
    closed = position(hands, trump="Ac", talon="9c 10c Jc", tricks=(1, 0), scores=(20, 0), closed=True)
    assert schnapsen.render_table(open_talon.view(None), NAMES) != schnapsen.render_table(closed.view(None), NAMES)


def test_sx8_marriages_and_a_led_card_render():
    """SX-8: a declared marriage and the card led from it are drawn."""
    state = position(["Qh 10h Jh 9c", "9s 10s Js Qs Ks"], trump="Ac", talon="9h", tricks=(1, 1),
                     scores=(20, 15), marriages=[(0, "h")], trick="Kh")
    assert decode(schnapsen.render_table(state.view(None), NAMES)).size == schnapsen.table_size()


def test_sx5_used_up_talon_renders():
    """SX-5: once the trump card is taken, the talon area says so and the image still renders."""
    state = position(["9h 10h", "9s 10s"], trump="c", tricks=(5, 5), scores=(50, 40))
    assert decode(schnapsen.render_table(state.view(None), NAMES)).size == schnapsen.table_size()


def test_awkward_names_render_on_the_table():
    """Long, emoji, right-to-left and empty names render."""
    state = position(["9h 10h Jh", "9s 10s Js"], trump="Ac", talon="9c 10c Jc Qc Kc", trick="Qh")
    for start in range(0, len(AWKWARD_NAMES), 2):
        names = AWKWARD_NAMES[start : start + 2]
        assert decode(schnapsen.render_table(state.view(None), names)).size == schnapsen.table_size(names=names)


def test_sx11_memory_mode_hides_the_running_points():
    """SX-11 memory mode: trick piles are face down, so different running points give the same table."""
    hands = ["9h 10h Jh", "9s 10s Js"]
    low = position(hands, trump="Ac", talon="9c 10c Jc Qc Kc", tricks=(2, 1), scores=(20, 11), claim_mode="memory")
    high = position(hands, trump="Ac", talon="9c 10c Jc Qc Kc", tricks=(2, 1), scores=(41, 30), claim_mode="memory")
    assert low.view(None).points == (None, None)
    assert schnapsen.render_table(low.view(None), NAMES) == schnapsen.render_table(high.view(None), NAMES)


def test_sx11_auto_mode_shows_the_running_points():
    """SX-11 auto mode: running points are public, so the table changes with them."""
    hands = ["9h 10h Jh", "9s 10s Js"]
    low = position(hands, trump="Ac", talon="9c 10c Jc Qc Kc", tricks=(2, 1), scores=(20, 11))
    high = position(hands, trump="Ac", talon="9c 10c Jc Qc Kc", tricks=(2, 1), scores=(41, 30))
    assert schnapsen.render_table(low.view(None), NAMES) != schnapsen.render_table(high.view(None), NAMES)


def test_sx10_sx9_pauses_render_with_their_own_turn_label():
    """SX-10/SX-9 (pagat 66): the header says who may draw or close, then who may exchange; images decode."""
    state = position(["Ac Jd Kh", "9c 9s Qc"], trump="As", talon="9h Qd 10d", leader=0, tricks=(1, 0),
                     preset="sixty_six")
    before_draw = state.apply(state.parse_move("Ac")).apply(state.parse_move("9c"))
    offered = before_draw.apply(before_draw.parse_move("close"))
    assert schnapsen.doing(before_draw.view(None)) == "to draw or close"
    assert schnapsen.doing(offered.view(None)) == "may exchange"
    for paused in (before_draw, offered):
        image = decode(schnapsen.render_table(paused.view(None), NAMES))
        assert image.size == schnapsen.table_size()


def test_an_unchanged_hand_is_drawn_once():
    """The opponent's card or a redraw for a new version leaves the hand's picture: drawn only once."""
    view = new_game(2, 31).view(0)
    first = schnapsen.render_hand(view)
    assert schnapsen.render_hand(new_game(2, 31).view(0)) is first
    assert schnapsen.render_hand(view, frozenset(view.hand[:1])) is not first


def test_the_series_result_reads_winner_first():
    """SX-15: "X wins the match 11–7" (Sixty-Six's series is a match), the winner's game points first,
    whichever seat won."""
    from rendering.measure import recording
    from rendering.surface import RGBSurface

    for seed in range(6):
        rng, state = random.Random(seed), new_game(2, seed, {"preset": "sixty_six"})
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        view = state.view(None)
        winner = view.winner
        assert winner is not None
        with recording() as drawn:
            canvas = RGBSurface((800, 300), schnapsen.DEFAULT_THEME.felt_dark, schnapsen.DEFAULT_THEME)
            schnapsen._summary(canvas, view, NAMES, (0, 0, 800, 300), schnapsen.DEFAULT_THEME)
        headline = next(item.text for item in drawn if "wins the match" in item.text)
        points = view.game_points
        assert headline.endswith(f"{points[winner]}–{points[1 - winner]}")


def test_the_last_trick_stays_in_view_during_the_next():
    """SX-4: while a new trick is being played, the table still names the last trick and who took it."""
    from rendering.measure import recording

    rng, state = random.Random(4), new_game(2, 4, {"preset": "sixty_six"})
    view = state.view(None)
    while not (view.trick and view.last_trick is not None):
        state = state.apply(rng.choice(state.legal_moves()))
        view = state.view(None)
    with recording() as drawn:
        schnapsen.render_table(view, NAMES)
    cards = " ".join(str(entry.card) for entry in view.last_trick.cards)
    assert any(item.text == f"last trick {cards}, taken by {NAMES[view.last_trick.winner]}" for item in drawn)


def test_urdu_talon_sits_at_the_right():
    """The talon is where reading starts: at the left of an English table, the right of an Urdu one; the
    trick follows it."""
    view = new_game(2, 2).view(None)
    english = backs_below_panels(schnapsen.render_table(view, NAMES, lang="en"))
    urdu = backs_below_panels(schnapsen.render_table(view, NAMES, lang="ur"))
    assert english.size and english.max() < 800 // 3
    assert urdu.size and urdu.min() > 800 - 800 // 3
