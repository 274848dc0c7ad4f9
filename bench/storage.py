"""Storage benchmark: move appends per second, start-up load of many active games, board queries.

    .venv/bin/python -m bench.storage                       # the README's sizes
    .venv/bin/python -m bench.storage --games 1000 --matches 10000 --appends 500   # quick run
    .venv/bin/python -m bench.storage --postgres postgresql:///cardroom?host=/run/pg --parts appends
                                                            # appends on a PostgreSQL server too

Figures are wall-clock on whatever machine runs it (on a shared CI box, under load). Bulk fixtures
are inserted with plain SQL inside one transaction to save set-up time; everything measured goes
through the public repository API the bot uses.

With `--postgres URL` the same appends run on that server too, in a schema of their own that is
dropped afterwards, and print beside SQLite's. The server keeps its own durability setting
(`synchronous_commit`, `fsync`): compare SQLite FULL with a server that flushes its WAL at commit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from urllib.parse import urlencode

from data import Database, Synchronous, TurnTimer

T0 = 1_700_000_000.0
GUILD = 1


def summary(samples: list[float]) -> str:
    """median / p95 / max in milliseconds."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered) * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, max {ordered[-1] * 1e3:.2f} ms"


async def timed(samples: list[float], call: Callable[[], Awaitable[object]]) -> object:
    start = time.perf_counter()
    result = await call()
    samples.append(time.perf_counter() - start)
    return result


@contextlib.asynccontextmanager
async def postgres_schema(url: str) -> AsyncIterator[str]:
    """A URL whose connections use a new schema on the server at `url`; the schema is dropped afterwards."""
    import asyncpg

    name = f"bench_{os.getpid()}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}")
        yield f"{url}{'&' if '?' in url else '?'}{urlencode({'search_path': name})}"
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        await admin.close()


