"""Seasons end to end in the offline Discord: a manager turns on monthly seasons, a month of Thirteen is
played, the bot's clock moves past the month's end, and the final board and champion are posted once
(also when the bot restarts between the close and the post); /leaderboard then shows the new season by
default and `season:` the one that ended."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from datetime import UTC, datetime

from bench.players.common import FAST, click, open_lobby, play_all, start_bot, start_game
from bot.process.bot import CardBot
from bot.projection.seasons import SeasonCloser
from data.results import DEFAULT_MIN_GAMES
from fakediscord import FakeDiscord, Message, SimUser
from tests.e2e.test_community import people, store_game
from tests.waiting import until

TUNING = dataclasses.replace(FAST, retry_attempts=2, retry_delay=0.01)
MAY = datetime(2031, 5, 15, 12, tzinfo=UTC).timestamp()
JUNE = datetime(2031, 6, 1, 0, 0, 5, tzinfo=UTC).timestamp()
SEASON_OVER = "The May 2031 season is over"


class MovableClock:
    """The bot's clock (GameService.clock): real time shifted, so a test can move it past a month's end."""

    def __init__(self, at: float) -> None:
        self.offset = at - time.time()

    def __call__(self) -> float:
        return time.time() + self.offset

    def move_to(self, at: float) -> None:
        self.offset = at - time.time()



async def a_month_of_thirteen(fake: FakeDiscord, bot: CardBot, clock: MovableClock) -> str:
    """Monthly seasons on (the owner's click in /settings server), then Alice and Bob play enough rated
    games in May to be listed, the last one at a table in the channel. Returns May's champion's name."""
    bot.service.clock = clock
    boss = SimUser(fake, fake.owner)
    panel = await boss.slash("settings server")
    assert isinstance(panel, Message)
    changed = await click(boss, panel, "Seasons: off")
    assert "Seasons: monthly" in changed.text
    guild = int(fake.guild.id)
    for n in range(DEFAULT_MIN_GAMES - 1):
        await store_game(bot.service.db, guild, people(fake, "alice", "bob"), 300 + n, at=clock())
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    await play_all(fake, [alice, bob])
    board = await bot.service.db.results.leaderboard(guild, "thirteen", limit=1)  # all time = May so far
    assert board, "nobody is listed after a month of games"
    return board[0].display_name


def season_posts(fake: FakeDiscord) -> list[Message]:
    return [m for m in fake.messages(fake.channel) if SEASON_OVER in m.text]


async def test_a_months_end_posts_the_final_board_and_champion_once(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Past May's end the channel gets one post: the champion by name and the final board's image."""
    bot = await start_bot(bots, tuning=TUNING)
    clock = MovableClock(MAY)
    champion = await a_month_of_thirteen(fake, bot, clock)
    clock.move_to(JUNE)
    post = await fake.wait_for_message(fake.channel, lambda m: SEASON_OVER in m.text, timeout=15)
    assert f"Thirteen champion: **{champion}**" in post.text
    assert [a.filename for a in post.attachments] == ["season-2031-05.png"] and post.attachments[0].is_png
    assert bot.sweeper is not None
    for _ in range(3):  # further passes past the month's end: the season is closed, nothing is owed
        await bot.sweeper.sweep()
    assert len(season_posts(fake)) == 1
    assert [c.season.key for c in await bot.service.db.seasons.closed(int(fake.guild.id))] == ["2031-05"]


async def test_a_restart_between_the_close_and_the_post_posts_once(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The channel refuses posts when May closes; the bot restarts; the closing post goes out once."""
    bot = await start_bot(bots, tuning=TUNING)
    clock = MovableClock(MAY)
    await a_month_of_thirteen(fake, bot, clock)
    db, guild = bot.service.db, int(fake.guild.id)
    refused = fake.fail("POST", rf"^/channels/{fake.channel.id}/messages$", 503, times=10_000)
    clock.move_to(JUNE)

    async def closed_and_tried() -> bool:
        return bool(await db.seasons.closed(guild)) and refused.times < 10_000

    await until(closed_and_tried, "May was not closed, or its post never tried")
    await bots.stop(bot)
    assert season_posts(fake) == []
    fake.logged_errors.clear()  # the refused posts were logged as errors, as they should be
    refused.times = 0
    again = await start_bot(bots, tuning=TUNING)
    again.service.clock = clock

    async def posted() -> bool:
        return not await again.service.db.seasons.owed_posts()

    await until(posted, "the owed closing post was never recorded")
    assert again.sweeper is not None
    for _ in range(3):
        await again.sweeper.sweep()
    assert len(season_posts(fake)) == 1


async def test_leaderboard_shows_the_new_season_by_default_and_the_last_one_by_name(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """In June the default board is June's (nobody listed yet); `season:` 2031-05 shows May's final board."""
    bot = await start_bot(bots, tuning=TUNING)
    clock = MovableClock(MAY)
    champion = await a_month_of_thirteen(fake, bot, clock)
    clock.move_to(JUNE)
    await fake.wait_for_message(fake.channel, lambda m: SEASON_OVER in m.text, timeout=15)
    alice = fake.users["alice"]
    now = await alice.slash("leaderboard", game="thirteen")
    assert isinstance(now, Message) and now.ephemeral
    assert "Nobody is on the Thirteen leaderboard yet (June 2031 season)" in now.text
    may = await alice.slash("leaderboard", game="thirteen", season="2031-05")
    assert isinstance(may, Message) and not may.ephemeral
    assert "May 2031 season" in may.text and may.attachments
    everything = await alice.slash("leaderboard", game="thirteen", season="all")
    assert isinstance(everything, Message) and "all time" in everything.text
    assert champion


async def test_stats_season_counts_only_that_seasons_games(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """In June, `/stats season:` May shows Alice's May record; this season (June) has no games yet."""
    bot = await start_bot(bots, tuning=TUNING)
    clock = MovableClock(MAY)
    await a_month_of_thirteen(fake, bot, clock)
    clock.move_to(JUNE)
    await fake.wait_for_message(fake.channel, lambda m: SEASON_OVER in m.text, timeout=15)
    alice = fake.users["alice"]
    may = await alice.slash("stats", game="thirteen", season="2031-05")
    assert isinstance(may, Message) and may.embeds
    assert "May 2031 season" in may.embeds[0]["title"]
    assert may.embeds[0]["description"].startswith(f"**{DEFAULT_MIN_GAMES}** games")
    june = await alice.slash("stats", game="thirteen", season="current")
    assert isinstance(june, Message) and june.embeds
    assert "June 2031 season" in june.embeds[0]["title"]
    assert "No finished games here yet." in june.embeds[0]["description"]


AUGUST = datetime(2031, 8, 1, 0, 0, 5, tzinfo=UTC).timestamp()
JUNE_MID = datetime(2031, 6, 15, 12, tzinfo=UTC).timestamp()


async def test_seasons_the_bot_slept_through_close_once_each_in_order(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The bot stops in May and starts again in August: May, June and July are closed once each, in
    order, each with its own closing post (June's names its champion); more passes and a second closer
    (another process) change nothing."""
    bot = await start_bot(bots, tuning=TUNING)
    clock = MovableClock(MAY)
    guild = int(fake.guild.id)
    for n in range(DEFAULT_MIN_GAMES):  # June's games (stored first: the last table played is in the channel)
        await store_game(bot.service.db, guild, people(fake, "carol", "dave"), 400 + n, at=JUNE_MID)
    await a_month_of_thirteen(fake, bot, clock)
    await bots.stop(bot)
    assert [m for m in fake.messages(fake.channel) if "season is over" in m.text] == []
    clock.move_to(AUGUST)
    again = await start_bot(bots, tuning=TUNING)
    again.service.clock = clock
    db = again.service.db

    async def all_posted() -> bool:
        return len(await db.seasons.closed(guild)) == 3 and not await db.seasons.owed_posts()

    await until(all_posted, "the seasons slept through were not all closed and posted")
    second = SeasonCloser(again.service, again.transport)
    assert again.sweeper is not None
    await asyncio.gather(second.step(), again.sweeper.sweep(), again.sweeper.sweep())
    posts = [m for m in fake.messages(fake.channel) if "season is over" in m.text]
    assert [p.text.split("\n")[0] for p in posts] == [
        "🏆 **The May 2031 season is over.**",
        "🏆 **The June 2031 season is over.**",
        "🏆 **The July 2031 season is over.**",
    ]
    assert "Thirteen champion:" in posts[1].text and "No rated games were played" in posts[2].text
    assert [c.season.key for c in await db.seasons.closed(guild)] == ["2031-07", "2031-06", "2031-05"]


async def test_a_season_with_set_dates_ends_once_on_its_last_day_and_seasons_stop(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The owner sets a season's dates in /settings server (a wrong one is refused with the form to use):
    the panel shows them, and after the last day the season closes once, its post saying no new season
    starts (no length chosen)."""
    bot = await start_bot(bots, tuning=TUNING)
    clock = MovableClock(MAY)
    bot.service.clock = clock
    await open_lobby(fake, fake.users["alice"], "thirteen new", seats=2)  # where the closing post goes
    boss = SimUser(fake, fake.owner)
    refused = await boss.slash("settings server", season_dates="10 May to June")
    assert isinstance(refused, Message) and "2027-01-10..2027-02-14" in refused.text
    panel = await boss.slash("settings server", season_dates="2031-05-10..2031-06-14")
    assert isinstance(panel, Message)
    assert "the season runs from 2031-05-10 to 2031-06-14" in panel.text
    assert "Season with set dates: 2031-05-10 to 2031-06-14 (UTC); after it, seasons stop" in panel.text
    clock.move_to(datetime(2031, 6, 15, 0, 0, 5, tzinfo=UTC).timestamp())
    await until(
        lambda: _has_post(fake, "The 2031-05-10 – 2031-06-14 season is over"), "the dated season never closed"
    )
    assert bot.sweeper is not None
    for _ in range(3):
        await bot.sweeper.sweep()
    posts = [m for m in fake.messages(fake.channel) if "season is over" in m.text]
    assert len(posts) == 1 and "A new season starts now" not in posts[0].text
    assert [c.season.key for c in await bot.service.db.seasons.closed(int(fake.guild.id))] == ["2031-05-10..2031-06-14"]


async def _has_post(fake: FakeDiscord, text: str) -> bool:
    return any(text in m.text for m in fake.messages(fake.channel))
