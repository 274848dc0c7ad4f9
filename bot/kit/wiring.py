"""What the bot's parts take from one another: small Protocols, so no part reaches back through the bot.

`CardBot.setup_hook` (bot.process.bot) is the composition root: it builds the game service, then the table
updater, the hand drawer, the reconciler, the lobby, the endings, the confirmations, the sweeper, the
router and the quick start, handing each the collaborators it works with. Each part names here the
slice of a collaborator it uses, so a test can hand it a tiny fake instead of the offline Discord, and
none of them imports bot.process.bot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

if TYPE_CHECKING:
    from bot.moves.service import Loaded


class Channels(Protocol):
    """The slice of discord.Client that edits or posts a message by id, with no cache or fetch (its
    low-level `http` too: bot.kit.payloads sends ready JSON through it)."""

    http: discord.http.HTTPClient

    @property
    def allowed_mentions(self) -> discord.AllowedMentions | None: ...

    @property
    def application_id(self) -> int | None: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...


class Guilds(Protocol):
    """The slice of discord.Client that names a server (every DM hand says where it belongs)."""

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


class Marks(Protocol):
    """Asks for a pass over a game's messages (bot.projection.reconciler): the messages follow the stored game."""

    def mark_dirty(self, game_id: int) -> None: ...


class TablePosts(Protocol):
    """The slice of the table updater (bot.projection.table) that a Start uses: draw the table, post it, or note
    that the lobby message was turned into it."""

    async def message(self, loaded: Loaded) -> tuple[str, discord.File, list[discord.ui.Item[Any]]]: ...

    def shown(self, loaded: Loaded) -> None: ...

    async def post(self, loaded: Loaded, channel_id: int) -> discord.Message: ...


class ThreadOpener(Protocol):
    """Opens a game's own thread for a new table (bot.projection.threads): (its id, "") or (None, why not)."""

    async def open(self, interaction: discord.Interaction, title: str) -> tuple[int | None, str]: ...

    async def rename(self, game_id: int, thread_id: int, name: str) -> None: ...


class Leaves(Protocol):
    """A player leaving a running game (bot.projection.endings): a computer takes the seat."""

    async def leave(self, loaded: Loaded, seat: int, name: str) -> None: ...


class TableStarts(Protocol):
    """Turns a dealt game into a table (bot.flows.lobby): posted, the hands on their way, the first computer
    seat woken. Returns what the host should be told about where the table went ("" when as asked)."""

    async def begin(self, loaded: Loaded, interaction: discord.Interaction | None = None) -> str: ...
