"""Carousel images from views only: sizes over seeded games, full tables, huge hands, hidden cards."""

from __future__ import annotations

import random

import pytest

from games.carousel import ENGINE, new_game, position
from rendering import carousel
from rendering.hand import hand_size
from rendering.theme import DEFAULT_THEME
from tests.rendering.helpers import AWKWARD_NAMES, decode

NAMES = ("Lan", "Minh", "Thu", "Bảo", "Ива́н")
# Eight 12-card sequences and two groups of kings: all 104 natural cards of two decks on the table.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
FULL_TABLE = [
    *(" ".join(f"{rank}{suit}" for rank in RANKS) for suit in "shdc" for _ in range(2)),
    "Ks Kh Kd Kc",
    "Ks Kh Kd Jk=Kc",
]


def _computer_game(players: int, seed: int) -> list:
    """Every state of a seeded game played to the end by computer players (they meld, CA-6)."""
    rng = random.Random(seed)
    bot = ENGINE.computer("easy")
    state = new_game(players, seed)
    states = [state]
    while not state.is_over:
        state = state.apply(bot.choose(state.view(state.to_move), rng))
        states.append(state)
    return states


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_tables_and_hands_decode_at_their_size_through_a_game(players, seed):
    """Sampled tables (hand ends, CA-12, and the game end, CA-13) and every hand decode at their sizes."""
    states = _computer_game(players, seed)
    sampled = [*states[:: max(1, len(states) // 12)], states[-1]]
    sampled += [state for state in states if state.view(None).hand_just_ended][:2]
    for state in sampled:
        public = state.view(None)
        table = decode(carousel.render_table(public, NAMES[:players]))
        assert (table.format, table.mode, table.size) == ("PNG", "P", carousel.table_size(public))
        for seat in range(players):
            view = state.view(seat)
            assert decode(carousel.render_hand(view)).size == hand_size(len(view.hand))


def test_the_most_crowded_table_of_a_five_player_game_renders():
    """The state with the most cards on the table in a 5-player computer game decodes at its size."""
    states = _computer_game(5, 7)
    crowded = max(states, key=lambda state: sum(len(meld.cards) for meld in state.view(None).table))
    public = crowded.view(None)
    assert sum(len(meld.cards) for meld in public.table) > 30
    assert decode(carousel.render_table(public, NAMES)).size == carousel.table_size(public)


def test_a_full_two_deck_table_stays_readable_and_small():
    """CA-1: all 104 naturals and a joker on a 5-player table fit in one image under 300 KB and 1000 px."""
    state = position(table=FULL_TABLE, hands=["Jk", "Kc", "", "", ""], stock=0, to_move=0)
    data = carousel.render_table(state.view(None), NAMES)
    image = decode(data)
    assert image.size == carousel.table_size(state.view(None))
    assert image.height < 1000
    assert len(data) < 300_000


def test_the_largest_hand_wraps_into_rows():
    """A 40-card hand (a player who never melds) draws in balanced rows at the expected size."""
    cards = " ".join(f"{rank}{suit}" for suit in "shdc" for rank in RANKS[:10])
    state = position(hands=[cards, "Ks"], stock=5, to_move=0)
    view = state.view(0)
    assert len(view.hand) == 40
    assert decode(carousel.render_hand(view, frozenset(view.hand[::3]))).size == hand_size(40)
    assert hand_size(40)[1] > hand_size(14)[1]


def test_ca5_hand_is_sorted_by_suit_then_rank_jokers_last():
    """The hand reads by suit, ace low within a suit, jokers at the end."""
    state = position(hands=["Jk Kh Ah 2s 10s", "2c"], stock=5, to_move=0)
    assert [str(card) for card in carousel.sort_hand(state.view(0).hand)] == ["2♠", "10♠", "A♥", "K♥", "🃏"]


def test_table_is_identical_whatever_the_hidden_hands_hold():
    """No hidden information: same table, stock and hand sizes, different hidden cards, same bytes."""
    table = ["6h Jk=7h 8h", "9s 9d 9c"]
    first = position(table=table, hands=["2c 3c 4d", "Kd Qd", "5s"], stock=30, to_move=1, seed=4)
    second = position(table=table, hands=["Ks Qs Jd", "2h 3h", "Ad"], stock=30, to_move=1, seed=4)
    assert first.view(0).hand != second.view(0).hand
    assert carousel.render_table(first.view(None), NAMES) == carousel.render_table(second.view(None), NAMES)


def test_table_from_a_seat_view_draws_no_hand():
    """The table drawn from a seat's own view equals the public table."""
    state = position(table=["6h Jk=7h 8h"], hands=["2c 3c 4d", "Kd Qd"], stock=30, to_move=0)
    assert carousel.render_table(state.view(0), NAMES) == carousel.render_table(state.view(None), NAMES)


def test_ca7_a_declared_joker_is_drawn_unlike_the_natural_card():
    """CA-7: a joker standing for 7♥ in a meld is marked, so the table differs from one with a natural 7♥."""
    with_joker = position(table=["6h Jk=7h 8h"], hands=["2c", "Kd"], stock=30, to_move=0)
    natural = position(table=["6h 7h 8h"], hands=["2c", "Kd"], stock=30, to_move=0)
    assert carousel.render_table(with_joker.view(None), NAMES) != carousel.render_table(natural.view(None), NAMES)


def test_awkward_names_render_on_a_five_seat_table():
    """Long, emoji, right-to-left and empty names render in narrow five-seat panels."""
    state = position(table=["6h Jk=7h 8h"], hands=["2c", "Kd", "5s", "6s", "7s"], stock=30, to_move=3)
    for start in (0, 5):
        names = AWKWARD_NAMES[start : start + 5]
        view = state.view(None)
        assert decode(carousel.render_table(view, names)).size == carousel.table_size(view, names=names)


def test_an_unchanged_hand_is_drawn_once():
    """Another player's move leaves a hand's picture as it was: the same bytes come back undrawn (four of
    five hands are redrawn that way after each move of a 5-player game)."""
    view = new_game(3, 21).view(2)
    first = carousel.render_hand(view, frozenset(view.hand[:2]))
    assert carousel.render_hand(new_game(3, 21).view(2), frozenset(view.hand[:2])) is first
    assert carousel.render_hand(view) is not first


def test_urdu_melds_start_at_the_right_and_their_cards_run_left_to_right():
    """Melds follow each other from the right in Urdu, but inside a meld the cards keep their left-to-right
    order (a run reads low to high, as in the hand and the select menu; rendering.layout)."""
    bot, game, rng = ENGINE.computer("easy"), new_game(4, 7), random.Random(3)
    while len(game.view(None).table) < 2:
        game = game.apply(bot.choose(game.view(game.to_move), rng))
    view, width = game.view(None), DEFAULT_THEME.width
    for lang in ("en", "ur"):
        boxes = carousel.table_card_boxes(view, NAMES[:4], lang=lang)
        for meld in {box.meld for box in boxes}:
            lefts = [box.box[0] for box in boxes if box.meld == meld]
            assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts), (lang, meld, lefts)
    english = carousel.table_card_boxes(view, NAMES[:4], lang="en")
    urdu = carousel.table_card_boxes(view, NAMES[:4], lang="ur")
    assert min(box.box[0] for box in english if box.meld == 0) < width // 4
    assert max(box.box[2] for box in urdu if box.meld == 0) > width - width // 4
