"""Plain-text number words shared by messages, images and the terminal table: plurals, counts and
ordinals. No discord and no Pillow here, so every presentation layer (bot, cogs, terminal) can use
the same words and they cannot drift apart."""

from __future__ import annotations

__all__ = ["count", "ordinal", "plural"]

# Nouns whose plural is not the noun plus "s".
_IRREGULAR = {"copy": "copies", "match": "matches", "person": "people", "pass": "passes"}


def plural(number: int, noun: str) -> str:
    """The noun for this many: plural(1, "game") is "game", plural(0 or 2, "game") "games"; the last word
    of "rated game" or "place point" takes the plural."""
    if number == 1:
        return noun
    head, _, last = noun.rpartition(" ")
    many = _IRREGULAR.get(last, f"{last}s")
    return f"{head} {many}" if head else many


def count(number: int, noun: str, *, bold: bool = False) -> str:
    """"1 game", "2 rated games", "0 place points"; `bold` puts the number in Discord bold (**1** game)."""
    shown = f"**{number}**" if bold else str(number)
    return f"{shown} {plural(number, noun)}"


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
