"""Small text helpers shared by messages: counts with the right plural, places, Discord timestamps and
durations, and shared sentences.

The number words (count, plural, ordinal) live in rendering.words, re-exported here; importing this
module still does not import discord.py (only `relative` needs it, and loads it when called).
"""

from __future__ import annotations

import datetime as dt
import re

from rendering.words import count, ordinal, plural

__all__ = [
    "ENDED_BY_HOST",
    "ENDED_BY_MANAGER",
    "RESTARTING",
    "RULE_ID",
    "count",
    "duration",
    "ended_text",
    "ordinal",
    "plural",
    "relative",
    "without_rule_ids",
]

# What a click or a command gets while the bot shuts down (a restart): nothing is started.
RESTARTING = "Cardroom is restarting right now. Your games are saved; please try again in a minute."


# A rule id of docs/rules.md ("TL-4", "CA-10", "D-SX-1", "TL-8.7"): for code, tests and docs, never for players.
RULE_ID = re.compile(r"\b(?:D-)?[A-Z]{2,3}-\d+(?:\.\d+)?\b")
# One or more rule ids in brackets, as the games' texts cite them: " (GR-5, D-GR-2)".
_CITED = re.compile(rf"[ \t]*\((?:{RULE_ID.pattern})(?:(?:,\s*|\s+and\s+|/)(?:{RULE_ID.pattern}))*\)")


def without_rule_ids(text: str) -> str:
    """`text` with its bracketed rule-id citations taken out: a rules text written beside docs/rules.md
    cites them, while players read words (the rules page is where the ids mean something)."""
    return _CITED.sub("", text)


# Why `/game end` ended a game, as stored (`GameRecord.end_reason`): no names in free text (delete-my-data).
ENDED_BY_HOST = "ended by the host"
ENDED_BY_MANAGER = "ended by a games manager"


def ended_text(reason: str | None, host: str | None = None) -> str:
    """What a hand of an ended (abandoned) game says instead of its turn: who ended it and that nothing was
    rated. `host` is the host's name as shown in text (escaped), when the host has a seat."""
    if reason == ENDED_BY_HOST:
        who = f"{host}, the host, ended this game" if host else "The host ended this game"
    elif reason == ENDED_BY_MANAGER:
        who = "A games manager ended this game"
    else:
        who = f"This game was ended: {reason or 'it was stopped'}"
    return f"**{who}.** Nothing was rated."


def not_saved(reason: str, what: str = "that move") -> str:
    """What a player is told when the database refused a write (a full disk...): nothing changed, and
    the same click works once the fault is gone. `reason` comes from data's StorageFault."""
    return f"Couldn't save {what}: {reason}. Nothing was lost; try again shortly."


def relative(timestamp: float) -> str:
    """`<t:…:R>`: Discord shows "in 5 minutes" in each reader's own time, with no edits (C.6)."""
    import discord  # here, not at the top: the terminal table imports this module without discord.py

    return discord.utils.format_dt(dt.datetime.fromtimestamp(timestamp, tz=dt.UTC), "R")


def duration(seconds: float) -> str:
    """A rough human duration: "45 s", "5 min", "1 h", "12 h", "3 days".

    A whole hour reads in hours from the first one, so a list of turn times reads "1 h, 4 h, 12 h"
    rather than "60 min" beside "4 h"; 90 minutes stays "90 min"."""
    seconds = int(seconds)
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 3600 or (seconds < 2 * 3600 and seconds % 3600):
        return f"{seconds // 60} min"
    if seconds < 2 * 86400:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"  # 2 or more: under two days reads in hours
