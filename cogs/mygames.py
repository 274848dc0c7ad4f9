"""/games: every table a person sits at, in every server, the ones waiting for them first.

A person in casual games sits at several tables across servers; this is the one place that lists
them all, privately, and works in a DM with the bot too. Each table shows its game and number, server
and channel or thread, whose turn it is, the deadline as a Discord timestamp (each reader's own time,
no edits: discord-notes C.6), a link to the table and a button opening the person's hand (the same
"My hand" control the table message carries, so the click takes the router's one path and answers
with the private hand panel wherever it is pressed). Games ended in the last days follow, with the
place the person finished in.

The answer is one Components V2 card: a section per table, whose accessory is the hand button. Past
`PAGE_SIZE` tables it is paged with ◀/▶ buttons, a DynamicItem of its own (`cg:<page>:<direction>`), so
paging keeps working after a restart; a page is drawn for whoever presses it, from the database.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.kit.cog_lookup import find_cog
from bot.kit.components import button
from bot.kit.ids import ComponentId, Scope, TableAction, scope_pattern, scoped
from bot.kit.languages import quick_language, reader_language
from bot.kit.layout import MAX_COMPONENTS, MAX_TEXT
from bot.kit.names import seat_label, shown_name
from bot.kit.texts import place_word, relative
from bot.moves.service import Loaded
from data import GameRecord, GameStatus, Seat
from data.mytables import FinishedTable, tables_of
from games import registry
from locales import SOURCE, listing, number, t, tn

if TYPE_CHECKING:
    from bot.process.bot import CardBot

log = logging.getLogger(__name__)

# Tables per page: a section each (3 components) keeps a page far inside 40 components, and five
# tables' lines with their links inside the 4,000 characters of text (discord-notes C.1).
PAGE_SIZE = 5
RECENT_DAYS = 7
DAY = 24 * 60 * 60
# Ended games listed under the last page: a week of casual play, kept inside the text budget.
FINISHED_SHOWN = 15
ACCENT = discord.Colour.blurple()
PAGE_ID = scope_pattern(Scope.MY_GAMES, r"(?P<page>\d{1,4}):(?P<direction>[pn])")


@dataclass(frozen=True, slots=True)
class Listed:
    """One open table as the list shows it: the record, who is on turn and the real deadline."""

    loaded: Loaded
    on_turn: Seat | None
    deadline: float | None
    mine: bool  # the person is on turn here

    @property
    def record(self) -> GameRecord:
        return self.loaded.record


def ordered(tables: Sequence[Listed]) -> list[Listed]:
    """The tables waiting for the person first, then other running games, then lobbies; within each,
    the nearest deadline first (none last), then the oldest table."""

    def key(entry: Listed) -> tuple[int, float, int]:
        group = 0 if entry.mine else 1 if entry.record.status is GameStatus.ACTIVE else 2
        return group, entry.deadline if entry.deadline is not None else math.inf, entry.record.id

    return sorted(tables, key=key)


def page_count(open_tables: int) -> int:
    return max(1, math.ceil(open_tables / PAGE_SIZE))


def no_tables_text(lang: str = SOURCE) -> str:
    """What a person at no table reads: how to start one."""
    commands_ = listing(lang, [f"`/{game.command} new`" for game in registry.games()])
    return t(
        lang,
        "You aren't sitting at any table right now. Start one in a server channel with {commands}, or play "
        "against the computer at once from `/cardroom`.",
        commands=commands_,
    )


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_ID):
    """◀ or ▶ of a /games answer; draws the page for whoever presses it."""

    def __init__(self, page: int, direction: str, *, disabled: bool = False, lang: str = SOURCE) -> None:
        self.page, self.direction = page, direction
        super().__init__(
            discord.ui.Button(
                label=t(lang, "◀ Previous") if direction == "p" else t(lang, "Next ▶"),
                custom_id=scoped(Scope.MY_GAMES, page, direction),
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(int(match["page"]), match["direction"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = find_cog(interaction.client, MyGames)
        if cog is None:
            text = t(quick_language(interaction), "Your games list is not available right now.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        lang = await reader_language(cog.bot.service.db, interaction)
        await interaction.response.defer()  # a deferred update: the page is read from the database below
        view = await cog.games_view(interaction.user.id, self.page, lang)
        if view is None:
            await interaction.edit_original_response(content=no_tables_text(lang), view=None)
        else:
            await interaction.edit_original_response(view=view)


class MyGames(commands.Cog):
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PageButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PageButton)

    # Anywhere: in a server and in a DM with the bot (the one place to see tables of every server).
    @app_commands.command(
        name="games", description=locale_str("Every table you sit at, in every server: your turn first")
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def games(self, interaction: discord.Interaction) -> None:
        lang = await reader_language(self.bot.service.db, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await self.games_view(interaction.user.id, 0, lang)
        if view is None:
            await interaction.followup.send(no_tables_text(lang), ephemeral=True)
            return
        await interaction.followup.send(view=view, ephemeral=True)

    async def listed(self, user_id: int) -> tuple[list[Listed], tuple[FinishedTable, ...]]:
        """The person's open tables in list order, and their games ended in the last days."""
        service = self.bot.service
        found = await tables_of(service.db, user_id, finished_since=service.clock() - RECENT_DAYS * DAY)
        entries: list[Listed] = []
        for record in found.open:
            if record.kind not in service.adapters:  # a game this bot no longer offers cannot be drawn or played
                log.info("game %d of kind %r is left out of /games", record.id, record.kind)
                continue
            loaded = await service.load(record.id) if record.status is GameStatus.ACTIVE else Loaded(record, None)
            on_turn = loaded.seat_at_turn()
            mine = on_turn is not None and on_turn.user_id == user_id and not on_turn.is_computer
            deadline = (
                service.turn_deadline(loaded.record) if loaded.record.status is GameStatus.ACTIVE else record.deadline
            )
            entries.append(Listed(loaded, on_turn, deadline, mine))
        return ordered(entries), found.finished

    async def games_view(self, user_id: int, page: int, lang: str = SOURCE) -> discord.ui.LayoutView | None:
        """Page `page` (clamped) of the person's list as a V2 card; None when they sit at no table and
        finished none lately."""
        entries, finished = await self.listed(user_id)
        if not entries and not finished:
            return None
        pages = page_count(len(entries))
        page = min(max(page, 0), pages - 1)
        shown = entries[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
        waiting = sum(entry.mine for entry in entries)
        summary = self.summary(len(entries), waiting, lang)
        if pages > 1:
            summary = t(
                lang, "{summary} · page {page} of {pages}", summary=summary, page=number(lang, page + 1), pages=pages
            )
        header = "## " + t(lang, "Your tables") + "\n" + summary
        container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=ACCENT)
        container.add_item(discord.ui.TextDisplay(header))
        used_text = len(header)
        for entry in shown:
            text = self.table_text(entry, lang)
            used_text += len(text)
            container.add_item(self.section(entry, text, lang))
        if finished and page == pages - 1:
            text = self.finished_text(finished, lang)[: max(0, MAX_TEXT - used_text)]
            if text:
                container.add_item(discord.ui.Separator())
                container.add_item(discord.ui.TextDisplay(text))
        if pages > 1:
            container.add_item(
                discord.ui.ActionRow(
                    PageButton(max(page - 1, 0), "p", disabled=page == 0, lang=lang),
                    PageButton(min(page + 1, pages - 1), "n", disabled=page == pages - 1, lang=lang),
                )
            )
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        assert len(list(view.walk_children())) <= MAX_COMPONENTS
        return view

    @staticmethod
    def summary(tables: int, waiting: int, lang: str = SOURCE) -> str:
        if tables == 0:
            return t(lang, "You aren't sitting at any table right now.")
        if waiting == 0:
            return tn(
                lang,
                "You sit at {n} table; none is waiting for you.",
                "You sit at {n} tables; none is waiting for you.",
                tables,
            )
        seated = tn(lang, "You sit at {n} table", "You sit at {n} tables", tables)
        return tn(
            lang, "{seated}; **{n} waiting for you**.", "{seated}; **{n} waiting for you**.", waiting, seated=seated
        )

    def table_text(self, entry: Listed, lang: str = SOURCE) -> str:
        """ "**Thirteen** #12 in #games on Server · [table](link)", then whose turn and the deadline."""
        record = entry.record
        location = self.bot.hands.location(entry.loaded, lang)
        if record.status is GameStatus.LOBBY:
            people = sum(not seat.is_computer for seat in record.seats)
            if entry.deadline is not None:
                status = tn(
                    lang,
                    "waiting to start · {n} seated · closes {deadline}",
                    "waiting to start · {n} seated · closes {deadline}",
                    people,
                    deadline=relative(entry.deadline),
                )
            else:
                status = tn(lang, "waiting to start · {n} seated", "waiting to start · {n} seated", people)
        else:
            if entry.mine:
                status = t(lang, "⏰ **your turn**")
            elif entry.on_turn is not None:
                name = shown_name(seat_label(entry.on_turn.display_name, entry.on_turn.is_computer))
                status = t(lang, "{name}'s turn", name=name)
            else:
                status = t(lang, "between turns")
            if entry.deadline is not None:
                status = t(lang, "{status} · due {deadline}", status=status, deadline=relative(entry.deadline))
        return f"{location}\n{status}"

    @staticmethod
    def section(entry: Listed, text: str, lang: str = SOURCE) -> discord.ui.Section[Any] | discord.ui.TextDisplay[Any]:
        """A running table's text with its hand button beside it; a lobby has no hand yet."""
        if entry.record.status is not GameStatus.ACTIVE:
            return discord.ui.TextDisplay(text)
        # Version 0, as on the table message: the hand control is never out of date (bot.projection.table).
        style = discord.ButtonStyle.primary if entry.mine else discord.ButtonStyle.secondary
        label = t(lang, "My hand #{number}", number=entry.record.id)
        hand = button(ComponentId(entry.record.id, 0, TableAction.HAND), label, style=style)
        return discord.ui.Section(discord.ui.TextDisplay(text), accessory=hand)

    def finished_text(self, finished: Sequence[FinishedTable], lang: str = SOURCE) -> str:
        lines = [tn(lang, "**Ended in the last {n} day**", "**Ended in the last {n} days**", RECENT_DAYS)]
        for entry in finished[:FINISHED_SHOWN]:
            record = entry.game
            adapter = self.bot.service.adapters.get(record.kind)
            title = adapter.name(lang, record.options) if adapter is not None else record.kind
            if entry.place is not None:
                result = t(lang, "{place} of {players}", place=place_word(lang, entry.place), players=record.players)
            else:
                result = t(lang, "ended, not scored")
            server = self.bot.hands.server_name(record)
            if server is not None:
                line = t(
                    lang,
                    "**{game}** #{number} on {server} · {result}",
                    game=title,
                    number=record.id,
                    server=server,
                    result=result,
                )
            else:
                line = t(lang, "**{game}** #{number} · {result}", game=title, number=record.id, result=result)
            if record.ended_at is not None:
                line = t(lang, "{line} · {when}", line=line, when=relative(record.ended_at))
            lines.append(line)
        if len(finished) > FINISHED_SHOWN:
            lines.append(tn(lang, "… and {n} more", "… and {n} more", len(finished) - FINISHED_SHOWN))
        return "\n".join(lines)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(MyGames(bot))
