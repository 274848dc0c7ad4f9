"""Two processes stepping one tournament at once (a lease that lapsed while its holder was starved):
the match's game is dealt once, and the step that lost the race ends quietly instead of failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.flows.tournaments import TournamentRunner
from bot.moves.service import Loaded
from data import GameStatus
from tests.bot.fakes import USERS, closed, lobby_row, service_on


class Tables:
    def __init__(self) -> None:
        self.begun: list[int] = []

    async def begin(self, loaded: Loaded, interaction: object = None) -> str:
        self.begun.append(loaded.record.id)
        return "posted"


class Poster:
    async def post(self, channel_id: int, post: object) -> object:
        raise AssertionError("nothing is posted here")


async def test_a_match_dealt_by_another_process_between_read_and_start_is_left_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = await service_on(tmp_path)
    try:
        lobby = await lobby_row(service, seed=5)
        for user in USERS:  # the other process seats both players and deals
            await service.db.games.add_player(lobby.id, user, f"P{user}")
        await service.start(lobby.id)
        stale = await service.db.games.get(lobby.id)
        reads = iter([lobby])  # this process read the match's game before the other dealt it
        real_get = service.db.games.get

        async def get(game_id: int) -> object:
            return next(reads, None) or await real_get(game_id)

        monkeypatch.setattr(service.db.games, "get", get)
        tables = Tables()
        runner = TournamentRunner(service, poster=Poster(), tables=tables, threads=None, owner=lambda: "here")
        await runner._seat_and_start(lobby, [str(user) for user in USERS], {})
        assert tables.begun == []
        assert (await real_get(lobby.id)).status is GameStatus.ACTIVE
        assert (await real_get(lobby.id)).version == stale.version  # dealt once
    finally:
        await closed(service)


async def test_a_match_half_seated_by_another_process_is_seated_on_by_the_next_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = await service_on(tmp_path)
    try:
        lobby = await lobby_row(service, seed=5)
        await service.db.games.add_player(lobby.id, USERS[0], f"P{USERS[0]}")  # the other process's first seat
        reads = iter([lobby])  # this process read the lobby before that seat
        real_get = service.db.games.get

        async def get(game_id: int) -> object:
            return next(reads, None) or await real_get(game_id)

        monkeypatch.setattr(service.db.games, "get", get)
        tables = Tables()
        runner = TournamentRunner(service, poster=Poster(), tables=tables, threads=None, owner=lambda: "here")
        players = [str(user) for user in USERS]
        await runner._seat_and_start(lobby, players, {})  # meets the seat taken: leaves it for the next step
        assert tables.begun == [] and (await real_get(lobby.id)).status is GameStatus.LOBBY
        await runner._seat_and_start(await real_get(lobby.id), players, {})  # the next pass
        dealt = await real_get(lobby.id)
        assert dealt.status is GameStatus.ACTIVE and [seat.user_id for seat in dealt.seats] == list(USERS)
        assert tables.begun == [lobby.id]
    finally:
        await closed(service)
