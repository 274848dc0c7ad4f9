"""Thirteen images from views only: sizes over seeded games, hidden hands never drawn, odd names."""

from __future__ import annotations

import random

import pytest

from games.thirteen.state import new_game, position
from rendering import thirteen
from rendering.hand import hand_size
from tests.rendering.helpers import AWKWARD_NAMES, decode, pixels

NAMES = ("Lan", "Minh", "Thu", "Bảo")


def _playout(players: int, seed: int, stops: int) -> list:
    """States of one seeded random game, sampled at `stops` points (including the finished game)."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    step = max(1, len(states) // stops)
    return [*states[::step], states[-1]]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_tables_and_hands_decode_at_their_size_through_a_game(players, seed):
    """Every sampled table (to the end, TL-11) and every seat's hand decodes at the expected size."""
    for state in _playout(players, seed, stops=8):
        public = state.view(None)
        table = decode(thirteen.render_table(public, NAMES[:players]))
        assert (table.format, table.mode, table.size) == ("PNG", "P", thirteen.table_size(public))
        for seat in range(players):
            view = state.view(seat)
            assert decode(thirteen.render_hand(view)).size == hand_size(len(view.hand))


def test_the_full_thirteen_card_hand_fits_one_row():
    """TL-3: a dealt hand of 13 cards draws at the one-row hand size."""
    view = new_game(4, 9).view(0)
    assert len(view.hand) == 13
    assert decode(thirteen.render_hand(view)).size == hand_size(13)
    assert hand_size(13) == hand_size(1)


def test_table_is_identical_whatever_the_hidden_hands_hold():
    """No hidden information: two deals differing only in hidden cards give byte-identical tables."""
    first = position(["3s 4s 5s", "6c 7c 8c 9c", "Jd Qd", "Kh"], table="10h", to_move=1, passed=[2])
    second = position(["Ah Ad 2s", "3h 4h 5h 6h", "7s 8s", "9d"], table="10h", to_move=1, passed=[2], table_seat=0)
    assert first.view(0).hand != second.view(0).hand
    assert thirteen.render_table(first.view(None), NAMES) == thirteen.render_table(second.view(None), NAMES)


def test_table_from_a_seat_view_draws_no_hand():
    """The table drawn from a seat's own view equals the public one: the hand is never on the table."""
    state = position(["3s 4s 5s", "6c 7c 8c 9c", "Jd Qd", "Kh"], table="10h", to_move=1)
    assert thirteen.render_table(state.view(1), NAMES) == thirteen.render_table(state.view(None), NAMES)


def test_selected_cards_change_the_hand_but_not_its_size():
    """Raising the selected cards redraws the hand at the same size."""
    view = new_game(4, 5).view(2)
    plain = thirteen.render_hand(view)
    chosen = thirteen.render_hand(view, frozenset(view.hand[:3]))
    assert plain != chosen
    assert decode(plain).size == decode(chosen).size


def test_an_unchanged_hand_is_drawn_once():
    """The same cards and selection give the very same bytes without drawing again (hands repeat every move)."""
    view = new_game(2, 9).view(1)
    first = thirteen.render_hand(view, frozenset(view.hand[:1]))
    again = thirteen.render_hand(new_game(2, 9).view(1), frozenset(view.hand[:1]))
    assert again is first
    assert thirteen.render_hand(view) is not first


def test_tl2_hand_is_sorted_by_rank_then_suit():
    """TL-2: the hand is drawn 3 low to 2 high, suits ♠ ♣ ♦ ♥ breaking ties."""
    state = position(["2h 3h 3s Ac 10d", "4c"], to_move=0)
    assert [str(card) for card in thirteen.sort_hand(state.view(0).hand)] == ["3♠", "3♥", "10♦", "A♣", "2♥"]


def test_awkward_names_render_on_the_table():
    """Long, emoji, right-to-left and empty names render in every seat panel and caption."""
    state = position(["3s 4s", "6c", "Jd Qd", "Kh"], table="10h", to_move=1, passed=[2])
    for start in range(0, len(AWKWARD_NAMES), 4):
        names = AWKWARD_NAMES[start : start + 4]
        view = state.view(None)
        assert decode(thirteen.render_table(view, names)).size == thirteen.table_size(view, names=names)


def test_missing_names_fall_back_to_seat_numbers():
    """A table drawn with fewer names than seats still renders."""
    state = position(["3s 4s", "6c", "Jd Qd", "Kh"], table="10h", to_move=1)
    assert decode(thirteen.render_table(state.view(None), ["Lan"])).size == thirteen.table_size(state.view(None))


def test_tl9_a_passed_seat_is_marked():
    """TL-9: the same table with seat 2 locked out draws differently from one where nobody passed."""
    hands = ["3s 4s 5s", "6c 7c 8c 9c", "Jd Qd", "Kh"]
    passed = position(hands, table="10h", to_move=3, passed=[2], table_seat=1)
    fresh = position(hands, table="10h", to_move=3, table_seat=1)
    assert thirteen.render_table(passed.view(None), NAMES) != thirteen.render_table(fresh.view(None), NAMES)


def _finished_series(seed: int, games: int = 3):
    rng, state = random.Random(seed), new_game(3, seed, {"series_games": games})
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_a_series_is_won_by_series_points_not_by_the_last_game():
    """D-TL-5, TL-12: a finished match names the seat(s) with the most place points, as the result does."""
    checked_a_split = False
    for seed in range(12):
        state = _finished_series(seed)
        view = state.view(None)
        winners = {seat for seat, place in enumerate(state.result().places) if place == 1}
        assert {seat for place, seat in thirteen.match_places(view) if place == 1} == winners
        caption = thirteen._centre_caption(view, NAMES)
        assert all(NAMES[seat] in caption for seat in winners)
        last_game_first = next(seat for seat, place in enumerate(view.places) if place == 1)
        if last_game_first not in winners:
            assert NAMES[last_game_first] not in caption.split(" win")[0]
            checked_a_split = True
    assert checked_a_split, "no seed where the last game's winner lost the match"


