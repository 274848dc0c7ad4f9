"""The /settings panels in every language: Discord's limits hold, and the slash commands' translations."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.kit.languages import CatalogTranslator
from cogs.settings import Settings, describe_guild, describe_user, erasure_text
from data import Erasure, GuildSettings, UserSettings
from locales import LANGUAGES, PSEUDO
from locales.pseudo import marked


def components(view: discord.ui.View) -> list[dict]:
    return [item for row in view.to_components() for item in row["components"]]


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_the_server_panel_holds_discords_limits_in_every_language(lang):
    """Labels ≤ 80, option labels ≤ 100, placeholders ≤ 150, five rows, text ≤ 2,000 (discord-notes C.1),
    pseudo-language included (a third longer than English)."""
    panel = Settings.server_panel(GuildSettings(9, computer_games_count=True, threads=True), "", lang)
    items = components(panel["view"])
    labels = [item["label"] for item in items if "label" in item]
    options = [option["label"] for item in items for option in item.get("options", [])]
    placeholders = [item["placeholder"] for item in items if "placeholder" in item]
    assert max(map(len, labels)) <= 80 and max(map(len, options)) <= 100 and max(map(len, placeholders)) <= 150
    assert len(panel["view"].to_components()) <= 5 and len(panel["content"]) <= 2000


def test_every_line_of_the_settings_reads_through_the_catalog():
    """In the pseudo-language each line of the person's and the server's settings is marked."""
    lines = [
        *describe_user(UserSettings(1, dm_closed=True, leaderboard_opt_out=True), PSEUDO).splitlines(),
        *describe_guild(GuildSettings(9, manager_role_id=5, allowed_channel_ids=frozenset({3})), PSEUDO).splitlines(),
        *erasure_text(Erasure(7, 1, 2, 3, (), 4), 2, PSEUDO).splitlines(),
    ]
    assert [line for line in lines if not marked(line)] == []


def test_the_settings_read_in_vietnamese():
    """A Vietnamese reader's settings say "Ngôn ngữ: Tiếng Việt" and the timer in CLDR's words."""
    assert "• Ngôn ngữ: Tiếng Việt" in describe_user(UserSettings(1, language="vi"), "vi")
    assert "• Thời gian mỗi lượt (ván nhanh): 90 giây" in describe_guild(GuildSettings(9, live_turn_seconds=90), "vi")


async def test_the_translator_names_commands_in_vietnamese_german_and_bulgarian_only():
    """`settings` is `cài-đặt`, `einstellungen`, `настройки`; English and languages without a catalog get
    nothing (Discord then shows the English name)."""
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    found = [
        await translator.translate(app_commands.locale_str("settings"), locale, context)
        for locale in (discord.Locale.vietnamese, discord.Locale.german, discord.Locale.bulgarian)
    ]
    assert found == ["cài-đặt", "einstellungen", "настройки"]
    assert await translator.translate(app_commands.locale_str("settings"), discord.Locale.french, context) is None
    assert await translator.translate(app_commands.locale_str("unknown"), discord.Locale.german, context) is None
