"""Hand drawing with a fake client slice (bot.projection.hands): every DM says where it belongs (discord-notes B.7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.kit.texts import ENDED_BY_HOST, ENDED_BY_MANAGER
from bot.projection.hands import HandMessages, is_live
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


async def test_every_hand_of_an_ended_game_says_the_host_ended_it_and_nothing_was_rated(tmp_path: Path) -> None:
    """/game end by the host: each seat's hand, DM and My hand panel alike, names the host and says nothing
    was rated, and no hand says "Your turn" (the engine still has a seat on turn)."""
    service = await service_on(tmp_path)
    try:
        loaded = await started(service)
        host = loaded.record.seat_of(loaded.record.host_user_id)
        assert host is not None
        ended = await service.abandon(loaded.record.id, ENDED_BY_HOST)
        hands = HandMessages(service)
        for seat in range(len(ended.record.seats)):
            for dm in (True, False):
                panel, _ = await hands.drawn(ended, seat, dm=dm)
                assert "Your turn" not in panel.content
                assert f"**{host.display_name}, the host, ended this game.** Nothing was rated." in panel.content
                assert not is_live(panel)
    finally:
        await closed(service)


async def test_a_hand_of_a_game_a_manager_ended_says_a_games_manager_ended_it(tmp_path: Path) -> None:
    """Ended by a games manager (not the host): the hand says so, with no name (none is stored)."""
    service = await service_on(tmp_path)
    try:
        loaded = await started(service)
        ended = await service.abandon(loaded.record.id, ENDED_BY_MANAGER)
        panel, _ = await HandMessages(service).drawn(ended, 0, dm=True)
        assert "**A games manager ended this game.** Nothing was rated." in panel.content
    finally:
        await closed(service)
