"""Gin images from views only: sizes over seeded matches, hidden cards never drawn, any name drawn in real glyphs."""

from __future__ import annotations

import random
import unicodedata

import pytest

from games.cards import Card, parse_card
from games.gin import ENGINE, Knock, Phase, State, new_game, position
from rendering import gin
from rendering.fonts import coverage
from rendering.measure import recording
from rendering.text import runs
from tests.rendering.helpers import AWKWARD_NAMES, backs_below_panels, decode

NAMES = ("Lan", "李小龍")
PEOPLE = ("محمد عبد الله", "👩‍👩‍👧‍👦🔥 Zoë")


def _match(seed: int, switches: dict[str, bool], moves: int = 2000) -> list[State]:
    """Every state of a seeded match between easy computer players (they knock, so hands end)."""
    rng = random.Random(seed)
    player = ENGINE.computer("easy")
    state = new_game(2, seed, switches)
    states = [state]
    while not state.is_over and len(states) <= moves:
        seat = state.to_move
        assert seat is not None
        state = state.apply(player.choose(state.view(seat), rng))
        states.append(state)
    return states


def _faces(render: object) -> list[str]:
    """The card faces (their labels) a render pastes, in drawing order."""
    gin._hand_png.cache_clear()
    with recording() as drawn:
        render()  # type: ignore[operator]
    return [item.text for item in drawn if item.kind == "index"]


