"""Tiny stand-ins for what the bot's parts take from one another (bot.kit.wiring): no Discord at all.

Each part is built as `CardBot.setup_hook` builds it, with these in place of the client, the
reconciler and the interaction; the game service and a temporary database are real.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.kit.refusals import Refusal, Refused
from bot.kit.transport import Post, Sent
from bot.moves.adapters import Panel
from bot.moves.service import GameService, Loaded
from bot.process.config import Tuning
from cogs.thirteen.adapter import ThirteenAdapter
from data import Database, GameRecord, TurnTimer
from games.base import Move

ADAPTER = ThirteenAdapter  # the concrete game the shared parts are tested on
KIND = ADAPTER.kind
USERS = (101, 102)
GUILD, CHANNEL, TABLE, THREAD = 1, 2, 3000, 4000


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Marks:
    """Records the games a part asked the reconciler to pass over."""

    def __init__(self) -> None:
        self.marked: list[int] = []

    def mark_dirty(self, game_id: int) -> None:
        self.marked.append(game_id)


@dataclass
class FakeMessage:
    id: int
    channel: FakeChannel
    edits: list[dict[str, Any]] = field(default_factory=list)

    async def edit(self, **kwargs: Any) -> FakeMessage:
        self.channel.requests.append(("edit", self.id))
        if self.channel.refuse is not None:
            raise self.channel.refuse
        self.edits.append(kwargs)
        return self


class FakeChannel:
    def __init__(self, channel_id: int, requests: list[tuple[str, int]]) -> None:
        self.id = channel_id
        self.requests = requests
        self.refuse: Exception | None = None
        self.messages: dict[int, FakeMessage] = {}
        self.sent: list[dict[str, Any]] = []

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return self.messages.setdefault(message_id, FakeMessage(message_id, self))

    async def send(self, **kwargs: Any) -> FakeMessage:
        self.requests.append(("send", self.id))
        self.sent.append(kwargs)
        return self.get_partial_message(TABLE + len(self.sent))


class Channels:
    """`bot.kit.wiring.Channels`: every request a part makes to a channel, recorded in order."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, int]] = []
        self.channels: dict[int, FakeChannel] = {}

    def get_partial_messageable(self, id: int, **_: Any) -> FakeChannel:
        return self.channels.setdefault(id, FakeChannel(id, self.requests))


class Cards:
    """`bot.kit.payloads.CardEdits` over the fake channels and clicks: an edit by id is recorded as the
    channel's `edit` request (refused as the channel refuses), one through a click as that click's edit."""

    mentions = None

    def __init__(self, channels: Channels) -> None:
        self.channels = channels

    async def edit(self, channel_id: int, message_id: int, params: Any) -> dict[str, Any]:
        message = self.channels.get_partial_messageable(channel_id).get_partial_message(message_id)
        await message.edit(params=params)
        return {"id": str(message_id), "channel_id": str(channel_id), "attachments": []}

    async def edit_original(self, interaction: Any, params: Any) -> dict[str, Any]:
        await interaction.edit_original_response(params=params)
        return {"id": str(interaction.message.id), "attachments": []}


def sent_items(view: Any) -> list[Any]:
    """Every component of a view as it was sent: the bot unlinks a view from its items once sent (a
    test's stand-in for a view, such as a lobby card drawn as text, has none)."""
    walk = getattr(view, "walk_children", None)
    return [] if walk is None else list(walk())


class Response:
    def __init__(self) -> None:
        self.type: discord.InteractionResponseType | None = None
        self.said: list[str] = []
        self.sent: list[dict[str, Any]] = []  # every message sent as the response, with its view
        self.edited: list[dict[str, Any]] = []  # every update of the clicked message

    def is_done(self) -> bool:
        return self.type is not None

    async def defer(self, **_: Any) -> None:
        self.type = discord.InteractionResponseType.deferred_message_update

    async def send_message(self, content: str = "", **kwargs: Any) -> None:
        self.type = discord.InteractionResponseType.channel_message
        self.said.append(content)
        self.sent.append({"content": content, **kwargs, "items": sent_items(kwargs.get("view"))})

    async def edit_message(self, **kwargs: Any) -> None:
        self.type = discord.InteractionResponseType.message_update
        self.edited.append(kwargs)


