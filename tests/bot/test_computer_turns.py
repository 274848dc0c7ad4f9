"""Computer seats in the game service (bot.moves.service): a computer turn has no deadline, so nothing but
the service itself would ever make that move; a turn that loses a race must be taken again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.process.config import Tuning
from data import MoveSource
from tests.bot.fakes import Clock, closed, computer_move, service_on, started
from tests.waiting import HANG_GUARD, until


async def test_a_computer_turn_outrun_by_another_write_is_taken_again(tmp_path: Path) -> None:
    """Both seats are computers. While the one on turn waits out its delay, its move is stored by
    another path (another process, the sweeper): its own move is then stale, and the next computer must
    still move (the stale task held the game's slot when that move asked for it)."""
    service = await service_on(tmp_path, Clock(), Tuning(drawing_processes=0, computer_delay=0.3))
    try:
        loaded = await started(service)
        seat = loaded.seat_at_turn()
        assert seat is not None
        game_id = loaded.record.id
        await service.hand_over_to_computer(game_id, 1 - seat.seat)
        handed = await service.hand_over_to_computer(game_id, seat.seat)  # its turn starts on this version
        await asyncio.sleep(0.05)  # the computer has read the game and waits out its delay
        await service.submit(
            game_id, seat.seat, computer_move(handed), expected_version=handed.record.version, source=MoveSource.TIMEOUT
        )

        async def computer_moved() -> bool:
            saved = await service.db.games.load(game_id)
            return any(move.source is MoveSource.COMPUTER for move in saved.moves)

        await until(computer_moved, "a computer's move after the stale turn")
    finally:
        await closed(service)


async def test_a_close_stops_a_computer_turn_that_is_storing_its_move(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A computer turn leaves its game's slot before it stores its move; closing the service must still
    stop it, or it would write to a database already closed (a shutdown mid-turn)."""
    service = await service_on(tmp_path, Clock(), Tuning(drawing_processes=0, computer_delay=0.0))
    storing = asyncio.Event()

    async def slow_submit(*args, **kwargs):  # type: ignore[no-untyped-def]
        storing.set()
        await asyncio.Event().wait()  # the database write that the close interrupts

    try:
        loaded = await started(service)
        seat = loaded.seat_at_turn()
        assert seat is not None
        monkeypatch.setattr(service, "submit", slow_submit)
        await service.hand_over_to_computer(loaded.record.id, seat.seat)
        await asyncio.wait_for(storing.wait(), HANG_GUARD)
    finally:
        await closed(service)
    assert storing.is_set()
    assert not [task for task in asyncio.all_tasks() if task.get_name().startswith("computer-")]  # none left running
