"""`python -m bot` start-up: settings from the environment and the friendly no-token exit."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings

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
    from bot.bot import CardBot
    from bot.config import Tuning

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
    assert "thirteen,carousel,schnapsen" in completed.stdout and "--watch" in completed.stdout


def test_an_unknown_argument_is_a_usage_error_not_the_token_error(capsys):
    """A typo such as `python -m bot --halp` exits 2 with argparse's sentence, before any setting is read."""
    from bot.__main__ import main

    assert main(["--halp"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --halp" in err and "DISCORD_TOKEN" not in err
