"""Hands and tables drawn on the palette (rendering.surface) look as the RGB reference does once mapped.

The bot sends the indexed picture; the layout tests read the RGB one (`draw_hand`, each game's
`draw_table`). These tests hold the two together over seeded positions of every game, in several
languages: same size, and the same colour at every pixel but a few. A hand differs nowhere but where a
label overhangs its gold tag. A table also differs a palette step where Nastaliq words overlap (the
later word is blended over a colour already on the palette), and by more only where a glyph of one
line lies on a glyph of the next. A wrong offset, a lost sprite, text or a sprite blended over the wrong
background, or a shape in the wrong colour changes hundreds of pixels, many of them by far.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator

import numpy as np
import pytest
from PIL import Image

from games.carousel import ENGINE as CAROUSEL
from games.carousel import new_game as carousel_game
from games.gin import new_game as gin_game
from games.schnapsen.state import new_game as schnapsen_game
from games.thirteen.state import new_game as thirteen_game
from rendering import carousel, gin, hand, schnapsen, thirteen
from rendering.encode import encode
from rendering.surface import IndexedSurface, Over, RGBSurface
from rendering.theme import DEFAULT_THEME

THEME = DEFAULT_THEME
# Pixels allowed to differ in one hand: a label overhanging its gold tag changes up to a dozen or so;
# a misplaced label or a card blended over the wrong background changes hundreds.
STRAY_PIXELS = 20

Pair = tuple[Callable[[], bytes], Callable[[], Image.Image]]  # (what the bot sends, the RGB reference)


def _rgb(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def _differing(sent: bytes, reference: Image.Image, by_more_than: int = 0) -> int:
    """Pixels whose colour differs between the two, in some channel by more than `by_more_than`."""
    indexed, mapped = _rgb(sent), _rgb(encode(reference, THEME))
    assert indexed.shape == mapped.shape
    return int((np.abs(indexed - mapped).max(axis=2) > by_more_than).sum())


def _pick(rng: random.Random, cards: tuple, most: int) -> frozenset:
    return frozenset(rng.sample(cards, rng.randrange(0, min(most, len(cards)) + 1)))


def _thirteen() -> Iterator[Pair]:
    for seed in range(12):
        rng, state = random.Random(seed), thirteen_game(4, seed)
        while not state.is_over:
            view = state.view(state.to_move)
            cards = tuple(thirteen.sort_hand(view.hand))
            chosen = _pick(rng, cards, 4)
            yield (lambda cards=cards, chosen=chosen: hand.hand_png(cards, chosen, THEME),
                   lambda cards=cards, chosen=chosen: hand.draw_hand(cards, chosen, THEME))
            for _ in range(5):
                if not state.is_over:
                    state = state.apply(rng.choice(state.legal_moves()))


def _schnapsen() -> Iterator[Pair]:
    for seed in range(6):
        rng, state = random.Random(seed), schnapsen_game(2, seed, {"preset": "santase"})
        for _ in range(12):
            if state.is_over:
                break
            view = state.view(state.to_move)
            cards = tuple(schnapsen.sort_hand(view.hand, view.trump))
            trumps = frozenset(card for card in cards if card.suit == view.trump)
            chosen = _pick(rng, cards, 1)
            yield (lambda c=cards, s=chosen, m=trumps, d=view.drawn: hand.hand_png(c, s, THEME, m, d),
                   lambda c=cards, s=chosen, m=trumps, d=view.drawn: hand.draw_hand(c, s, THEME, m, d))
            state = state.apply(rng.choice(state.legal_moves()))


def _carousel() -> Iterator[Pair]:
    computer = CAROUSEL.computer("easy")
    for seed in range(3):
        rng, state = random.Random(seed), carousel_game(5, seed)
        for _ in range(30):
            if state.is_over:
                break
            view = state.view(state.to_move)
            chosen = _pick(rng, view.hand, 3)
            yield (lambda v=view, s=chosen: hand.hand_png(v.hand, s, THEME, drawn=v.drawn),
                   lambda v=view, s=chosen: hand.draw_hand(v.hand, s, THEME, drawn=v.drawn))
            state = state.apply(computer.choose(view, rng))


def _gin() -> Iterator[Pair]:
    for seed in range(6):
        rng, state = random.Random(seed), gin_game(2, seed)
        for _ in range(15):
            if state.is_over:
                break
            view = state.view(state.to_move)
            chosen = _pick(rng, view.arrangement.cards, 2)
            marked = _pick(rng, view.arrangement.cards, 1)
            yield (lambda v=view, s=chosen, m=marked: gin._draw_hand_png(v.arrangement, s, THEME, m),
                   lambda v=view, s=chosen, m=marked: gin.draw_hand(v.arrangement, s, THEME, m))
            state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("positions", [_thirteen, _schnapsen, _carousel, _gin], ids=lambda make: make.__name__[1:])
def test_the_hand_sent_is_the_reference_hand_mapped(positions: Callable[[], Iterator[Pair]]) -> None:
    hand.hand_png.cache_clear()
    counted = 0
    for sent, reference in positions():
        assert _differing(sent(), reference()) <= STRAY_PIXELS
        counted += 1
    assert counted >= 40


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_an_empty_hand_says_so_on_the_palette_as_in_rgb(lang: str) -> None:
    """Only overlapping Nastaliq words may differ, by a palette step (see the tables below)."""
    hand.hand_png.cache_clear()
    sent, drawn = hand.hand_png((), frozenset(), THEME, lang=lang), hand.draw_hand((), theme=THEME, lang=lang)
    assert _differing(sent, drawn) <= (0 if lang == "en" else STRAY_PIXELS)
    assert _differing(sent, drawn, FAR) == 0


def test_a_hand_is_the_same_bytes_whether_its_tiles_were_cached_or_not() -> None:
    """Hidden-information tests compare bytes: a hand drawn from cached tiles and stamps must be the
    hand drawn from fresh ones."""
    from rendering import surface

    cards = tuple(thirteen.sort_hand(thirteen_game(2, 7).view(0).hand))
    chosen = frozenset(cards[3:5])
    hand.hand_png.cache_clear()
    surface._mappings.clear()
    first = hand.hand_png(cards, chosen, THEME)
    hand.hand_png.cache_clear()
    assert hand.hand_png(cards, chosen, THEME) == first


def test_a_fanned_card_blends_over_the_plain_card_before_it_as_rgb_does() -> None:
    """The cached overlap tile is the card blended over felt and a plain card to its left: pasted over
    a plain card it gives the RGB blend pixel for pixel."""
    from rendering import cards as sprites

    size = hand.SIZE
    sprite = sprites.face(thirteen.sort_hand(thirteen_game(2, 1).view(0).hand)[0], size, THEME)
    step = size.value.strip
    width, height = sprite.width + step, sprite.height
    drawn = []
    for kind in (RGBSurface, IndexedSurface):
        canvas = kind((width, height), THEME.felt, THEME)
        canvas.sprite(sprites.plain(size, THEME), (0, 0), Over(THEME.felt))
        canvas.sprite(sprite, (step, 0), Over(THEME.felt, step))
        drawn.append(canvas.image)
    reference = _rgb(encode(drawn[0], THEME))
    indexed = np.asarray(drawn[1].convert("RGB")).astype(int)
    assert np.array_equal(reference, indexed)


# Tables ------------------------------------------------------------------------------------------

NAMES = ("Lan", "🤖 Ada (hard)", "محمد عبد الله", "Zoë-Alexandra Ивановна", "Bob 🃏")


def _tables(game: str) -> Iterator[Pair]:
    """Public tables along seeded games: the picture sent beside the RGB reference."""
    module, views = {
        "thirteen": (thirteen, _thirteen_views), "schnapsen": (schnapsen, _schnapsen_views),
        "carousel": (carousel, _carousel_views), "gin": (gin, _gin_views),
    }[game]
    for view, count, lang in views():
        names = NAMES[:count]
        yield (lambda v=view, n=names, lang=lang: module.render_table(v, n, lang=lang),
               lambda v=view, n=names, lang=lang: module.draw_table(v, n, lang=lang))


def _thirteen_views() -> Iterator[tuple[object, int, str]]:
    for seed in range(3):
        rng, state = random.Random(seed), thirteen_game(4, seed)
        while not state.is_over:
            yield state.view(None), 4, ("en", "ur", "vi")[seed]
            for _ in range(4):
                if not state.is_over:
                    state = state.apply(rng.choice(state.legal_moves()))
        yield state.view(None), 4, "en"


def _schnapsen_views() -> Iterator[tuple[object, int, str]]:
    for seed in range(3):
        rng, state = random.Random(seed), schnapsen_game(2, seed, {"preset": "santase"})
        step = 0
        while not state.is_over:
            if step % 3 == 0:
                yield state.view(None), 2, ("en", "bg", "ur")[seed]
            state = state.apply(rng.choice(state.legal_moves()))
            step += 1
        yield state.view(None), 2, "en"


def _carousel_views() -> Iterator[tuple[object, int, str]]:
    computer = CAROUSEL.computer("easy")
    for seed, players in ((0, 5), (1, 3)):
        rng, state = random.Random(seed), carousel_game(players, seed)
        step = 0
        while not state.is_over and step < 400:
            if step % 8 == 0:
                yield state.view(None), players, ("en", "ka")[seed]
            state = state.apply(computer.choose(state.view(state.to_move), rng))
            step += 1


def _gin_views() -> Iterator[tuple[object, int, str]]:
    for seed in range(3):
        rng, state = random.Random(seed), gin_game(2, seed)
        step = 0
        while not state.is_over and step < 300:
            if step % 10 == 0:
                yield state.view(None), 2, ("en", "ur", "de")[seed]
            state = state.apply(rng.choice(state.legal_moves()))
            step += 1


# A table's pixels allowed to differ at all (overlapping Nastaliq words: up to about 130 in these
# positions), and by more than FAR in some channel (a glyph on a glyph of the next line: one).
TABLE_STRAY_PIXELS = 200
FAR = 40
FAR_PIXELS = 2


@pytest.mark.parametrize("game", ["thirteen", "schnapsen", "carousel", "gin"])
def test_the_table_sent_is_the_reference_table_mapped(game: str) -> None:
    counted = 0
    for sent, reference in _tables(game):
        picture, drawn = sent(), reference()
        assert _differing(picture, drawn) <= TABLE_STRAY_PIXELS
        assert _differing(picture, drawn, FAR) <= FAR_PIXELS
        counted += 1
    assert counted >= 20
