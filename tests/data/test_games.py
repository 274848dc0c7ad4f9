"""Games, seats and the move log: life cycle, optimistic versions, timers and message ids (design §3, §5)."""

from __future__ import annotations

import asyncio

import pytest

from data import ChannelBusy, GameStatus, MoveSource, SeatError, TurnTimer, VersionConflict, WrongStatus
from games.base import GameResult

from .conftest import GUILD, T0, active_game, lobby


async def test_lobby_seats_fill_in_order(db):
    """Humans and computers take chairs 0, 1, 2 ... in the order they join."""
    game = await lobby(db)
    await db.games.add_player(game.id, 10, "Ann")
    await db.games.add_computer(game.id, "hard", "Bot")
    await db.games.add_player(game.id, 11, "Ben")
    seats = (await db.games.get(game.id)).seats
    assert [(s.seat, s.user_id, s.computer_level) for s in seats] == [(0, 10, None), (1, None, "hard"), (2, 11, None)]


async def test_player_cannot_sit_twice(db):
    """A second join by the same user is refused."""
    game = await lobby(db)
    await db.games.add_player(game.id, 10, "Ann")
    with pytest.raises(SeatError, match="already seated"):
        await db.games.add_player(game.id, 10, "Ann")


async def test_full_table_refuses_last_racing_joins(db):
    """With one chair left, of many simultaneous joins exactly one gets it."""
    game = await lobby(db)
    for user in (1, 2, 3):
        await db.games.add_player(game.id, user, f"p{user}")
    outcomes = await asyncio.gather(
        *(db.games.add_player(game.id, user, f"p{user}", max_seats=4) for user in range(10, 20)),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert len((await db.games.get(game.id)).seats) == 4


async def test_leaving_lobby_renumbers_seats(db):
    """Removing a chair moves later players up, so seats stay 0..n-1 for the engine."""
    game = await lobby(db)
    for user in (1, 2, 3, 4):
        await db.games.add_player(game.id, user, f"p{user}")
    after = await db.games.remove_seat(game.id, 1)
    assert [(s.seat, s.user_id) for s in after.seats] == [(0, 1), (1, 3), (2, 4)]


async def test_one_open_game_per_channel(db):
    """A second lobby in a channel with an open game raises ChannelBusy naming the open game."""
    first = await lobby(db, channel_id=900)
    with pytest.raises(ChannelBusy) as caught:
        await lobby(db, channel_id=900)
    assert caught.value.game_id == first.id


async def test_an_unseen_lobby_expires_and_frees_its_channel(db):
    """A lobby with no message recorded is closed by expire_unseen_lobby, unrated, and the channel is free."""
    first = await lobby(db, channel_id=900)
    closed = await db.games.expire_unseen_lobby(first.id, at=T0 + 10, reason="its lobby never appeared")
    assert closed is not None and closed.status is GameStatus.ABANDONED
    assert closed.end_reason == "its lobby never appeared" and closed.deadline is None
    assert await db.results.match_for_game(first.id) is None
    assert (await lobby(db, channel_id=900)).id != first.id


async def test_a_lobby_whose_message_is_recorded_does_not_expire_as_unseen(db):
    """show_lobby records the message and the idle deadline; expire_unseen_lobby then leaves it open."""
    first = await lobby(db, channel_id=900)
    assert await db.games.show_lobby(first.id, 900, 4242, deadline=T0 + 1800)
    assert await db.games.expire_unseen_lobby(first.id, at=T0 + 10, reason="its lobby never appeared") is None
    record = await db.games.get(first.id)
    assert record.status is GameStatus.LOBBY and record.table_message_id == 4242 and record.deadline == T0 + 1800


async def test_an_unseen_lobby_racing_its_message_ends_one_way(db):
    """expire_unseen_lobby and show_lobby at once: closed with no message, or open with it; never both."""
    for n in range(20):
        game = await lobby(db, channel_id=1000 + n)
        closed, shown = await asyncio.gather(
            db.games.expire_unseen_lobby(game.id, at=T0 + 10, reason="its lobby never appeared"),
            db.games.show_lobby(game.id, 1000 + n, 4242, deadline=T0 + 1800),
        )
        record = await db.games.get(game.id)
        if shown:
            assert closed is None and record.status is GameStatus.LOBBY and record.table_message_id == 4242
        else:
            assert closed is not None and record.status is GameStatus.ABANDONED and record.table_message_id is None


async def test_a_closed_lobby_refuses_its_late_message(db):
    """show_lobby on a lobby already closed records nothing and says so (the caller turns it into a note)."""
    first = await lobby(db, channel_id=900)
    await db.games.expire_unseen_lobby(first.id, at=T0 + 10, reason="its lobby never appeared")
    assert not await db.games.show_lobby(first.id, 900, 4242, deadline=T0 + 1800)
    assert (await db.games.get(first.id)).table_message_id is None


async def test_channel_is_free_again_after_game_ends(db):
    """Once a game is abandoned the channel may host a new one."""
    first = await lobby(db, channel_id=900)
    await db.games.abandon(first.id, at=T0 + 1, reason="host cancelled")
    second = await lobby(db, channel_id=900)
    assert (await db.games.open_in_channel(900)).id == second.id


async def test_start_makes_game_active_at_version_zero(db):
    """Start moves lobby -> active with version 0 and the first deadline."""
    game = await active_game(db)
    assert (game.status, game.version, game.deadline, game.started_at) == (GameStatus.ACTIVE, 0, T0 + 61, T0 + 1)


async def test_start_without_players_is_refused(db):
    """An empty lobby cannot start."""
    game = await lobby(db)
    with pytest.raises(SeatError):
        await db.games.start(game.id, at=T0, deadline=None)


async def test_append_move_bumps_version_and_logs_move(db):
    """Each move is logged with its sequence number, actor and source; the version counts moves."""
    game = await active_game(db)
    v1 = await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=T0 + 62)
    v2 = await db.games.append_move(
        game.id, v1, "pass", at=T0 + 3, actor=1, next_deadline=T0 + 63, source=MoveSource.TIMEOUT
    )
    saved = await db.games.load(game.id)
    assert (v1, v2, saved.game.version, saved.game.deadline) == (1, 2, 2, T0 + 63)
    assert [(m.seq, m.code, m.actor, m.source) for m in saved.moves] == [
        (1, "3s", 0, MoveSource.PLAYER),
        (2, "pass", 1, MoveSource.TIMEOUT),
    ]


