"""Languages in the running bot: whose language an answer takes, the last locale seen from a person, and
the slash commands' names and descriptions in Discord's own languages.

The choice itself is `locales.resolve` (pure); this module only gathers what it needs from an
interaction and the stored settings. The last-seen locale is remembered for DMs sent with no interaction
at hand (a turn notice): a per-process memo of what was last stored per person keeps it to no statement
at all for a click in an unchanged locale, and the statement itself writes only on a change
(`SettingsRepository.note_locale`).
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord
from discord import app_commands

from data import Database, StorageFault
from locales import SOURCE, duration, translations
from locales.resolve import for_dm, for_person, for_server, from_discord

log = logging.getLogger(__name__)

# Discord client languages we translate the slash commands into; Urdu and Georgian are no Discord
# locales, so their readers reach them through /settings language only.
COMMAND_LOCALES: dict[discord.Locale, str] = {
    discord.Locale.vietnamese: "vi",
    discord.Locale.german: "de",
    discord.Locale.bulgarian: "bg",
}


def locale_code(interaction: discord.Interaction) -> str | None:
    """The interaction's Discord locale as Discord spells it ("en-US", "vi"); None when it carries none
    (an interaction built by hand, as the unit tests' fakes are)."""
    locale = getattr(interaction, "locale", None)
    return getattr(locale, "value", None)


def guild_locale_code(interaction: discord.Interaction) -> str | None:
    """The server's preferred locale as the interaction carries it (None in a DM or a hand-made one)."""
    locale = getattr(interaction, "guild_locale", None)
    return getattr(locale, "value", None)


def quick_language(interaction: discord.Interaction) -> str:
    """The language of an answer given without asking the database (a restart, a database fault): the
    interaction's own Discord locale. A stored choice is read by `reader_language` whenever it can be."""
    return for_person(None, locale_code(interaction))


async def reader_language(db: Database, interaction: discord.Interaction) -> str:
    """The language of a private answer to `interaction`: the person's choice, else their Discord locale."""
    mine = await db.settings.user(interaction.user.id)
    return for_person(mine.language, locale_code(interaction))


async def server_language(db: Database, guild_id: int, preferred_locale: str | None) -> str:
    """The language of what a server's tables read: its choice, else its preferred locale."""
    if not guild_id:
        return SOURCE
    server = await db.settings.guild(guild_id)
    return for_server(server.language, preferred_locale)


async def dm_language(db: Database, user_id: int) -> str:
    """The language of a DM sent with no interaction at hand (a turn notice): the person's choice, else
    the last locale seen from them."""
    mine = await db.settings.user(user_id)
    return for_dm(mine.language, mine.seen_locale)


class LocaleMemo:
    """Records the Discord locale of people's interactions, writing only when it changed.

    The memo holds what this process last stored (or found stored) for the most recent people, so a
    click in the same locale as the last one costs nothing; it is bounded, and another process's write
    is at worst repeated once."""

    def __init__(self, db: Database, size: int = 10_000) -> None:
        self._db = db
        self._size = size
        self._last: OrderedDict[int, str] = OrderedDict()

    async def note(self, user_id: int, locale: str) -> None:
        if self._last.get(user_id) == locale:
            self._last.move_to_end(user_id)
            return
        try:
            await self._db.settings.note_locale(user_id, locale)
        except StorageFault as fault:  # a lost locale only means a DM in the previous language
            log.info("the locale of an interaction was not recorded (%s)", fault)
            return
        self._last[user_id] = locale
        self._last.move_to_end(user_id)
        while len(self._last) > self._size:
            self._last.popitem(last=False)


class CatalogTranslator(app_commands.Translator):
    """Slash command names, descriptions, option descriptions and choices from the catalogs, for the
    Discord locales in COMMAND_LOCALES. A string the catalog does not translate stays English (None)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        lang = COMMAND_LOCALES.get(locale)
        if lang is None:
            return None
        template = string.extras.get("template")
        if template is not None:  # a message with durations (bot.flows.lobby.PACE_HELP): filled in `lang`'s words
            said = translations(lang).gettext(template)
            durations = string.extras.get("durations", {})
            return said.format(**{key: duration(lang, seconds) for key, seconds in durations.items()})
        translated = translations(lang).gettext(string.message)
        return translated if translated != string.message else None


__all__ = [
    "COMMAND_LOCALES",
    "CatalogTranslator",
    "LocaleMemo",
    "dm_language",
    "from_discord",
    "guild_locale_code",
    "locale_code",
    "quick_language",
    "reader_language",
    "server_language",
]
