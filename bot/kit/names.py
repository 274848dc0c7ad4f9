"""Display names written into message text: shown as the characters they are, never as formatting.

A name is chosen by its owner, so `**Dave**`, `<@123>` or `@everyone` in it must not bold the bot's
text, look like a mention, or ping anyone. Allowed mentions already stop the ping; escaping stops the
rest. Images draw the raw name (Pillow has no markdown), so escape only where text is composed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import discord

ZERO_WIDTH = "\u200b"
# How a computer player is named, in text and on images (rendering.text draws it as a small robot).
ROBOT = "🤖"


def computer_name(name: str) -> str:
    """A computer seat's name with the robot mark: "🤖 Bob" for the seat a computer took over from Bob
    mid-game; a computer seated in the lobby is already named "🤖 …" and is left as it is."""
    return name if name.startswith(ROBOT) else f"{ROBOT} {name}"


def seat_label(name: str, computer: bool) -> str:
    """A seat's name as every table, hand and standings shows it: marked when a computer plays it now."""
    return computer_name(name) if computer else name


@lru_cache(maxsize=4096)
def shown_name(name: str) -> str:
    """`name` escaped for message text: markdown first, then mention syntax (discord.utils helpers).

    `escape_mentions` covers `@everyone`, `@here` and `<@digits>`; any other `<` is broken with a
    zero-width space too, so `<@dave>`, `<#…>` or `<t:…>` in a name never reads as Discord syntax.
    Cached: every hand drawn escapes its table's names, and the escaping's regular expressions cost more
    than the rest of a hand's text."""
    escaped = discord.utils.escape_mentions(discord.utils.escape_markdown(name))
    return escaped.replace("<", "<" + ZERO_WIDTH)


def shown_names(names: Iterable[str]) -> tuple[str, ...]:
    """`shown_name` for a whole table's seats, in seat order."""
    return tuple(shown_name(name) for name in names)
