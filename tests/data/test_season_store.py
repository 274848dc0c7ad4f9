"""Stored seasons on both engines (data.season_store): a result counts in the season its game ended in,
a season closes once whoever closes it, its board is frozen at the close, carried ratings start from it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from data import Database
from data.models import SeasonLength, SeasonReset
from data.seasons import SeasonPlan, carry_over, season_at, season_in
from games.base import GameResult

from .conftest import GUILD, active_game

MONTHLY, QUARTERLY = SeasonLength.MONTHLY, SeasonLength.QUARTERLY
FRESH = SeasonReset.FRESH


def utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()  # type: ignore[misc]


DECEMBER = season_at(MONTHLY, utc(2026, 12, 10))
JANUARY = season_at(MONTHLY, utc(2027, 1, 10))


async def finish(db: Database, users: tuple[int, ...], places: tuple[int, ...], at: float, channel: int = 500):
    game = await active_game(db, users, channel_id=channel)
    return await db.games.finish(game.id, 0, GameResult(places, tuple(-p for p in places)), at=at)


async def test_seasons_are_off_until_a_manager_turns_them_on(db: Database) -> None:
    """Off by default; turning them on records when, and the reset choice is kept."""
    assert (await db.settings.guild(GUILD)).season_length is SeasonLength.OFF
    assert await db.seasons.running() == []
    on = await db.settings.set_seasons(GUILD, at=utc(2026, 12, 2), length=QUARTERLY, reset=SeasonReset.CARRY)
    assert (on.season_length, on.season_reset, on.seasons_since) == (QUARTERLY, SeasonReset.CARRY, utc(2026, 12, 2))
    assert [g.guild_id for g in await db.seasons.running()] == [GUILD]


async def test_a_result_counts_in_the_season_its_game_ended_in(db: Database) -> None:
    """A game ending in the last second of December is December's; one ending at midnight UTC is January's."""
    await finish(db, (1, 2), (1, 2), utc(2027, 1, 1) - 1, channel=501)
    await finish(db, (1, 2), (2, 1), utc(2027, 1, 1), channel=502)
    december = {s.user_id: s for s in await db.seasons.standings(GUILD, "thirteen", DECEMBER, FRESH)}
    january = {s.user_id: s for s in await db.seasons.standings(GUILD, "thirteen", JANUARY, FRESH)}
    assert (december[1].games, december[1].wins) == (1, 1)
    assert (january[1].games, january[1].wins) == (1, 0)


async def test_a_quarter_counts_the_games_of_its_three_months(db: Database) -> None:
    """October, November and December games are Q4's; a game on 1 January is not."""
    for n, month in enumerate((10, 11, 12)):
        await finish(db, (1, 2), (1, 2), utc(2026, month, 15), channel=510 + n)
    await finish(db, (1, 2), (1, 2), utc(2027, 1, 1), channel=520)
    q4 = season_at(QUARTERLY, utc(2026, 11, 1))
    standings = await db.seasons.standings(GUILD, "thirteen", q4, FRESH)
    assert {s.user_id: s.games for s in standings} == {1: 3, 2: 3}


async def test_a_closed_season_keeps_its_final_board(db: Database) -> None:
    """Closing December freezes its ratings: a late result stored with a December time changes nothing."""
    await finish(db, (1, 2), (1, 2), utc(2026, 12, 5), channel=501)
    before = await db.seasons.standings(GUILD, "thirteen", DECEMBER, FRESH)
    closed = await db.seasons.close(GUILD, DECEMBER, FRESH, at=utc(2027, 1, 1, 0, 1))
    assert closed is not None and closed.channel_id == 501 and closed.message_id is None
    await finish(db, (2, 1), (1, 2), utc(2026, 12, 6), channel=502)
    assert await db.seasons.standings(GUILD, "thirteen", DECEMBER, FRESH) == before
    assert [c.season.key for c in await db.seasons.closed(GUILD)] == ["2026-12"]


async def test_a_carried_season_starts_from_the_last_seasons_final_rating_widened(db: Database) -> None:
    """With carried ratings, January's first game starts from December's closing rating, sigma widened."""
    for n in range(3):
        await finish(db, (1, 2), (1, 2), utc(2026, 12, 5 + n), channel=501 + n)
    await db.seasons.close(GUILD, DECEMBER, SeasonReset.CARRY, at=utc(2027, 1, 1, 0, 1))
    closing = {s.user_id: s.rating for s in await db.seasons.standings(GUILD, "thirteen", DECEMBER, FRESH)}
    await finish(db, (1, 2), (2, 1), utc(2027, 1, 3), channel=510)
    model = db.rating_model
    expected = model.rate([carry_over(model, closing[1]), carry_over(model, closing[2])], [2, 1])
    carried = {s.user_id: s.rating for s in await db.seasons.standings(GUILD, "thirteen", JANUARY, SeasonReset.CARRY)}
    fresh = {s.user_id: s.rating for s in await db.seasons.standings(GUILD, "thirteen", JANUARY, FRESH)}
    assert carried[1].is_close(expected[0]) and carried[2].is_close(expected[1])
    assert fresh[1].is_close(model.rate([model.initial, model.initial], [2, 1])[0])