@pytest.mark.parametrize(("seed", "switches"), [(1, {}), (2, {"oklahoma": True}), (3, {"hollywood": True})])
def test_tables_and_hands_decode_at_their_size_through_a_match(seed: int, switches: dict[str, bool]) -> None:
    """Sampled tables (long piles, hand ends, the final one) and both hands decode at their computed sizes."""
    states = _match(seed, switches)
    assert states[-1].is_over
    for state in [*states[:: max(1, len(states) // 25)], states[-1]]:
        public = state.view(None)
        table = decode(gin.render_table(public, NAMES))
        assert (table.format, table.mode, table.size) == ("PNG", "P", gin.table_size(public, NAMES))
        for seat in (0, 1):
            view = state.view(seat)
            assert decode(gin.render_hand(view)).size == gin.hand_size(view)


def test_table_is_identical_whatever_the_hidden_cards_are() -> None:
    """No hidden information: different hands and stock behind the same public facts give the same bytes."""
    first = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Ac Kc",
                     phase=Phase.DRAW)
    second = position(["2d 3d 4d 5h 6h 8s 9s 10s 8d 9d", "7s 7h 7d 4c 5c 6c Kh Qh Jh 2s"], discard="Ac Kc",
                      phase=Phase.DRAW)
    assert first.view(0).hand != second.view(0).hand
    assert gin.render_table(first.view(None), NAMES) == gin.render_table(second.view(None), NAMES)
    assert gin.render_table(first.view(0), NAMES) == gin.render_table(first.view(None), NAMES)


def test_gr5_while_a_hand_is_in_play_only_the_discard_pile_is_drawn_face_up() -> None:
    """GR-5: during play every face on the table is a discard-pile card; no card of either hand is drawn."""
    checked = 0
    for state in _match(4, {}):
        view = state.view(None)
        if gin.recent_hand(view) is not None or state.is_over:
            continue
        drawn = _faces(lambda view=view: gin.render_table(view, NAMES))
        assert drawn == [str(card) for card in view.discard[-1:]] + [str(card) for card in view.discard[:-1]]
        hidden = {str(card) for seat in (0, 1) for card in state.view(seat).hand}
        assert not hidden & set(drawn)
        checked += 1
    assert checked > 20


def test_gr8_a_finished_hand_shows_both_arrangements_and_the_layoffs() -> None:
    """GR-6, GR-8: after a knock the table draws the knocker's melds and deadwood, the defender's melds,
    the cards laid off and their deadwood, and names the lay-off."""
    state = position(["6h 7h 8h 4c 5c 6c Kh Kd Ks 2s 3s", "9h 10h Qc Qd 3d 4d 5s Js Jc 8d"], discard="Ac")
    after = state.apply(Knock.of(parse_card("3s")))
    summary = after.last_hand
    assert summary is not None and summary.layoffs and any(summary.layoffs)
    view = after.view(None)
    with recording() as drawn:
        gin.render_table(view, NAMES)
    faces = [item.text for item in drawn if item.kind == "index"]
    shown: list[Card] = [card for meld in summary.knocker_melds for card in meld]
    shown += summary.knocker_deadwood
    shown += [card for meld in summary.defender_melds for card in meld]
    shown += [card for extra in summary.layoffs for card in extra] + list(summary.defender_deadwood)
    assert [str(card) for card in shown] == faces[: len(shown)]
    texts = [item.text for item in drawn if item.kind == "text"]
    assert "Laid off 9♥ 10♥ onto 6♥ 7♥ 8♥." in texts
    assert any(f"Lan scores {summary.points}" in text for text in texts)


def test_gr13_hollywood_shows_three_game_lines() -> None:
    """GR-13: a Hollywood table has one score line per game."""
    view = new_game(2, 5, {"hollywood": True}).view(None)
    with recording() as drawn:
        gin.render_table(view, NAMES)
    assert sum(item.text.startswith(("Game 1 ", "Game 2 ", "Game 3 ")) for item in drawn) == 3


def test_gr12_oklahoma_shows_the_upcard_limit() -> None:
    """GR-12: an Oklahoma table shows the upcard and the knock limit it sets (an ace: gin only)."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="As",
                     phase=Phase.UPCARD, options={"oklahoma": True})
    with recording() as drawn:
        gin.render_table(state.view(None), NAMES)
    texts = {item.text for item in drawn}
    assert {"upcard A♠", "gin only", "spades: ×2"} <= texts


def test_the_hand_is_grouped_melds_then_deadwood_with_its_count() -> None:
    """GR-2: the hand image draws each meld, then the deadwood captioned with its count (the engine's arrangement)."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Kc")
    view = state.view(0)
    arranged = view.arrangement
    assert arranged.count == 3 and len(arranged.melds) == 3
    gin._hand_png.cache_clear()
    with recording() as drawn:
        gin.render_hand(view)
    faces = [item.text for item in drawn if item.kind == "index"]
    assert faces == [str(card) for card in arranged.cards]
    assert "deadwood 3" in {item.text for item in drawn}


def test_a_selected_card_changes_the_hand_image_but_not_its_size() -> None:
    """Selected cards are raised: a different picture, the same size (space for the raise is kept)."""
    view = new_game(2, 6).view(0)
    plain = gin.render_hand(view)
    raised = gin.render_hand(view, frozenset(view.hand[:1]))
    assert plain != raised and decode(plain).size == decode(raised).size


def _missing_glyphs(text: str) -> list[str]:
    """Characters of `text` that the face chosen for them does not have (they would draw .notdef)."""
    missing = []
    for run in runs(text):
        if run.face is None:
            continue
        have = coverage(run.face)
        missing += [ch for ch in run.text if ord(ch) not in have and unicodedata.category(ch) not in ("Mn", "Cf")]
    return missing


def test_names_are_drawn_in_real_glyphs_and_awkward_ones_render() -> None:
    """CJK, Arabic and emoji names draw with faces that have their glyphs; every awkward name renders."""
    states = _match(7, {})
    view = next(state.view(None) for state in states if gin.recent_hand(state.view(None)) is not None)
    with recording() as drawn:
        gin.render_table(view, PEOPLE)
    texts = [item.text for item in drawn if item.kind == "text"]
    assert any("عبد" in text for text in texts)
    for text in texts:
        assert not _missing_glyphs(text), text
    for start in range(0, len(AWKWARD_NAMES), 2):
        names = AWKWARD_NAMES[start : start + 2]
        assert decode(gin.render_table(view, names)).size == gin.table_size(view, names)


def test_the_footer_tells_the_whole_last_turn() -> None:
    """GR-5: after a discard the footer says where the card came from and what was discarded."""
    state = position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Ac Kc",
                     phase=Phase.DRAW)
    taken = state.apply(state.parse_move("take")).apply(state.parse_move("2s"))
    drawn = state.apply(state.parse_move("draw"))
    drawn = drawn.apply(drawn.parse_move("2s"))
    for after, said in ((taken, "Lan took K♣ and discarded 2♠"), (drawn, "Lan drew from the stock and discarded 2♠")):
        with recording() as drawn_items:
            gin.render_table(after.view(None), NAMES)
        assert said in [item.text for item in drawn_items]


def test_urdu_stock_sits_at_the_right():
    """The stock is where reading starts: at the left of an English table, the right of an Urdu one; the
    pile follows it."""
    view = new_game(2, 4).view(None)
    english = backs_below_panels(gin.render_table(view, NAMES, lang="en"))
    urdu = backs_below_panels(gin.render_table(view, NAMES, lang="ur"))
    assert english.size and english.max() < 800 // 3
    assert urdu.size and urdu.min() > 800 - 800 // 3
