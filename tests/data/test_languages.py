"""Stored languages (migration 0014): a person's choice, the last Discord locale seen, a server's choice."""

from __future__ import annotations

from data import HandDelivery

from .conftest import GUILD


async def test_a_person_reads_no_language_until_they_choose_one(db):
    """A person who never chose follows Discord: no language, no locale seen."""
    mine = await db.settings.user(5)
    assert (mine.language, mine.seen_locale) == (None, None)


async def test_a_chosen_language_is_kept_and_cleared_by_following_discord(db):
    """`/settings language` stores the code; "follow Discord" stores None again."""
    assert (await db.settings.set_language(5, "ur")).language == "ur"
    assert (await db.settings.user(5)).language == "ur"
    assert (await db.settings.set_language(5, None)).language is None


async def test_choosing_a_language_keeps_the_other_settings(db):
    """The language is its own column: hand delivery stays as it was, and another update keeps the language."""
    await db.settings.update_user(5, hand_delivery=HandDelivery.PANEL)
    await db.settings.set_language(5, "ka")
    await db.settings.update_user(5, dm_closed=True)
    mine = await db.settings.user(5)
    assert (mine.hand_delivery, mine.dm_closed, mine.language) == (HandDelivery.PANEL, True, "ka")


async def test_the_last_seen_locale_is_written_only_when_it_changes(db):
    """Noting the same locale twice writes once; a new locale replaces it."""
    assert await db.settings.note_locale(5, "vi") is True
    assert await db.settings.note_locale(5, "vi") is False
    assert await db.settings.note_locale(5, "de") is True
    assert (await db.settings.user(5)).seen_locale == "de"


async def test_a_server_language_is_kept_beside_its_other_settings(db):
    """The server's language survives a change of another server setting, and None clears it."""
    await db.settings.set_guild_language(GUILD, "bg")
    await db.settings.update_guild(GUILD, threads=True)
    stored = await db.settings.guild(GUILD)
    assert (stored.language, stored.threads) == ("bg", True)
    assert (await db.settings.set_guild_language(GUILD, None)).language is None


async def test_erasing_a_person_forgets_their_language(db):
    """Deleting a person's data takes their language and last locale with their settings."""
    await db.settings.set_language(5, "vi")
    await db.settings.note_locale(5, "vi")
    await db.privacy.erase_user(5, at=1.0)
    mine = await db.settings.user(5)
    assert (mine.language, mine.seen_locale) == (None, None)
