"""`python -m bot` start-up: settings from the environment and the friendly no-token exit."""

import asyncio
import os
import re
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.process.config import ConfigError, Settings
from games import registry

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_explains_and_exits_2(tmp_path):
    """No DISCORD_TOKEN: exit status 2, a hint naming DISCORD_TOKEN and .env.example, no traceback."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    # Run from an empty folder so a developer's own .env is not picked up.
    completed = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 2
    assert "DISCORD_TOKEN" in completed.stderr
    assert ".env.example" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_settings_read_every_variable():
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": "abc.def",
            "CARDROOM_DATABASE": "/tmp/x.db",
            "CARDROOM_DEV_GUILD_ID": "123",
            "CARDROOM_LOG_LEVEL": "debug",
            "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gateway",
            "CARDROOM_DRAWING_PROCESSES": "0",
        }
    )
    assert settings.drawing_processes == 0
    assert settings.database_path == Path("/tmp/x.db")
    assert settings.dev_guild_id == 123
    assert settings.log_level == "DEBUG"
    assert settings.api_base == "http://127.0.0.1:9/api/v10"


def test_the_token_never_appears_in_repr():
    settings = Settings.from_env({"DISCORD_TOKEN": "super-secret-token"})
    assert "super-secret-token" not in repr(settings)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DISCORD_TOKEN": "t", "CARDROOM_DEV_GUILD_ID": "abc"}, "CARDROOM_DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "t", "CARDROOM_LOG_LEVEL": "loud"}, "CARDROOM_LOG_LEVEL"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "t", "CARDROOM_DRAWING_PROCESSES": "two"}, "CARDROOM_DRAWING_PROCESSES"),
        ({"DISCORD_TOKEN": "t", "CARDROOM_DRAWING_PROCESSES": "-1"}, "CARDROOM_DRAWING_PROCESSES"),
        ({"DISCORD_TOKEN": "t", "CARDROOM_DRAWING_PROCESSES": "99"}, "CARDROOM_DRAWING_PROCESSES"),
    ],
)
def test_malformed_settings_name_the_setting(env, message):
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(env)


def test_drawing_processes_default_to_the_tuning() -> None:
    """Unset, the bot keeps Tuning's number of drawing processes; set, the operator's number wins."""
    from bot.process.bot import CardBot
    from bot.process.config import Tuning

    assert Settings.from_env({"DISCORD_TOKEN": "t"}).drawing_processes is None
    assert CardBot(Settings(token="t")).tuning.drawing_processes == Tuning().drawing_processes
    assert CardBot(Settings(token="t", drawing_processes=0)).tuning.drawing_processes == 0


def _run_bot(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` with no token in the environment, from a folder without a .env."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_help_prints_the_usage_and_the_play_command_without_a_token(tmp_path):
    """`python -m bot --help`: status 0, the usage naming `play` and DISCORD_TOKEN, not the token error."""
    completed = _run_bot(["--help"], tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("usage: python -m bot")
    assert "play" in completed.stdout and "DISCORD_TOKEN" in completed.stdout
    assert "is not set" not in completed.stdout + completed.stderr


def test_play_help_prints_the_terminal_table_usage(tmp_path):
    """`python -m bot play --help`: status 0 and the terminal table's options (games, --watch, --delay)."""
    completed = _run_bot(["play", "--help"], tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("usage: python -m bot play")
    assert "{" + ",".join(registry.kinds()) + "}" in completed.stdout
    assert "--watch" in completed.stdout and "--delay" in completed.stdout


def test_help_names_every_registered_game_with_its_seats_and_command(capsys):
    """`python -m bot --help`: the usage's `play {...}` holds every kind, and each game has a line with its
    name, its seats and its slash command."""
    from bot.__main__ import main

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "python -m bot play {" + ",".join(registry.kinds()) + "}" in out
    for game in registry.games():
        seats = f"{game.min_seats} players" if game.min_seats == game.max_seats else (
            f"{game.min_seats} to {game.max_seats} players"
        )
        line = rf"^  {game.kind} +{re.escape(game.name)}, {seats}; on Discord /{game.command} new$"
        assert re.search(line, out, re.M), game.kind


def test_help_lists_every_setting_the_bot_reads(capsys):
    """Every environment variable `Settings.from_env` reads (bot/process/config.py) is in `python -m bot --help`."""
    from bot.__main__ import main

    config = (ROOT / "bot" / "process" / "config.py").read_text(encoding="utf-8")
    read = set(re.findall(r'env\.get\("([A-Z_]+)"', config))
    assert {"DISCORD_TOKEN", "CARDROOM_SHARDS", "CARDROOM_SHARD_COUNT"} <= read
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert sorted(name for name in read if not re.search(rf"^  {name}\b|, {name}\b", out, re.M)) == []


def test_an_unknown_argument_is_a_usage_error_not_the_token_error(capsys):
    """A typo such as `python -m bot --halp` exits 2 with argparse's sentence, before any setting is read."""
    from bot.__main__ import main

    assert main(["--halp"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --halp" in err and "DISCORD_TOKEN" not in err


def _bot_with_database(path: Path, cwd: Path, closed_port: int) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with a token, the given database and Discord at a loopback port nobody listens on."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not-a-real-token",
        "CARDROOM_DATABASE": str(path),
        "CARDROOM_DRAWING_PROCESSES": "0",
        "DISCORD_API_BASE": f"http://127.0.0.1:{closed_port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{closed_port}/gateway",
    }
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port that refuses connections: bound (so nobody else takes it) but not listening."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


def _assert_one_sentence_about(completed: subprocess.CompletedProcess[str], path: Path, *words: str) -> None:
    assert completed.returncode == 2, completed.stderr
    assert "Traceback" not in completed.stderr
    lines = completed.stderr.strip().splitlines()
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith(f"cardroom: cannot open the database {path} ") and lines[0].endswith(".")
    for word in words:
        assert word in lines[0]


def test_a_missing_database_folder_exits_2_with_one_sentence(tmp_path, closed_port):
    """CARDROOM_DATABASE in a folder that does not exist: status 2, the file and "create it", before any network."""
    path = tmp_path / "missing" / "cardroom.db"
    _assert_one_sentence_about(_bot_with_database(path, tmp_path, closed_port), path, "does not exist", "create it")


def test_a_file_that_is_not_a_database_exits_2_with_one_sentence(tmp_path, closed_port):
    """A text file as CARDROOM_DATABASE: status 2 and "not an SQLite database", the file untouched."""
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 100)
    completed = _bot_with_database(path, tmp_path, closed_port)
    _assert_one_sentence_about(completed, path, "not an SQLite database")
    assert path.read_text() == "shopping list\n" * 100


async def test_a_read_only_database_exits_2_with_one_sentence(tmp_path, closed_port):
    """A database on a read-only file system (or without write permission): status 2 and "read-only"."""
    from tests.data.test_unavailable import make_database, unwritable

    path = tmp_path / "cardroom.db"
    await make_database(path)
    with unwritable(path):
        completed = await asyncio.to_thread(_bot_with_database, path, tmp_path, closed_port)
    _assert_one_sentence_about(completed, path, "read-only", "writable")


async def test_a_newer_schema_exits_2_with_one_sentence(tmp_path, closed_port):
    """A database from a newer Cardroom: status 2, both versions, and "upgrade Cardroom"."""
    from data.schema import latest_version
    from tests.data.test_unavailable import make_database

    path = tmp_path / "cardroom.db"
    await make_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {latest_version() + 5}")
    completed = await asyncio.to_thread(_bot_with_database, path, tmp_path, closed_port)
    _assert_one_sentence_about(completed, path, f"version {latest_version() + 5}", "upgrade Cardroom")
