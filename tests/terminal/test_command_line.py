"""`python -m bot play ...`: arguments, exit statuses, and no Discord anywhere on the way."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main as bot_main
from terminal import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["thirteen", "--players", "5"], "Thirteen seats 2 to 4 players, not 5"),
        (["schnapsen", "--players", "3"], "seats 2 to 2 players"),
        (["carousel", "--level", "genius"], "--level must be one of easy, normal, hard"),
        (["schnapsen", "--preset", "bridge"], "--preset must be one of santase"),
        (["thirteen", "--preset", "santase"], "Thirteen has no presets"),
        (["carousel", "--option", "target"], "--option takes NAME=VALUE, such as target=150"),
        (["schnapsen", "--option", "target=0"], "target takes a whole number from 1 to 99, not '0'"),
        (["thirteen", "--option", "jokers=yes"], "Thirteen has no option 'jokers'"),
        (["poker"], "invalid choice: 'poker'"),
    ],
)
def test_a_bad_command_line_exits_2_with_a_sentence(argv, message, capsys):
    """Wrong players, level, preset or option: status 2 and the reason on stderr."""
    assert main(argv, stdin=io.StringIO(), stdout=io.StringIO()) == 2
    assert message in capsys.readouterr().err


def test_play_goes_through_the_bot_entry_point_without_a_token(monkeypatch, capsys):
    """`python -m bot play` needs no DISCORD_TOKEN: a watched game runs to its result with status 0."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot_main(["play", "thirteen", "--players", "2", "--watch", "--delay", "0", "--seed", "1"]) == 0
    assert "── Result " in capsys.readouterr().out


def test_end_of_input_leaves_the_table_with_status_0():
    """Input ending at a prompt (Ctrl-D, or a script run dry) is a quit, not a crash."""
    out = io.StringIO()
    assert main(["schnapsen", "--seed", "1"], stdin=io.StringIO(""), stdout=out) == 0
    assert "Bye" in out.getvalue()


def test_the_terminal_table_runs_with_discord_broken(tmp_path):
    """With an `import discord` that fails, `python -m bot play` still plays a whole game (no discord import)."""
    broken = tmp_path / "shadow" / "discord"
    broken.mkdir(parents=True)
    (broken / "__init__.py").write_text("raise ImportError('discord.py is broken on purpose')\n")
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "play", "thirteen", "--watch", "--delay", "0", "--seed", "7"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": os.pathsep.join([str(tmp_path / "shadow"), str(ROOT)])},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert "── Result " in completed.stdout
    assert "Traceback" not in completed.stderr


def test_a_piped_session_reads_like_a_transcript(tmp_path):
    """Piped input is echoed after each prompt, so the output of a scripted session shows what was typed."""
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "play", "thirteen", "--seed", "3", "--players", "2"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        input="hint\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0
    assert "You ▸ hint\n  Hint: " in completed.stdout
    assert "You ▸ quit\n" in completed.stdout


def test_the_solver_banner_stays_out_of_a_carousel_game(tmp_path):
    """HiGHS prints a banner on descriptor 1 the first time it is built; the game text must not contain it."""
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "play", "carousel", "--watch", "--delay", "0", "--seed", "2", "--players", "2",
         "--option", "target=30"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0
    assert "melded" in completed.stdout  # the solver did run
    assert "HiGHS" not in completed.stdout