async def test_stale_version_is_a_conflict(db):
    """A move based on an old version is refused and nothing is stored."""
    game = await active_game(db)
    await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=None)
    with pytest.raises(VersionConflict) as caught:
        await db.games.append_move(game.id, 0, "4s", at=T0 + 2, actor=1, next_deadline=None)
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    assert (await db.games.load(game.id)).codes == ("3s",)


async def test_moves_refused_in_lobby_and_after_finish(db):
    """Only active games take moves; finished games never come back (design §5)."""
    waiting = await lobby(db, channel_id=901)
    with pytest.raises(WrongStatus):
        await db.games.append_move(waiting.id, 0, "3s", at=T0, actor=0, next_deadline=None)
    game = await active_game(db)
    await db.games.finish(game.id, 0, GameResult((1, 2, 3, 4), (3, 2, 1, 0)), at=T0 + 9)
    with pytest.raises(WrongStatus):
        await db.games.append_move(game.id, 0, "3s", at=T0, actor=0, next_deadline=None)
    with pytest.raises(WrongStatus):
        await db.games.abandon(game.id, at=T0 + 10, reason="late")


async def test_finished_and_abandoned_games_are_not_listed_open(db):
    """list_open and due ignore ended games even if their deadline had passed."""
    done = await active_game(db, channel_id=1)
    gone = await active_game(db, channel_id=2)
    live = await active_game(db, channel_id=3)
    waiting = await lobby(db, channel_id=4)
    await db.games.finish(done.id, 0, GameResult((1, 2, 3, 4), (3, 2, 1, 0)), at=T0 + 9)
    await db.games.abandon(gone.id, at=T0 + 9, reason="everyone left")
    assert [g.id for g in await db.games.list_open()] == [live.id, waiting.id]
    assert [g.id for g in await db.games.list_open(GameStatus.ACTIVE)] == [live.id]
    assert [g.id for g in await db.games.due(T0 + 1000)] == [live.id]


async def test_due_returns_only_passed_deadlines_earliest_first(db):
    """The sweeper gets games with deadline <= now, in deadline order."""
    a = await active_game(db, channel_id=1)
    b = await active_game(db, channel_id=2)
    c = await active_game(db, channel_id=3)
    await db.games.set_deadline(a.id, T0 + 300)
    await db.games.set_deadline(b.id, T0 + 100)
    await db.games.set_deadline(c.id, None)
    assert [g.id for g in await db.games.due(T0 + 200)] == [b.id]
    assert [g.id for g in await db.games.due(T0 + 300)] == [b.id, a.id]


async def test_set_deadline_with_stale_version_does_nothing(db):
    """A sweeper holding an old turn cannot move the deadline of the new turn."""
    game = await active_game(db)
    await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=T0 + 99)
    assert not await db.games.set_deadline(game.id, T0 + 5, expected_version=0)
    assert (await db.games.get(game.id)).deadline == T0 + 99


async def test_reminder_sent_once_per_turn(db):
    """The reminder flag is set once per version and re-armed by the next move."""
    game = await active_game(db)
    assert await db.games.mark_reminder_sent(game.id, 0)
    assert not await db.games.mark_reminder_sent(game.id, 0)
    assert (await db.games.get(game.id)).reminder_sent
    await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=None)
    assert not (await db.games.get(game.id)).reminder_sent
    assert not await db.games.mark_reminder_sent(game.id, 0)
    assert await db.games.mark_reminder_sent(game.id, 1)


