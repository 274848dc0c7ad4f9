"""Components V2 cards as plain JSON, and the request parameters that carry them (bot.kit.transport).

`bot.kit.layout.card` builds a `discord.ui.LayoutView`: a container, text displays, a gallery, a
separator and action rows, each an object linked to its parent and to the view (which draws 16 random
bytes for its id), turned back into JSON when sent. Every hand and table message the reconciler sends
is one such card, several per move, and the objects are thrown away once sent: our custom ids are our
own (bot.kit.ids) and every control is a persistent DynamicItem that discord.py rebuilds from the
clicked message, so no view needs to outlive its request. `card_components` writes the same JSON
directly (tests/bot/test_payloads.py holds it equal to `card(...).to_components()`), and `parameters`
wraps it for discord.py's low-level HTTP (`client.http`, with its rate limiting, retries and multipart
uploads) or for a request through an interaction's token (bot.kit.webhooks, its body built once).
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord.http import MultipartParameters, Route, handle_message_parameters

from bot.kit import webhooks
from bot.kit.layout import ACCENT, MAX_COMPONENTS, MAX_TEXT, grouped

if TYPE_CHECKING:
    from bot.kit.wiring import Channels

# Discord's component type numbers (Components V2 reference).
ACTION_ROW, TEXT_DISPLAY, MEDIA_GALLERY, SEPARATOR, CONTAINER = 1, 10, 12, 14, 17
BLURPLE = discord.Colour.blurple().value
UPDATE_MESSAGE = discord.InteractionResponseType.message_update.value  # an interaction callback's type


def item_json(item: discord.ui.Item[Any]) -> dict[str, Any]:
    """A button's or a select's JSON (a DynamicItem wraps the real one)."""
    inner = getattr(item, "item", item)
    return inner.to_component_dict()  # type: ignore[no-any-return]


def card_components(
    header: str,
    *,
    image: str | None = None,
    status: str = "",
    items: Sequence[discord.ui.Item[Any]] = (),
    accent: int | None = ACCENT.value,
) -> list[dict[str, Any]]:
    """What `bot.kit.layout.card` sends, as JSON: one container of the header, the picture (an uploaded
    file's name), the status, a separator and the controls, within the same budgets (4,000 characters
    of text, 40 components; controls beyond it dropped rather than refused)."""
    header = header[:MAX_TEXT]
    status = status[: max(0, MAX_TEXT - len(header))]
    inside: list[dict[str, Any]] = [{"type": TEXT_DISPLAY, "content": header}]
    if image is not None:
        gallery = {"media": {"url": f"attachment://{image}"}, "spoiler": False}
        inside.append({"type": MEDIA_GALLERY, "items": [gallery]})
    if status:
        inside.append({"type": TEXT_DISPLAY, "content": status})
    rows = grouped(items)
    if rows:
        inside.append({"type": SEPARATOR, "divider": True, "spacing": 1})
    used = 1 + len(inside)  # the container and what it holds so far
    for row in rows:
        size = 1 + len(row)
        if used + size > MAX_COMPONENTS:
            break
        inside.append({"type": ACTION_ROW, "components": [item_json(item) for item in row]})
        used += size
    return [{"type": CONTAINER, "accent_color": accent, "spoiler": False, "components": inside}]


def hand_components(text: str, image: str | None, items: Sequence[discord.ui.Item[Any]]) -> list[dict[str, Any]]:
    """`bot.kit.layout.hand_card` as JSON: the first line the header, the rest the status."""
    header, _, status = text.partition("\n")
    return card_components(header, image=image, status=status, items=items, accent=BLURPLE)


def table_components(text: str, image: str, items: Sequence[discord.ui.Item[Any]]) -> list[dict[str, Any]]:
    """`bot.kit.layout.table_card` as JSON."""
    header, _, status = text.partition("\n")
    return card_components(header, image=image, status=status, items=items)


@dataclass(frozen=True, slots=True)
class Components:
    """Ready JSON in the place of a view for `discord.http.handle_message_parameters`, which asks a view
    for nothing but these two (so the flags, mentions, nonce and attachments are made as discord.py
    makes them for a sent view)."""

    components: list[dict[str, Any]]

    def to_components(self) -> list[dict[str, Any]]:
        return self.components

    def has_components_v2(self) -> bool:
        return True


def picture(image: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(image), filename=filename)


def parameters(
    components: list[dict[str, Any]],
    *,
    state_mentions: discord.AllowedMentions | None,
    files: Sequence[discord.File] | None = None,
    attachments: Sequence[discord.File | dict[str, Any]] | None = None,
    nonce: str | None = None,
    new: bool = False,
    silent: bool = False,
    mentions: discord.AllowedMentions | None = None,
) -> MultipartParameters:
    """The request of a send (`new`: with a nonce, enforced, as discord.py's `send` always gives one) or
    an edit of one V2 card. `attachments`
    may list a kept attachment's JSON (`KeptAttachment.json`): Discord keeps it and uploads nothing."""
    flags = discord.MessageFlags(components_v2=True)
    if silent:
        flags.suppress_notifications = True
    kwargs: dict[str, Any] = {"content": None}  # a V2 card has none (and an older classic message's is cleared)
    if new:
        kwargs["nonce"] = nonce if nonce is not None else secrets.randbits(64)
    if files is not None:
        kwargs["files"] = files
    if attachments is not None:
        kwargs["attachments"] = [Kept(a) if isinstance(a, dict) else a for a in attachments]
    return handle_message_parameters(
        view=Components(components),  # type: ignore[arg-type]
        flags=flags,
        allowed_mentions=mentions,  # type: ignore[arg-type]
        previous_allowed_mentions=state_mentions,
        **kwargs,
    )


def as_update(params: MultipartParameters) -> MultipartParameters:
    """An edit's parameters as an interaction callback of type UPDATE_MESSAGE (7): the same message data
    under `data`, its files unchanged."""
    if params.multipart:
        first, *files = params.multipart
        wrapped = f'{{"type":{UPDATE_MESSAGE},"data":{first["value"]}}}'  # the JSON text, wrapped unparsed
        return MultipartParameters(None, [{**first, "value": wrapped}, *files], params.files)
    return MultipartParameters({"type": UPDATE_MESSAGE, "data": params.payload or {}}, params.multipart, params.files)


@dataclass(frozen=True, slots=True)
class Kept:
    """An attachment kept on an edited message, by its JSON (handle_message_parameters calls `to_dict`)."""

    json: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return self.json


ATTACHMENT_FIELDS = ("filename", "id", "proxy_url", "size", "url")


def attachment_json(raw: dict[str, Any]) -> dict[str, Any]:
    """An attachment of a message's JSON as an edit lists it to keep it (what `discord.Attachment.to_dict`
    gives for it)."""
    kept: dict[str, Any] = {name: raw.get(name) for name in ATTACHMENT_FIELDS}
    kept["id"] = int(raw["id"])
    spoiler_flag = int(raw.get("flags") or 0) & (1 << 3)  # IS_SPOILER
    kept["spoiler"] = str(raw.get("filename", "")).startswith("SPOILER_") or bool(spoiler_flag)
    for name in ("height", "width", "content_type"):
        if raw.get(name):
            kept[name] = raw[name]
    if raw.get("description") is not None:
        kept["description"] = raw["description"]
    return kept


class CardEdits(Protocol):
    """Edits of a message into a card whose request is made (`parameters`): by id over REST, or a click's
    own message through its interaction's webhook (exempt from the global rate limit). Each returns
    Discord's JSON answer."""

    async def edit(self, channel_id: int, message_id: int, params: MultipartParameters) -> dict[str, Any]: ...

    async def edit_original(self, interaction: discord.Interaction, params: MultipartParameters) -> dict[str, Any]: ...

    async def update_clicked(self, interaction: discord.Interaction, params: MultipartParameters) -> dict[str, Any]: ...

    @property
    def mentions(self) -> discord.AllowedMentions | None: ...


class DiscordCards:
    """`CardEdits` through discord.py's low-level HTTP (its rate limiting and retries, no Message built) or
    an interaction's token (bot.kit.webhooks); and a card posted as an interaction's follow-up (`follow_up`)."""

    def __init__(self, client: Channels) -> None:
        self.client = client

    @property
    def mentions(self) -> discord.AllowedMentions | None:
        """The client's default mentions, which discord.py merges into every message it sends."""
        return self.client.allowed_mentions

    async def edit(self, channel_id: int, message_id: int, params: MultipartParameters) -> dict[str, Any]:
        with params:
            return await self.client.http.edit_message(channel_id, message_id, params=params)  # type: ignore[return-value]

    async def edit_original(self, interaction: discord.Interaction, params: MultipartParameters) -> dict[str, Any]:
        """As `Interaction.edit_original_response` sends it."""
        return await self.edit_by_token(interaction.application_id, interaction.token, params)

    async def update_clicked(self, interaction: discord.Interaction, params: MultipartParameters) -> dict[str, Any]:
        """Answer a click not yet acknowledged by editing the clicked message (an UPDATE_MESSAGE callback,
        bot.kit.acks): the edited message's JSON, which Discord returns when asked (`with_response`)."""
        route = Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                      interaction_id=interaction.id, interaction_token=interaction.token)  # fmt: skip
        answer = await self._by_token(route, interaction.token, as_update(params), query={"with_response": "true"})
        # discord.py's own record that the interaction is answered: follow-ups and `is_done` rely on it.
        interaction.response._response_type = discord.InteractionResponseType.message_update
        resource = answer.get("resource") if isinstance(answer, dict) else None
        message = resource.get("message") if isinstance(resource, dict) else None
        return message if isinstance(message, dict) else {}

    async def edit_by_token(self, application_id: int, token: str, params: MultipartParameters) -> dict[str, Any]:
        """Edit an interaction's original message through its token (an interaction webhook: exempt from
        the global limit), from the interaction or from a token kept since its click."""
        route = Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                      webhook_id=application_id, webhook_token=token)  # fmt: skip
        return await self._by_token(route, token, params)  # type: ignore[no-any-return]

    async def follow_up(self, application_id: int, token: str, params: MultipartParameters) -> dict[str, Any]:
        """A new message through an interaction's token (a follow-up in the interaction's channel), as
        `Webhook.send` sends it for an interaction, with the message waited for."""
        route = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=application_id, webhook_token=token)
        return await self._by_token(route, token, params, query={"wait": 1, "with_components": 1})  # type: ignore[no-any-return]

    async def _by_token(
        self, route: Route, token: str, params: MultipartParameters, query: dict[str, Any] | None = None
    ) -> Any:
        """One interaction-webhook request, its body built once (bot.kit.webhooks), on discord.py's session."""
        http = self.client.http
        session = http._HTTPClient__session  # type: ignore[attr-defined]  # as discord.Interaction takes it
        with params:
            return await webhooks.send(
                session, route, token, params, query=query, proxy=http.proxy, proxy_auth=http.proxy_auth
            )
