"""Legible on a phone: measured from what each render draws, scaled to a 420-px-wide display.

Discord shows an image about 420 px wide on a phone (theme docstring); every line of text must read
at 12 px there and every card corner index at 14 px, for every game, seat count and image kind.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from games.cards import Suit
from games.carousel import ENGINE as CAROUSEL
from games.carousel import new_game as carousel_game
from games.schnapsen.state import new_game as schnapsen_game
from games.thirteen.state import new_game as thirteen_game
from rendering import carousel, schnapsen, thirteen
from rendering.hand import hand_png
from rendering.leaderboard import LeaderboardRow, render_leaderboard
from rendering.measure import Drawn, recording
from rendering.standings import StandingRow, render_standings
from rendering.theme import MIN_INDEX_PHONE_PX, MIN_TEXT_PHONE_PX, PHONE_WIDTH
from tests.rendering.helpers import decode

NAMES = ("🤖 Zoë-Alexandra (hard)", "李小龍", "محمد عبد الله الأحمد", "🎉🔥 PartyKing", "Wolfeschlegelsteinhausen")


def _measure(render: Callable[[], bytes]) -> tuple[float, float]:
    """(smallest text, smallest card index) drawn by `render`, in px at PHONE_WIDTH."""
    hand_png.cache_clear()  # a cached hand would draw nothing
    with recording() as drawn:
        width = decode(render()).width
    scale = PHONE_WIDTH / width

    def smallest(kind: str) -> float:
        sizes = [item.px for item in drawn if isinstance(item, Drawn) and item.kind == kind]
        return min(sizes, default=10_000) * scale

    return smallest("text"), smallest("index")


def _assert_legible(render: Callable[[], bytes]) -> None:
    text, index = _measure(render)
    assert text >= MIN_TEXT_PHONE_PX, f"text {text:.1f} px at {PHONE_WIDTH} wide"
    assert index >= MIN_INDEX_PHONE_PX, f"card index {index:.1f} px at {PHONE_WIDTH} wide"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thirteen_tables_and_hands_are_legible_at_phone_width(players):
    """Thirteen, every seat count: table text ≥ 12 px and card indices ≥ 14 px at 420 px wide."""
    rng, state = random.Random(players), thirteen_game(players, players)
    for step in range(200):
        if state.is_over:
            break
        if step % 5 == 0:
            view = state.view(None)
            _assert_legible(lambda view=view: thirteen.render_table(view, NAMES[:players]))
            seat = state.view(state.to_move)
            _assert_legible(lambda seat=seat: thirteen.render_hand(seat))
        state = state.apply(rng.choice(state.legal_moves()))
    _assert_legible(lambda: thirteen.render_table(state.view(None), NAMES[:players]))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_carousel_tables_and_hands_are_legible_at_phone_width(players):
    """Carousel, every seat count, crowded tables and hand ends included: text ≥ 12 px, indices ≥ 14 px."""
    rng, bot, state = random.Random(players), CAROUSEL.computer("easy"), carousel_game(players, players)
    step = 0
    while not state.is_over and step < 400:
        if step % 9 == 0:
            view = state.view(None)
            _assert_legible(lambda view=view: carousel.render_table(view, NAMES[:players]))
            seat = state.view(state.to_move)
            _assert_legible(lambda seat=seat: carousel.render_hand(seat))
        state = state.apply(bot.choose(state.view(state.to_move), rng))
        step += 1
    _assert_legible(lambda: carousel.render_table(state.view(None), NAMES[:players]))


def test_a_full_two_deck_table_is_legible_at_phone_width():
    """The most crowded Carousel table (compact cards, overlapping rows) keeps indices ≥ 14 px at 420 px."""
    from games.carousel import position
    from tests.rendering.test_carousel import FULL_TABLE

    state = position(table=FULL_TABLE, hands=["Jk", "Kc", "", "", ""], stock=0, to_move=0)
    _assert_legible(lambda: carousel.render_table(state.view(None), NAMES))


def test_sixty_six_tables_and_hands_are_legible_at_phone_width():
    """Sixty-Six through a whole series: text ≥ 12 px and card indices ≥ 14 px at 420 px wide."""
    rng, state = random.Random(3), schnapsen_game(2, 3, {"preset": "sixty_six"})
    step = 0
    while not state.is_over and step < 300:
        if step % 3 == 0:
            view = state.view(None)
            _assert_legible(lambda view=view: schnapsen.render_table(view, NAMES[:2]))
            seat = state.view(state.to_move if state.to_move is not None else 0)
            _assert_legible(lambda seat=seat: schnapsen.render_hand(seat))
        state = state.apply(rng.choice(state.legal_moves()))
        step += 1
    _assert_legible(lambda: schnapsen.render_table(state.view(None), NAMES[:2]))


def test_boards_are_legible_at_phone_width():
    """Leaderboard and standings: every cell, header and title ≥ 12 px at 420 px wide."""
    rows = [LeaderboardRow(i + 1, NAMES[i % 5], 1234.0 - 40 * i, 40 - i, 20 - i) for i in range(10)]
    _assert_legible(lambda: render_leaderboard("Carousel leaderboard", rows, rows[2], "this server"))
    standings = [StandingRow(i + 1, NAMES[i], 300 - 50 * i, "+25 per hand won") for i in range(5)]
    _assert_legible(lambda: render_standings("Final standings", standings, "Carousel · 4 hands"))


def test_the_measure_sees_small_text():
    """The measurement is real: a table drawn 1600 px wide (everything half size at 420) fails it."""
    from dataclasses import replace

    from rendering.theme import DEFAULT_THEME

    wide = replace(DEFAULT_THEME, width=1600)
    view = thirteen_game(3, 1).view(None)
    text, _ = _measure(lambda: thirteen.render_table(view, NAMES[:3], wide))
    assert text < MIN_TEXT_PHONE_PX


def _suits_shown(cards) -> list[Suit]:
    return list(dict.fromkeys(card.suit for card in cards if card.suit is not None))


def _same_colour_neighbours(suits) -> int:
    return sum(a.is_red == b.is_red for a, b in itertools.pairwise(suits))


def _fewest_possible(suits, last=None) -> int:
    """The fewest same-colour neighbours any order of `suits` allows (with `last` kept at the end)."""
    free = [suit for suit in suits if suit != last]
    tail = [last] if last in suits else []
    return min(_same_colour_neighbours([*order, *tail]) for order in itertools.permutations(free))


@pytest.mark.parametrize("seed", range(8))
def test_carousel_hand_alternates_red_and_black_suits(seed):
    """A Carousel hand shows its suits with red and black alternating as far as the suits held allow."""
    suits = _suits_shown(carousel.sort_hand(carousel_game(3, seed).view(0).hand))
    assert _same_colour_neighbours(suits) == _fewest_possible(suits)


@pytest.mark.parametrize("seed", range(8))
def test_sixty_six_hand_alternates_colours_with_trumps_last(seed):
    """SX-3: the Sixty-Six hand keeps trumps last and alternates red and black suits as far as it can."""
    from games.schnapsen.rules import sort_hand

    view = schnapsen_game(2, seed, {"preset": "sixty_six"}).view(0)
    suits = _suits_shown(sort_hand(view.hand, view.trump))
    if view.trump in suits:
        assert suits[-1] == view.trump
    assert _same_colour_neighbours(suits) == _fewest_possible(suits, view.trump)


def test_sixty_six_hand_tags_the_trumps():
    """SX-3: the hand image marks each trump (its label on a gold tag), and only trumps."""
    from rendering.hand import draw_hand
    from rendering.theme import DEFAULT_THEME

    views = (schnapsen_game(2, seed, {"preset": "sixty_six"}).view(0) for seed in range(20))
    view = next(v for v in views if any(card.suit == v.trump for card in v.hand))
    trumps = frozenset(card for card in view.hand if card.suit == view.trump)
    plain = draw_hand(view.hand, theme=DEFAULT_THEME)
    tagged = draw_hand(view.hand, theme=DEFAULT_THEME, marked=trumps)
    gold = DEFAULT_THEME.gold
    assert gold not in {colour for _, colour in plain.getcolors(1 << 20)}
    assert sum(count for count, colour in tagged.getcolors(1 << 20) if colour == gold) > 100 * len(trumps)


@pytest.mark.parametrize("lang", ["en", "vi", "de", "bg", "ur", "ka"])
def test_every_language_is_legible_at_phone_width(lang):
    """Every image kind in every language (Urdu's Nastaliq and Georgian included), from seeded games at their
    wordiest moments: text ≥ 12 px and card indices ≥ 14 px at 420 px wide, and the words are the language's."""
    from locales import t
    from tests.rendering.helpers import seeded_renders

    drawn_words: set[str] = set()
    for what, render in seeded_renders(lang, NAMES):
        text, index = _measure(render)
        assert text >= MIN_TEXT_PHONE_PX, f"{what}: text {text:.1f} px at {PHONE_WIDTH} wide"
        assert index >= MIN_INDEX_PHONE_PX, f"{what}: card index {index:.1f} px at {PHONE_WIDTH} wide"
        with recording() as drawn:
            render()
        drawn_words.update(item.text for item in drawn)
    assert t(lang, "Player") in drawn_words and t(lang, "No games yet") in drawn_words