async def test_two_processes_closing_a_season_at_once_close_it_once(db: Database, db_target: str | Path) -> None:
    """Two closers together: one closes it (one row, one frozen board), the other finds it closed."""
    await finish(db, (1, 2), (1, 2), utc(2026, 12, 5), channel=501)
    other = await Database.open(db_target)
    try:
        results = await asyncio.gather(
            db.seasons.close(GUILD, DECEMBER, FRESH, at=utc(2027, 1, 1, 0, 1)),
            other.seasons.close(GUILD, DECEMBER, FRESH, at=utc(2027, 1, 1, 0, 2)),
        )
    finally:
        await other.close()
    assert sum(result is not None for result in results) == 1
    assert len(await db.seasons.closed(GUILD)) == 1
    assert len(await db.seasons.standings(GUILD, "thirteen", DECEMBER, FRESH)) == 2


async def test_the_closing_post_is_claimed_once_and_owed_until_recorded(db: Database) -> None:
    """The first claim posts; a second one past the nonce window does not; a recorded post is owed no more."""
    await finish(db, (1, 2), (1, 2), utc(2026, 12, 5), channel=501)
    await db.seasons.close(GUILD, DECEMBER, FRESH, at=utc(2027, 1, 1))
    assert [owed.season.key for owed in await db.seasons.owed_posts()] == ["2026-12"]
    now = utc(2027, 1, 1, 0, 1)
    assert await db.seasons.claim_post(GUILD, "2026-12", at=now, redo_within=120)
    assert not await db.seasons.claim_post(GUILD, "2026-12", at=now + 121, redo_within=120)
    await db.seasons.posted(GUILD, "2026-12", 777)
    assert await db.seasons.owed_posts() == []


async def test_a_season_with_set_dates_is_stored_and_turns_seasons_on(db: Database) -> None:
    """Set dates alone (no length) turn seasons on from that moment; they are read back; dropping them
    leaves the length as it was."""
    dates = (utc(2027, 1, 10), utc(2027, 2, 15))
    on = await db.settings.set_seasons(GUILD, at=utc(2027, 1, 5), custom=dates)
    assert (on.season_length, on.season_custom, on.seasons_since) == (SeasonLength.OFF, dates, utc(2027, 1, 5))
    assert (await db.settings.guild(GUILD)).season_custom == dates
    [running] = await db.seasons.running()
    assert running.plan == SeasonPlan(SeasonLength.OFF, dates)
    await db.settings.set_seasons(GUILD, at=utc(2027, 1, 6), length=MONTHLY)
    dropped = await db.settings.set_seasons(GUILD, at=utc(2027, 1, 7), no_custom=True)
    assert (dropped.season_custom, dropped.season_length, dropped.seasons_since) == (None, MONTHLY, utc(2027, 1, 5))


async def test_a_season_with_set_dates_counts_its_days_and_carries_from_the_season_closed_before(db: Database) -> None:
    """A dated season counts the games inside its days only, and with carried ratings starts from the
    board of the season closed just before it (here December, cut short where the dated one begins)."""
    plan = SeasonPlan(MONTHLY, (utc(2026, 12, 20), utc(2027, 1, 20)))
    cut = season_in(plan, utc(2026, 12, 10))
    dated = season_in(plan, utc(2027, 1, 1))
    assert cut is not None and dated is not None and cut.end == dated.start
    for n in range(3):
        await finish(db, (1, 2), (1, 2), utc(2026, 12, 5 + n), channel=601 + n)
    await finish(db, (1, 2), (1, 2), utc(2026, 12, 25), channel=610)
    await finish(db, (1, 2), (1, 2), utc(2027, 1, 25), channel=611)  # after the dated season: not its
    await db.seasons.close(GUILD, cut, SeasonReset.CARRY, at=utc(2026, 12, 20, 0, 1))
    closing = {s.user_id: s.rating for s in await db.seasons.standings(GUILD, "thirteen", cut, FRESH)}
    model = db.rating_model
    expected = model.rate([carry_over(model, closing[1]), carry_over(model, closing[2])], [1, 2])
    carried = {s.user_id: s for s in await db.seasons.standings(GUILD, "thirteen", dated, SeasonReset.CARRY)}
    assert carried[1].games == 1 and carried[1].rating.is_close(expected[0])
    await db.seasons.close(GUILD, dated, SeasonReset.CARRY, at=utc(2027, 1, 20, 0, 1))
    assert [c.season.key for c in await db.seasons.closed(GUILD)] == [
        "2026-12-20..2027-01-19",
        "2026-12-01..2026-12-19",
    ]
