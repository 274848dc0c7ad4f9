"""What players read of a match of a fixed number of deals (D-SX-6, D-GR-10, D-CA-5): the texts and the
table images say "deal k of N" (Gin and Carousel: "hand k of N") where a match to a target names the
target, and the end says how many deals were played and who won on totals, or that it is a draw. Every
such word comes from the catalogs (fully marked in the pseudo-language `qps`).

Each game is played to its end by the easiest computer player from a seeded deal; the texts are read
through the game's adapter as the bot shows them, the images through what the renderer draws
(rendering.measure.recording).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from itertools import pairwise
from typing import Any

import pytest

from bot.moves.adapters import GameAdapter, PanelContext, adapter_class
from games import registry
from games.base import GameState
from locales import PSEUDO
from rendering.measure import recording
from tests.cogs.test_game_words_languages import NAMES, unmarked
from tests.rendering.test_languages import _unmarked

DEALS = 2
MOVE_CAP = 20_000  # a hang guard: two deals never take this many moves
# A fixed-deal table of each game whose target would otherwise show (the presets' 7 and 100, Carousel's 150).
FIXED: dict[str, tuple[dict[str, Any], int, str]] = {  # options, seed, the game's word for a deal
    "schnapsen": ({"preset": "sixty_six", "fixed_deals": DEALS}, 2, "deal"),
    "gin": ({"fixed_deals": DEALS}, 1, "hand"),
    "carousel": ({"fixed_deals": DEALS}, 1, "hand"),
    "thirteen": ({"series_games": DEALS}, 1, "game"),  # D-TL-5: its deal count is the series' games
}
KINDS = tuple(FIXED)
ENDS = KINDS  # each names the deals played; Thirteen's series end its winner on place points too (D-TL-5)


@cache
def adapter(kind: str) -> GameAdapter:
    return adapter_class(registry.get(kind))()


def seats(kind: str) -> int:
    game = registry.get(kind)
    return min(game.max_seats, max(game.min_seats, 3))


def names(kind: str) -> tuple[str, ...]:
    return NAMES[: seats(kind)]


@cache
def playout(kind: str) -> tuple[GameState[Any, Any], ...]:
    """Every position of a seeded fixed-deal match, from the deal to its end."""
    game = registry.get(kind)
    options, seed, _ = FIXED[kind]
    state = game.engine.new_game(seats(kind), seed, adapter(kind).parse_options(options))
    player = game.engine.computer(game.levels[0])
    rng = random.Random(seed)
    found = [state]
    while not state.is_over:
        assert len(found) < MOVE_CAP, "the match never ended"
        seat = state.to_move
        assert seat is not None
        state = state.apply(player.choose(state.view(seat), rng))
        found.append(state)
    return tuple(found)


def deal_of(state: GameState[Any, Any]) -> int:
    """The deal (Sixty-Six) or hand (Gin, Carousel) a position is in."""
    view = state.view(None)
    return int(getattr(view, "deal_number", getattr(view, "hand_number", 0)))


def sampled(kind: str) -> list[GameState[Any, Any]]:
    """The positions whose texts are read: every deal's first moves, each deal's end, and the match's end."""
    states = playout(kind)
    picked = [*states[:6], states[-1]]
    picked += [after for before, after in pairwise(states) if deal_of(after) != deal_of(before)]
    return picked


def texts(kind: str, lang: str) -> Iterator[str]:
    """Every text the bot writes about the match: the option line, the table headers and every hand panel."""
    game = adapter(kind)
    options, _, _ = FIXED[kind]
    yield game.describe_options(game.parse_options(options), lang=lang)
    for state in sampled(kind):
        yield game.table_header(state.view(None), names(kind), lang=lang)
        for seat in range(seats(kind)):
            yield game.hand_panel(PanelContext(7, 3, seat, state.view(seat), names(kind)), lang=lang).content


def renders(kind: str, lang: str) -> Iterator[Callable[[], bytes]]:
    """The table image of each sampled position."""
    render = adapter(kind).render_table
    for state in sampled(kind):
        view = state.view(None)
        yield lambda view=view: render(view, names(kind), lang=lang)  # type: ignore[misc]


def drawn_lines(kind: str, lang: str) -> list[str]:
    """Each image's drawn lines joined, one string per image."""
    images = []
    for render in renders(kind, lang):
        with recording() as drawn:
            render()
        images.append(" ".join(item.text for item in drawn if item.kind == "text" and item.text))
    return images


def target_words(kind: str) -> list[str]:
    """How a match to its target would name it ("to 7", "of 7", "to 100")."""
    view = playout(kind)[0].view(None)
    target = getattr(view, "target", None)
    return [] if target is None else [f"to {target}", f"of {target}"]


@pytest.mark.parametrize("kind", KINDS)
def test_d_sx6_d_gr10_d_ca5_texts_say_which_deal_of_how_many_and_not_the_target(kind: str) -> None:
    _, _, deal = FIXED[kind]
    said = "\n".join(texts(kind, "en"))
    for number in range(1, DEALS + 1):
        assert re.search(rf"\b{deal} {number} of {DEALS}\b", said, re.IGNORECASE), (number, said[:2000])
    for words in target_words(kind):
        assert words not in said, words


@pytest.mark.parametrize("kind", KINDS)
def test_d_sx6_d_gr10_d_ca5_images_say_which_deal_of_how_many_and_not_the_target(kind: str) -> None:
    _, _, deal = FIXED[kind]
    drawn = "\n".join(drawn_lines(kind, "en"))
    for number in range(1, DEALS + 1):
        assert re.search(rf"\b{deal} {number} of {DEALS}\b", drawn, re.IGNORECASE), (number, drawn[:2000])
    for words in target_words(kind):
        assert words not in drawn, words


