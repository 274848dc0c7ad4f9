"""GameService.load after a move made in another process: the state this process holds is brought
forward with the moves stored after it (moves are only ever appended), not rebuilt from the snapshot and
the whole log; and a move checked against the click's own read, not a second one. Two services on one
SQLite file (`service_on` twice) stand for two processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.moves import service as service_module
from bot.moves.service import Loaded, StaleVersion
from tests.bot.fakes import closed, computer_move, one_move, service_on, started


async def test_a_state_held_is_brought_forward_with_the_moves_made_elsewhere(tmp_path: Path) -> None:
    """Two moves made by the other process: the owner reads the record and those two moves (two game
    reads), and its state is the one the other process stored."""
    owner = await service_on(tmp_path)
    other = await service_on(tmp_path)
    try:
        held = await started(owner)
        moved = await one_move(other, await other.load(held.record.id))
        moved = await one_move(other, moved)
        owner.forget(held.record.id)  # told of the moves (a notification, the poll)
        before = owner.db.counts.snapshot()
        loaded = await owner.load(held.record.id)
        spent = owner.db.counts.since(before)
        assert (spent.reads, spent.game_reads) == (2, 2)  # the record with its seats; the moves after the state
        assert loaded.record.version == moved.record.version == held.record.version + 2
        assert loaded.state is not None and moved.state is not None
        assert loaded.state.to_dict() == moved.state.to_dict()
    finally:
        await closed(owner)
        await closed(other)


async def test_on_postgresql_the_record_and_the_moves_after_the_state_are_one_read(
    tmp_path: Path, pg_schema: str
) -> None:
    """A process that does not own a game (a shard that got a DM click) holds its state from an earlier
    click: the record and the moves stored since come back in one statement, and the state is the other
    process's. Told again with nothing new, the same one statement brings no move."""
    owner = await service_on(tmp_path, target=pg_schema)
    other = await service_on(tmp_path, target=pg_schema)
    try:
        held = await started(owner)
        moved = await one_move(other, await other.load(held.record.id))
        moved = await one_move(other, moved)
        owner.forget(held.record.id)
        before = owner.db.counts.snapshot()
        loaded = await owner.load(held.record.id)
        spent = owner.db.counts.since(before)
        assert (spent.reads, spent.game_reads) == (1, 1)
        assert loaded.record.version == moved.record.version == held.record.version + 2
        assert loaded.state is not None and moved.state is not None
        assert loaded.state.to_dict() == moved.state.to_dict()
        owner.forget(held.record.id)
        before = owner.db.counts.snapshot()
        again = await owner.load(held.record.id)
        assert owner.db.counts.since(before).reads == 1 and again.state is loaded.state
    finally:
        await closed(owner)
        await closed(other)


async def test_moves_stored_after_the_record_was_read_are_left_for_the_next_load(tmp_path: Path) -> None:
    """The record is read before the moves: any move stored in between is not applied, so the state
    returned is the record's version, never ahead of it."""
    owner = await service_on(tmp_path)
    other = await service_on(tmp_path)
    try:
        held = await started(owner)
        first = await one_move(other, await other.load(held.record.id))
        await one_move(other, first)  # stored after the record the owner read (below)
        state = await owner._forward(held, first.record)
        assert state is not None and first.state is not None
        assert state.to_dict() == first.state.to_dict()
        assert await owner._forward(Loaded(first.record, first.state), held.record) is None  # not older: none
    finally:
        await closed(owner)
        await closed(other)


async def test_the_states_held_are_bounded_and_the_least_recent_goes_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long-running bot sees many games end: beyond STATES_HELD, the state stored least recently is
    dropped (and rebuilt by its next load), the others stay."""
    monkeypatch.setattr(service_module, "STATES_HELD", 2)
    service = await service_on(tmp_path)
    try:
        games = [(await started(service, table=False, channel=channel)).record.id for channel in (1, 2, 3)]
        assert list(service._cache) == games[1:]
        loaded = await service.load(games[0])  # rebuilt, and now the most recent
        assert loaded.state is not None and list(service._cache) == [games[2], games[0]]
    finally:
        await closed(service)


async def test_a_move_checked_against_the_clicks_read_reads_the_game_no_second_time(tmp_path: Path) -> None:
    """Load once: a process that may not serve the game's record from memory (it does not own the game)
    reads it for the click, and the move is checked against that read instead of a second one."""
    mover = await service_on(tmp_path)
    try:
        held = await started(mover)
        mover.forget(held.record.id)
        loaded = await mover.load(held.record.id)
        assert mover.db.games.held(held.record.id) is None  # every load of this process reads
        seat = loaded.seat_at_turn()
        assert seat is not None
        before = mover.db.counts.snapshot()
        applied = await mover.submit(
            held.record.id, seat.seat, computer_move(loaded), expected_version=loaded.record.version, read=loaded
        )
        spent = mover.db.counts.since(before)
        assert spent.game_reads == 0, spent
        assert applied.after.record.version == loaded.record.version + 1
    finally:
        await closed(mover)


async def test_a_move_checked_against_a_read_the_game_has_moved_past_elsewhere_is_refused_as_stale(
    tmp_path: Path,
) -> None:
    """The click's read is behind a move another process stored meanwhile: the append's version check
    refuses the move, nothing is stored, and the next load has the other process's move."""
    mover = await service_on(tmp_path)
    other = await service_on(tmp_path)
    try:
        held = await started(mover)
        loaded = await mover.load(held.record.id)
        moved = await one_move(other, await other.load(held.record.id))
        seat = loaded.seat_at_turn()
        assert seat is not None
        with pytest.raises(StaleVersion):
            await mover.submit(
                held.record.id, seat.seat, computer_move(loaded), expected_version=loaded.record.version, read=loaded
            )
        now = await mover.load(held.record.id)
        assert now.record.version == moved.record.version == loaded.record.version + 1
        assert now.state is not None and moved.state is not None
        assert now.state.to_dict() == moved.state.to_dict()
    finally:
        await closed(mover)
        await closed(other)