async def test_timeouts_count_and_own_move_resets_consecutive(db):
    """Timeouts add to total and consecutive counts; the player's own move clears the consecutive one."""
    game = await active_game(db)
    await db.games.record_timeout(game.id, 0)
    seat = await db.games.record_timeout(game.id, 0)
    assert (seat.timeouts, seat.consecutive_timeouts) == (2, 2)
    await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=None)
    seat = (await db.games.get(game.id)).seats[0]
    assert (seat.timeouts, seat.consecutive_timeouts) == (2, 0)


async def test_replaced_seat_keeps_user_and_becomes_computer(db):
    """A computer taking over keeps the user id for the record; the game is no longer all-human."""
    game = await active_game(db)
    seat = await db.games.replace_with_computer(game.id, 2, "easy")
    assert (seat.user_id, seat.computer_level, seat.replaced) == (3, "easy", True)
    assert not (await db.games.get(game.id)).all_human


async def test_table_and_hand_message_ids_round_trip(db):
    """Table and per-seat DM message ids are stored so a restart edits, not reposts."""
    game = await active_game(db)
    await db.games.set_table_message(game.id, 500, 2**62 + 1)
    await db.games.set_hand_message(game.id, 1, 7001, 2**62 + 2)
    stored = await db.games.get(game.id)
    assert (stored.table_channel_id, stored.table_message_id) == (500, 2**62 + 1)
    assert (stored.seats[1].hand_channel_id, stored.seats[1].hand_message_id) == (7001, 2**62 + 2)
    assert stored.seats[0].hand_message_id is None


async def test_open_in_channel_finds_game_by_thread(db):
    """A game whose table lives in a thread is found from either the channel or the thread id."""
    game = await db.games.create_lobby(
        kind="carousel",
        guild_id=GUILD,
        channel_id=42,
        thread_id=43,
        host_user_id=1,
        seed=1,
        at=T0,
        timer=TurnTimer.CASUAL,
        turn_seconds=86400,
    )
    assert (await db.games.open_in_channel(42)).id == game.id
    assert (await db.games.open_in_channel(43)).id == game.id
    assert await db.games.open_in_channel(44) is None


async def test_open_games_of_user(db):
    """Open games a user sits in, for 'you are already playing' checks and privacy requests."""
    a = await active_game(db, (1, 2), channel_id=1)
    await active_game(db, (3, 4), channel_id=2)
    c = await active_game(db, (2, 5), channel_id=3)
    assert [g.id for g in await db.games.open_games_of(2)] == [a.id, c.id]


async def test_options_stored_as_given(db):
    """Options survive as JSON with nested values, and change only in the lobby."""
    options = {"preset": "south", "bomb_after_pass": True, "targets": [66, 7], "nested": {"x": None}}
    game = await lobby(db, options=options)
    assert (await db.games.get(game.id)).options == options
    await db.games.set_options(game.id, {"preset": "north"})
    assert (await db.games.get(game.id)).options == {"preset": "north"}


async def test_snapshot_refused_for_a_stale_version(db):
    """A snapshot must describe the game's current version, never an old one."""
    game = await active_game(db)
    await db.games.append_move(game.id, 0, "3s", at=T0 + 2, actor=0, next_deadline=None)
    with pytest.raises(VersionConflict):
        await db.games.save_snapshot(game.id, 0, {"x": 1}, at=T0 + 3)
    await db.games.save_snapshot(game.id, 1, {"x": 2}, at=T0 + 3)
    assert (await db.games.load(game.id)).snapshot.state == {"x": 2}


ODD_NAMES = [
    "x" * 2000,
    "🂡🃏 ünïcødé 名前 ♠♥♦♣",
    "Robert'); DROP TABLE games;--",
    'quote " and \\ backslash % _ ? :name $1',
    "\u200b\u202e zero-width and right-to-left",
    "line\nbreak\ttab\x00nul",
]


@pytest.mark.parametrize("name", ODD_NAMES, ids=range(len(ODD_NAMES)))
async def test_odd_names_and_codes_round_trip(db, name):
    """Long names, emoji, quotes and SQL metacharacters are stored and read back exactly (on PostgreSQL,
    whose text cannot hold U+0000, that one character comes back as U+FFFD)."""
    game = await lobby(db, options={name: name})
    await db.games.add_player(game.id, 1, name)
    await db.games.add_computer(game.id, name, name)
    await db.games.start(game.id, at=T0, deadline=None)
    await db.games.append_move(game.id, 0, name, at=T0, actor=0, next_deadline=None)
    saved = await db.games.load(game.id)
    stored = name.replace("\x00", "\ufffd") if db.dialect == "postgresql" else name
    assert [s.display_name for s in saved.game.seats] == [stored, stored]
    assert saved.game.seats[1].computer_level == stored
    assert saved.game.options == {name: name}  # JSON writes U+0000 as an escape
    assert saved.codes == (stored,)
    assert {"games", "seats", "moves"} <= {r[0] for r in await _tables(db)}


async def _tables(db):
    catalog = {
        "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table'",
        "postgresql": "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
    }
    async with db.transaction(write=False) as tx:
        return await tx.all(catalog[db.dialect])
