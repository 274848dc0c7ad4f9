"""Plain-text number words shared by messages, images and the terminal table: plurals, counts and
ordinals. No discord and no Pillow here, so every presentation layer (bot, cogs, terminal) can use
the same words and they cannot drift apart."""

from __future__ import annotations

from collections.abc import Callable

from babel import Locale
from babel.numbers import format_percent

from locales import LANGUAGES, PSEUDO, SOURCE
from locales.pseudo import pseudo

__all__ = ["count", "ordinal", "percent", "place", "plural"]

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
    """ "1 game", "2 rated games", "0 place points"; `bold` puts the number in Discord bold (**1** game)."""
    shown = f"**{number}**" if bold else str(number)
    return f"{shown} {plural(number, noun)}"


def ordinal(place: int, *, lang: str = "en") -> str:
    """A place as a number word: 1st, 2nd, 3rd, 4th, 11th, 21st in English; 1. (de), thứ 1 (vi), 1-во
    (bg, the neuter of "място"), پہلا/5واں (ur), 1-ლი/მე-2 (ka). CLDR has no numeric ordinals, so each
    language's written convention is spelled here; the pseudo-language marks the English form."""
    if lang in _ORDINALS:
        return _ORDINALS[lang](place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    english = f"{place}{suffix}"
    return pseudo(english) if lang == PSEUDO else english


def _bg(place: int) -> str:
    last = place % 100
    if last in (11, 12, 17, 18) or 13 <= last <= 19:
        return f"{place}-то"
    return f"{place}-" + {1: "во", 2: "ро", 7: "мо", 8: "мо"}.get(place % 10, "то")


_UR = {1: "پہلا", 2: "دوسرا", 3: "تیسرا", 4: "چوتھا", 6: "چھٹا"}
_ORDINALS: dict[str, Callable[[int], str]] = {
    "de": lambda place: f"{place}.",
    "vi": lambda place: f"thứ {place}",
    "bg": _bg,
    "ur": lambda place: _UR.get(place, f"{place}واں"),
    "ka": lambda place: "1-ლი" if place == 1 else f"მე-{place}",
}


def place(lang: str, number: int) -> str:
    """`ordinal` with the reader's language first, as the images call it ("2nd", "2.", "2-ро", "მე-2")."""
    return ordinal(number, lang=lang)


def percent(lang: str, fraction: float) -> str:
    """A share as CLDR writes percentages in `lang` ("45%", "45 %")."""
    return format_percent(fraction, locale=Locale.parse(lang if lang in LANGUAGES else SOURCE))
