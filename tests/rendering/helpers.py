"""Shared helpers for the rendering tests: decoding output and the awkward names players choose."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

# Long, emoji (with joiners and a flag), right-to-left, combining marks, controls and an override.
AWKWARD_NAMES = (
    "Wolfeschlegelsteinhausenbergerdorff the Elder of Somewhere Very Far Away",
    "👩‍👩‍👧‍👦🔥🃏😀🇻🇳",
    "שלום עליכם חברים",
    "محمد بن عبد الله",
    "Zalgo Z̷̢̛a̸̡l̵g̶o̴",
    "tab\there\nnew\x00line",
    "\u202eevil override",
    "",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "中文名字很长很长很长很长很长很长",
)


def decode(data: bytes) -> Image.Image:
    """Decode image bytes fully (a truncated or corrupt file raises here)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def seeded_renders(lang: str, names: tuple[str, ...]) -> list[tuple[str, object]]:
    """(what, render) for every image kind in `lang`, from seeded games at moments that draw the most words:
    a Thirteen round with passes and a finished Thirteen series, Sixty-Six mid-deal and at a deal's end in
    every preset, Carousel mid-game and finished, Gin after a knock, the hands, both boards. `render` takes
    no argument and returns PNG bytes; hand caches are bypassed so every hand is drawn."""
    import random
    from functools import partial

    from games.carousel import ENGINE as CAROUSEL
    from games.carousel import new_game as carousel_game
    from games.gin import ENGINE as GIN
    from games.gin import new_game as gin_game
    from games.schnapsen.state import new_game as schnapsen_game
    from games.thirteen.state import new_game as thirteen_game
    from locales import t
    from rendering import carousel, gin, schnapsen, thirteen
    from rendering.leaderboard import LeaderboardRow, render_leaderboard
    from rendering.standings import StandingRow, render_standings

    renders: list[tuple[str, object]] = []
    rng, state = random.Random(5), thirteen_game(4, 5, {"series_games": 2})
    for step in range(400):
        if state.is_over:
            break
        if step % 23 == 0:
            renders.append((f"thirteen table {step}", partial(thirteen.render_table, state.view(None), names[:4],
                                                              lang=lang)))
        state = state.apply(rng.choice(state.legal_moves()))
    renders.append(("thirteen table over", partial(thirteen.render_table, state.view(None), names[:4], lang=lang)))
    renders.append(("thirteen hand", partial(thirteen.render_hand, thirteen_game(4, 11).view(0), lang=lang)))
    for preset in ("sixty_six", "santase", "schnapsen"):
        rng, series = random.Random(2), schnapsen_game(2, 2, {"preset": preset})
        for step in range(300):
            if series.is_over:
                break
            view = series.view(None)
            if step % 29 == 0 or view.deal_just_ended:
                renders.append((f"{preset} table {step}", partial(schnapsen.render_table, view, names[:2], lang=lang)))
            series = series.apply(rng.choice(series.legal_moves()))
        renders.append((f"{preset} table over", partial(schnapsen.render_table, series.view(None), names[:2],
                                                        lang=lang)))
    renders.append(("schnapsen hand", partial(schnapsen.render_hand, schnapsen_game(2, 4).view(0), lang=lang)))
    bot, rng, game = CAROUSEL.computer("easy"), random.Random(3), carousel_game(3, 7)
    for step in range(600):
        if game.is_over:
            break
        if step % 41 == 0 or game.view(None).hand_just_ended:
            renders.append((f"carousel table {step}", partial(carousel.render_table, game.view(None), names[:3],
                                                              lang=lang)))
        game = game.apply(bot.choose(game.view(game.to_move), rng))
    renders.append(("carousel table over", partial(carousel.render_table, game.view(None), names[:3], lang=lang)))
    renders.append(("carousel hand", partial(carousel.render_hand, carousel_game(3, 8).view(0), lang=lang)))
    player, rng = GIN.computer("easy"), random.Random(4)
    match = gin_game(2, 4, {"hollywood": True, "oklahoma": True})
    for step in range(400):
        if match.is_over:
            break
        view = match.view(None)
        if step % 19 == 0 or (view.last_hand is not None and not view.history):
            renders.append((f"gin table {step}", partial(gin.render_table, view, names[:2], lang=lang)))
            renders.append((f"gin hand {step}", partial(gin.render_hand, match.view(0), lang=lang)))
        match = match.apply(player.choose(match.view(match.to_move), rng))
    rows = [LeaderboardRow(i + 1, names[i % len(names)], 1432 - 37 * i, 40 - i, 20 - i) for i in range(6)]
    # Titles come from the caller, in the board's language: catalog words stand in for the bot's titles.
    title, subtitle = t(lang, "Rating"), t(lang, "Games")
    renders.append(("leaderboard", partial(render_leaderboard, title, rows, rows[1], subtitle, lang=lang)))
    renders.append(("empty leaderboard", partial(render_leaderboard, title, (), lang=lang)))
    standings = [StandingRow(i + 1, names[i % len(names)], 300 - 50 * i) for i in range(5)]
    renders.append(("standings", partial(render_standings, t(lang, "Score"), standings, t(lang, "Place"),
                                         lang=lang)))
    return [(what, partial(_uncached, render)) for what, render in renders]


def _uncached(render) -> bytes:  # type: ignore[no-untyped-def]
    """`render()` with the hand caches emptied first, so a hand is drawn (and measured) every time."""
    from rendering import gin
    from rendering.hand import hand_png

    hand_png.cache_clear()
    gin._hand_png.cache_clear()
    data: bytes = render()
    return data


def pixels(data: bytes) -> np.ndarray:
    """An image's pixels as RGB integers (rows, columns, 3)."""
    return np.asarray(decode(data).convert("RGB")).astype(int)


def columns_of(image: np.ndarray, colour: tuple[int, int, int], rows: slice) -> np.ndarray:
    """The x of every pixel in `rows` within a few levels of `colour` (anti-aliased edges excluded)."""
    near = np.abs(image[rows] - np.array(colour)).sum(axis=2) <= 12
    return np.nonzero(near)[1]


def backs_below_panels(data: bytes) -> np.ndarray:
    """The x of card-back pixels in the lower half of a table image, above its footer (a talon or a stock)."""
    from rendering.table import FOOTER_H
    from rendering.theme import DEFAULT_THEME

    image = pixels(data)
    return columns_of(image, DEFAULT_THEME.back, slice(image.shape[0] // 2, image.shape[0] - FOOTER_H))
