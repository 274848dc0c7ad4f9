"""The sweeper with a hand-moved clock, fake channels and fake reconciler marks (bot.process.sweeper).

A live turn of 600 s is reminded at half-time (`Tuning.reminder_fraction`) and played for at its end;
an idle lobby closes after `Tuning.lobby_timeout`, and a lobby whose message was never recorded after
`Tuning.unseen_lobby_grace`.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.flows.lobby import lobby_shown, unseen_deadline
from bot.moves.service import GameClosed
from bot.process.config import Tuning
from bot.process.sweeper import Sweeper
from data import GameStatus, MessageKind, MoveSource, TurnTimer
from tests.bot.fakes import (
    CHANNEL,
    KIND,
    TABLE,
    USERS,
    Channels,
    Clock,
    Marks,
    closed,
    one_move,
    service_on,
    started,
)
from tests.waiting import until

TURN = 600


@pytest.fixture
async def parts(tmp_path: Path):  # type: ignore[no-untyped-def]
    clock = Clock()
    service = await service_on(tmp_path, clock, Tuning(drawing_processes=0, lobby_timeout=1800, unseen_lobby_grace=10))
    channels, marks = Channels(), Marks()
    sweeper = Sweeper(service, channels=channels, marks=marks)  # type: ignore[arg-type]
    yield service, sweeper, channels, marks, clock
    await closed(service)


async def test_nothing_is_due_before_half_time(parts) -> None:  # type: ignore[no-untyped-def]
    """Just before half the turn has gone, a sweep does nothing and asks for no message."""
    service, sweeper, _, marks, clock = parts
    await started(service, turn_seconds=TURN)
    clock.now += TURN / 2 - 1
    assert await sweeper.sweep() == 0 and marks.marked == []


async def test_a_reminder_is_owed_at_half_time_and_the_reconciler_asked_once(parts) -> None:  # type: ignore[no-untyped-def]
    """At half-time the reminder is stored as owed (mentioning the player on turn) and one pass asked for."""
    service, sweeper, _, marks, clock = parts
    loaded = await started(service, turn_seconds=TURN)
    seat = loaded.seat_at_turn()
    assert seat is not None
    clock.now += TURN / 2
    await sweeper.sweep()
    await sweeper.sweep()  # the reminder is flagged sent: a second sweep owes nothing more
    row = await service.db.messages.get(loaded.record.id, MessageKind.REMIND, seat.seat)
    assert row is not None and row.message_id is None and f"<@{seat.user_id}>" in row.key
    assert marks.marked == [loaded.record.id]
    assert service.turn_deadline(await service.db.games.get(loaded.record.id)) == pytest.approx(clock.now + TURN / 2)


async def test_at_the_deadline_the_sweeper_plays_for_the_player(parts) -> None:  # type: ignore[no-untyped-def]
    """After the reminder, the real deadline: an automatic move is stored as a timeout, with its notice."""
    service, sweeper, _, _, clock = parts
    loaded = await started(service, turn_seconds=TURN)
    clock.now += TURN / 2
    await sweeper.sweep()
    clock.now += TURN / 2
    await sweeper.sweep()
    saved = await service.db.games.load(loaded.record.id)
    assert [move.source for move in saved.moves] == [MoveSource.TIMEOUT]
    owed = await service.db.messages.of_game(loaded.record.id)
    assert any(kind is MessageKind.TIMEOUT and "ran out of time" in row.key for (kind, _), row in owed.items())


async def test_an_idle_lobby_is_closed_and_its_message_edited(parts) -> None:  # type: ignore[no-untyped-def]
    """Nobody started it within the lobby timeout: abandoned, and its message says so (one edit)."""
    service, sweeper, channels, _, clock = parts
    record = await service.db.games.create_lobby(
        kind=KIND, guild_id=1, channel_id=CHANNEL, host_user_id=USERS[0], seed=3, at=clock.now,
        timer=TurnTimer.LIVE, turn_seconds=TURN, deadline=clock.now + 1800,
    )
    await service.db.games.set_table_message(record.id, CHANNEL, TABLE)
    clock.now += 1800
    await sweeper.sweep()
    assert (await service.db.games.get(record.id)).status is GameStatus.ABANDONED
    assert channels.requests == [("edit", TABLE)]


async def unseen_lobby(service, clock):  # type: ignore[no-untyped-def]
    """A lobby row as `/<game> new` writes it, before its message is posted and recorded."""
    return await service.db.games.create_lobby(
        kind=KIND, guild_id=1, channel_id=CHANNEL, host_user_id=USERS[0], seed=3, at=clock.now,
        timer=TurnTimer.LIVE, turn_seconds=TURN, deadline=unseen_deadline(service),
    )  # fmt: skip


async def test_a_lobby_whose_message_never_appeared_closes_after_its_grace(parts) -> None:  # type: ignore[no-untyped-def]
    """No message recorded: untouched just before the grace, abandoned at it with no edit and no rating."""
    service, sweeper, channels, _, clock = parts
    record = await unseen_lobby(service, clock)
    clock.now += 9
    assert await sweeper.sweep() == 0
    clock.now += 1
    await sweeper.sweep()
    closed = await service.db.games.get(record.id)
    assert closed.status is GameStatus.ABANDONED and closed.end_reason == "its lobby never appeared"
    assert channels.requests == [] and await service.db.results.match_for_game(record.id) is None


async def test_a_shown_lobby_outlives_the_grace_until_its_idle_timeout(parts) -> None:  # type: ignore[no-untyped-def]
    """Its message recorded in time, a lobby stays open past the grace and closes at the idle timeout."""
    service, sweeper, channels, _, clock = parts
    record = await unseen_lobby(service, clock)
    clock.now += 1
    assert await lobby_shown(service, record, CHANNEL, TABLE)
    clock.now += 60
    await sweeper.sweep()
    assert (await service.db.games.get(record.id)).status is GameStatus.LOBBY
    clock.now += 1800
    await sweeper.sweep()
    closed = await service.db.games.get(record.id)
    assert closed.status is GameStatus.ABANDONED and closed.end_reason == "nobody started it"
    assert channels.requests == [("edit", TABLE)]



async def test_two_sweeps_at_once_never_push_a_deadline_later(parts, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Two sweeps in one process at once, both finding the turn due at half-time: the second waits for the
    first. Run side by side, the second read the turn between the first's two writes (the real deadline
    set, which re-arms the reminder flag, and the flag raised) and set the deadline again from it, a
    reminder's share later than the players were told."""
    service, sweeper, _, _, clock = parts
    loaded = await started(service, turn_seconds=TURN)
    game_id = loaded.record.id
    clock.now += TURN / 2
    games, real_load = service.db.games, service.load
    real_due, real_set_deadline = games.due, games.set_deadline
    dues, loads, paused = [0], [0], set()

    async def due(now: float) -> Any:
        dues[0] += 1
        found = await real_due(now)
        if "due" not in paused:  # the first sweep: both sweeps find the turn due
            paused.add("due")
            await until(lambda: dues[0] >= 2 or sweeper.waiting > 0)
        else:  # the second reads the turn only once the first has set the real deadline
            await until(lambda: "set" in paused)
        return found

    async def load(game: int, *args: Any, **kwargs: Any) -> Any:
        loads[0] += 1
        return await real_load(game, *args, **kwargs)

    async def set_deadline(game: int, deadline: float | None, **kwargs: Any) -> bool:
        changed = await real_set_deadline(game, deadline, **kwargs)
        if "set" not in paused:  # the first sweep, between its two writes: the second reads the turn now
            paused.add("set")
            await until(lambda: loads[0] >= 2 or sweeper.waiting > 0)
        return changed

    monkeypatch.setattr(games, "due", due)
    monkeypatch.setattr(games, "set_deadline", set_deadline)
    monkeypatch.setattr(service, "load", load)
    await asyncio.gather(sweeper.sweep(), sweeper.sweep())
    record = await service.db.games.get(game_id)
    assert record.reminder_sent and service.turn_deadline(record) == pytest.approx(clock.now + TURN / 2)


