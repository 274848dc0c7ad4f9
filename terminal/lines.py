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

# Third-person verbs the games' sentences use after a seat name, and their "you" form.
_YOU_FORMS = {
    "is": "are",
    "was": "were",
    "has": "have",
    "does": "do",
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
    "scores": "score",
    "gets": "get",
    "holds": "hold",
    "keeps": "keep",
    "undercuts": "undercut",
    "lays": "lay",
    "discards": "discard",
    "may": "may",
}
_VERBS = "|".join(_YOU_FORMS)
_YOU_VERB = re.compile(rf"\bYou ({_VERBS})\b")
_AND_VERB = re.compile(rf"\band ({_VERBS})\b")  # "You holds 3♠ and leads": the second verb, same subject
_CLAUSE = re.compile(r"[^.;:!?]+[.;:!?]*")
_POSSESSIVE = re.compile(r"\bYou's\b")
# "You" inside a sentence, after a word or a comma: "taken by You", "and You undercut", "; You score".
_INSIDE = re.compile(r"(?<=[a-z0-9,;] )(You|Your)\b")


def second_person(line: str) -> str:
    """A sentence about a seat named "You", said to its reader: "You leads Q♦" -> "You lead Q♦", "taken by
    You" -> "taken by you", "Nobody beat You's 7♠" -> "Nobody beat your 7♠".

    The games' words speak of every seat in the third person (the bot posts them to a whole table);
    the terminal's reader is the seat named "You", so its verbs agree and its name reads as a pronoun.
    """

    def clause(match: re.Match[str]) -> str:
        text, agreed = _YOU_VERB.subn(lambda verb: f"You {_YOU_FORMS[verb.group(1)]}", match.group(0))
        if agreed:
            text = _AND_VERB.sub(lambda verb: f"and {_YOU_FORMS[verb.group(1)]}", text)
        return text

    line = _CLAUSE.sub(clause, line)
    line = _POSSESSIVE.sub("Your", line)
    return _INSIDE.sub(lambda word: word.group(1).lower(), line)


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
