"""Cardroom's languages: gettext catalogs read with Babel, and CLDR's numbers, plurals and durations.

Every message is rendered for a given reader: each function takes the language code first, and nothing
here holds a "current language", so one pass can write a player's hand in Vietnamese and the table in
German. English is the source (the msgids); `vi`, `de`, `bg`, `ur` and `ka` are `.po` catalogs in
`locales/catalogs/<lang>/LC_MESSAGES/cardroom.po`, compiled in memory the first time a language is used
(no build step); `qps` is a pseudo-language made from the source at lookup time (locales.pseudo), which
the tests use to find text that bypasses the catalogs.

Messages use `str.format` placeholders (`{name}`), filled after translation so a translator may move
them. `python -m locales.refresh` re-extracts the template from the calls to `t`, `tn` and `locale_str`
and merges it into every catalog (design §10). This package imports nothing of ours and no discord, so
rendering/, terminal/ and cogs/ words can all use it.
"""

from __future__ import annotations

import gettext
import io
import logging
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Literal

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.units import format_unit

from .pseudo import PSEUDO, PseudoTranslations

log = logging.getLogger(__name__)

SOURCE = "en"
# The languages a reader may choose; the order is the one /settings language offers.
LANGUAGES: tuple[str, ...] = ("en", "vi", "de", "bg", "ur", "ka")
TRANSLATED: tuple[str, ...] = LANGUAGES[1:]
# Each language in its own words (the names are never translated: a reader finds their own).
NAMES: dict[str, str] = {
    "en": "English",
    "vi": "Tiếng Việt",
    "de": "Deutsch",
    "bg": "Български",
    "ur": "اردو",
    "ka": "ქართული",
    PSEUDO: "Pseudo",
}
DOMAIN = "cardroom"
CATALOGS = Path(__file__).resolve().parent / "catalogs"

__all__ = [
    "CATALOGS",
    "DOMAIN",
    "LANGUAGES",
    "NAMES",
    "PSEUDO",
    "SOURCE",
    "TRANSLATED",
    "catalog_path",
    "day",
    "decimal",
    "duration",
    "known",
    "listing",
    "month",
    "number",
    "plural_category",
    "t",
    "tn",
    "translations",
]


def known(code: str | None) -> bool:
    """Whether `code` is a language this package renders (the pseudo-language included)."""
    return code in LANGUAGES or code == PSEUDO


def catalog_path(lang: str) -> Path:
    return CATALOGS / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang`, read from its .po once per process. English (and any unknown code)
    is the source itself; the pseudo-language wraps the source, so it needs no file."""
    if lang == PSEUDO:
        return PseudoTranslations()
    if lang not in TRANSLATED:
        return gettext.NullTranslations()
    with catalog_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)  # a fuzzy entry is a guess: the source is shown instead
    compiled.seek(0)
    log.debug("catalog %s loaded: %d messages", lang, len(catalog))
    return gettext.GNUTranslations(compiled)


def t(lang: str, message: str, /, **values: object) -> str:
    """`message` in `lang`, its `{placeholders}` filled from `values`."""
    text = translations(lang).gettext(message)
    return text.format(**values) if values else text


def tn(lang: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of `singular`/`plural` that CLDR's plural rule of `lang` picks for `n`; `{n}` is the number
    written the language's way."""
    text = translations(lang).ngettext(singular, plural, n)
    return text.format(n=number(lang, n), **values)


def _cldr(lang: str) -> Locale:
    """The CLDR locale behind `lang` (the pseudo-language counts and dates as English)."""
    return Locale.parse(lang if lang in LANGUAGES else SOURCE)


def number(lang: str, value: float) -> str:
    """A number with the language's digits and separators (1,234.5 / 1.234,5 / 1 234,5)."""
    return format_decimal(value, locale=_cldr(lang))


def decimal(lang: str, value: float, places: int = 2) -> str:
    """A number with exactly `places` decimals, the language's way ("2.00", "2,00")."""
    return (
        format_decimal(value, format="#,##0." + "0" * places, locale=_cldr(lang))
        if places
        else number(lang, round(value))
    )


def plural_category(lang: str, n: float) -> str:
    """CLDR's plural category of `n` in `lang`: "one", "few", "many", "other"..."""
    return _cldr(lang).plural_form(n)


def day(lang: str, value: date | datetime) -> str:
    """A date as the language writes it in full sentences (CLDR's medium format)."""
    return format_date(value, format="medium", locale=_cldr(lang))


def month(lang: str, value: date | datetime) -> str:
    """A month and its year as the language names them standing alone ("December 2026", "tháng 12 năm 2026")."""
    return format_date(value, format="LLLL y", locale=_cldr(lang))


# Largest unit first; a duration is told in the largest unit that reads without a fraction worth keeping.
_UNITS = (("duration-day", 86400), ("duration-hour", 3600), ("duration-minute", 60), ("duration-second", 1))


def duration(lang: str, seconds: float) -> str:
    """A short duration in CLDR's unit words: "45 sec", "5 min", "4 hr", "3 days" in English.

    Under two minutes it reads in seconds, under two hours in minutes unless it is whole hours, under
    two days in hours: a list of turn timers then reads "1 hr, 4 hr, 12 hr" and 90 minutes stays 90 min."""
    whole = int(seconds)
    if whole < 120:
        unit, size = _UNITS[3]
    elif whole < 3600 or (whole < 2 * 3600 and whole % 3600):
        unit, size = _UNITS[2]
    elif whole < 2 * 86400:
        unit, size = _UNITS[1]
    else:
        unit, size = _UNITS[0]
    # Days read in full ("3 days"): CLDR's short day ("3 days" in English, "3 Tg." in German) is terse.
    if unit == "duration-day":
        return format_unit(whole // size, unit, length="long", locale=_cldr(lang))
    return format_unit(whole // size, unit, length="short", locale=_cldr(lang))


def listing(lang: str, items: list[str], *, style: Literal["standard", "or"] = "standard") -> str:
    """Items joined the language's way ("a, b and c", "a, b und c"), from CLDR's list patterns; `style="or"`
    offers them as choices ("a, b, or c", "a, b oder c")."""
    return format_list(items, style=style, locale=_cldr(lang)) if items else ""