class Followup:
    def __init__(self) -> None:
        self.said: list[str] = []
        self.sent: list[dict[str, Any]] = []

    async def send(self, content: str = "", **kwargs: Any) -> None:
        self.said.append(content)
        self.sent.append({"content": content, **kwargs})


@dataclass
class User:
    id: int
    display_name: str = "Player"


@dataclass
class Clicked:
    id: int
    components: list[Any] = field(default_factory=list)
    attachments: list[Any] = field(default_factory=list)


@dataclass(frozen=True)
class Guild:
    """The server an interaction came from, as discord.py has it in the shard's cache."""

    id: int
    name: str


class Interaction:
    """A click: who, on which message, in a server channel (so a hand is an ephemeral panel) or a DM."""

    def __init__(self, user_id: int, message_id: int = 1, *, guild_id: int | None = GUILD) -> None:
        self.user = User(user_id)
        self.message = Clicked(message_id)
        self.guild_id = guild_id
        self.guild = Guild(guild_id, "Test Server") if guild_id is not None else None
        self.channel_id = CHANNEL if guild_id is not None else None
        self.data: dict[str, Any] = {"component_type": 2}
        self.response = Response()
        self.followup = Followup()
        self.edits: list[dict[str, Any]] = []
        self.refuse: Exception | None = None
        self.extras: dict[str, Any] = {}  # as discord.Interaction's: bot.kit.acks keeps its deferral there
        self.id = 10_000 + message_id  # the interaction's own id

    async def edit_original_response(self, **kwargs: Any) -> Clicked:
        if self.refuse is not None:
            raise self.refuse
        self.edits.append(kwargs)
        return self.message

    async def original_response(self) -> FakeMessage:
        """The message the response made (a rematch's lobby), in the server channel."""
        return FakeMessage(TABLE + 500, FakeChannel(CHANNEL, []))

    def said(self) -> list[str]:
        """Every text answer (ephemeral notes), however it was sent."""
        return [*self.response.said, *self.followup.said]


class Tables:
    """`bot.kit.wiring.TablePosts`: draws a one-line table, records where it was posted; a channel in
    `refuse` answers 50013, as a thread does once the bot may no longer send in it."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.posted: list[tuple[int, int]] = []  # (game id, channel id)
        self.shown_games: list[int] = []
        self.refuse: set[int] = set()

    async def message(self, loaded: Loaded) -> tuple[str, discord.File, list[Any]]:
        return f"table #{loaded.record.id}\nits status", discord.File(io.BytesIO(b"png"), "table.png"), []

    def shown(self, loaded: Loaded) -> None:
        self.shown_games.append(loaded.record.id)

    async def post(self, loaded: Loaded, channel_id: int) -> FakeMessage:
        if channel_id in self.refuse:
            raise Refused(Refusal.CHANNEL_LOST, http_error(403, 50013))
        self.posted.append((loaded.record.id, channel_id))
        message = FakeMessage(TABLE + 100 + len(self.posted), FakeChannel(channel_id, []))
        await self.service.db.games.set_table_message(loaded.record.id, channel_id, message.id)
        return message


class Threads:
    """`bot.kit.wiring.ThreadOpener`: answers every open with the same thread id (or None and why not)."""

    def __init__(self, thread_id: int | None = THREAD, notice: str = "") -> None:
        self.thread_id = thread_id
        self.notice = notice
        self.opened: list[str] = []  # the titles of the tables a thread was asked for
        self.renamed: list[str] = []  # the full names given once the game had its number

    async def open(self, interaction: Any, title: str) -> tuple[int | None, str]:
        self.opened.append(title)
        return self.thread_id, self.notice

    async def rename(self, game_id: int, thread_id: int, name: str) -> None:
        self.renamed.append(name)


class MatchThreads:
    """`bot.flows.tournaments.MatchThreads`: a thread of its own for each match, every one opened in order."""

    def __init__(self) -> None:
        self.opened: list[int] = []

    async def open_in(self, channel_id: int, name: str) -> int | None:
        self.opened.append(THREAD + len(self.opened))
        return self.opened[-1]


class Transport:
    """`bot.kit.transport.Transport`: records every request the reconciler makes, answers each with a new id."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def _sent(self, kind: str, what: Any, channel_id: int) -> Sent:
        self.calls.append((kind, what))
        return Sent(channel_id, 9000 + len(self.calls))

    async def send_dm(
        self,
        user_id: int,
        panel: Panel,
        *,
        channel_id: int | None = None,
        nonce: str | None = None,
        silent: bool = False,
    ) -> Sent:
        return self._sent("send_dm", panel, channel_id or 5000 + user_id)

    async def find_hand(self, user_id: int, channel_id: int | None, game_id: int, version: int) -> Sent | None:
        self.calls.append(("find_hand", (user_id, game_id, version)))
        return None

    async def edit_panel(self, channel_id: int, message_id: int, panel: Panel) -> None:
        self.calls.append(("edit_panel", panel))

    async def strip(self, channel_id: int, message_id: int) -> None:
        self.calls.append(("strip", message_id))

    async def post(self, channel_id: int, post: Post) -> Sent:
        return self._sent("post", post, channel_id)

    async def dm(self, user_id: int, post: Post, *, channel_id: int | None = None) -> Sent:
        return self._sent("dm", post, 5000 + user_id)

    def posts(self) -> list[Post]:
        return [what for kind, what in self.calls if kind == "post"]