class SwallowingSteps:
    """A tournament step that swallows the first cancellation it gets, as a library awaiting with Python
    3.11's `asyncio.wait_for` does when the cancellation lands just as its call answers; later steps wait
    for ever."""

    def __init__(self) -> None:
        self.steps = 0
        self.swallowed = 0

    async def step(self) -> None:
        self.steps += 1
        try:
            await asyncio.get_running_loop().create_future()
        except asyncio.CancelledError:
            if self.swallowed:
                raise
            self.swallowed += 1


async def test_a_stop_whose_cancellation_a_step_loses_still_ends_the_sweeper(parts) -> None:  # type: ignore[no-untyped-def]
    """The bot's close waits for the sweeper: a sweep that carried on after losing the cancellation went on
    sweeping every `sweep_interval`, and the close never ended."""
    _, sweeper, _, _, _ = parts
    steps = SwallowingSteps()
    sweeper.tournaments = steps
    sweeper.start()
    await until(lambda: steps.steps == 1)
    async with asyncio.timeout(60):  # a hang guard only: the stop is over at once
        await sweeper.stop()
    assert steps.swallowed == 1 and steps.steps == 1


async def one_timeout_from_the_end(service: Any) -> Any:
    """A started game played on until the move a timeout would make for the seat on turn ends it."""
    loaded = await started(service, turn_seconds=TURN)
    adapter = service.adapter(KIND)
    while True:
        seat = loaded.seat_at_turn()
        assert seat is not None and loaded.state is not None, "the seeded game ended before a timeout could end it"
        move = adapter.timeout_move(loaded.state, seat.seat, service.move_rng(loaded.record, "timeout"))
        if loaded.state.apply(move).is_over:
            return loaded
        loaded = await one_move(service, loaded)


