"""The database refusing a write (here a genuine SQLITE_FULL, as a full disk raises it) mid-game, on the
final move, at Start and for a computer seat: the player who clicked is told why in plain words, nothing
changes, and the same click works once space is back."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

import bot.moves.service
from bench.players.common import (
    click,
    game_id_of,
    game_over_in,
    hand_message,
    is_my_turn,
    open_lobby,
    start_bot,
    start_game,
    take_turn_with_hint,
    version_of,
)
from data import GameStatus, MoveSource, StorageFault
from data.database import Tx
from data.errors import as_fault
from fakediscord import FakeDiscord, Message, SimUser
from tests.data.conftest import sqlite_full_error
from tests.e2e.test_bot_core import duel, seat_people
from tests.waiting import until

MOVE_NOT_SAVED = "Couldn't save that move: the server's disk is full. Nothing was lost; try again shortly."
NOT_SAVED = "Couldn't save that: the server's disk is full. Nothing was lost; try again shortly."


@dataclasses.dataclass
class FullDisk:
    """Move appends (of `source`, if given) raise a genuine SQLITE_FULL while `full`; `refused` lists the
    versions they were refused at."""

    source: MoveSource | None = None
    full: bool = True
    refused: list[int] = dataclasses.field(default_factory=list)


def fill_disk(monkeypatch: pytest.MonkeyPatch, source: MoveSource | None = None) -> FullDisk:
    import data.games

    real = data.games._append
    disk = FullDisk(source)

    async def append(tx: Tx, game_id: int, expected_version: int, *args: Any, **keywords: Any) -> int:
        if disk.full and (source is None or args[-1] is source):
            disk.refused.append(expected_version)
            raise sqlite_full_error()
        return await real(tx, game_id, expected_version, *args, **keywords)

    monkeypatch.setattr(data.games, "_append", append)
    return disk


def notes(fake: FakeDiscord, user: SimUser) -> list[Message]:
    return [m for m in fake.messages(user.dm, viewer=user) if m.ephemeral and "Couldn't save" in m.text]


async def test_a_mid_game_move_on_a_full_disk_is_refused_plainly_then_plays(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The click is answered "Couldn't save that move: the server's disk is full..."; version and moves are
    unchanged; the same Play works once space is back."""
    game = await duel(fake, bots)
    mover, hand = game.mover, game.hand
    await click(mover, hand, "Hint")
    hinted = await fake.wait_for_message(mover.dm, lambda m: m.id == hand.id and "Hint:" in m.text)
    disk = fill_disk(monkeypatch)
    await click(mover, hinted, "Play")
    note = await fake.wait_for_message(mover.dm, lambda m: "Couldn't save" in m.text, viewer=mover)
    assert note.ephemeral and note.text == MOVE_NOT_SAVED
    saved = await game.bot.service.db.games.load(game.game_id)
    assert saved.game.version == game.version and saved.moves == ()
    disk.full = False
    await click(mover, hinted, "Play")
    await fake.wait_for_message(mover.dm, lambda m: m.id == hand.id and version_of(m) > game.version)
    assert (await game.bot.service.db.games.get(game.game_id)).version == game.version + 1


async def play_until_refused(fake: FakeDiscord, users: list[SimUser], timeout: float = 60.0) -> tuple[SimUser, int]:
    """Both people play with hints until a move is refused; returns who was refused and at what version."""
    acted = {user.id: -1 for user in users}
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        assert game_over_in(fake) is None, "the game ended although its final move could not be stored"
        for user in users:
            if notes(fake, user):
                hand = hand_message(fake, user)
                assert hand is not None
                return user, version_of(hand)
        moved = False
        for user in users:
            hand = hand_message(fake, user)
            if hand is None or not is_my_turn(hand) or version_of(hand) <= acted[user.id]:
                continue
            acted[user.id] = version_of(hand)
            await take_turn_with_hint(fake, user, hand)
            moved = True
        if not moved:
            await asyncio.sleep(0.01)
    raise AssertionError("no move was refused in time")


