"""What the terminal prints of the log: new lines only, "You" agreeing with its verb.

Engines log entries that name seats, never people, and keep only a sliding window of recent ones in
each view (Thirteen 30, Carousel 12, Sixty-Six 8); each game's words (`cogs.<kind>.words`, the
`TERMINAL` text's `log`) say them with the players' names, the same sentences the bot posts. The
terminal prints the lines a move added, so a computer player's move, an automatic pass (D-TL-4), a
trick taken or a deal scored all appear as they happen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["added_lines", "second_person"]

HUMAN_DEFAULT_NAME = "You"

# Third-person verbs the games' log sentences use after a seat name, and their "you" form.
_YOU_FORMS = {
    "is": "are",
    "has": "have",
    "leads": "lead",
    "plays": "play",
    "takes": "take",
    "wins": "win",
    "deals": "deal",
    "declares": "declare",
    "exchanges": "exchange",
    "closes": "close",
    "claims": "claim",
    "must": "must",
    "goes": "go",
    "knocks": "knock",
    "draws": "draw",
    "melds": "meld",
    "passes": "pass",
    "chops": "chop",
}
_YOU_VERB = re.compile(r"\bYou (" + "|".join(_YOU_FORMS) + r")\b")


def second_person(line: str) -> str:
    """ "You leads Q♦" -> "You lead Q♦": the words speak of a third person, the human reads "You"."""
    return _YOU_VERB.sub(lambda match: f"You {_YOU_FORMS[match.group(1)]}", line)


def added_lines(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines at the end of `after` that `before` did not have, for two windows of one log.

    A view's log is the last N lines, so `after` is `before` shifted left by the lines that fell off
    plus the new ones: the longest tail of `before` that starts `after` is what both share. (A full
    window of identical lines is ambiguous; no engine writes one.)
    """
    for overlap in range(min(len(before), len(after)), -1, -1):
        if list(before[len(before) - overlap :]) == list(after[:overlap]):
            return list(after[overlap:])
    return list(after)  # pragma: no cover - overlap 0 always matches
