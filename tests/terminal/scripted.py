"""Drive the terminal table through its text streams: a scripted player that can also follow hints."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from terminal.app import TableConfig, TerminalTable, parse_config

HINT_TYPED = re.compile(r"Hint: .*·  type: (.+)$", re.MULTILINE)

Answer = str | Callable[[TerminalTable], str]


class HintFollower(io.StringIO):
    """Standard input for a human seat: the scripted answers first, then `hint` and the hinted move.

    Every answer is a reply to a prompt the table printed, so a session to the end of the game exercises
    exactly what a person at the keyboard would: notation, the engine's checks, the computer's advice.
    """

    def __init__(self, out: io.StringIO, script: Sequence[Answer] = (), follow: bool = True) -> None:
        super().__init__()
        self.out = out
        self.script = list(script)
        self.follow = follow
        self.table: TerminalTable | None = None
        self.asked_hint = False
        self.answers: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.table is not None
        if self.script:
            answer = self.script.pop(0)
            text = answer(self.table) if callable(answer) else answer
        elif not self.follow:
            return ""  # end of input
        elif self.asked_hint:
            text = HINT_TYPED.findall(self.out.getvalue())[-1]
        else:
            text = "hint"
        self.asked_hint = text == "hint"
        self.answers.append(text)
        return text + "\n"


@dataclass
class Session:
    """A finished terminal game: its exit code, everything printed, and the table object."""

    code: int
    output: str
    table: TerminalTable
    player: HintFollower


def play(argv: Sequence[str], script: Sequence[Answer] = (), follow: bool = True) -> Session:
    """Run one game in-process with a `HintFollower` at the keyboard (ignored with --watch)."""
    config: TableConfig = parse_config(argv)
    out = io.StringIO()
    player = HintFollower(out, script, follow)
    table = TerminalTable(config, player, out)
    player.table = table
    code = table.run()
    return Session(code, out.getvalue(), table, player)
