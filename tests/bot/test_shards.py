"""Shard settings (`CARDROOM_SHARDS`, `CARDROOM_SHARD_COUNT`), the bot class they choose, the health line,
and ownership on SQLite (one process owns every game, no lease written)."""

from __future__ import annotations

import asyncio
import logging

import pytest
from discord.ext import commands

from bot.bot import CardBot
from bot.config import ConfigError, Settings
from bot.health import Health
from bot.ownership import Ownership
from bot.shards import ShardedCardBot, make_bot, shard_of, shards_of
from data import Database


def settings(**env: str) -> Settings:
    return Settings.from_env({"DISCORD_TOKEN": "t", **env})


def test_unset_shards_leave_one_unsharded_connection() -> None:
    """Neither setting: no shard ids, no count, and the plain CardBot (discord.py's default)."""
    chosen = settings()
    assert (chosen.shard_ids, chosen.shard_count) == (None, None)
    bot = make_bot(chosen)
    assert type(bot) is CardBot and shards_of(bot) == "-"


@pytest.mark.parametrize(
    ("shards", "count", "expected"),
    [("0-3", "8", (0, 1, 2, 3)), ("0,2", "4", (0, 2)), ("4-5,1", "6", (4, 5, 1)), ("", "3", (0, 1, 2))],
)
def test_shards_are_read_as_ranges_and_lists(shards: str, count: str, expected: tuple[int, ...]) -> None:
    """ "0-3" is a range, "0,2" a list; a count alone runs every shard in this process."""
    chosen = settings(CARDROOM_SHARDS=shards, CARDROOM_SHARD_COUNT=count)
    assert chosen.shard_ids == expected and chosen.shard_count == int(count)


@pytest.mark.parametrize(
    ("shards", "count", "named"),
    [
        ("0-1", "", "CARDROOM_SHARD_COUNT"),
        ("0-4", "4", "shard 4"),
        ("a", "2", "CARDROOM_SHARDS"),
        ("3-1", "4", "backwards"),
    ],
)
def test_malformed_shard_settings_say_what_is_wrong(shards: str, count: str, named: str) -> None:
    """A shard without a count, beyond the count, not a number, or a backwards range: a ConfigError naming it."""
    with pytest.raises(ConfigError, match=named):
        settings(CARDROOM_SHARDS=shards, CARDROOM_SHARD_COUNT=count)


def test_named_shards_make_an_auto_sharded_bot() -> None:
    """With shards set the bot is discord.py's AutoShardedBot over exactly those shards."""
    bot = make_bot(settings(CARDROOM_SHARDS="1,3", CARDROOM_SHARD_COUNT="4"))
    assert isinstance(bot, ShardedCardBot) and isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_ids == [1, 3] and bot.shard_count == 4
    assert shards_of(bot) == "1,3/4"


def test_a_guild_goes_to_the_shard_discord_computes() -> None:
    """(guild_id >> 22) % shard_count, as Discord routes a guild's events."""
    assert shard_of(5 << 22, 4) == 1 and shard_of(123, 4) == 0


async def test_on_sqlite_one_process_owns_every_game_and_writes_no_lease(tmp_path) -> None:
    """SQLite is one process's file: `owns` is true for any game and the leases table stays empty."""
    db = await Database.open(tmp_path / "c.db")
    try:
        ownership = Ownership(db, ttl=1.0, poll=0.05, solo=True)
        await ownership.start()
        assert ownership.owns(1) and ownership.owns(99)
        await ownership.stop()
        assert await db.read("SELECT * FROM leases") == []
    finally:
        await db.close()


async def test_the_health_line_names_shards_games_and_lag(caplog: pytest.LogCaptureFixture) -> None:
    """Every interval one `health:` line, with the loop's lag measured by the probe."""
    health = Health(0.05, lambda lag: f"shards=- games_owned=3 loop_lag_ms={lag * 1000:.0f}")
    with caplog.at_level(logging.INFO, logger="bot.health"):
        health.start()
        await asyncio.sleep(0.2)
        await health.stop()
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("health:")]
    assert lines and "games_owned=3" in lines[0] and "loop_lag_ms=" in lines[0]
