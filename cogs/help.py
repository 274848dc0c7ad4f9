"""/rules: a game's rules in short pages, ending with the options the table uses.

Each game's adapter already writes its rules (`rules_text(options)`); this cog cuts them into pages of
a few bullets, so a phone screen shows one page without scrolling, and adds a last page with the
table's options: the open game's in this channel, else the defaults. Rule ids the text cites beside
docs/rules.md are taken out (bot.kit.texts.without_rule_ids): players read words. Pages are
ephemeral (only the asker sees them) and turned with a DynamicItem `cu:<kind>:<page>:<game>` (game
0 = default options), which keeps working after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.flows.lobby import engine_options
from bot.kit.cog_lookup import find_cog
from bot.kit.ids import Scope, scope_pattern, scoped
from bot.kit.languages import reader_language
from bot.kit.texts import without_rule_ids
from bot.moves.adapters import GameAdapter
from cogs.leaderboard import GAME_CHOICES, GAME_DEFAULT, game_played_here
from data import GameNotFound
from locales import SOURCE, number, t
from locales.pseudo import OPEN

if TYPE_CHECKING:
    from bot.process.bot import CardBot

BULLETS_PER_PAGE = 4
BULLET = "•"
RULES_ID = scope_pattern(Scope.RULES, r"(?P<kind>[a-z]{1,20}):(?P<page>[0-9]{1,3}):(?P<game>[0-9]{1,18})")


def rules_pages(text: str, options_line: str) -> list[str]:
    """Cut a rules text into pages: the title line on each page, then `BULLETS_PER_PAGE` bullets.

    Lines that are not bullets after the first bullet (a game's notes on its table options) go to
    the last page, with `options_line`, so the options always read together.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return [options_line]
    title, rest = (lines[0], lines[1:]) if not is_bullet(lines[0]) else ("", lines)
    bullets = [line for line in rest if is_bullet(line)]
    notes = [line for line in rest if not is_bullet(line)]
    chunks = [bullets[i : i + BULLETS_PER_PAGE] for i in range(0, len(bullets), BULLETS_PER_PAGE)]
    pages = ["\n".join([title, *chunk]).strip() for chunk in chunks]
    pages.append("\n".join([title, *notes, options_line]).strip())
    return pages


def is_bullet(line: str) -> bool:
    """Whether a rules line is a bullet; in the pseudo-language each line is marked on its own
    (locales.pseudo), so its bullet follows the opening marker."""
    return line.removeprefix(OPEN).startswith(BULLET)


def options_line(adapter: GameAdapter, options: Mapping[str, Any], game_id: int | None, lang: str = SOURCE) -> str:
    described = adapter.describe_options(options, lang=lang) or t(lang, "standard rules")
    if game_id:
        return t(
            lang, "**Table options** (game #{number} in this channel): {options}.", number=game_id, options=described
        )
    return t(
        lang,
        "**Default options**: {options}. The host can change them when opening a table with `/{command} new`.",
        options=described,
        command=adapter.command_name,
    )


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=RULES_ID):
    """◀ / ▶ on a rules page."""

    def __init__(self, kind: str, page: int, game_id: int, *, label: str, disabled: bool = False) -> None:
        self.kind, self.page, self.game_id = kind, page, game_id
        super().__init__(
            discord.ui.Button(label=label, custom_id=scoped(Scope.RULES, kind, page, game_id), disabled=disabled)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        label = getattr(item, "label", None) or "Page"
        return cls(match["kind"], int(match["page"]), int(match["game"]), label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, Rules)
        if cog is None:
            return
        lang = await reader_language(cog.bot.service.db, interaction)
        await interaction.response.edit_message(**await cog.page(self.kind, self.page, self.game_id, lang))


class Rules(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RulesButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesButton)

    @app_commands.command(
        name="rules", description=locale_str("How to play, in short pages, with this table's options")
    )
    @app_commands.guild_only()
    @app_commands.describe(game=GAME_DEFAULT)
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        db = self.bot.service.db
        here = await db.games.open_in_channel(interaction.channel_id or 0)
        kind = game or await game_played_here(db, interaction.channel_id, interaction.guild_id)
        game_id = here.id if here is not None and here.kind == kind else 0
        lang = await reader_language(db, interaction)
        await interaction.response.send_message(ephemeral=True, **await self.page(kind, 0, game_id, lang))

    async def page(self, kind: str, page: int, game_id: int, lang: str = SOURCE) -> dict[str, Any]:
        """One page with its buttons, in the reader's language. Options come from the stored game, so they
        are the table's own."""
        adapter = self.bot.service.adapters.get(kind)
        if adapter is None:
            return {"content": t(lang, "That game is not available on this bot right now.")}
        options: Mapping[str, Any] = {}
        if game_id:
            try:
                options = engine_options((await self.bot.service.db.games.get(game_id)).options)
            except GameNotFound:
                game_id = 0
        pages = rules_pages(adapter.rules_text(options, lang=lang), options_line(adapter, options, game_id, lang))
        page = max(0, min(page, len(pages) - 1))
        footer = t(lang, "Page {page} of {pages}", page=number(lang, page + 1), pages=number(lang, len(pages)))
        text = without_rule_ids(f"{pages[page]}\n-# {footer}")
        view = discord.ui.View(timeout=None)
        for item in page_buttons(kind, page, len(pages), game_id, lang):
            view.add_item(item)
        return {"content": text[:2000], "view": view}


def page_buttons(kind: str, page: int, pages: int, game_id: int, lang: str = SOURCE) -> Sequence[RulesButton]:
    """◀ and ▶; none for a one-page text (both would carry the same custom id, which Discord refuses)."""
    if pages < 2:
        return []
    previous, following = t(lang, "◀ Previous"), t(lang, "Next ▶")
    return [
        RulesButton(kind, max(page - 1, 0), game_id, label=previous, disabled=page == 0),
        RulesButton(kind, min(page + 1, pages - 1), game_id, label=following, disabled=page >= pages - 1),
    ]


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Rules(bot))
