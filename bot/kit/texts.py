"""Small text helpers shared by messages: counts with the right plural, places, Discord timestamps and
durations, and shared sentences.

The number words (count, plural, ordinal) live in rendering.words, re-exported here; importing this
module still does not import discord.py (only `relative` needs it, and loads it when called).
"""

from __future__ import annotations

import datetime as dt
import re

from locales import SOURCE, t
from locales import duration as cldr_duration
from rendering.words import count, ordinal, plural

__all__ = [
    "ENDED_BY_HOST",
    "ENDED_BY_MANAGER",
    "RESTARTING",
    "RULE_ID",
    "count",
    "duration",
    "end_reason",
    "ended_text",
    "not_saved",
    "ordinal",
    "place_word",
    "plural",
    "relative",
    "restarting",
    "without_rule_ids",
]


def restarting(lang: str) -> str:
    """What a click or a command gets while the bot shuts down (a restart): nothing is started."""
    return t(lang, "Cardroom is restarting right now. Your games are saved; please try again in a minute.")


RESTARTING = restarting(SOURCE)


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


def end_reason(lang: str, reason: str | None) -> str:
    """A stored end reason as a reader reads it: the reasons the bot itself stores are its own sentences,
    translated here (stored in English, so one game's reason reads in every reader's language)."""
    reasons = {
        ENDED_BY_HOST: t(lang, "ended by the host"),
        ENDED_BY_MANAGER: t(lang, "ended by a games manager"),
        "Cancelled by the host.": t(lang, "Cancelled by the host."),
        "The host left and nobody else was seated.": t(lang, "The host left and nobody else was seated."),
        "its lobby never appeared": t(lang, "its lobby never appeared"),
        "nobody started it": t(lang, "nobody started it"),
        "its thread was deleted": t(lang, "its thread was deleted"),
        "its channel was deleted": t(lang, "its channel was deleted"),
        "the host left": t(lang, "the host left"),
        "every player left": t(lang, "every player left"),
    }
    if reason is None:
        return t(lang, "it was stopped")
    return reasons.get(reason, reason)


def ended_text(reason: str | None, host: str | None = None, lang: str = SOURCE) -> str:
    """What a hand of an ended (abandoned) game says instead of its turn: who ended it and that nothing was
    rated. `host` is the host's name as shown in text (escaped), when the host has a seat."""
    if reason == ENDED_BY_HOST:
        if host:
            return t(lang, "**{host}, the host, ended this game.** Nothing was rated.", host=host)
        return t(lang, "**The host ended this game.** Nothing was rated.")
    if reason == ENDED_BY_MANAGER:
        return t(lang, "**A games manager ended this game.** Nothing was rated.")
    return t(lang, "**This game was ended: {reason}.** Nothing was rated.", reason=end_reason(lang, reason))


def not_saved(reason: str, what: str = "", lang: str = SOURCE) -> str:
    """What a player is told when the database refused a write (a full disk...): nothing changed, and
    the same click works once the fault is gone. `reason` comes from data's StorageFault; `what` is
    "that" for any click, else the move."""
    if what == "that":
        return t(lang, "Couldn't save that: {reason}. Nothing was lost; try again shortly.", reason=reason)
    return t(lang, "Couldn't save that move: {reason}. Nothing was lost; try again shortly.", reason=reason)


def place_word(lang: str, place: int) -> str:
    """A finishing place ("2nd") in a reader's language: English keeps its ordinal suffixes
    (rendering.words); the other languages write the place as their catalogs say ("hạng 2", "2.")."""
    if lang == SOURCE:
        return ordinal(place)
    return t(lang, "No. {place}", place=place)


def relative(timestamp: float) -> str:
    """`<t:…:R>`: Discord shows "in 5 minutes" in each reader's own time, with no edits (C.6)."""
    import discord  # here, not at the top: the terminal table imports this module without discord.py

    return discord.utils.format_dt(dt.datetime.fromtimestamp(timestamp, tz=dt.UTC), "R")


def duration(seconds: float, lang: str | None = None) -> str:
    """A rough human duration: "45 s", "5 min", "1 h", "12 h", "3 days"; in a reader's language, CLDR's
    unit words (locales.duration).

    A whole hour reads in hours from the first one, so a list of turn times reads "1 h, 4 h, 12 h"
    rather than "60 min" beside "4 h"; 90 minutes stays "90 min"."""
    if lang is not None:
        return cldr_duration(lang, seconds)
    seconds = int(seconds)
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 3600 or (seconds < 2 * 3600 and seconds % 3600):
        return f"{seconds // 60} min"
    if seconds < 2 * 86400:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"  # 2 or more: under two days reads in hours
