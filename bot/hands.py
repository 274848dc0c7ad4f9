"""Private hands: a DM per player, or the ephemeral "My hand" panel (design §4).

Every DM names the server, channel and game and links to the table, so a player in several games
always knows which hand this is (discord-notes B.7). A refused DM (403, code 50007) is remembered in
the player's settings and never retried every turn: repeated 403s count towards Discord's
invalid-request limit (B.5). Such a player is told once in the channel and plays from the panel.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from bot.adapters import Panel, PanelContext
from bot.components import release, view_of
from bot.names import shown_names
from bot.service import Loaded
from data import GameStatus, HandDelivery

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
# Hand messages whose picture is remembered (see `ShownImages`): two per 2-player game, so the
# 1,000-game load run fits; a message forgotten here is simply uploaded again on its next edit.
SHOWN_IMAGES = 8192


def image_digest(image: bytes | None) -> bytes | None:
    """A fingerprint of a picture's bytes (16 bytes of BLAKE2b: about 10 µs for a 9 KB hand PNG)."""
    return None if image is None else hashlib.blake2b(image, digest_size=16).digest()


class ShownImages:
    """The picture each hand message shows now: its fingerprint and its Discord attachment.

    Every seat's hand is redrawn after each move, since its controls must carry the new version, but
    after a pass or another player's move the picture is the same. Discord keeps an attachment that an
    edit lists by id (and deletes the ones it leaves out), so such an edit sends `attachments=[the
    existing one]` as plain JSON instead of uploading the same PNG again as multipart, and Discord has
    nothing to store. Bounded, least recently shown first out.
    """

    def __init__(self, size: int = SHOWN_IMAGES) -> None:
        self.size = size
        self._shown: OrderedDict[int, tuple[bytes, discord.Attachment]] = OrderedDict()

    def kept(self, message_id: int, digest: bytes | None) -> discord.Attachment | None:
        """The attachment already on the message, if it shows exactly this picture."""
        shown = self._shown.get(message_id)
        if shown is None or digest is None or shown[0] != digest:
            return None
        self._shown.move_to_end(message_id)
        return shown[1]

    def remember(self, message: discord.Message, digest: bytes | None) -> None:
        """What the message shows after a send or an edit (only a single-image message is tracked)."""
        if digest is None or len(message.attachments) != 1:
            self._shown.pop(message.id, None)
            return
        self._shown[message.id] = (digest, message.attachments[0])
        self._shown.move_to_end(message.id)
        while len(self._shown) > self.size:
            self._shown.popitem(last=False)

    def forget(self, message_id: int) -> None:
        self._shown.pop(message_id, None)


def panel_kwargs(panel: Panel) -> dict[str, Any]:
    """Keyword arguments for sending or editing a message with this panel."""
    kwargs: dict[str, Any] = {"content": panel.content[:2000], "view": view_of(panel.items)}
    if panel.image is not None:
        kwargs["attachments"] = [discord.File(io.BytesIO(panel.image), filename=panel.filename)]
    else:
        kwargs["attachments"] = []
    return kwargs


def send_kwargs(panel: Panel) -> dict[str, Any]:
    """Like `panel_kwargs`, for a new message (`files=` rather than `attachments=`)."""
    kwargs = panel_kwargs(panel)
    kwargs["files"] = kwargs.pop("attachments")
    return kwargs