async def bench_appends(target: str | Path, appends: int, tables: int, sync: Synchronous, label: str) -> None:
    """Sequential appends (one click at a time) and concurrent appends spread over `tables` games."""
    async with await Database.open(target, synchronous=sync) as db:
        games = []
        for n in range(tables):
            game = await db.games.create_lobby(
                kind="thirteen",
                guild_id=GUILD,
                channel_id=n,
                host_user_id=1,
                seed=n,
                at=T0,
                timer=TurnTimer.LIVE,
                turn_seconds=60,
            )
            for user in range(4):
                await db.games.add_player(game.id, 1000 + user, f"p{user}")
            games.append(await db.games.start(game.id, at=T0, deadline=T0 + 60))

        latencies: list[float] = []
        first = games[0].id
        start = time.perf_counter()
        for version in range(appends):
            await timed(
                latencies,
                lambda v=version: db.games.append_move(first, v, "3s.4s.5s", at=T0, actor=v % 4, next_deadline=T0 + v),
            )
        elapsed = time.perf_counter() - start
        print(f"  sequential, {label}: {appends / elapsed:,.0f} moves/s ({summary(latencies)})")

        per_table = max(1, appends // tables)

        async def play(game_id: int) -> None:
            for version in range(per_table):
                await db.games.append_move(game_id, version, "p", at=T0, actor=0, next_deadline=None)

        start = time.perf_counter()
        await asyncio.gather(*(play(g.id) for g in games[1:]))
        elapsed = time.perf_counter() - start
        total = per_table * (len(games) - 1)
        print(f"  concurrent over {len(games) - 1} tables, {label}: {total / elapsed:,.0f} moves/s")


async def bench_startup(folder: Path, games: int, moves: int) -> None:
    """Open the file and list every active game with seats; then load full move logs for all of them."""
    path = folder / "startup.db"
    async with await Database.open(path, synchronous=Synchronous.NORMAL) as db, db.transaction() as tx:
        await tx.many(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_user_id, options, seed, status, version, timer, "
            "turn_seconds, deadline, created_at, started_at, updated_at) "
            "VALUES (?, 'thirteen', ?, ?, ?, '{\"bomb_after_pass\":false}', ?, 'active', ?, 'live', 60, ?, ?, ?, ?)",
            [(g, GUILD, g, 1000 + g, g, moves, T0 + g, T0, T0, T0) for g in range(1, games + 1)],
        )
        await tx.many(
            "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
            [(g, s, 10_000 * g + s, f"player {s}") for g in range(1, games + 1) for s in range(4)],
        )
        await tx.many(
            "INSERT INTO moves (game_id, seq, code, actor, source, at) VALUES (?, ?, '3s.3h', ?, 'player', ?)",
            [(g, m, m % 4, T0 + m) for g in range(1, games + 1) for m in range(1, moves + 1)],
        )

    start = time.perf_counter()
    db = await Database.open(path)
    opened = time.perf_counter() - start
    active = await db.games.list_open()
    listed = time.perf_counter() - start
    print(f"  open: {opened * 1e3:.1f} ms; open + list_open() of {len(active):,} games with seats: {listed:.2f} s")
    loads: list[float] = []
    start = time.perf_counter()
    for game in active:
        await timed(loads, lambda gid=game.id: db.games.load(gid))
    print(
        f"  load() of all {len(active):,} with {moves} moves each: {time.perf_counter() - start:.2f} s "
        f"({summary(loads)} per game)"
    )
    due: list[float] = []
    for n in range(50):
        await timed(due, lambda n=n: db.games.due(T0 + n * games / 50))
    print(f"  due(now) sweeper query, 100 rows max: {summary(due)}")
    await db.close()


async def bench_boards(folder: Path, matches: int, players: int, seed: int) -> None:
    """Insert a rated match log, rebuild ratings from it, then time the board and stats queries."""
    rng = random.Random(seed)
    path = folder / "boards.db"
    async with await Database.open(path, synchronous=Synchronous.NORMAL) as db:
        async with db.transaction() as tx:
            game_rows, match_rows, seat_rows = [], [], []
            for m in range(1, matches + 1):
                kind = rng.choice(("thirteen", "carousel", "schnapsen"))
                count = 2 if kind == "schnapsen" else rng.randint(2, 4)
                users = rng.sample(range(1, players + 1), count)
                places = list(range(1, count + 1))
                rng.shuffle(places)
                game_rows.append((m, kind, GUILD, 1_000_000 + m, users[0], m, count, T0 + m, T0 + m))
                match_rows.append((m, m, GUILD, kind, T0 + m))
                seat_rows.extend(
                    (m, s, u, f"user {u}", p, 10 - p) for s, (u, p) in enumerate(zip(users, places, strict=True))
                )
            await tx.many(
                "INSERT INTO games (id, kind, guild_id, channel_id, host_user_id, seed, status, version, timer, "
                "turn_seconds, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'finished', ?, 'live', 60, ?, ?)",
                game_rows,
            )
            await tx.many(
                "INSERT INTO matches (id, game_id, guild_id, kind, finished_at, rated, with_computers) "
                "VALUES (?, ?, ?, ?, ?, 1, 0)",
                match_rows,
            )
            await tx.many(
                "INSERT INTO match_players (match_id, seat, user_id, display_name, is_computer, place, score) "
                "VALUES (?, ?, ?, ?, 0, ?, ?)",
                seat_rows,
            )
        start = time.perf_counter()
        rated = await db.results.recompute_ratings()
        print(
            f"  recompute_ratings() over {rated:,} matches ({players:,} players): {time.perf_counter() - start:.2f} s"
        )

        for label, call in (
            ("leaderboard top 10", lambda: db.results.leaderboard(GUILD, "thirteen", limit=10)),
            ("leaderboard page 5 (offset 40)", lambda: db.results.leaderboard(GUILD, "thirteen", offset=40)),
            ("rank_of one player", lambda: db.results.rank_of(GUILD, "thirteen", rng.randint(1, players))),
            ("player_stats (kind)", lambda: db.results.player_stats(GUILD, rng.randint(1, players), kind="carousel")),
            ("recent_matches 10", lambda: db.results.recent_matches(GUILD, limit=10)),
            ("recent_matches of a player", lambda: db.results.recent_matches(GUILD, user_id=rng.randint(1, players))),
        ):
            samples: list[float] = []
            for _ in range(100):
                await timed(samples, call)
            print(f"  {label}: {summary(samples)}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--appends", type=int, default=2000, help="moves appended in the append benchmark")
    parser.add_argument("--tables", type=int, default=50, help="games moving at once in the concurrent run")
    parser.add_argument("--games", type=int, default=10_000, help="active games loaded at start-up")
    parser.add_argument("--moves", type=int, default=40, help="moves stored per active game")
    parser.add_argument("--matches", type=int, default=100_000, help="finished matches behind the boards")
    parser.add_argument("--players", type=int, default=2_000, help="distinct players in those matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database files (default: a temp dir)")
    parser.add_argument("--postgres", default=None, help="a postgresql:// URL: run the appends on that server too")
    parser.add_argument(
        "--parts", default="appends,startup,boards", help="comma-separated: appends, startup, boards (default: all)"
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))

    with tempfile.TemporaryDirectory(dir=args.dir) as folder_name:
        folder = Path(folder_name)
        if "appends" in parts:
            print(f"appending moves ({args.appends:,}):")
            for sync in (Synchronous.FULL, Synchronous.NORMAL):
                target = folder / f"appends-{sync.value}.db"
                await bench_appends(target, args.appends, args.tables + 1, sync, f"SQLite synchronous={sync.value}")
            if args.postgres:
                async with postgres_schema(args.postgres) as url:
                    await bench_appends(url, args.appends, args.tables + 1, Synchronous.FULL, "PostgreSQL")
        if "startup" in parts:
            print(f"start-up with {args.games:,} active games:")
            await bench_startup(folder, args.games, args.moves)
        if "boards" in parts:
            print(f"boards with {args.matches:,} matches:")
            await bench_boards(folder, args.matches, args.players, args.seed)


if __name__ == "__main__":
    asyncio.run(main())
