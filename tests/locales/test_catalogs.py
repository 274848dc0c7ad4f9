"""The catalogs (locales/catalogs): complete, settled, faithful to the source's placeholders, within
Discord's limits in every language, and up to date with the code."""

from __future__ import annotations

import string
import unicodedata
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from locales import TRANSLATED, catalog_path
from locales.refresh import ROOT, SOURCES, TEMPLATE

# Discord's limit (discord-notes C.1) for a description, an option's description or a choice: 100.
OPTION = 100


def load(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=lang)


def messages(lang: str) -> list[Message]:
    return [m for m in load(catalog_path(lang), lang) if m.id]


def forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]


def ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def code_messages() -> set[str]:
    """The msgids the code asks for today (the first id of a plural), as `python -m locales.refresh` finds them."""
    keywords = {"t": (2,), "tn": (2, 3), "locale_str": (1,)}
    found: set[str] = set()
    for source in SOURCES:
        for _, _, message, _, _ in extract_from_dir(
            ROOT / source, method_map=[("**.py", "python")], keywords=keywords, comment_tags=()
        ):
            found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_the_template_holds_every_message_the_code_asks_for():
    """A message added to the code without `python -m locales.refresh` is missing here."""
    template = {ids(m)[0] for m in load(TEMPLATE) if m.id}
    assert code_messages() == template


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_the_template_is_in_the_catalog(lang):
    """Each catalog holds exactly the template's messages (refreshed after the last extract)."""
    template = {ids(m)[0] for m in load(TEMPLATE) if m.id}
    assert {ids(m)[0] for m in messages(lang)} == template


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    """No empty translation (in any plural form) and no fuzzy guess left by a refresh."""
    untranslated = [m.id for m in messages(lang) if not all(forms(m))]
    fuzzy = [m.id for m in messages(lang) if m.fuzzy]
    assert (untranslated, fuzzy) == ([], [])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_translation_has_the_placeholders_of_its_source(lang):
    """`{name}` fields are filled after translation: a missing or renamed one would fail to format."""
    wrong = [
        (m.id, text)
        for m in messages(lang)
        for text in forms(m)
        if fields(text) != fields(ids(m)[-1]) | ({"n"} if "{n}" in ids(m)[0] else set())
    ]
    assert wrong == []


def command_messages() -> set[str]:
    """The slash command strings (names, descriptions, choices): the calls to discord's `locale_str`."""
    found: set[str] = set()
    for source in SOURCES:
        for _, _, message, _, _ in extract_from_dir(
            ROOT / source, method_map=[("**.py", "python")], keywords={"locale_str": None}, comment_tags=()
        ):
            found.add(message[0] if isinstance(message, tuple) else message)
    return found


def valid_name(text: str) -> bool:
    """Discord's rule for command and option names, `^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, in lower
    case where the script has case."""

    def allowed(char: str) -> bool:
        deva_or_thai = 0x0900 <= ord(char) <= 0x097F or 0x0E00 <= ord(char) <= 0x0E7F
        return char in "-_" or unicodedata.category(char)[0] in "LN" or deva_or_thai

    return 1 <= len(text) <= 32 and all(map(allowed, text)) and text == text.lower()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_command_strings_stay_within_discords_limits(lang):
    """A command's description, an option's description and a choice's name hold 100 characters, and a
    name (an English string that is one) stays a valid lower-case name of at most 32."""
    commands = command_messages()
    strings = {m.id: m.string for m in messages(lang) if isinstance(m.id, str) and m.id in commands}
    too_long = [text for text in strings.values() if len(text) > OPTION]
    bad_names = [text for source, text in strings.items() if valid_name(source) and not valid_name(text)]
    assert (too_long, bad_names) == ([], [])


def test_the_name_rule_refuses_what_discord_refuses():
    """Spaces, capitals, combining accents and 33 characters are refused; Vietnamese, Cyrillic, Georgian
    and Urdu letters pass."""
    assert [valid_name(n) for n in ("cài-đặt", "настройки", "პარამეტრები", "ترتیبات", "einstellungen")] == [True] * 5
    assert [valid_name(n) for n in ("two words", "Settings", "ca\u0300i", "x" * 33, "")] == [False] * 5
