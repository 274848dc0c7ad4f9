"""Private hands: a DM per player, or the ephemeral "My hand" panel (design §4).

Every DM names the server, channel and game and links to the table, so a player in several games
always knows which hand this is (discord-notes B.7). A refused DM (403, code 50007) is remembered in
the player's settings and never retried every turn: repeated 403s count towards Discord's
invalid-request limit (B.5). Such a player is told once in the channel and plays from the panel.
Sending and editing are the reconciler's alone (bot.projection.reconciler), a clicked hand's redraw through the
click's interaction included; this module only draws.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import io
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from bot.flows.guide import seat_guided
from bot.kit.languages import dm_language, quick_language, reader_language
from bot.kit.layout import hand_card
from bot.kit.names import shown_name, shown_names
from bot.kit.payloads import attachment_json
from bot.kit.texts import ended_text
from bot.moves.adapters import Panel, PanelContext
from bot.moves.service import Loaded
from bot.projection.threads import game_channel
from data import GameRecord, GameStatus, HandDelivery, StorageFault
from games.base import GameState
from locales import SOURCE, t

if TYPE_CHECKING:
    from bot.kit.wiring import Guilds
    from bot.moves.service import GameService

log = logging.getLogger(__name__)

# Hand messages whose picture is remembered (see `ShownImages`): two per 2-player game, so the
# 1,000-game load run fits; a message forgotten here is simply uploaded again on its next edit.
SHOWN_IMAGES = 8192


# Hand drawings kept (`HandMessages.drawn`): a few per game in flight at once is enough.
DRAWN_KEPT = 256
DrawnKey = tuple[object, ...]

# Fingerprints of the pictures hashed lately, by the identity of their bytes: a hand's picture comes from
# rendering.hand's cache as the same bytes object each time it is asked for, and one panel's picture is
# fingerprinted several times on its way (drawn, then on each send or edit: `ShownImages`).
DIGESTS_KEPT = 512
_digests: dict[int, tuple[bytes, bytes]] = {}


# Seat views made lately, by the identity of their engine state: a state is immutable and held by the
# service's cache between clicks, and a click's hand is drawn from its seat's view two or three times (the
# control's meaning, the clicked hand's answer, the pass the move asks for).
VIEWS_KEPT = 512
_views: dict[tuple[int, int], tuple[GameState[Any, Any], Any]] = {}


def seat_view(state: GameState[Any, Any], seat: int) -> Any:
    """`state.view(seat)`, made once per state and seat while among the last VIEWS_KEPT (the entry keeps the
    state alive, so its id is not reused meanwhile)."""
    key = (id(state), seat)
    kept = _views.get(key)
    if kept is not None and kept[0] is state:
        return kept[1]
    view = state.view(seat)
    if len(_views) >= VIEWS_KEPT:
        _views.clear()  # dropped wholesale: at worst a view is made again
    _views[key] = (state, view)
    return view


def image_digest(image: bytes | None) -> bytes | None:
    """A fingerprint of a picture's bytes (16 bytes of BLAKE2b, cheap beside drawing the picture), hashed
    once per bytes object while it is among the last DIGESTS_KEPT (the entry keeps it alive, so its id
    is not reused meanwhile)."""
    if image is None:
        return None
    kept = _digests.get(id(image))
    if kept is not None and kept[0] is image:
        return kept[1]
    digest = hashlib.blake2b(image, digest_size=16).digest()
    if len(_digests) >= DIGESTS_KEPT:
        _digests.clear()  # dropped wholesale: cheaper than ordering, and at worst a few pictures hashed again
    _digests[id(image)] = (image, digest)
    return digest


class ShownImages:
    """The picture each hand message shows now: its fingerprint and its Discord attachment.

    Every seat's hand is redrawn after each move, since its controls must carry the new version, but
    after a pass or another player's move the picture is the same. Discord keeps an attachment that an
    edit lists by id (and deletes the ones it leaves out), so such an edit sends `attachments=[the
    existing one]` as plain JSON instead of uploading the same PNG again as multipart, and Discord has
    nothing to store. The attachment is kept as that JSON (bot.kit.payloads.attachment_json), taken
    from Discord's answer to the send or edit. Bounded, least recently shown first out.
    """

    def __init__(self, size: int = SHOWN_IMAGES) -> None:
        self.size = size
        self._shown: OrderedDict[int, tuple[bytes, dict[str, Any]]] = OrderedDict()

    def kept(self, message_id: int, digest: bytes | None) -> dict[str, Any] | None:
        """The attachment already on the message, if it shows exactly this picture."""
        shown = self._shown.get(message_id)
        if shown is None or digest is None or shown[0] != digest:
            return None
        self._shown.move_to_end(message_id)
        return shown[1]

    def remember(self, message: dict[str, Any], digest: bytes | None) -> None:
        """What the message (Discord's JSON answer to a send or an edit) shows now; only a single-image
        message is tracked."""
        message_id = int(message["id"])
        attachments = message.get("attachments") or []
        if digest is None or len(attachments) != 1:
            self._shown.pop(message_id, None)
            return
        self._shown[message_id] = (digest, attachment_json(attachments[0]))
        self._shown.move_to_end(message_id)
        while len(self._shown) > self.size:
            self._shown.popitem(last=False)

    def current(self, message_id: int) -> dict[str, Any] | None:
        """The attachment the message shows now, if known."""
        shown = self._shown.get(message_id)
        return shown[1] if shown is not None else None

    def forget(self, message_id: int) -> None:
        self._shown.pop(message_id, None)


def panel_kwargs(panel: Panel) -> dict[str, Any]:
    """Keyword arguments for sending or editing a message with this panel: one Components V2 card
    (bot.kit.layout), so no content (None clears that of an older classic hand)."""
    image = panel.filename if panel.image is not None else None
    kwargs: dict[str, Any] = {"content": None, "view": hand_card(panel.content[:2000], image, panel.items)}
    if panel.image is not None:
        kwargs["attachments"] = [discord.File(io.BytesIO(panel.image), filename=panel.filename)]
    else:
        kwargs["attachments"] = []
    return kwargs


def send_kwargs(panel: Panel) -> dict[str, Any]:
    """Like `panel_kwargs`, for a new message (`files=` rather than `attachments=`)."""
    kwargs = panel_kwargs(panel)
    kwargs["files"] = kwargs.pop("attachments")
    del kwargs["content"]  # a V2 message is sent without content
    return kwargs


def fingerprint(panel: Panel, digest: bytes | None) -> str:
    """What a hand message shows, in 32 hex digits: its text, its picture and its controls. Two drawings
    with the same fingerprint look the same, so the second needs no edit. A live control counts with
    the version in its custom id (a click must carry the current one); a disabled one cannot be
    clicked, so its version is left out and a waiting hand's greyed controls never need redrawing."""
    h = hashlib.blake2b(panel.content.encode(), digest_size=16)
    h.update(digest or b"-")
    for outer in panel.items:
        item = getattr(outer, "item", outer)  # a DynamicItem wraps the real button or select
        custom_id = str(getattr(item, "custom_id", "") or "")
        disabled = bool(getattr(item, "disabled", False))
        if disabled:
            custom_id = ":".join(part for i, part in enumerate(custom_id.split(":")) if i != 2)
        h.update(b"|" + custom_id.encode() + (b"d" if disabled else b"e"))
        for option in getattr(item, "options", ()) or ():
            h.update(b"/" + str(option.value).encode() + (b"*" if option.default else b""))
    return h.hexdigest()


def shown_key(panel: Panel, digest: bytes | None, inputs: str) -> str:
    """A hand row's key: what the message shows (`fingerprint`), then after a dot what it was drawn from
    (`Drawing.inputs`). Rows are compared by what they show (`shows_same`): a waiting hand that looks
    the same after someone else's move needs no edit. What it was drawn from lets a pass, in this or
    another process, skip drawing a hand whose row was drawn from the very same inputs."""
    return f"{fingerprint(panel, digest)}.{inputs}"


def shows_same(stored: str, key: str) -> bool:
    """Whether two hand row keys (`shown_key`) show the same message."""
    return stored.partition(".")[0] == key.partition(".")[0]


def drawn_from(stored: str) -> str:
    """What a hand row's key says it was drawn from; empty for a key stored without it."""
    return stored.partition(".")[2]


@dataclasses.dataclass(frozen=True, slots=True)
class Drawing:
    """One hand drawing before it is drawn (`HandMessages.prepare`): its cache key and what draws it."""

    key: DrawnKey
    seat: int
    selection: frozenset[int]
    notice: str
    quiet: bool
    lang: str
    guided: bool

    @property
    def inputs(self) -> str:
        """The key in 16 hex digits, alike in every process (`repr` of strings, numbers and enums)."""
        return hashlib.blake2b(repr(self.key).encode(), digest_size=8).hexdigest()


def is_live(panel: Panel) -> bool:
    """Whether the panel has a control that can be clicked."""
    return any(not getattr(getattr(item, "item", item), "disabled", False) for item in panel.items)


def greyed(items: tuple[discord.ui.Item[Any], ...]) -> tuple[discord.ui.Item[Any], ...]:
    """The same controls, all disabled: a waiting hand keeps its card buttons readable, none clickable."""
    for item in items:
        inner = getattr(item, "item", item)  # a DynamicItem wraps the real button or select
        if hasattr(inner, "disabled"):
            inner.disabled = True
    return items


class HandMessages:
    """Draws hand panels. A DM hand's controls are live only while it is that seat's turn: a waiting
    hand has them greyed out (live ones would invite clicks that cannot count) and does not name the
    player on turn (the table says who it is), so other players' moves change nothing in it and cost
    no edit."""

    def __init__(self, service: GameService, guilds: Guilds | None = None) -> None:
        self.service = service
        self.guilds = guilds  # the server's name in each DM's header; without it, "your server"
        # The latest drawings, by everything they depend on (`drawn`): a click's answer draws the clicked
        # hand for the new state and the pass its move asks for draws the same hand again to compare.
        self._drawn: dict[DrawnKey, tuple[Panel, bytes | None]] = {}

    async def language(self, loaded: Loaded, seat: int, interaction: discord.Interaction | None = None) -> str:
        """The language the seat's person reads their hand in (design §10): answering `interaction`, their
        choice else its locale; with none at hand (a DM hand the reconciler sends), their choice else the
        last locale seen from them. A computer's seat has no reader: English."""
        user_id = next((s.user_id for s in loaded.record.seats if s.seat == seat and not s.is_computer), None)
        try:
            if interaction is not None:
                return await reader_language(self.service.db, interaction)
            if user_id is None:
                return SOURCE
            return await dm_language(self.service.db, user_id)
        except StorageFault:  # the hand still shows, in the client's language if there is one
            return quick_language(interaction) if interaction is not None else SOURCE

    def server_name(self, record: GameRecord) -> str | None:
        """The name of the game's server: the one stored with the game, which every process reads alike (a DM
        click is drawn by shard 0, which may not have the server), else this shard's own for older games."""
        if record.guild_name:
            return record.guild_name
        guild = self.guilds.get_guild(record.guild_id) if self.guilds is not None else None
        return guild.name if guild is not None else None

    def location(self, loaded: Loaded, lang: str = SOURCE) -> str:
        """ "Thirteen #12 in #games on Server (table)": every private message says where it belongs."""
        record = loaded.record
        adapter = self.service.adapter(record.kind)
        guild_name = self.server_name(record) or t(lang, "your server")
        channel_id = game_channel(record)
        link = (
            f"https://discord.com/channels/{record.guild_id}/{channel_id}/{record.table_message_id}"
            if record.table_message_id
            else f"https://discord.com/channels/{record.guild_id}/{channel_id}"
        )
        return t(
            lang,
            "**{game}** #{number} in <#{channel}> on {server} · [table]({link})",
            game=adapter.name(lang, record.options),
            number=record.id,
            channel=channel_id,
            server=guild_name,
            link=link,
        )

    def context(
        self,
        loaded: Loaded,
        seat: int,
        *,
        selection: frozenset[int] = frozenset(),
        notice: str = "",
        quiet: bool = False,
        lang: str = SOURCE,
    ) -> PanelContext:
        assert loaded.state is not None
        return PanelContext(
            game_id=loaded.record.id,
            version=loaded.record.version,
            seat=seat,
            view=seat_view(loaded.state, seat),
            names=shown_names(loaded.names()),
            selection=selection,
            notice=notice,
            location=self.location(loaded, lang),
            options=loaded.record.options,
            quiet=quiet,
            picture_names=loaded.names(),
        )

    async def panel(
        self,
        loaded: Loaded,
        seat: int,
        *,
        selection: frozenset[int] = frozenset(),
        notice: str = "",
        lang: str | None = None,
    ) -> Panel:
        """The seat's full hand panel (the ephemeral "My hand" one), rendered off the event loop."""
        drawing = await self.prepare(loaded, seat, selection=selection, notice=notice, lang=lang)
        panel, _ = await self.draw(loaded, drawing)
        return panel

    async def prepare(
        self,
        loaded: Loaded,
        seat: int,
        *,
        selection: frozenset[int] = frozenset(),
        notice: str = "",
        dm: bool = False,
        lang: str | None = None,
    ) -> Drawing:
        """Everything a drawing of the seat's hand depends on, worked out before anything is drawn: a pass
        that finds a hand row drawn from the same (`Drawing.inputs`) needs no drawing to know it is right.

        `dm`: drawn for the seat's DM hand, whose controls are live only while it is the seat's turn.
        `lang`: the reader's language; None reads it for the seat's person (`language`), as a DM hand is
        always drawn, so the reconciler and a click on the hand draw the same message."""
        adapter = self.service.adapter(loaded.record.kind)
        if lang is None:
            lang = await self.language(loaded, seat)
        quiet = dm and not self.at_turn(loaded, seat)
        guided = adapter.guide and await seat_guided(self.service, loaded, seat)  # tips in a first game
        record = loaded.record
        # Everything the drawing depends on (the state is the stored game's at its version; the header's
        # location names the server, the channel and the table message).
        key: DrawnKey = (
            record.kind, record.id, record.version, record.status, record.end_reason, record.host_user_id, seat,
            quiet, selection, notice, lang, guided, self.server_name(record), record.guild_id,
            game_channel(record), record.table_message_id,
            tuple((chair.display_name, chair.is_computer) for chair in record.seats),
        )  # fmt: skip
        return Drawing(key, seat, selection, notice, quiet, lang, guided)

    async def drawn(self, loaded: Loaded, seat: int, *, dm: bool = False) -> tuple[Panel, bytes | None]:
        """The seat's plain hand panel and its picture's fingerprint, as a pass draws it (`prepare` says
        what `dm` changes)."""
        return await self.draw(loaded, await self.prepare(loaded, seat, dm=dm))

    async def draw(self, loaded: Loaded, drawing: Drawing) -> tuple[Panel, bytes | None]:
        """The panel and its picture's fingerprint, both made in the worker thread: hashlib lets go of
        the GIL while hashing a picture, and on a busy event loop getting it back costs a wait."""
        kept = self._drawn.get(drawing.key)
        if kept is not None:  # drawn for this very state already (the click's answer, then its move's pass)
            return kept
        record = loaded.record
        adapter = self.service.adapter(record.kind)
        lang, quiet = drawing.lang, drawing.quiet
        ctx = self.context(
            loaded, drawing.seat, selection=drawing.selection, notice=drawing.notice, quiet=quiet, lang=lang
        )
        if drawing.guided:  # read from the database, as the hand is
            ctx = dataclasses.replace(ctx, guided=True)

        def work() -> tuple[Panel, bytes | None]:
            panel = adapter.hand_panel(ctx, lang=lang)
            return panel, image_digest(panel.image)

        panel, digest = await asyncio.to_thread(work)
        content = panel.content
        if record.status is GameStatus.ABANDONED:
            # The engine's view still has a seat on turn; the hand says the game's end instead, from the
            # stored record, so every redraw (and one after a restart) shows the same.
            ended = self.ended(loaded, lang)
            content = f"{ctx.location}\n{ended}" if ctx.location else ended
        if quiet or record.status is not GameStatus.ACTIVE:
            panel = Panel(content=content, image=panel.image, filename=panel.filename, items=greyed(panel.items))
        if len(self._drawn) >= DRAWN_KEPT:
            self._drawn.clear()  # dropped wholesale: at worst a hand is drawn again
        self._drawn[drawing.key] = (panel, digest)
        return panel, digest

    @staticmethod
    def ended(loaded: Loaded, lang: str = SOURCE) -> str:
        """Who ended an abandoned game and that nothing was rated; the host by name when seated."""
        record = loaded.record
        host = record.seat_of(record.host_user_id)
        return ended_text(record.end_reason, shown_name(host.display_name) if host is not None else None, lang)

    @staticmethod
    def at_turn(loaded: Loaded, seat: int) -> bool:
        current = loaded.seat_at_turn()
        return loaded.record.status is GameStatus.ACTIVE and current is not None and current.seat == seat

    async def wants_dm(self, user_id: int) -> bool:
        settings = await self.service.db.settings.user(user_id)
        return settings.hand_delivery is HandDelivery.DM and not settings.dm_closed
