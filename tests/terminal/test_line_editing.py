"""Line editing at a real terminal: readline where Python has it, plain lines (and no crash) where not."""

from __future__ import annotations

import builtins
import io
import sys

import pytest

from terminal.app import TerminalTable, line_editing, parse_config


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def at_a_terminal(monkeypatch):
    """sys.stdin and sys.stdout as a terminal; input() answers "quit" and records its prompts."""
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return "quit"

    monkeypatch.setattr(sys, "stdin", FakeTerminal())
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def test_an_interactive_table_loads_readline(at_a_terminal, monkeypatch):
    """At a terminal the table imports readline, so input() gets arrow keys and history."""
    pytest.importorskip("readline")
    monkeypatch.delitem(sys.modules, "readline")
    table = TerminalTable(parse_config(["thirteen", "--seed", "1"]), sys.stdin, sys.stdout)
    assert "readline" in sys.modules
    assert table.run() == 0
    assert at_a_terminal and at_a_terminal[0].endswith("▸ ")  # the prompt went through input()


def test_without_readline_the_table_still_plays(at_a_terminal, monkeypatch):
    """A Python without readline (Windows, minimal builds): no error, the table reads plain lines."""
    monkeypatch.setitem(sys.modules, "readline", None)  # makes `import readline` raise ImportError
    assert line_editing() is False
    table = TerminalTable(parse_config(["schnapsen", "--seed", "1"]), sys.stdin, sys.stdout)
    assert table.run() == 0
    assert at_a_terminal


def test_piped_input_does_not_touch_readline(monkeypatch):
    """Scripted (non-terminal) input reads lines itself: readline is not imported for it."""
    monkeypatch.delitem(sys.modules, "readline", raising=False)
    table = TerminalTable(parse_config(["thirteen", "--seed", "1"]), io.StringIO("quit\n"), io.StringIO())
    assert table.run() == 0
    assert "readline" not in sys.modules