@pytest.mark.parametrize("kind", ENDS)
def test_the_end_of_a_fixed_deal_match_says_how_many_deals_were_played(kind: str) -> None:
    _, _, deal = FIXED[kind]
    last = playout(kind)[-1]
    header = adapter(kind).table_header(last.view(None), names(kind), lang="en")
    with recording() as drawn:
        adapter(kind).render_table(last.view(None), names(kind), lang="en")
    image = " ".join(item.text for item in drawn if item.kind == "text")
    for where in (header, image):
        assert re.search(rf"{DEALS} {deal}s played|Game over after {DEALS} {deal}s", where), where
    assert "…" not in image  # every end line fits where it is drawn


@pytest.mark.parametrize("kind", KINDS)
def test_fixed_deal_texts_are_marked_in_the_pseudo_language(kind: str) -> None:
    left = [(text, unmarked(text)) for text in texts(kind, PSEUDO) if unmarked(text)]
    assert not left, left[:3]


@pytest.mark.parametrize("kind", KINDS)
def test_fixed_deal_images_are_marked_in_the_pseudo_language(kind: str) -> None:
    images = [re.sub("|".join(NAMES), "", image) for image in drawn_lines(kind, PSEUDO)]
    assert images and all("⟦" in image for image in images)  # the images are drawn in the pseudo-language
    left = [(image, _unmarked(image)) for image in images if _unmarked(image)]
    assert not left, left[:3]


def level_gin_match(points: int) -> Any:
    """A Gin match of one hand, ended by a drawn hand (GR-10, D-GR-10), its totals level at `points`."""
    from dataclasses import replace

    from games.gin.scoring import GameTally
    from games.gin.state import position
    from games.gin.views import Phase

    hands = ["As 3s 5s 7s 9s Js Ks 2h 4h 6h", "Ac 3c 5c 7c 9c Jc Kc 2d 4d 6d"]
    state = position(hands, "8h", "Qh Qd Qc", to_move=0, phase=Phase.DRAW, options={"fixed_deals": 1})
    state = state.apply(state.parse_move("draw"))
    state = state.apply(state.parse_move("qh"))
    assert state.is_over and state.result().places == (1, 1)
    view = state.view(None)
    return replace(view, tallies=(GameTally(points=(points, points), hands=(1, 1)),)) if points else view


@pytest.mark.parametrize("points", [0, 25])
def test_d_gr10_level_totals_after_the_last_hand_read_as_a_draw(points: int) -> None:
    view = level_gin_match(points)
    said = adapter("gin").table_header(view, NAMES[:2], lang="en")
    assert f"1 hand played: a draw at {points} each" in said and "wins" not in said, said
    with recording() as drawn:
        adapter("gin").render_table(view, NAMES[:2], lang="en")
    image = [item.text for item in drawn if item.kind == "text"]
    assert "Gin · 1 hand played" in image and f"A draw at {points} each" in image, image
    assert not any("wins" in line for line in image)


def test_d_gr10_the_draw_is_said_in_every_language() -> None:
    from locales import TRANSLATED

    view = level_gin_match(25)
    english = adapter("gin").table_header(view, NAMES[:2], lang="en").splitlines()[0]
    for lang in TRANSLATED:
        line = adapter("gin").table_header(view, NAMES[:2], lang=lang).splitlines()[0]
        assert line != english and "25" in line and "{" not in line, (lang, line)
    assert not unmarked(adapter("gin").table_header(view, NAMES[:2], lang=PSEUDO))


@cache
def finished(preset: str) -> GameState[Any, Any]:
    """A seeded match of `preset` played to its target, ending on the drawn series/match summary."""
    game = registry.get("schnapsen")
    state = game.engine.new_game(2, 5, adapter("schnapsen").parse_options({"preset": preset}))
    player = game.engine.computer(game.levels[0])
    rng = random.Random(5)
    for _ in range(MOVE_CAP):
        if state.is_over:
            return state
        seat = state.to_move
        assert seat is not None
        state = state.apply(player.choose(state.view(seat), rng))
    raise AssertionError("the match never ended")


def image_words(state: GameState[Any, Any], lang: str) -> str:
    with recording() as drawn:
        adapter("schnapsen").render_table(state.view(None), NAMES[:2], lang=lang)
    return " ".join(item.text for item in drawn if item.kind == "text")


def test_the_german_sixty_six_image_plays_a_partie_not_a_bummerl() -> None:
    """docs/glossary/de.md: Sechsundsechzig's match is a Partie, as its text lines say; Schnapsen keeps the
    Bummerl."""
    sixty_six = image_words(finished("sixty_six"), "de")
    assert "Partie" in sixty_six and "Bummerl" not in sixty_six, sixty_six
    assert "Bummerl" in image_words(finished("schnapsen"), "de")


@pytest.mark.parametrize("lang", ["en", "vi", "de", "bg", "ur", "ka"])
def test_the_sixty_six_image_says_match_where_the_others_say_series(lang: str) -> None:
    from locales import t

    sixty_six, santase = image_words(finished("sixty_six"), lang), image_words(finished("santase"), lang)
    assert t(lang, "Match over") in sixty_six and t(lang, "Series over") not in sixty_six
    assert t(lang, "Series over") in santase
