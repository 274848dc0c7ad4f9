"""A hand's picture is kept on an edit by listing its attachment (nothing uploaded). Each process remembers
what it last showed, so when another process sharing the database has replaced the picture meanwhile (a
click it served, a game it held for a while), the remembered attachment is gone from the message and
Discord refuses the edit (400, 50035). The edit then goes on without that memory, never stuck on it."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.kit.refusals import RetryPolicy
from bot.kit.transport import DiscordTransport
from bot.moves.adapters import Panel
from bot.projection.hands import image_digest

CHANNEL, MESSAGE = 10, 20
PICTURE = b"\x89PNG a hand"
GONE = {"id": 1, "filename": "hand.png", "size": 9, "url": "https://cdn/1", "proxy_url": "https://cdn/1"}


class Cards:
    """Discord's side of an edit: an attachment listed by id must still be on the message."""

    mentions = None

    def __init__(self, on_message: set[int]) -> None:
        self.on_message = on_message
        self.edits: list[dict[str, Any]] = []
        self.updates = 0  # edits made as a click's acknowledgement

    async def edit(self, channel_id: int, message_id: int, params: Any) -> dict[str, Any]:
        with params:
            payload = params.payload if params.payload is not None else json.loads(params.multipart[0]["value"])
        kept = [a["id"] for a in payload.get("attachments", []) if "size" in a]  # an upload lists no size
        if any(int(attachment) not in self.on_message for attachment in kept):
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"), "attachment gone")
        self.edits.append(payload)
        return {"id": str(message_id), "channel_id": str(channel_id), "attachments": []}

    async def edit_original(self, interaction: Any, params: Any) -> dict[str, Any]:
        return await self.edit(CHANNEL, interaction.message.id, params)

    async def update_clicked(self, interaction: Any, params: Any) -> dict[str, Any]:
        """The click's answer as its acknowledgement (bot.kit.acks): the same edit, through the callback."""
        edited = await self.edit(CHANNEL, interaction.message.id, params)
        self.updates += 1
        return edited


def transport(on_message: set[int]) -> tuple[DiscordTransport, Cards]:
    client = SimpleNamespace(allowed_mentions=None)
    sender = DiscordTransport(client, RetryPolicy(attempts=1))  # type: ignore[arg-type]
    cards = Cards(on_message)
    sender.cards = cards  # type: ignore[assignment]
    sender.shown.remember({"id": MESSAGE, "attachments": [GONE]}, image_digest(PICTURE))
    return sender, cards


async def test_a_strip_after_another_process_replaced_the_picture_goes_on_without_it() -> None:
    sender, cards = transport(on_message={2})  # the other process's upload replaced attachment 1
    await sender.strip(CHANNEL, MESSAGE)
    assert len(cards.edits) == 1 and cards.edits[0]["attachments"] == []
    assert sender.shown.current(MESSAGE) is None


async def test_an_edit_after_another_process_replaced_the_picture_uploads_it_again() -> None:
    sender, cards = transport(on_message={2})
    await sender.edit_panel(CHANNEL, MESSAGE, Panel(content="Your turn", image=PICTURE, filename="hand.png"))
    assert len(cards.edits) == 1
    assert [attachment.get("filename") for attachment in cards.edits[0]["attachments"]] == ["hand.png"]
    assert "size" not in cards.edits[0]["attachments"][0]  # uploaded, not kept


async def test_a_strip_keeps_the_picture_still_on_the_message() -> None:
    sender, cards = transport(on_message={1})
    await sender.strip(CHANNEL, MESSAGE)
    assert [attachment["id"] for attachment in cards.edits[0]["attachments"]] == [1]


@pytest.mark.parametrize("deferred", [False, True], ids=["answer-acknowledges", "deferred-first"])
async def test_a_clicked_hand_after_another_process_replaced_the_picture_is_answered_with_it_uploaded(
    deferred: bool,
) -> None:
    """A Hint click served here after another process drew the hand: the hint still shows at once, as the
    click's acknowledgement or through its token after a deferral."""
    sender, cards = transport(on_message={2})
    response = SimpleNamespace(is_done=lambda: deferred)
    click = SimpleNamespace(message=SimpleNamespace(id=MESSAGE), extras={}, response=response)
    answered = await sender.answer_hand(click, Panel(content="Hint: 7♠", image=PICTURE, filename="hand.png"))  # type: ignore[arg-type]
    assert answered and len(cards.edits) == 1 and cards.updates == (0 if deferred else 1)
    assert "size" not in cards.edits[0]["attachments"][0]
