"""Away, time zones and quiet hours as stored settings, on both backends."""

from __future__ import annotations

from data import GuildSettings, HandDelivery, UserSettings
from data.models import DEFAULT_AWAY_LIMIT_SECONDS

from .conftest import GUILD


async def test_away_with_an_end_is_stored_and_read_back(db):
    await db.settings.set_away(5, 1000.0, 5000.0)
    mine = await db.settings.user(5)
    assert (mine.away_since, mine.away_until) == (1000.0, 5000.0)


async def test_away_until_back_is_stored_without_an_end(db):
    await db.settings.set_away(5, 1000.0, None)
    mine = await db.settings.user(5)
    assert (mine.away_since, mine.away_until) == (1000.0, None)


async def test_coming_back_clears_away_and_keeps_other_settings(db):
    await db.settings.update_user(5, hand_delivery=HandDelivery.PANEL)
    await db.settings.set_away(5, 1000.0, 5000.0)
    await db.settings.set_away(5, None)
    assert await db.settings.user(5) == UserSettings(5, HandDelivery.PANEL)


async def test_other_settings_changes_keep_away_and_time_zone(db):
    await db.settings.set_away(5, 1000.0, 5000.0)
    await db.settings.set_time_zone(5, "Europe/Paris")
    await db.settings.update_user(5, dm_closed=True)
    mine = await db.settings.user(5)
    assert (mine.away_since, mine.away_until, mine.time_zone, mine.dm_closed) == (1000.0, 5000.0, "Europe/Paris", True)


async def test_a_server_starts_with_a_seven_day_away_limit_no_quiet_hours_and_utc(db):
    server = await db.settings.guild(GUILD)
    assert server.away_limit_seconds == DEFAULT_AWAY_LIMIT_SECONDS == 7 * 86400
    assert (server.quiet_start, server.quiet_end, server.time_zone) == (None, None, None)


async def test_server_quiet_hours_limit_and_zone_are_stored_and_removed(db):
    await db.settings.set_casual_clock(GUILD, away_limit_seconds=86400, quiet=(23 * 60, 7 * 60), time_zone="Asia/Tokyo")
    await db.settings.update_guild(GUILD, threads=True)
    server = await db.settings.guild(GUILD)
    assert (server.away_limit_seconds, server.quiet_start, server.quiet_end, server.time_zone, server.threads) == (
        86400,
        23 * 60,
        7 * 60,
        "Asia/Tokyo",
        True,
    )
    server = await db.settings.set_casual_clock(GUILD, no_quiet=True)
    assert (server.quiet_start, server.quiet_end, server.away_limit_seconds) == (None, None, 86400)
    assert await db.settings.guild(GUILD) == GuildSettings(
        GUILD, threads=True, away_limit_seconds=86400, time_zone="Asia/Tokyo"
    )


async def test_erasing_a_user_forgets_their_away_and_time_zone(db):
    await db.settings.set_away(5, 1000.0, None)
    await db.settings.set_time_zone(5, "Europe/Paris")
    await db.privacy.erase_user(5, at=2000.0)
    assert await db.settings.user(5) == UserSettings(5)
