"""The end of a game with fake reconciler marks and a fake transport (bot.projection.endings): no Discord at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.kit.ids import ComponentId, TableAction
from bot.projection.endings import Endings, Standings
from bot.projection.hands import HandMessages
from bot.projection.reconciler import Reconciler
from data import GameRecord, GameStatus, MessageKind
from tests.bot.fakes import USERS, Interaction, Marks, Transport, closed, play_to_the_end, service_on, started


class Lobby:
    """`bot.projection.endings.LobbyCards`: the lobby message of a record, as text."""

    def __init__(self) -> None:
        self.cards: list[GameRecord] = []

    async def card_for(self, record: GameRecord, notice: str = "") -> Any:
        self.cards.append(record)
        return f"lobby {record.id}: {notice}"


@pytest.fixture
async def parts(tmp_path: Path):  # type: ignore[no-untyped-def]
    service = await service_on(tmp_path)
    marks, lobby = Marks(), Lobby()
    endings = Endings(service, lobby=lobby, marks=marks)  # type: ignore[arg-type]
    yield service, endings, marks, lobby
    await closed(service)


async def test_a_finished_game_is_announced_once(parts) -> None:  # type: ignore[no-untyped-def]
    """Two passes over a finished game: the standings (winner, Rematch) are posted once, with one nonce."""
    service = parts[0]
    transport = Transport()
    reconciler = Reconciler(
        service=service,
        hands=HandMessages(service),
        transport=transport,
        tables=Marks(),
        announce=Standings(service).result_post,
    )
    try:
        loaded = await play_to_the_end(service, await started(service))
        assert loaded.record.status is GameStatus.FINISHED
        await reconciler.reconcile(loaded.record.id)
        await reconciler.reconcile(loaded.record.id)
    finally:
        await reconciler.close()
    posts = transport.posts()
    assert len(posts) == 1 and "is over" in posts[0].content and "won!" in posts[0].content
    assert posts[0].nonce is not None and posts[0].image is not None
    assert [getattr(item, "custom_id", "") for item in posts[0].items] == [f"cr:{loaded.record.id}:0:rematch"]


async def test_the_standings_mark_a_seat_a_computer_took_over_with_the_robot(parts) -> None:  # type: ignore[no-untyped-def]
    """P2 left and a computer finished the game for them: the standings read "🤖 P2", like the table."""
    service, endings = parts[0], parts[1]
    loaded = await started(service)
    await endings.leave(loaded, 1, "P2")
    finished = await play_to_the_end(service, await service.load(loaded.record.id))
    match = await service.db.results.match_for_game(finished.record.id)
    assert match is not None
    post = await Standings(service).result_post(finished, match)
    name = finished.record.seats[1].display_name
    assert f"🤖 {name} (" in post.content and post.content.count(name) == post.content.count(f"🤖 {name}")


async def test_a_player_leaving_hands_the_seat_to_a_computer_and_owes_one_notice(parts) -> None:  # type: ignore[no-untyped-def]
    """Leave: a computer takes the seat, "X left" is stored as owed, one reconciler pass asked for."""
    service, endings, marks, _ = parts
    loaded = await started(service)
    await endings.leave(loaded, 1, "Bob")
    record = await service.db.games.get(loaded.record.id)
    assert record.seats[1].is_computer and record.status is GameStatus.ACTIVE
    row = await service.db.messages.get(record.id, MessageKind.LEFT, 1)
    assert row is not None and row.message_id is None and row.key.startswith("Bob left the game")
    assert marks.marked == [record.id]


async def test_the_last_person_leaving_ends_the_game(parts) -> None:  # type: ignore[no-untyped-def]
    """No people left at the table: the game is abandoned and the notice says so."""
    service, endings, _, _ = parts
    loaded = await started(service)
    await endings.leave(loaded, 0, "Ann")
    await endings.leave(await service.load(loaded.record.id), 1, "Bob")
    record = await service.db.games.get(loaded.record.id)
    assert record.status is GameStatus.ABANDONED
    row = await service.db.messages.get(record.id, MessageKind.LEFT, 1)
    assert row is not None and row.key.startswith("Everyone has left")


async def test_a_rematch_is_only_for_the_players(parts) -> None:  # type: ignore[no-untyped-def]
    """Someone who did not play asks for a rematch: told so, and no lobby opens."""
    service, endings, _, lobby = parts
    loaded = await play_to_the_end(service, await started(service))
    click = Interaction(999)
    await endings.rematch(click, ComponentId(loaded.record.id, 0, TableAction.REMATCH))  # type: ignore[arg-type]
    assert click.said() == ["Only the players of that game can ask for a rematch."] and lobby.cards == []


async def test_a_rematch_seats_the_same_players_in_the_same_seats(parts) -> None:  # type: ignore[no-untyped-def]
    """The second player asks: a new lobby with both players in their seats, that player its host."""
    service, endings, _, lobby = parts
    loaded = await play_to_the_end(service, await started(service))
    await endings.rematch(Interaction(USERS[1]), ComponentId(loaded.record.id, 0, TableAction.REMATCH))  # type: ignore[arg-type]
    [record] = lobby.cards
    assert record.id != loaded.record.id and record.host_user_id == USERS[1]
    assert [seat.user_id for seat in record.seats] == list(USERS)
