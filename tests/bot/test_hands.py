"""Hand drawing with a fake client slice (bot.hands): every DM says where it belongs (discord-notes B.7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.hands import HandMessages
from tests.bot.fakes import CHANNEL, GUILD, TABLE, closed, service_on, started


class Guilds:
    def __init__(self, names: dict[int, str]) -> None:
        self.names = names

    def get_guild(self, id: int, /) -> Any:
        name = self.names.get(id)
        return None if name is None else type("Guild", (), {"name": name})()


async def test_a_hand_names_its_server_channel_and_table(tmp_path: Path) -> None:
    """The location line: game, channel, the server's name and a link to the table message."""
    service = await service_on(tmp_path)
    try:
        loaded = await started(service)
        line = HandMessages(service, guilds=Guilds({GUILD: "Card Club"})).location(loaded)  # type: ignore[arg-type]
        assert f"#{loaded.record.id} in <#{CHANNEL}> on Card Club" in line
        assert f"https://discord.com/channels/{GUILD}/{CHANNEL}/{TABLE}" in line
    finally:
        await closed(service)


async def test_a_server_not_known_to_the_bot_is_your_server(tmp_path: Path) -> None:
    """Before the gateway has named the server (or without a client at all): "your server"."""
    service = await service_on(tmp_path)
    try:
        loaded = await started(service)
        assert "on your server" in HandMessages(service, guilds=Guilds({})).location(loaded)  # type: ignore[arg-type]
        assert "on your server" in HandMessages(service).location(loaded)
    finally:
        await closed(service)
