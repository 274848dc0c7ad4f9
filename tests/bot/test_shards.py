"""Shard settings (`CARDROOM_SHARDS`, `CARDROOM_SHARD_COUNT`), the bot class they choose, the health line,
and ownership on SQLite (one process owns every game, no lease written)."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from discord.ext import commands

from bot.moves.ownership import Ownership
from bot.process.bot import CardBot
from bot.process.config import ConfigError, Settings
from bot.process.health import Health
from bot.process.shards import ShardedCardBot, make_bot, shard_of, shards_of
from data import Database

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize(
    "env",
    [
        {"CARDROOM_SHARDS": "\u00b2", "CARDROOM_SHARD_COUNT": "4"},  # "²": str.isdigit() says yes, int() says no
        {"CARDROOM_SHARDS": "0-\u00b2", "CARDROOM_SHARD_COUNT": "4"},
        {"CARDROOM_SHARD_COUNT": "\u00b2"},
        {"CARDROOM_SHARD_COUNT": "\u0662"},  # an Arabic-Indic 2, which int() would read as 2
        {"CARDROOM_DEV_GUILD_ID": "\u00b2"},
        {"CARDROOM_DRAWING_PROCESSES": "\u00b2"},
    ],
)
def test_malformed_shard_settings_take_ascii_digits_only(env: dict[str, str]) -> None:
    """A setting read as a number accepts the digits 0-9 only: anything else is a ConfigError naming it."""
    with pytest.raises(ConfigError, match=next(iter(env)) if len(env) == 1 else "CARDROOM_SHARDS"):
        settings(**env)


@pytest.mark.timeout(30)
def test_malformed_shard_settings_a_range_past_the_count_is_refused_before_it_is_expanded() -> None:
    """ "0-99999999999" with 4 shards: refused at once, naming the shard beyond the count."""
    with pytest.raises(ConfigError, match="shard 99999999999, but shards run from 0 to 3"):
        settings(CARDROOM_SHARDS="0-99999999999", CARDROOM_SHARD_COUNT="4")


@pytest.mark.timeout(30)
def test_malformed_shard_settings_a_long_range_expands_in_linear_time() -> None:
    """The largest range allowed (every shard of the largest count) is read well within the bound."""
    from bot.process.config import MAX_SHARD_COUNT

    chosen = settings(CARDROOM_SHARDS=f"0-{MAX_SHARD_COUNT - 1},0", CARDROOM_SHARD_COUNT=str(MAX_SHARD_COUNT))
    assert chosen.shard_ids == tuple(range(MAX_SHARD_COUNT))


@pytest.mark.parametrize(
    "count",
    ["99999999999", "9" * 5000],  # 5000 digits: past Python's int() limit of 4300
)
def test_malformed_shard_settings_a_count_beyond_the_bound_is_refused(count: str) -> None:
    """A count past MAX_SHARD_COUNT is refused rather than expanded into that many shard ids."""
    with pytest.raises(ConfigError, match="CARDROOM_SHARD_COUNT"):
        settings(CARDROOM_SHARD_COUNT=count)


@pytest.mark.parametrize(
    "env",
    [
        {"CARDROOM_SHARDS": "\u00b2", "CARDROOM_SHARD_COUNT": "4"},
        {"CARDROOM_SHARD_COUNT": "\u00b2"},
        {"CARDROOM_SHARDS": "0-99999999999", "CARDROOM_SHARD_COUNT": "4"},
        {"CARDROOM_SHARD_COUNT": "99999999999"},
    ],
)
def test_malformed_shard_settings_exit_2_with_one_sentence(tmp_path: Path, env: dict[str, str]) -> None:
    """`python -m bot` with a malformed shard setting: status 2 and one line naming it, no traceback, no hang."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("CARDROOM_", "DISCORD_"))}
    completed = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env={**base, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-a-real-token", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 2, completed.stderr
    assert "Traceback" not in completed.stderr
    lines = completed.stderr.strip().splitlines()
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("cardroom: CARDROOM_SHARD") and lines[0].endswith(".")


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
    with caplog.at_level(logging.INFO, logger="bot.process.health"):
        health.start()
        await asyncio.sleep(0.2)
        await health.stop()
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("health:")]
    assert lines and "games_owned=3" in lines[0] and "loop_lag_ms=" in lines[0]