async def test_the_final_move_on_a_full_disk_leaves_the_game_unchanged_and_the_player_told(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the result fails: the game stays active at the version before the final move with no match,
    the player is told why, and the same Play then ends the game with its standings."""
    game = await duel(fake, bots)
    db = game.bot.service.db

    def full(*args: object, **kwargs: object) -> None:
        raise sqlite_full_error()

    monkeypatch.setattr("data.results.record_match", full)
    alice, bob = fake.users["alice"], fake.users["bob"]
    refused, version = await play_until_refused(fake, [alice, bob])
    assert notes(fake, refused)[-1].text == MOVE_NOT_SAVED
    record = await db.games.get(game.game_id)
    assert record.status is GameStatus.ACTIVE and record.version == version
    assert len((await db.games.load(game.game_id)).moves) == version
    assert await db.results.match_for_game(game.game_id) is None
    monkeypatch.undo()
    hand = hand_message(fake, refused)
    assert hand is not None and "Hint:" in hand.text
    await click(refused, hand, "Play")
    await fake.wait_for_message(fake.channel, lambda m: "is over" in m.text and "🏆" in m.text)
    assert (await db.games.get(game.game_id)).status is GameStatus.FINISHED
    assert await db.results.match_for_game(game.game_id) is not None


async def test_start_on_a_full_disk_is_refused_plainly_and_works_later(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start while the database refuses writes: the host is told why, the lobby stays open, a later Start deals."""
    import data.games

    service_bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)

    async def full(*args: object, **kwargs: object) -> None:
        fault = as_fault(sqlite_full_error())
        assert isinstance(fault, StorageFault)
        raise fault

    monkeypatch.setattr(data.games.GameRepository, "start", full)
    await alice.click(lobby, label="Start")
    note = await fake.wait_for_message(fake.channel, lambda m: "Couldn't save" in m.text, viewer=alice)
    assert note.ephemeral and note.text == NOT_SAVED
    assert (await service_bot.service.db.games.get(game_id_of(lobby))).status is GameStatus.LOBBY
    monkeypatch.undo()
    await start_game(fake, alice, fake.message(lobby), [alice, bob])
    assert (await service_bot.service.db.games.get(game_id_of(lobby))).status is GameStatus.ACTIVE


async def test_a_computer_move_the_disk_refused_is_tried_again(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer turn has no deadline: a refused computer move is retried until space is back, then stored."""
    monkeypatch.setattr(bot.moves.service, "STORAGE_RETRY_SECONDS", 0.05)
    service_bot = await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    disk = fill_disk(monkeypatch, MoveSource.COMPUTER)
    await click(alice, lobby, "Start")
    game_id = game_id_of(lobby)
    loaded = await service_bot.service.load(game_id)
    assert loaded.state is not None
    if loaded.state.to_move == 0:  # alice leads: her move goes through, then the computer's turn comes
        hand = await fake.wait_for_message(alice.dm, is_my_turn)
        await take_turn_with_hint(fake, alice, hand)
    await until(lambda: len(disk.refused) >= 3, "the computer's move refused three times")
    assert len(disk.refused) >= 3 and len(set(disk.refused)) == 1  # the same turn, tried again
    stuck = (await service_bot.service.db.games.get(game_id)).version
    disk.full = False

    async def moved_on() -> bool:
        saved = await service_bot.service.db.games.load(game_id)
        return saved.game.version > stuck or saved.game.status is not GameStatus.ACTIVE

    await until(moved_on, "the computer's move stored once the disk had room")
    saved = await service_bot.service.db.games.load(game_id)
    assert saved.game.version > stuck and saved.moves[stuck].source is MoveSource.COMPUTER


async def test_a_game_left_active_with_its_final_move_stored_is_finished_at_restart(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database from an older Cardroom holding an active game whose stored moves end it (the final move
    stored, the finish lost): the next start finishes it, with its match and its standings posted."""
    import data.games

    game = await duel(fake, bots)
    db = game.bot.service.db

    async def move_then_fail(
        self: data.games.GameRepository, game_id: int, version: int, code: str, *args: Any, **kw: Any
    ) -> None:
        await self.append_move(game_id, version, code, at=kw["at"], actor=kw["actor"], next_deadline=None)
        fault = as_fault(sqlite_full_error())
        assert fault is not None
        raise fault  # as the finish, a second transaction, failed in older versions

    monkeypatch.setattr(data.games.GameRepository, "append_final_move", move_then_fail)
    await play_until_refused(fake, [fake.users["alice"], fake.users["bob"]])
    legacy = await db.games.get(game.game_id)
    assert legacy.status is GameStatus.ACTIVE and await db.results.match_for_game(game.game_id) is None
    monkeypatch.undo()
    await bots.stop(game.bot)
    second = await start_bot(bots)
    repaired = await second.service.db.games.get(game.game_id)
    assert repaired.status is GameStatus.FINISHED and repaired.version == legacy.version
    assert await second.service.db.results.match_for_game(game.game_id) is not None
    await fake.wait_for_message(fake.channel, lambda m: "is over" in m.text and "🏆" in m.text)


async def test_a_command_whose_write_the_disk_refuses_says_so_plainly(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/settings turns while the database refuses writes: the plain reason, not "something went wrong"."""
    import data.settings

    await start_bot(bots)

    async def full(*args: object, **kwargs: object) -> None:
        fault = as_fault(sqlite_full_error())
        assert fault is not None
        raise fault

    monkeypatch.setattr(data.settings.SettingsRepository, "update_user", full)
    reply = await fake.users["alice"].slash("settings turns", notify="off")
    assert isinstance(reply, Message) and reply.ephemeral and reply.text == NOT_SAVED