def view_text(view: discord.ui.LayoutView | discord.ui.View) -> str:
    """Every text a message's view shows (a Components V2 card keeps its text in its items)."""
    return "\n".join(str(getattr(item, "content", "")) for item in view.walk_children())


def http_error(status: int, code: int = 0) -> discord.HTTPException:
    """A discord.py HTTP error as Discord would answer it."""

    class Answer:
        reason = "fake"

        def __init__(self) -> None:
            self.status = status

    return discord.HTTPException(Answer(), {"code": code, "message": "fake"})  # type: ignore[arg-type]


async def service_on(
    tmp_path: Path, clock: Clock | None = None, tuning: Tuning | None = None, *, target: str | None = None
) -> GameService:
    """A service on an SQLite file in `tmp_path`, or on the database `target` names (a PostgreSQL URL)."""
    db = await Database.open(target or tmp_path / "parts.db")
    service = GameService(db, tuning or Tuning(drawing_processes=0), clock or Clock())
    service.register(ADAPTER())
    return service


async def lobby_row(service: GameService, *, seed: int, turn_seconds: int = 600, channel: int = CHANNEL) -> GameRecord:
    """A live Thirteen lobby in `channel` hosted by the first of USERS, nobody seated yet."""
    return await service.db.games.create_lobby(
        kind=KIND,
        guild_id=GUILD,
        channel_id=channel,
        host_user_id=USERS[0],
        seed=seed,
        at=service.clock(),
        timer=TurnTimer.LIVE,
        turn_seconds=turn_seconds,
    )


async def started(
    service: GameService, *, turn_seconds: int = 600, table: bool = True, channel: int = CHANNEL
) -> Loaded:
    """A two-person Thirteen game in `channel`, dealt, its table message at TABLE there."""
    record = await lobby_row(service, seed=11, turn_seconds=turn_seconds, channel=channel)
    for user in USERS:
        await service.db.games.add_player(record.id, user, f"P{user}")
    await service.start(record.id)
    if table:
        await service.db.games.set_table_message(record.id, channel, TABLE)
    return await service.load(record.id)


def computer_move(loaded: Loaded) -> Move:
    """The normal computer player's move for the seat on turn."""
    seat = loaded.seat_at_turn()
    assert seat is not None and loaded.state is not None
    return ADAPTER().computer("normal").choose(loaded.state.view(seat.seat), random.Random(loaded.record.version))


async def one_move(service: GameService, loaded: Loaded) -> Loaded:
    """The seat on turn makes the normal computer player's move."""
    seat = loaded.seat_at_turn()
    assert seat is not None
    choice = computer_move(loaded)
    return (await service.submit(loaded.record.id, seat.seat, choice, expected_version=loaded.record.version)).after


async def play_to_the_end(service: GameService, loaded: Loaded) -> Loaded:
    """Every seat makes the normal computer player's move until the game is over."""
    while (seat := loaded.seat_at_turn()) is not None and loaded.state is not None:
        choice = computer_move(loaded)
        applied = await service.submit(loaded.record.id, seat.seat, choice, expected_version=loaded.record.version)
        loaded = applied.after
    return loaded


async def closed(service: GameService) -> None:
    await service.close()
    await service.db.close()