class HandMessages:
    """Builds hand panels and keeps each player's DM hand current."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self.shown = ShownImages()

    def location(self, loaded: Loaded) -> str:
        """ "Thirteen #12 in #games on Server (table)": every private message says where it belongs."""
        record = loaded.record
        adapter = self.service.adapter(record.kind)
        bot = self.service.bot
        guild = bot.get_guild(record.guild_id)
        guild_name = guild.name if guild is not None else "your server"
        channel_id = record.table_channel_id or record.channel_id
        link = (
            f"https://discord.com/channels/{record.guild_id}/{channel_id}/{record.table_message_id}"
            if record.table_message_id
            else f"https://discord.com/channels/{record.guild_id}/{channel_id}"
        )
        return f"**{adapter.title}** #{record.id} in <#{channel_id}> on {guild_name} · [table]({link})"

    def context(
        self, loaded: Loaded, seat: int, *, selection: frozenset[int] = frozenset(), notice: str = ""
    ) -> PanelContext:
        assert loaded.state is not None
        return PanelContext(
            game_id=loaded.record.id,
            version=loaded.record.version,
            seat=seat,
            view=loaded.state.view(seat),
            names=shown_names(loaded.names()),
            selection=selection,
            notice=notice,
            location=self.location(loaded),
            options=loaded.record.options,
            picture_names=loaded.names(),
        )

    async def panel(
        self, loaded: Loaded, seat: int, *, selection: frozenset[int] = frozenset(), notice: str = ""
    ) -> Panel:
        """The seat's hand panel, rendered off the event loop."""
        panel, _ = await self._drawn(loaded, seat, selection=selection, notice=notice)
        return panel

    async def _drawn(
        self, loaded: Loaded, seat: int, *, selection: frozenset[int] = frozenset(), notice: str = ""
    ) -> tuple[Panel, bytes | None]:
        """The panel and its picture's fingerprint, both made in the worker thread: hashlib lets go of
        the GIL while hashing a picture, and on the event loop getting it back took ~85 µs under load."""
        adapter = self.service.adapter(loaded.record.kind)
        ctx = self.context(loaded, seat, selection=selection, notice=notice)

        def draw() -> tuple[Panel, bytes | None]:
            panel = adapter.hand_panel(ctx)
            return panel, image_digest(panel.image)

        panel, digest = await asyncio.to_thread(draw)
        if loaded.record.status is not GameStatus.ACTIVE:
            panel = Panel(content=panel.content, image=panel.image, filename=panel.filename, items=())
        return panel, digest

    async def wants_dm(self, user_id: int) -> bool:
        settings = await self.service.db.settings.user(user_id)
        return settings.hand_delivery is HandDelivery.DM and not settings.dm_closed

    def _lock(self, game_id: int, seat: int) -> asyncio.Lock:
        return self._locks.setdefault((game_id, seat), asyncio.Lock())

    async def refresh(self, loaded: Loaded, seats: set[int]) -> None:
        """Send or edit the DM hand of each human seat in `seats` (in parallel)."""
        jobs = [
            self.deliver(loaded.record.id, seat.seat)
            for seat in loaded.record.seats
            if seat.seat in seats and not seat.is_computer and seat.user_id is not None
        ]
        await asyncio.gather(*jobs)

    async def deliver(
        self,
        game_id: int,
        seat_index: int,
        *,
        message: tuple[int, int] | None = None,
        version: int | None = None,
        selection: frozenset[int] = frozenset(),
        notice: str = "",
    ) -> None:
        """Bring one player's DM hand up to date; falls back to the panel when DMs are refused.

        Edits of one seat's DM are serialised and always drawn from the newest state, so a slow edit
        of an older version can never land after a newer one. `message` (channel id, message id) names
        the DM that was clicked; `selection` and `notice` only apply while the game is still at
        `version` (they describe that version's hand).
        """
        async with self._lock(game_id, seat_index):
            loaded = await self.service.load(game_id)
            seat = loaded.record.seats[seat_index]
            if version is not None and loaded.record.version != version:
                selection, notice = frozenset(), ""
            if message is None:
                if seat.user_id is None or seat.is_computer or not await self.wants_dm(seat.user_id):
                    return
                if seat.hand_message_id is not None and seat.hand_channel_id is not None:
                    message = (seat.hand_channel_id, seat.hand_message_id)
            panel, digest = await self._drawn(loaded, seat_index, selection=selection, notice=notice)
            bot = self.service.bot
            if message is not None:
                partial = bot.get_partial_messageable(message[0]).get_partial_message(message[1])
                kwargs = panel_kwargs(panel)
                kept = self.shown.kept(message[1], digest)
                if kept is not None:  # the same picture: keep the attachment, upload nothing
                    kwargs["attachments"] = [kept]
                try:
                    edited = await partial.edit(**kwargs)
                except discord.NotFound:
                    self.shown.forget(message[1])
                    log.info("hand message of game %d seat %d is gone; sending a new one", game_id, seat_index)
                else:
                    self.shown.remember(edited, digest)
                    return
                finally:
                    release(kwargs["view"])
            assert seat.user_id is not None
            try:
                user = bot.get_user(seat.user_id) or await bot.fetch_user(seat.user_id)
                sent = await user.send(**send_kwargs(panel))
            except discord.Forbidden as error:
                if error.code != DM_CLOSED:
                    raise
                await self.dm_refused(loaded, seat.user_id)
                return
            self.shown.remember(sent, digest)
            await self.service.db.games.set_hand_message(game_id, seat_index, sent.channel.id, sent.id)

    async def dm_refused(self, loaded: Loaded, user_id: int) -> None:
        """Remember the closed DMs and tell the player, once, where their hand is instead."""
        await self.service.db.settings.update_user(user_id, dm_closed=True)
        channel_id = loaded.record.table_channel_id or loaded.record.channel_id
        await self.service.bot.get_partial_messageable(channel_id).send(
            f"<@{user_id}>, I can't send you direct messages, so your hand is behind the **My hand** button "
            "on the table. (To get DMs again, allow them from this server and use `/settings hand delivery:dm`.)",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
        )