async def test_a_last_timeout_that_ends_the_game_hands_no_seat_over(parts, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    """The seat's last allowed timeout made the game's final move: the game ends as it would have, rated,
    its notice says what was played, and no seat is handed to a computer (once an error, logged)."""
    service, sweeper, _, _, clock = parts
    loaded = await one_timeout_from_the_end(service)
    seat = loaded.seat_at_turn()
    for _ in range(service.tuning.max_timeouts - 1):
        await service.db.games.record_timeout(loaded.record.id, seat.seat)
    await service.db.games.set_deadline(
        loaded.record.id, service.turn_deadline(loaded.record), expected_version=loaded.record.version
    )
    caplog.set_level(logging.ERROR)
    clock.now += TURN
    await sweeper.sweep()  # the reminder
    clock.now += TURN
    await sweeper.sweep()  # the timeout, which ends the game
    record = await service.db.games.get(loaded.record.id)
    assert record.status is GameStatus.FINISHED
    assert record.seats[seat.seat].computer_level is None
    owed = await service.db.messages.of_game(loaded.record.id)
    timeouts = [row.key for (kind, _), row in owed.items() if kind is MessageKind.TIMEOUT]
    assert timeouts and all("takes the seat" not in key for key in timeouts)
    assert [record.getMessage() for record in caplog.records] == []


async def test_a_seat_of_an_ended_game_is_not_handed_over(parts) -> None:  # type: ignore[no-untyped-def]
    """A hand-over asked for after the game ended (a forfeit meanwhile) is refused as a closed game, which
    the sweeper takes as a game that moved on, and the seat stays as it was."""
    service, _, _, _, _ = parts
    loaded = await started(service, turn_seconds=TURN)
    await service.abandon(loaded.record.id, "a test")
    with pytest.raises(GameClosed):
        await service.hand_over_to_computer(loaded.record.id, 0)
    assert (await service.db.games.get(loaded.record.id)).seats[0].computer_level is None
