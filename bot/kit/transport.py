"""Every request the reconciler makes to Discord, each retried and classified (bot.kit.refusals).

The reconciler talks to a `Transport`, so it can be tested with a fake one; `DiscordTransport` is the
real thing. Sent and edited hand messages keep their picture's attachment (`ShownImages`): an edit
whose picture did not change lists the existing attachment instead of uploading the PNG again.

A click's interaction, handed to the reconciler, is answered here too (`answer_hand`, `answer_panel`):
the clicked hand is redrawn through the interaction's webhook, which Discord exempts from the bot's
global rate limit. Those are not retried: a failed one leaves the stored row as it was, so the
reconciler's next pass redraws the hand over REST.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import aiohttp
import discord

from bot.kit.acks import defer_now, settle
from bot.kit.layout import stripped_hand
from bot.kit.pacing import timeout_stopped
from bot.kit.payloads import DiscordCards, card_components, hand_components, parameters, picture
from bot.kit.refusals import Refusal, Refused, RetryPolicy, retrying
from bot.moves.adapters import Panel
from bot.projection.hands import ShownImages, image_digest, panel_kwargs, send_kwargs
from locales import SOURCE

if TYPE_CHECKING:
    from discord.http import MultipartParameters

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Sent:
    """Where a message went."""

    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class Post:
    """A plain channel or DM message: text, an optional picture, optional buttons, whom it may mention."""

    content: str
    image: bytes | None = None
    filename: str = "image.png"
    items: tuple[discord.ui.Item[Any], ...] = ()
    mention: int | None = None  # the one user this message may ping
    # Sent with `enforce_nonce`: Discord returns the message an earlier send with this nonce made in the
    # last few minutes instead of posting again, so a post redone after a crash (sent, not yet recorded)
    # or retried after a lost answer appears once. At most 25 characters.
    nonce: str | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    """An interaction token that may post follow-ups in the DM `channel_id` until `until` (the bot's clock;
    bot.projection.replies). `application_id` None: this bot's (a token stored with a hand's row).
    `message_id`: the clicked message, the interaction's original, which the token may also edit; None
    when not known (a token stored with a row outlives the message it was clicked on)."""

    application_id: int | None
    token: str
    channel_id: int
    until: float
    message_id: int | None = None


class Unsure(Exception):
    """A post whose outcome is not known (a timeout, a lost connection, a 5xx): it may have landed."""


class Transport(Protocol):
    async def follow_up(self, reply: Reply, panel: Panel, *, silent: bool = False) -> Sent | None: ...

    async def send_dm(
        self,
        user_id: int,
        panel: Panel,
        *,
        channel_id: int | None = None,
        nonce: str | None = None,
        silent: bool = False,
    ) -> Sent: ...

    async def edit_panel(self, channel_id: int, message_id: int, panel: Panel) -> None: ...

    async def edit_by_reply(self, reply: Reply, panel: Panel) -> bool: ...

    async def find_hand(self, user_id: int, channel_id: int | None, game_id: int, version: int) -> Sent | None: ...

    async def strip(self, channel_id: int, message_id: int, lang: str = SOURCE) -> None: ...

    async def post(self, channel_id: int, post: Post) -> Sent: ...

    async def dm(self, user_id: int, post: Post, *, channel_id: int | None = None) -> Sent: ...

    async def answer_hand(self, interaction: discord.Interaction, panel: Panel) -> bool: ...

    async def answer_panel(self, interaction: discord.Interaction, panel: Panel, *, fresh: bool = False) -> None: ...


# A person's DM holds one hand per table they sit at and its notices: the newest few dozen messages hold
# the hand of a turn whose post was unrecorded.
HAND_LOOKBACK = 50


def hand_version(components: Sequence[object], game_id: int) -> int:
    """The newest game version the custom ids of `components` name for `game_id` (`cr:<game>:<version>:…`,
    bot/kit/ids.py), looking inside rows, containers and sections; -1 when none does."""
    prefix = f"cr:{game_id}:"
    newest = -1
    stack = list(components)
    while stack:
        component = stack.pop()
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str) and custom_id.startswith(prefix):
            version = custom_id[len(prefix) :].split(":", 1)[0]
            if version.isascii() and version.isdigit():
                newest = max(newest, int(version))
        for attribute in ("children", "components"):
            stack.extend(getattr(component, attribute, None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return newest


def hand_card(panel: Panel) -> tuple[bytes | None, list[dict[str, Any]]]:
    """A hand panel as one V2 card: its picture's fingerprint and its components' JSON."""
    image = panel.filename if panel.image is not None else None
    return image_digest(panel.image), hand_components(panel.content[:2000], image, panel.items)


def _mentions(post: Post) -> discord.AllowedMentions:
    if post.mention is None:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(post.mention)])


class DiscordTransport:
    """The real Discord, through discord.py; every call retried by `policy`, refusals raised as `Refused`.

    Hands, notices and posts go as plain JSON (bot.kit.payloads) through discord.py's low-level HTTP
    (`client.http`, and the interaction webhook adapter for a click's answer), which keeps its rate
    limiting and retries; only the id, the channel and the attachments are read from Discord's answer,
    never a whole `discord.Message`."""

    def __init__(self, client: discord.Client, policy: RetryPolicy) -> None:
        self.client = client
        self.policy = policy
        self.shown = ShownImages()
        self.cards = DiscordCards(client)
        self._dm_openings = asyncio.Lock()

    async def _dm_channel_id(self, user_id: int, channel_id: int | None) -> int:
        if channel_id is not None:
            return channel_id
        return (await self._open_dm(user_id)).id

    async def _dm_channel(self, user_id: int, channel_id: int | None) -> discord.abc.Messageable:
        if channel_id is not None:
            return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        return await self._open_dm(user_id)

    async def _open_dm(self, user_id: int) -> discord.DMChannel:
        return await retrying(lambda: self._open_dm_in_turn(user_id), self.policy, "opening a DM")

    async def _open_dm_in_turn(self, user_id: int) -> discord.DMChannel:
        """Open a DM once the openings before it are answered, not counting that wait against the request's
        timeout. Why: discord.py lets one request at a time through a route whose answers carry no
        rate-limit headers (it learns a bucket's size from them; the offline Discord sends none for this
        route), so when many people are first dealt a hand at once (a busy hour, a tournament's first
        round), openings queued inside discord.py spent their timeout waiting for each other, were retried
        behind the same queue, and first hands came late. Queued here instead, each opening's timeout runs
        only while it is on its way."""
        with timeout_stopped():
            await self._dm_openings.acquire()
        try:
            return await self.client.create_dm(discord.Object(user_id))
        finally:
            self._dm_openings.release()

    async def _create(
        self,
        channel_id: int,
        components: list[dict[str, Any]],
        *,
        image: bytes | None = None,
        filename: str = "image.png",
        nonce: str | None = None,
        silent: bool = False,
        mentions: discord.AllowedMentions | None = None,
    ) -> dict[str, Any]:
        """POST one V2 card (with its picture, when there is one) to a channel: Discord's JSON answer."""
        files = [picture(image, filename)] if image is not None else []
        params = parameters(
            components,
            state_mentions=self.client.allowed_mentions,
            files=files,
            new=True,
            nonce=nonce,
            silent=silent,
            mentions=mentions,
        )
        with params:
            return await self.client.http.send_message(channel_id, params=params)  # type: ignore[return-value]

    async def _patch(
        self, channel_id: int, message_id: int, components: list[dict[str, Any]], attachments: list[Any]
    ) -> dict[str, Any]:
        """PATCH a message into one V2 card: `attachments` the files to upload and the kept ones' JSON."""
        params = parameters(components, state_mentions=self.cards.mentions, attachments=attachments)
        return await self.cards.edit(channel_id, message_id, params)

    def _hand_attachments(self, message_id: int | None, panel: Panel, digest: bytes | None) -> list[Any]:
        """The picture of an edited hand: the attachment already on the message when it shows exactly this
        picture (nothing uploaded), else the picture as a new file, else none."""
        if panel.image is None:
            return []
        kept = self.shown.kept(message_id, digest) if message_id is not None else None
        if kept is not None:
            return [kept]
        return [picture(panel.image, panel.filename)]

    async def send_dm(
        self,
        user_id: int,
        panel: Panel,
        *,
        channel_id: int | None = None,
        nonce: str | None = None,
        silent: bool = False,
    ) -> Sent:
        """Send a hand; `channel_id` is the user's DM channel when known (else it is opened first). With
        `nonce` it is sent with `enforce_nonce`, as a `Post` is. `silent` creates it without a push
        notification (the SUPPRESS_NOTIFICATIONS flag): the turn digest tells the person instead."""
        channel = await self._dm_channel_id(user_id, channel_id)
        digest, components = hand_card(panel)

        async def send() -> dict[str, Any]:
            return await self._create(
                channel, components, image=panel.image, filename=panel.filename, nonce=nonce, silent=silent
            )

        try:
            message = await retrying(send, self.policy, f"sending a hand to user {user_id}")
        except Refused as refused:
            if channel_id is None or refused.refusal not in (Refusal.CHANNEL_GONE, Refusal.CHANNEL_LOST):
                raise
            channel = await self._dm_channel_id(user_id, None)  # a remembered DM channel that no longer works
            message = await retrying(send, self.policy, f"sending a hand to user {user_id}")
        self.shown.remember(message, digest)
        return Sent(int(message["channel_id"]), int(message["id"]))

    async def follow_up(self, reply: Reply, panel: Panel, *, silent: bool = False) -> Sent | None:
        """Post a hand in a DM as a follow-up of the person's click (`reply`), through the interaction
        webhook: a new message, which notifies them, outside the global rate limit. One try: None when
        Discord refused it (nothing was posted; the caller posts over REST), `Unsure` when the outcome is
        not known. No nonce: webhooks take none, so the caller looks before posting again."""
        application_id = reply.application_id or self.cards.client.application_id  # None: this bot's own
        if application_id is None:  # not logged in yet: no token can be used
            return None
        digest, components = hand_card(panel)
        files = [picture(panel.image, panel.filename)] if panel.image is not None else []
        params = parameters(components, state_mentions=self.cards.mentions, files=files, silent=silent)
        try:
            async with asyncio.timeout(self.policy.timeout):
                message = await self.cards.follow_up(application_id, reply.token, params)
        except discord.HTTPException as error:
            if error.status >= 500:
                raise Unsure(f"a follow-up in DM {reply.channel_id}: {error}") from error
            log.info("the token of a click in DM %d posted nothing (%s); posting over REST", reply.channel_id, error)
            return None
        except (OSError, TimeoutError, aiohttp.ClientError) as error:  # sent, maybe landed, answer lost
            raise Unsure(f"a follow-up in DM {reply.channel_id}: {error!r}") from error
        self.shown.remember(message, digest)
        return Sent(int(message["channel_id"]), int(message["id"]))

    async def edit_by_reply(self, reply: Reply, panel: Panel) -> bool:
        """Redraw the hand message a person clicked last (`reply.message_id`, the interaction's original)
        through that click's token: an interaction webhook, outside the global rate limit. One try: False
        when it did not land for sure (refused, failed, timed out); the caller then edits it over REST, and
        an edit made twice shows the same."""
        application_id = reply.application_id or self.cards.client.application_id
        if application_id is None or reply.message_id is None:
            return False
        message_id, token = reply.message_id, reply.token
        try:
            async with asyncio.timeout(self.policy.timeout):
                await self._edited_hand(message_id, panel, lambda p: self.cards.edit_by_token(application_id, token, p))
        except (discord.HTTPException, OSError, TimeoutError, aiohttp.ClientError) as error:
            log.info("a click's token did not edit its hand in DM %d (%r); over REST", reply.channel_id, error)
            return False
        return True

    async def find_hand(self, user_id: int, channel_id: int | None, game_id: int, version: int) -> Sent | None:
        """The bot's hand message for `game_id` drawn at `version` or later among the newest messages of the
        person's DM, if there is one: a post whose outcome was never known (the process was killed, the
        request timed out) may have landed, and this is how a pass finds out once the post's nonce no
        longer protects a second try."""
        channel = await self._dm_channel(user_id, channel_id)
        me = self.client.user.id if self.client.user is not None else None

        async def look() -> Sent | None:
            async for message in channel.history(limit=HAND_LOOKBACK):
                if message.author.id == me and hand_version(message.components, game_id) >= version:
                    return Sent(message.channel.id, message.id)
            return None

        return await retrying(look, self.policy, f"looking for the hand of game {game_id} in a DM")

    async def edit_panel(self, channel_id: int, message_id: int, panel: Panel) -> None:
        async def edit() -> dict[str, Any]:
            return await self._edited_hand(message_id, panel, lambda p: self.cards.edit(channel_id, message_id, p))

        await retrying(edit, self.policy, f"editing hand message {message_id}")

    async def answer_hand(self, interaction: discord.Interaction, panel: Panel) -> bool:
        """Redraw the clicked DM hand through the click (its original message is the clicked one): as the
        click's acknowledgement when it has none yet (bot.kit.acks), else through its token, keeping the
        picture's attachment when it did not change. False when Discord refused the edit: the caller leaves
        its record as it was, so a pass redraws it."""
        message = interaction.message
        assert message is not None
        answered = await settle(interaction)
        send = self.cards.edit_original if answered else self.cards.update_clicked
        try:
            await self._edited_hand(message.id, panel, lambda p: send(interaction, p))
        except discord.HTTPException as error:
            log.info("could not redraw clicked hand message %d: %s", message.id, error)
            if not answered:
                await defer_now(interaction)
            return False
        return True

    async def _edited_hand(
        self, message_id: int, panel: Panel, send: Callable[[MultipartParameters], Awaitable[dict[str, Any]]]
    ) -> dict[str, Any]:
        """Edit a hand message into `panel` by `send` (REST, the click's interaction, a kept token), keeping
        the picture's attachment when it shows this very picture, and remember what it then shows. A kept
        attachment that another process replaced since (a click it served) is refused with 400: the
        picture is uploaded instead. Anything else is raised, with what the message shows forgotten."""
        digest, components = hand_card(panel)
        attachments = self._hand_attachments(message_id, panel, digest)
        params = parameters(components, state_mentions=self.cards.mentions, attachments=attachments)
        try:
            edited = await send(params)
        except BaseException as error:
            self.shown.forget(message_id)  # what the message shows is no longer known
            kept = any(isinstance(item, dict) for item in attachments)
            if kept and isinstance(error, discord.HTTPException) and error.status == 400:
                return await self._edited_hand(message_id, panel, send)  # uploaded now: nothing is kept
            raise
        self.shown.remember(edited, digest)
        return edited

    async def answer_panel(self, interaction: discord.Interaction, panel: Panel, *, fresh: bool = False) -> None:
        """The ephemeral "My hand" panel: a new one (`fresh`, the table's button) or the clicked one
        redrawn in place; a dismissed panel (404) is answered with a new one."""
        if not fresh:
            try:
                await interaction.edit_original_response(**panel_kwargs(panel))
                return
            except discord.NotFound:
                pass
        await interaction.followup.send(ephemeral=True, **send_kwargs(panel))

    async def strip(self, channel_id: int, message_id: int, lang: str = SOURCE) -> None:
        # A V2 card cannot be left empty: the hand keeps its picture (when known) under a short note.

        async def patch() -> dict[str, Any]:
            attachment = self.shown.current(message_id)
            image = str(attachment["filename"]) if attachment is not None else None
            components = card_components(stripped_hand(lang), image=image)
            try:
                return await self._patch(channel_id, message_id, components, [attachment] if attachment else [])
            except discord.HTTPException as error:
                if attachment is None or error.status != 400:
                    raise
                # The attachment is gone, as in edit_panel: another process replaced the picture since
                # this one was remembered. The note goes on without a picture this process does not have.
                self.shown.forget(message_id)
                return await patch()

        await retrying(patch, self.policy, f"removing the controls of {message_id}")

    async def post(self, channel_id: int, post: Post) -> Sent:
        return await self._send(channel_id, post, f"posting in channel {channel_id}")

    async def dm(self, user_id: int, post: Post, *, channel_id: int | None = None) -> Sent:
        """A plain DM; `channel_id` is the user's DM channel when known (else it is opened first)."""
        channel = await self._dm_channel_id(user_id, channel_id)
        try:
            return await self._send(channel, post, f"a direct message to user {user_id}")
        except Refused as refused:
            if channel_id is None or refused.refusal not in (Refusal.CHANNEL_GONE, Refusal.CHANNEL_LOST):
                raise
        channel = await self._dm_channel_id(user_id, None)  # a remembered DM channel that no longer works
        return await self._send(channel, post, f"a direct message to user {user_id}")

    async def _send(self, channel_id: int, post: Post, what: str) -> Sent:
        # One V2 card (bot.kit.layout): the text, the picture in a gallery, the buttons; mentions in a
        # text display ping as in content, within `allowed_mentions`.
        header, _, status = post.content[:2000].partition("\n")
        image = post.filename if post.image is not None else None
        components = card_components(header, image=image, status=status, items=post.items, accent=None)

        async def send() -> dict[str, Any]:
            return await self._create(
                channel_id,
                components,
                image=post.image,
                filename=post.filename,
                nonce=post.nonce,
                mentions=_mentions(post),
            )

        message = await retrying(send, self.policy, what)
        return Sent(int(message["channel_id"]), int(message["id"]))


def item_ids(items: Sequence[discord.ui.Item[Any]]) -> list[str]:
    return [str(getattr(item, "custom_id", "") or "") for item in items]