def test_a_series_result_reads_winner_first():
    """The match caption gives the series points best first ("wins on place points 5–3–1")."""
    view = _finished_series(1).view(None)
    scores = "–".join(str(points) for points in sorted(view.series_points, reverse=True))
    assert thirteen._centre_caption(view, NAMES).endswith(f"on place points {scores}")


def _level_series_end():
    """A finished three-game series whose two top seats are level on place points (D-TL-5, D-TN-2)."""
    from dataclasses import replace

    view = _finished_series(1).view(None)
    return replace(view, series_points=(3, 3, 0))


def test_d_tl5_a_series_end_names_the_games_played_and_the_winner_on_place_points():
    """D-TL-5, D-TN-1: a match of several games ends as a fixed number of deals does, with the games played
    and the winner on place points, never "wins the series" as if a target had been reached."""
    view = _finished_series(1).view(None)
    leader = max(range(3), key=lambda seat: view.series_points[seat])
    caption = thirteen._centre_caption(view, NAMES)
    assert caption.startswith(f"3 games played: {NAMES[leader]} wins on place points"), caption


def test_d_tn2_players_level_on_place_points_share_first_place():
    """D-TL-5, D-TN-2: equal totals share the place; the end says so and names no single winner."""
    caption = thirteen._centre_caption(_level_series_end(), NAMES)
    assert caption == "3 games played: Lan and Minh share first place on place points 3–3–0", caption


def _drawn_text(render) -> list[str]:
    from rendering.measure import recording

    with recording() as drawn:
        render()
    return [item.text for item in drawn if item.kind == "text"]


def _positions(want):
    """Seeded random play, yielding public views for which `want(view)` holds."""
    for seed in range(300):
        rng, state = random.Random(seed), new_game(4, seed)
        while not state.is_over:
            view = state.view(None)
            if want(view):
                yield view
                break
            state = state.apply(rng.choice(state.legal_moves()))


def test_a_bomb_gets_its_own_banner():
    """TL-8: a quad or double sequence on the table is captioned "BOMB!"; an ordinary play is not."""
    bomb = next(_positions(lambda view: thirteen.is_bomb(view.table)))
    assert any(text.startswith("BOMB!") for text in _drawn_text(lambda: thirteen.render_table(bomb, NAMES)))
    plain = next(_positions(lambda view: view.table is not None and not thirteen.is_bomb(view.table)))
    assert not any("BOMB" in text for text in _drawn_text(lambda: thirteen.render_table(plain, NAMES)))


def test_the_round_so_far_shows_plays_and_passes():
    """TL-9: the strip under the table lists the round's turns, passes included, newest last."""
    view = next(_positions(lambda view: any(turn.move.encode() == "p" for turn in view.history)
                           and len(view.history) >= 3))
    strip = thirteen.round_strip(view, NAMES)
    assert len(strip) == len(view.history) and any(item.endswith(" passed") for item in strip)
    drawn = _drawn_text(lambda: thirteen.render_table(view, NAMES))
    assert any(text.endswith(strip[-1]) for text in drawn)


def _round_cleared():
    """Lan's K♠ K♣ stands, Minh and Thu pass: the round clears and Lan leads a new one (TL-10)."""
    state = position(["Ks Kc 3d 4d", "4s 5h", "6c 7d"], to_move=0)
    for move in ("Ks Kc", "pass", "pass"):
        state = state.apply(state.parse_move(move))
    assert state.to_move == 0 and state.view(None).table is None
    return state


def test_the_passes_that_ended_a_round_stay_on_the_image_until_the_next_play():
    """TL-10: after a round clears the strip still reads "Last round: Lan K♠ K♣ › Minh passed › Thu passed";
    the leader's next play starts a new strip."""
    state = _round_cleared()
    drawn = _drawn_text(lambda: thirteen.render_table(state.view(None), NAMES[:3]))
    assert "Last round: Lan K♠ K♣ › Minh passed › Thu passed" in drawn
    after = state.apply(state.parse_move("3d"))
    drawn = _drawn_text(lambda: thirteen.render_table(after.view(None), NAMES[:3]))
    assert not any(text.startswith("Last round") for text in drawn)


def test_a_new_round_is_called_a_new_round_in_the_caption_and_the_footer():
    """One word for one thing: the caption and the footer (the log line) both say "new round"."""
    drawn = _drawn_text(lambda: thirteen.render_table(_round_cleared().view(None), NAMES[:3]))
    leads = [text for text in drawn if "leads a" in text]
    assert leads and all("leads a new round" in text for text in leads)


def test_a_finished_table_image_shows_the_cards_the_last_player_held():
    """TL-11: the line under a finished table names the cards the last player was left holding."""
    state = position(["3s", "", "5d 9h"], to_move=0)
    state = state.apply(state.parse_move("3s"))
    assert state.is_over
    assert "Thu was left holding 5♦ 9♥" in _drawn_text(lambda: thirteen.render_table(state.view(None), NAMES[:3]))


def test_a_hand_is_the_same_picture_in_urdu():
    """A hand is never mirrored (rendering.layout): cards, their order and labels draw the same pixels in
    Urdu as in English."""
    view = new_game(4, 11).view(0)
    english = thirteen.render_hand(view, frozenset(view.hand[:2]), lang="en")
    urdu = thirteen.render_hand(view, frozenset(view.hand[:2]), lang="ur")
    assert (pixels(english) == pixels(urdu)).all()
