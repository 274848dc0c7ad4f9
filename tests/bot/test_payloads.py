"""The V2 cards the transport sends as plain JSON (bot.kit.payloads) are the cards discord.py would send
for `bot.kit.layout.card`'s view: the same components, within the same budgets."""

from __future__ import annotations

import json

import discord

from bot.kit.components import button, select
from bot.kit.ids import ComponentId, TableAction
from bot.kit.layout import ACCENT, card
from bot.kit.payloads import as_update, attachment_json, card_components, parameters


def buttons(count: int, *, disabled: bool = False) -> list[discord.ui.Item]:
    return [
        button(ComponentId(7, 3, TableAction.RULES, str(index)), f"Card {index}", emoji="🂡", disabled=disabled)
        for index in range(count)
    ]


def options(count: int) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"card {i}", value=str(i), default=i == 1) for i in range(count)]


def test_a_hand_card_is_the_layout_views_json() -> None:
    """Header, picture, status, a select alone in its row and buttons five to a row, as card() sends them."""
    items = [select(ComponentId(7, 3, TableAction.RULES), options(9), placeholder="Choose"), *buttons(7)]
    sent = card("**Thirteen** #7", image="hand.png", status="Your turn", items=items, accent=discord.Colour.blurple())
    assert (
        card_components(
            "**Thirteen** #7", image="hand.png", status="Your turn", items=items, accent=discord.Colour.blurple().value
        )
        == sent.to_components()
    )


def test_a_card_without_picture_status_or_controls_is_the_layout_views_json() -> None:
    assert card_components("a note", accent=None) == card("a note", accent=None).to_components()
    assert card_components("a table", image="t.png") == card("a table", image="t.png", accent=ACCENT).to_components()


def test_the_budgets_cut_as_card_does() -> None:
    """Text beyond 4,000 characters is cut from the status; rows beyond 40 components are dropped."""
    items = buttons(60, disabled=True)
    long = "x" * 5000
    assert (
        card_components("h" * 3990, status=long, items=items)
        == card("h" * 3990, status=long, items=items).to_components()
    )


def test_a_new_card_is_sent_with_the_v2_flag_an_enforced_nonce_and_the_mentions() -> None:
    params = parameters(
        card_components("a"),
        state_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        mentions=discord.AllowedMentions.none(),
        new=True,
        nonce="hd7-0-3",
        silent=True,
    )
    assert params.payload is not None
    assert params.payload["flags"] == (1 << 15) | (1 << 12)
    assert params.payload["nonce"] == "hd7-0-3" and params.payload["enforce_nonce"] is True
    assert params.payload["allowed_mentions"] == {"parse": []}
    assert params.payload["content"] is None


def test_an_edit_keeping_an_attachment_lists_it_and_uploads_nothing() -> None:
    raw = {"id": "55", "filename": "hand.png", "size": 10, "url": "u", "proxy_url": "p", "content_type": "image/png"}
    params = parameters(card_components("a", image="hand.png"), state_mentions=None, attachments=[attachment_json(raw)])
    assert params.payload is not None and not params.files
    assert params.payload["attachments"] == [
        {
            "filename": "hand.png",
            "id": 55,
            "proxy_url": "p",
            "size": 10,
            "url": "u",
            "spoiler": False,
            "content_type": "image/png",
        }
    ]


def test_an_upload_goes_as_multipart_with_the_payload_beside_it() -> None:
    file = discord.File(__import__("io").BytesIO(b"png"), filename="hand.png")
    params = parameters(card_components("a", image="hand.png"), state_mentions=None, attachments=[file])
    assert params.payload is None and params.files == [file]
    payload = json.loads(params.multipart[0]["value"])
    assert payload["attachments"] == [{"id": 0, "filename": "hand.png"}]


def test_an_edit_as_a_clicks_answer_is_an_update_message_callback_of_the_same_data() -> None:
    """The clicked hand's edit sent as the click's acknowledgement (bot.kit.acks): type 7, the edit's JSON
    under `data`, with or without an upload beside it."""
    kept = parameters(card_components("a", image="hand.png"), state_mentions=None, attachments=[])
    assert as_update(kept).payload == {"type": 7, "data": kept.payload}
    file = discord.File(__import__("io").BytesIO(b"png"), filename="hand.png")
    upload = parameters(card_components("a", image="hand.png"), state_mentions=None, attachments=[file])
    update = as_update(upload)
    assert update.payload is None and update.files == [file]
    assert json.loads(update.multipart[0]["value"]) == {"type": 7, "data": json.loads(upload.multipart[0]["value"])}
    assert update.multipart[1:] == upload.multipart[1:]


def test_a_hand_and_a_table_are_their_layout_cards_json() -> None:
    from bot.kit.layout import hand_card, table_card
    from bot.kit.payloads import hand_components, table_components

    items = buttons(3)
    assert (
        hand_components("head\nline\nmore", "h.png", items)
        == hand_card("head\nline\nmore", "h.png", items).to_components()
    )
    assert hand_components("head", None, ()) == hand_card("head", None, ()).to_components()
    assert (
        table_components("head\nstatus", "t.png", items) == table_card("head\nstatus", "t.png", items).to_components()
    )
