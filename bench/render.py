"""Render-time and size benchmark for every image kind (targets: table ≤ 30 ms median and ≤ 3x
the floor, hand ≤ 15 ms, files ≤ 300 KB).

For each kind it renders views from seeded games (computer players for Carousel, so tables fill up)
and prints median and p95 render time and the median and largest file size, beside the floor: the
time and size of encoding a blank image of the same size the same way (`rendering.encode`), which is
the cost no drawing can avoid. Because our encoder maps onto a fixed palette, that floor is tiny
(about 1 ms), so the last column also gives a blank plain-RGB PNG, the floor of a naive encoder.
Sprite, font and palette caches are warmed first, as in a running bot.

    .venv/bin/python bench/render.py --games 4 --repeat 3
    .venv/bin/python bench/render.py --samples docs/images   # also write the README's sample images
    .venv/bin/python bench/render.py --samples docs/images --lang all   # and docs/images/<lang>/ for each
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.carousel import ENGINE as CAROUSEL
from games.carousel import Draw as CarouselDraw
from games.carousel import Phase as CarouselPhase
from games.carousel import new_game as carousel_game
from games.gin import ENGINE as GIN
from games.gin import new_game as gin_game
from games.schnapsen.state import new_game as schnapsen_game
from games.thirteen.state import new_game as thirteen_game
from locales import TRANSLATED
from rendering import carousel, gin, schnapsen, thirteen
from rendering.encode import blank_floor
from rendering.hand import hand_png
from rendering.leaderboard import LeaderboardRow, render_leaderboard
from rendering.prewarm import warm
from rendering.standings import StandingRow, render_standings
from rendering.theme import DEFAULT_THEME

NAMES = ("Lan", "Minh Nguyễn", "שלום עליכם", "Bob 🃏", "Ива́н Петров")
# What players type: CJK, Arabic, emoji, a long Latin name, and a computer player (drawn robot).
SAMPLE_NAMES = ("李小龍", "🤖 Ada (hard)", "محمد عبد الله", "🎉🔥 PartyKing", "Zoë-Alexandra Ивановна")
PHONE_WIDTH = 420


@dataclass(frozen=True)
class Job:
    kind: str
    render: Callable[[], bytes]


def uncached(render: Callable[..., bytes], *args: object) -> bytes:
    """A hand drawn for real: the bot caches hand pictures (rendering.hand.hand_png), a benchmark must not."""
    hand_png.cache_clear()
    return render(*args)


def thirteen_jobs(games: int, lang: str = "en") -> list[Job]:
    jobs: list[Job] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = thirteen_game(4, seed)
        step = 0
        while not state.is_over:
            if step % 6 == 0:
                public, seat = state.view(None), state.view(state.to_move)
                jobs.append(Job("thirteen table", partial(thirteen.render_table, public, NAMES[:4], lang=lang)))
                chosen = frozenset(seat.hand[:2])
                hand = partial(thirteen.render_hand, lang=lang)
                jobs.append(Job("thirteen hand", partial(uncached, hand, seat, chosen)))
            state = state.apply(rng.choice(state.legal_moves()))
            step += 1
    return jobs


def schnapsen_jobs(games: int, lang: str = "en") -> list[Job]:
    jobs: list[Job] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = schnapsen_game(2, seed, {"preset": "santase"})
        for step in range(120):
            if state.is_over:
                break
            if step % 4 == 0:
                public, seat = state.view(None), state.view(state.to_move)
                jobs.append(Job("schnapsen table", partial(schnapsen.render_table, public, NAMES[:2], lang=lang)))
                jobs.append(Job("schnapsen hand", partial(uncached, partial(schnapsen.render_hand, lang=lang), seat)))
            state = state.apply(rng.choice(state.legal_moves()))
    return jobs


def carousel_jobs(games: int, lang: str = "en") -> list[Job]:
    jobs: list[Job] = []
    bot = CAROUSEL.computer("easy")
    for seed in range(games):
        rng = random.Random(seed)
        state = carousel_game(5, seed)
        step = 0
        while not state.is_over:
            if step % 10 == 0:
                public, seat = state.view(None), state.view(state.to_move)
                jobs.append(Job("carousel table (5p)", partial(carousel.render_table, public, NAMES, lang=lang)))
                chosen = frozenset(seat.hand[:1])
                hand = partial(carousel.render_hand, lang=lang)
                jobs.append(Job("carousel hand", partial(uncached, hand, seat, chosen)))
            state = state.apply(bot.choose(state.view(state.to_move), rng))
            step += 1
    return jobs


def board_jobs() -> list[Job]:
    # Display ratings (data.ratings.display_rating): 1000 for a new player, a good regular near 1400.
    rows = [LeaderboardRow(i + 1, SAMPLE_NAMES[i % 5] + f" {i}", 1432 - 37 * i, 40 - i, 20 - i) for i in range(10)]
    me = LeaderboardRow(31, "Minh Nguyễn", 968, 12, 4)
    standings = [StandingRow(i + 1, SAMPLE_NAMES[i], 300 - 50 * i, "+25 per hand won") for i in range(5)]
    return [
        Job("leaderboard", lambda: render_leaderboard("Carousel leaderboard", rows, me, "this server")),
        Job("standings", lambda: render_standings("Final standings", standings, "Carousel · 4 hands")),
    ]


# Per language: names its players might have, the board titles the bot would write (the bot's own words,
# not the images'), and the preset its players know (D-SX-1): Santase in Bulgarian, Schnapsen in German.
LANG_NAMES = {
    "vi": ("Lan", "Minh Nguyễn", "🤖 Ada (khó)", "Thu Hà", "Hùng"),
    "de": ("Lena", "Jörg Weiß", "🤖 Ada (schwer)", "Anna-Lena Müller", "Sepp"),
    "bg": ("Иван", "Мария Петрова", "🤖 Ada (трудно)", "Георги", "Ивана"),
    "ur": ("علی", "فاطمہ خان", "🤖 Ada (مشکل)", "Bilal", "زینب"),
    "ka": ("ნინო", "გიორგი ბერიძე", "🤖 Ada (რთული)", "თამარი", "ლევანი"),
}
LANG_TITLES = {  # (leaderboard title, its subtitle, standings title, its subtitle)
    "vi": ("Bảng xếp hạng Carousel", "máy chủ này", "Kết quả chung cuộc", "Carousel · 4 ván"),
    "de": ("Karussell-Rangliste", "dieser Server", "Endstand", "Karussell · 4 Runden"),
    "bg": ("Класиране в Карусел", "този сървър", "Крайно класиране", "Карусел · 4 ръце"),
    "ur": ("کیروسل لیڈر بورڈ", "یہ سرور", "حتمی نتائج", "کیروسل · 4 ہاتھ"),
    "ka": ("კარუსელის რეიტინგი", "ეს სერვერი", "საბოლოო შედეგები", "კარუსელი · 4 დარიგება"),
}
LANG_PRESETS = {"bg": "santase", "de": "schnapsen"}


# Sixteen entrants for the tournament samples: the names a server's members go by, two computer players.
TOURNAMENT_NAMES = (
    "Lan", "Jörg", "🤖 Ada (hard)", "PartyKing", "Zoë", "Иван", "Bilal", "Nino", "Sepp", "Minh", "Anna",
    "🤖 Ada (normal)", "Mariam", "Hùng", "Georgi", "Lena",
)


def tournament_samples(names: Sequence[str], lang: str = "en") -> dict[str, bytes]:
    """The standings images a tournament posts: a Santase Swiss of 8 after three of four rounds (one player
    has left, so the next pairing shows) and a Thirteen tables event of 16 after two of four rounds, each
    from seeded results through the pure pairing code and drawn as the runner draws them."""
    from bot.flows.tournaments import standings_image
    from tournaments.events import standings
    from tournaments.model import Outcome, Placing, Player
    from tournaments.swiss import SwissEvent
    from tournaments.tables import TablesEvent

    rng = random.Random(8)
    shown = {f"p{i}": names[i] if i < len(names) else f"{names[i % len(names)]} {i}" for i in range(16)}
    swiss = SwissEvent(tuple(Player(f"p{i}", 1600.0 - 10 * i, i) for i in range(8)), 4)
    for _ in range(3):
        swiss = swiss.pair_next()
        for board in range(len(swiss.rounds[-1].pairings)):
            swiss = swiss.record(board, rng.choice(list(Outcome)))
    swiss = swiss.drop(standings(swiss)[-1].player).pair_next()  # the last has left: no next pairing
    tables = TablesEvent(tuple(Player(f"p{i}", 1600.0 - 5 * i, i) for i in range(16)), 4, 4, 4, 4)
    for _ in range(2):
        tables = tables.pair_next()
        for index, table in enumerate(tables.rounds[-1].tables):
            order = list(table.seats)
            rng.shuffle(order)
            tables = tables.record(index, Placing(tuple(order)))
    tables = tables.pair_next()
    return {
        "tournament-swiss": standings_image(lang, "Santase", 3, swiss, 3, shown),
        "tournament-tables": standings_image(lang, "Thirteen", 4, tables, 2, shown),
    }


def write_language_samples(folder: Path, lang: str) -> None:
    """The tables, a hand and the boards of seeded games in `lang`, into `folder/lang` (docs/images/<lang>)."""
    target = folder / lang
    target.mkdir(parents=True, exist_ok=True)
    names = LANG_NAMES[lang]
    samples: dict[str, bytes] = {}
    rng, state = random.Random(5), thirteen_game(4, 5)
    while not state.is_over:
        table = state.view(None)
        if table.table is not None and len(table.table.cards) >= 3 and table.passed:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    samples["thirteen-table"] = thirteen.render_table(state.view(None), names[:4], lang=lang)
    preset = LANG_PRESETS.get(lang, "sixty_six")
    rng, series = random.Random(2), schnapsen_game(2, 2, {"preset": preset})
    while not series.is_over:
        deal = series.view(None)
        if deal.marriages and deal.trick:
            break
        series = series.apply(rng.choice(series.legal_moves()))
    samples[f"{preset.replace('_', '-')}-table"] = schnapsen.render_table(series.view(None), names[:2], lang=lang)
    player, rng = GIN.computer("easy"), random.Random(4)
    match = gin_game(2, 4, {"hollywood": True})
    while not match.is_over and (match.last_hand is None or match.history):
        match = match.apply(player.choose(match.view(match.to_move), rng))
    samples["gin-table"] = gin.render_table(match.view(None), names[:2], lang=lang)
    samples["gin-hand"] = gin.render_hand(match.view(match.to_move or 0), lang=lang)
    bot, rng = CAROUSEL.computer("easy"), random.Random(3)
    game = carousel_game(4, 7)
    for _ in range(60):
        game = game.apply(bot.choose(game.view(game.to_move), rng))
    samples["carousel-table"] = carousel.render_table(game.view(None), names[:4], lang=lang)
    board, board_sub, final, final_sub = LANG_TITLES[lang]
    rows = [LeaderboardRow(i + 1, names[i % 5], 1432 - 37 * i, 40 - i, 20 - i) for i in range(6)]
    samples["leaderboard"] = render_leaderboard(board, rows, rows[1], board_sub, lang=lang)
    standings = [StandingRow(i + 1, names[i], 300 - 50 * i) for i in range(4)]
    samples["standings"] = render_standings(final, standings, final_sub, lang=lang)
    samples.update(tournament_samples(names, lang))
    for name, data in samples.items():
        (target / f"{name}.png").write_bytes(data)
        print(f"wrote {target / name}.png  {len(data) / 1024:.1f} KB")


def write_samples(folder: Path) -> None:
    """One telling picture per image kind, from seeded games, for the README (docs/images)."""
    folder.mkdir(parents=True, exist_ok=True)
    names = SAMPLE_NAMES
    samples: dict[str, bytes] = {}

    rng = random.Random(5)
    state = thirteen_game(4, 5)
    while not state.is_over:  # a multi-card combination on the table with someone locked out (TL-9)
        table = state.view(None)
        if table.table is not None and len(table.table.cards) >= 3 and table.passed:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    samples["thirteen-table"] = thirteen.render_table(state.view(None), names[:4])
    hand_view = thirteen_game(4, 11).view(0)
    samples["thirteen-hand"] = thirteen.render_hand(hand_view, frozenset(hand_view.hand[4:6]))

    rng = random.Random(2)
    series = schnapsen_game(2, 2, {"preset": "santase"})
    while not series.is_over:  # a marriage declared and a card led (SX-8)
        deal = series.view(None)
        if deal.marriages and deal.trick:
            break
        series = series.apply(rng.choice(series.legal_moves()))
    samples["schnapsen-table"] = schnapsen.render_table(series.view(None), names[:2])
    samples["schnapsen-hand"] = schnapsen.render_hand(series.view(series.to_move or 0))

    player, rng = GIN.computer("easy"), random.Random(4)
    match = gin_game(2, 4, {"hollywood": True})
    while not match.is_over and (match.last_hand is None or match.history):  # a hand just knocked (GR-6..GR-9)
        match = match.apply(player.choose(match.view(match.to_move), rng))
    samples["gin-table"] = gin.render_table(match.view(None), names[:2])
    samples["gin-hand"] = gin.render_hand(match.view(match.to_move or 0))

    bot, rng = CAROUSEL.computer("easy"), random.Random(3)
    game = carousel_game(5, 7)
    best, most = game, -1
    while not game.is_over:  # the most crowded table of a five-player game, jokers declared (CA-7)
        game = game.apply(bot.choose(game.view(game.to_move), rng))
        cards = sum(len(meld.cards) for meld in game.view(None).table)
        if cards > most:
            best, most = game, cards
    samples["carousel-table"] = carousel.render_table(best.view(None), names)  # the last meld marked (CA-6)
    if best.phase is CarouselPhase.DRAW_1:  # the next player draws: the card is framed in the hand (CA-4)
        best = best.apply(CarouselDraw())
    seat_view = best.view(best.to_move or 0)
    samples["carousel-hand"] = carousel.render_hand(seat_view, frozenset(carousel.sort_hand(seat_view.hand)[:2]))

    # The same table as a phone shows it (about 420 px wide, discord-notes §C.5).
    full = Image.open(io.BytesIO(samples["carousel-table"]))
    phone = full.convert("RGB").resize((PHONE_WIDTH, round(full.height * PHONE_WIDTH / full.width)),
                                       Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    phone.quantize(colors=128).save(buffer, "PNG", optimize=True)
    samples["carousel-table-phone"] = buffer.getvalue()
    for job in board_jobs():
        samples[job.kind] = job.render()
    samples.update(tournament_samples(TOURNAMENT_NAMES))
    for name, data in samples.items():
        (folder / f"{name}.png").write_bytes(data)
        print(f"wrote {folder / name}.png  {len(data) / 1024:.1f} KB")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def floor_ms(size: tuple[int, int], repeat: int) -> tuple[float, int]:
    """Median time and size of encoding a blank image of `size` through the same encoder."""
    times, data = [], b""
    for _ in range(repeat):
        start = time.perf_counter()
        data = blank_floor(size, DEFAULT_THEME.felt)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(data)


def rgb_png_floor_ms(size: tuple[int, int], repeat: int) -> float:
    """For context: a blank image saved as plain RGB PNG with Pillow's defaults (what a naive encoder costs)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        Image.new("RGB", size, DEFAULT_THEME.felt).save(io.BytesIO(), "PNG")
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="seeded games per game kind")
    parser.add_argument("--repeat", type=int, default=3, help="renders per sampled view")
    parser.add_argument("--samples", type=Path, help="write one sample image per kind into this folder, then stop")
    parser.add_argument("--cold", action="store_true",
                        help="skip shaping the language's image words ahead (rendering.prewarm), as drawing "
                             "processes do when they start")
    parser.add_argument("--lang", choices=(*TRANSLATED, "all"),
                        help="with --samples: write the samples of this language (or of each) into FOLDER/<lang>; "
                             "without: time the tables and hands drawn in this language")
    args = parser.parse_args()
    if args.samples:
        if args.lang is None:
            write_samples(args.samples)
        for lang in TRANSLATED if args.lang == "all" else (args.lang,) if args.lang else ():
            write_language_samples(args.samples, lang)
        return

    lang = args.lang if args.lang not in (None, "all") else "en"
    jobs = thirteen_jobs(args.games, lang) + schnapsen_jobs(args.games, lang) + carousel_jobs(args.games, lang)
    jobs += board_jobs()
    # Warm sprite and font caches as a running bot would be, with the same games drawn in English: the
    # sentences of this language are then drawn for the first time in the timed renders, as a bot meets
    # each new move's words (which costs most in Urdu's Nastaliq); "first ms" is that first drawing.
    # Its catalog words are shaped ahead as the drawing processes do (not with --cold); names are not.
    for job in thirteen_jobs(args.games) + schnapsen_jobs(args.games) + carousel_jobs(args.games) + board_jobs():
        job.render()
    if not args.cold:  # and the words of right-to-left images, as a drawing process shapes them at start
        warm(lang)
    results: dict[str, tuple[list[float], list[int], list[tuple[int, int]]]] = {}
    first: dict[str, list[float]] = {}
    for job in jobs:
        times, sizes, dims = results.setdefault(job.kind, ([], [], []))
        for repeat in range(args.repeat):
            start = time.perf_counter()
            data = job.render()
            times.append((time.perf_counter() - start) * 1000)
            if repeat == 0:
                first.setdefault(job.kind, []).append(times[-1])
        sizes.append(len(data))
        dims.append(Image.open(io.BytesIO(data)).size)

    print(f"{'image kind':22} {'n':>5} {'median ms':>9} {'p95 ms':>7} {'first ms':>8} {'floor ms':>8} {'x floor':>7} "
          f"{'median KB':>9} {'max KB':>7} {'floor KB':>8} {'RGB floor ms':>12}  size (median)")
    for kind, (times, sizes, dims) in results.items():
        typical = sorted(dims, key=lambda d: d[1])[len(dims) // 2]
        floor, floor_bytes = floor_ms(typical, max(5, args.repeat * 3))
        naive = rgb_png_floor_ms(typical, max(5, args.repeat * 3))
        median = statistics.median(times)
        print(f"{kind:22} {len(times):5d} {median:9.1f} {percentile(times, 0.95):7.1f} "
              f"{statistics.median(first[kind]):8.1f} {floor:8.1f} "
              f"{median / floor:7.1f} {statistics.median(sizes) / 1024:9.1f} {max(sizes) / 1024:7.1f} "
              f"{floor_bytes / 1024:8.1f} {naive:12.1f}  {typical[0]}x{typical[1]}")


if __name__ == "__main__":
    main()
