"""Message events follow the IDENTIFY intents, as on Discord: GUILD_MESSAGES for guild channels,
DIRECT_MESSAGES for DMs (the bot's own messages included). A raw gateway client, so the test sees
exactly which dispatches the fake sends."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from fakediscord import FakeDiscord
from fakediscord.server import DIRECT_MESSAGES, GUILD_MESSAGES

MARK = "TEST_MARK"  # a dispatch the test sends itself: every event before it has been sent


async def message_events(fake: FakeDiscord, intents: int) -> list[tuple[str, str]]:
    """(event, "guild" or "dm") of each message event a session with `intents` receives while a guild
    message is sent, edited and deleted and a DM is sent."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=headers) as session, session.ws_connect(fake.gateway_url) as ws:
        assert (await ws.receive_json())["op"] == 10  # HELLO
        await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": intents, "properties": {}}})
        while (await ws.receive_json()).get("t") != "GUILD_CREATE":
            pass

        async def call(method: str, path: str, **body: Any) -> Any:
            async with session.request(method, fake.api_base + path, json=body or None) as answer:
                assert answer.status in (200, 204), await answer.text()
                return await answer.json() if answer.status == 200 else None

        guild = f"/channels/{fake.channel.id}/messages"
        sent = await call("POST", guild, content="hello table")
        await call("PATCH", f"{guild}/{sent['id']}", content="edited")
        await call("DELETE", f"{guild}/{sent['id']}")
        await call("POST", f"/channels/{fake.users['alice'].dm.id}/messages", content="your hand")
        await fake.dispatch(MARK, {})
        seen = []
        while (packet := await ws.receive_json())["t"] != MARK:
            if str(packet["t"]).startswith("MESSAGE_"):
                seen.append((packet["t"], "guild" if "guild_id" in packet["d"] else "dm"))
        return seen


GUILD_EVENTS = [("MESSAGE_CREATE", "guild"), ("MESSAGE_UPDATE", "guild"), ("MESSAGE_DELETE", "guild")]


@pytest.mark.parametrize(
    ("intents", "expected"),
    [
        (GUILD_MESSAGES | DIRECT_MESSAGES, [*GUILD_EVENTS, ("MESSAGE_CREATE", "dm")]),
        (GUILD_MESSAGES, GUILD_EVENTS),
        (DIRECT_MESSAGES, [("MESSAGE_CREATE", "dm")]),
        (1, []),  # GUILDS only
    ],
    ids=["both", "guild-only", "dm-only", "neither"],
)
async def test_message_events_need_the_intent_for_their_channel(
    fake: FakeDiscord, intents: int, expected: list[tuple[str, str]]
) -> None:
    """MESSAGE_CREATE/UPDATE/DELETE are sent only under GUILD_MESSAGES (guild) or DIRECT_MESSAGES (DM)."""
    assert await message_events(fake, intents) == expected
