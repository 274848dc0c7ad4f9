"""What a move costs in statements (data.counters), and when a game record held in memory is served
instead of read (data.record_cache): only once the process is told it is the game's one writer (the bot
on SQLite, the lease holder on PostgreSQL), and never after a write of the game made anywhere but
through the repository."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from data import Database, GameNotFound, MoveSource, VersionConflict
from data.counters import Counts
from data.games import after_move
from data.record_cache import RecordCache, always
from tests.data.conftest import T0, active_game


def as_the_writer(db: Database) -> Database:
    """What the bot's process says of an SQLite file it owns (bot.process.bot, solo): it writes every game
    and every setting, so what it holds may be served."""
    db.games.cache.serve_for = always
    db.settings.serve_held = True
    return db


def spent(db: Database, before: Counts) -> Counts:
    return db.counts.since(before)


async def test_a_move_on_sqlite_is_two_statements_in_one_transaction_and_no_read(sqlite_db: Database) -> None:
    """The version bump and the move row; the mover's timeout count is already 0 in the record held, so
    it is not written again; nothing is read, before or after."""
    db = as_the_writer(sqlite_db)
    game = await active_game(db, (1, 2))
    await db.games.get(game.id)  # the game as the bot loads it before a move (the click)
    before = db.counts.snapshot()
    await db.games.append_move(game.id, 0, "pass", at=T0 + 2, actor=0, next_deadline=T0 + 70)
    record = await db.games.get(game.id)
    assert spent(db, before) == Counts(reads=0, writes=2, transactions=1, game_reads=0, moves=1)
    assert record.version == 1 and record.deadline == T0 + 70


async def test_a_move_on_postgresql_is_one_statement(db: Database) -> None:
    """PostgreSQL stores the bump, the row and the reset in one statement (data.games._APPEND_POSTGRES)."""
    if db.dialect != "postgresql":
        pytest.skip("PostgreSQL's one-statement move")
    game = await active_game(db, (1, 2))
    before = db.counts.snapshot()
    await db.games.append_move(game.id, 0, "pass", at=T0 + 2, actor=0, next_deadline=T0 + 70)
    assert spent(db, before) == Counts(reads=0, writes=1, transactions=1, game_reads=0, moves=1)


async def test_postgresql_reads_a_record_with_the_moves_after_a_version_in_one_statement(db: Database) -> None:
    """`get_moved`: the record and, on PostgreSQL, the codes after the version asked, in order, from one
    statement (none after the record's own version); SQLite reads the record alone and leaves the codes
    to `codes_after`."""
    game = await active_game(db, (1, 2))
    await db.games.append_move(game.id, 0, "pass", at=T0 + 2, actor=0, next_deadline=None)
    await db.games.append_move(game.id, 1, "play 3c", at=T0 + 3, actor=1, next_deadline=None)
    before = db.counts.snapshot()
    record, codes = await db.games.get_moved(game.id, 0)
    _, none_after = await db.games.get_moved(game.id, 2)
    assert record.version == 2 and spent(db, before).reads == 2
    if db.dialect == "postgresql":
        assert (codes, none_after) == (["pass", "play 3c"], [])
    else:
        assert (codes, none_after) == (None, None)
    with pytest.raises(GameNotFound):
        await db.games.get_moved(game.id + 100, 0)


async def test_a_move_by_a_seat_that_timed_out_clears_its_count(sqlite_db: Database) -> None:
    """The reset is skipped only when the record held shows nothing to reset (RT rule: a player's own
    move clears their consecutive timeouts)."""
    db = as_the_writer(sqlite_db)
    game = await active_game(db, (1, 2))
    await db.games.record_timeout(game.id, 0)
    assert (await db.games.get(game.id)).seats[0].consecutive_timeouts == 1
    before = db.counts.snapshot()
    await db.games.append_move(game.id, 0, "pass", at=T0 + 2, actor=0, next_deadline=None)
    assert spent(db, before).writes == 3
    db.games.forget(game.id)
    assert (await db.games.get(game.id)).seats[0].consecutive_timeouts == 0


async def test_the_record_derived_after_a_move_is_the_stored_one(db: Database) -> None:
    """What `after_move` derives equals what a read returns after the move, on both backends."""
    game = await active_game(db, (1, 2))
    await db.games.record_timeout(game.id, 0)
    held = await db.games.get(game.id)
    version = await db.games.append_move(game.id, 0, "pass", at=T0 + 2, actor=0, next_deadline=T0 + 70)
    derived = after_move(held, version, T0 + 2, 0, T0 + 70, MoveSource.PLAYER)
    db.games.forget(game.id)
    assert await db.games.get(game.id) == derived


async def test_a_database_reads_every_time_until_told_it_is_the_games_only_writer(db: Database) -> None:
    """Opened, a database holds no record on either backend: another process may be writing the game."""
    game = await active_game(db, (1, 2))
    before = db.counts.snapshot()
    await db.games.get(game.id)
    await db.games.get(game.id)
    assert spent(db, before).game_reads == 2


async def test_told_it_is_the_only_writer_a_database_serves_the_record_it_holds(db: Database) -> None:
    """What the bot says of every game on SQLite (bot.moves.ownership, solo): a second get is free."""
    db.games.cache.serve_for = always
    game = await active_game(db, (1, 2))
    db.games.forget(game.id)
    before = db.counts.snapshot()
    await db.games.get(game.id)
    await db.games.get(game.id)
    assert spent(db, before).game_reads == 1


async def test_a_reader_of_an_sqlite_file_another_process_writes_sees_every_move(
    sqlite_db: Database, db_path: Path
) -> None:
    """A second connection to the file (a tool, or a test watching a bot in another process) is not its
    writer: each get reads, so a move stored by the writer is seen at once, never an older version."""
    writer = sqlite_db
    writer.games.cache.serve_for = always
    game = await active_game(writer, (1, 2))
    async with await Database.open(db_path) as reader:
        assert (await reader.games.get(game.id)).version == 0
        await writer.games.append_move(game.id, 0, "pass", at=T0 + 2, actor=0, next_deadline=None)
        assert (await reader.games.get(game.id)).version == 1


async def test_postgresql_serves_a_held_record_for_as_long_as_it_is_told(db: Database) -> None:
    """With `serve_for` (the lease holder's poll), a record is served until it is older than that."""
    if db.dialect != "postgresql":
        pytest.skip("PostgreSQL's record cache is off unless the bot turns it on")
    game = await active_game(db, (1, 2))
    now = [100.0]
    db.games.cache = RecordCache(lambda game_id: 1.0, clock=lambda: now[0])
    before = db.counts.snapshot()
    await db.games.get(game.id)
    await db.games.get(game.id)
    now[0] += 1.5
    await db.games.get(game.id)
    assert spent(db, before).game_reads == 2


async def test_each_write_of_the_game_drops_the_record_held(db: Database) -> None:
    """A write through the repository that the record cannot follow (a deadline) drops it: the next get
    reads, and sees the write."""
    db.games.cache.serve_for = always
    game = await active_game(db, (1, 2))
    await db.games.get(game.id)
    await db.games.set_deadline(game.id, T0 + 999)
    before = db.counts.snapshot()
    assert (await db.games.get(game.id)).deadline == T0 + 999
    assert spent(db, before).game_reads == 1


async def test_recording_a_hand_message_updates_the_record_held(db: Database) -> None:
    """Where a seat's hand is now is known to the writer: the record held follows it, no read needed."""
    db.games.cache.serve_for = always
    game = await active_game(db, (1, 2))
    await db.games.get(game.id)
    await db.games.set_hand_message(game.id, 1, 777, 888)
    before = db.counts.snapshot()
    seat = (await db.games.get(game.id)).seats[1]
    assert (seat.hand_channel_id, seat.hand_message_id) == (777, 888)
    assert spent(db, before).game_reads == 0


async def test_a_refused_move_leaves_nothing_held(db: Database) -> None:
    """A version conflict (another process moved first) drops the record: the next get reads the truth."""
    db.games.cache.serve_for = always
    game = await active_game(db, (1, 2))
    await db.games.append_move(game.id, 0, "pass", at=T0 + 2, actor=0, next_deadline=None)
    await db.games.get(game.id)
    with pytest.raises(VersionConflict):
        await db.games.append_move(game.id, 0, "pass", at=T0 + 3, actor=1, next_deadline=None)
    before = db.counts.snapshot()
    assert (await db.games.get(game.id)).version == 1
    assert spent(db, before).game_reads == 1


async def test_a_read_that_overlaps_a_write_keeps_nothing(sqlite_db: Database) -> None:
    """A read begun before a write of the game ends may have seen the row before it: it is not kept."""
    db = as_the_writer(sqlite_db)
    game = await active_game(db, (1, 2))
    db.games.forget(game.id)
    reading = asyncio.ensure_future(db.games.get(game.id))
    await asyncio.sleep(0)  # the read is on its way to the database thread
    await db.games.set_deadline(game.id, T0 + 555)
    await reading
    assert (await db.games.get(game.id)).deadline == T0 + 555


async def test_an_erasure_drops_every_record_held(sqlite_db: Database) -> None:
    """An erasure rewrites seats of games it finds as it goes: nothing held survives it (privacy)."""
    db = as_the_writer(sqlite_db)
    game = await active_game(db, (1, 2))
    assert (await db.games.get(game.id)).seats[1].user_id == 2
    await db.privacy.erase_user(2, at=T0 + 5)
    assert (await db.games.get(game.id)).seats[1].user_id != 2


async def test_a_lone_statement_on_sqlite_joins_the_group_commit(sqlite_db: Database) -> None:
    """Many message upserts at once share trips to the database thread (and their COMMITs) instead of
    one transaction each under the connection lock."""
    db = as_the_writer(sqlite_db)
    game = await active_game(db, (1, 2))
    trips, before = db._writes.trips, db.counts.snapshot()
    await asyncio.gather(*(db.games.set_hand_message(game.id, seat % 2, 10, seat) for seat in range(20)))
    assert db._writes.trips - trips < 20
    assert spent(db, before).transactions == 20


async def test_a_persons_settings_are_read_every_time_until_the_database_is_told_it_is_the_writer(
    db: Database,
) -> None:
    """On PostgreSQL, or reading an SQLite file a bot in another process writes, the settings may have
    changed since the last read, so each read reads."""
    await db.settings.user(7)
    before = db.counts.snapshot()
    await db.settings.user(7)
    assert spent(db, before).reads == 1


async def test_the_sqlite_writer_serves_a_persons_settings_held(sqlite_db: Database) -> None:
    """A message pass reads every seat's settings: the bot's process on SQLite serves the second read from
    what the first read (data.settings)."""
    db = as_the_writer(sqlite_db)
    await db.settings.user(7)
    before = db.counts.snapshot()
    await db.settings.user(7)
    assert spent(db, before).reads == 0


async def test_each_write_of_a_persons_settings_drops_what_is_held(sqlite_db: Database) -> None:
    """Every command that changes settings is seen by the next read, through every write path."""
    db = as_the_writer(sqlite_db)
    await db.settings.user(7)
    await db.settings.update_user(7, dm_closed=True)
    assert (await db.settings.user(7)).dm_closed
    await db.settings.set_language(7, "de")
    assert (await db.settings.user(7)).language == "de"
    await db.settings.note_locale(7, "vi")
    assert (await db.settings.user(7)).seen_locale == "vi"
    await db.settings.set_time_zone(7, "Europe/Paris")
    assert (await db.settings.user(7)).time_zone == "Europe/Paris"
    await db.privacy.erase_user(7, at=T0 + 5)
    assert (await db.settings.user(7)).language is None


async def test_a_settings_read_that_overlaps_a_write_keeps_nothing(sqlite_db: Database) -> None:
    """A read that saw the row before a write of the person's settings, and returns after it, is not kept."""
    db = as_the_writer(sqlite_db)
    read, fetched, held = db.read, asyncio.Event(), asyncio.Event()

    async def late_read(sql: str, params: tuple[object, ...] = ()) -> list[object]:
        rows = await read(sql, params)
        fetched.set()
        await held.wait()  # returns only after the write below is over
        return rows

    db.read = late_read  # type: ignore[assignment,method-assign]
    reading = asyncio.ensure_future(db.settings.user(7))
    await fetched.wait()
    await db.settings.update_user(7, dm_closed=True)
    held.set()
    assert not (await reading).dm_closed  # what it read: the row before the write
    db.read = read  # type: ignore[method-assign]
    assert (await db.settings.user(7)).dm_closed


async def test_noting_the_same_locale_again_keeps_a_persons_settings_held(sqlite_db: Database) -> None:
    """Every interaction notes its locale: only a change of it drops what is held."""
    db = as_the_writer(sqlite_db)
    await db.settings.note_locale(7, "vi")
    await db.settings.user(7)
    await db.settings.note_locale(7, "vi")
    before = db.counts.snapshot()
    assert (await db.settings.user(7)).seen_locale == "vi"
    assert spent(db, before).reads == 0
