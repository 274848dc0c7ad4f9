"""Small text helpers shared by messages: counts with the right plural, places, Discord timestamps and
durations, and shared sentences.

The number words (count, plural, ordinal) live in rendering.words, re-exported here; importing this
module still does not import discord.py (only `relative` needs it, and loads it when called).
"""

from __future__ import annotations

import datetime as dt

from rendering.words import count, ordinal, plural

__all__ = ["RESTARTING", "count", "duration", "ordinal", "plural", "relative"]

# What a click or a command gets while the bot shuts down (a restart): nothing is started.
RESTARTING = "Cardroom is restarting right now. Your games are saved; please try again in a minute."


def not_saved(reason: str, what: str = "that move") -> str:
    """What a player is told when the database refused a write (a full disk...): nothing changed, and
    the same click works once the fault is gone. `reason` comes from data's StorageFault."""
    return f"Couldn't save {what}: {reason}. Nothing was lost; try again shortly."


def relative(timestamp: float) -> str:
    """`<t:…:R>`: Discord shows "in 5 minutes" in each reader's own time, with no edits (C.6)."""
    import discord  # here, not at the top: the terminal table imports this module without discord.py

    return discord.utils.format_dt(dt.datetime.fromtimestamp(timestamp, tz=dt.UTC), "R")


def duration(seconds: float) -> str:
    """A rough human duration: "45 s", "5 min", "12 h", "3 days"."""
    seconds = int(seconds)
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 2 * 3600:
        return f"{seconds // 60} min"
    if seconds < 2 * 86400:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"  # 2 or more: under two days reads in hours
