"""A click reads its game at most once: the state a move produced is passed on, not read back.

Counted by the data layer itself (data.counters), end to end through the offline Discord: the figures
a test asserts are statements, the same on a quiet and on a busy machine.
"""

from __future__ import annotations

import collections
import contextlib
from collections.abc import Iterator

from bench.bot_load import move_click
from bench.players.common import FAST, click, game_id_of, is_my_turn, open_lobby, start_bot, start_game
from bot.process.bot import CardBot
from bot.process.config import Tuning
from data import Database
from data.counters import Counts
from data.models import MessageKind
from fakediscord import FakeDiscord, Message, SimUser


async def started_duel(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bots, tuning: Tuning = FAST
) -> tuple[CardBot, int, SimUser, Message]:
    """Alice and Bob at a started Thirteen table, every message caught up: the bot, the game, the person
    to play and their DM hand."""
    bot = await start_bot(bots, tuning)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    game_id = game_id_of(lobby)
    loaded = await bot.service.load(game_id)
    mover = alice if loaded.state is not None and loaded.state.to_move == 0 else bob
    hand = await fake.wait_for_message(mover.dm, is_my_turn)
    await bot.reconciler.caught_up(game_id)
    return bot, game_id, mover, hand


async def one_move(bot: CardBot, game_id: int, mover: SimUser, hand: Message) -> Counts:
    """What one move cost in statements (the card chosen, if any, and Play or Pass clicked), from the
    first click to every message caught up."""
    db = bot.db
    assert isinstance(db, Database)
    before = db.counts.snapshot()
    label, hand = await move_click(mover, hand)
    await mover.click(hand, label=label)
    await bot.reconciler.caught_up(game_id)
    return db.counts.since(before)


@contextlib.contextmanager
def statements_read(db: Database) -> Iterator[collections.Counter[str]]:
    """Each read statement the data layer runs while inside, counted by its SQL (the bot's background
    loops read too, so a test counts the statements it names)."""
    read, statements = db.read, collections.Counter[str]()

    async def counted(sql: str, params: tuple[object, ...] = ()) -> list[object]:
        statements[sql] += 1
        return await read(sql, params)

    db.read = counted  # type: ignore[assignment,method-assign]
    try:
        yield statements
    finally:
        db.read = read  # type: ignore[method-assign]


async def reads_of_a_move(bot: CardBot, game_id: int, mover: SimUser, hand: Message) -> collections.Counter[str]:
    """The read statements of one move click (the card chosen before counting) and the pass it asks for."""
    db = bot.db
    assert isinstance(db, Database)
    label, hand = await move_click(mover, hand)
    with statements_read(db) as statements:
        await mover.click(hand, label=label)
        await bot.reconciler.caught_up(game_id)
    return statements


async def test_a_move_reads_no_game_record_while_the_bot_holds_it(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """SQLite: the one process owns the file, so the click, the move, the hands and the table all use the
    record the previous move left (data.record_cache); the move is one stored move."""
    bot, game_id, mover, hand = await started_duel(fake, bots)
    spent = await one_move(bot, game_id, mover, hand)
    assert spent.moves == 1
    assert spent.game_reads == 0, spent


async def test_after_a_restart_a_click_reads_its_game_once(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A new process holds nothing: the first click reads the game once, and everything after it in the
    same click (the move, the hands, the table) uses the record that read and the move left."""
    first, game_id, mover, hand = await started_duel(fake, bots)
    await bots.stop(first)
    bot = await start_bot(bots)
    await bot.reconciler.caught_up(game_id)
    await bot.sweeper.stop()  # its passes read games on their own clock; the count is the click's
    assert bot.db is not None
    bot.db.games.forget(game_id)  # whatever the start-up passes read is gone, as for a game not seen yet
    bot.service.forget(game_id)
    spent = await one_move(bot, game_id, mover, hand)
    assert spent.moves == 1
    # One read: the record with the move log its state is rebuilt from. A write of the game that the bot
    # made meanwhile in the background (the start-up pass, a sweep) may drop the record once more.
    assert 1 <= spent.game_reads <= 2, spent


async def test_a_pass_reads_the_games_rows_once_and_no_settings(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A message pass over a caught-up table: one read of every row of the game (not one per seat), which
    also gives the notices owed (no seat's step stored one); each person's settings are held
    (data.settings). Counted by statement, since the bot's background loops read too."""
    bot, game_id, _mover, _hand = await started_duel(fake, bots)
    db = bot.db
    assert isinstance(db, Database)
    with statements_read(db) as statements:
        await bot.reconciler.reconcile(game_id)
    assert statements["SELECT * FROM messages WHERE game_id = ?"] == 1, statements
    assert not any(sql.startswith("SELECT * FROM messages WHERE game_id = ? AND kind") for sql in statements)
    assert not any(sql.startswith("SELECT * FROM user_settings") for sql in statements), statements


async def test_selecting_a_card_reads_no_turn_start(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A card selected on a hand already showing this state keeps the turn it stored (bot.projection.reconciler):
    the redraw reads no turn start, and the stored turn stays the one the move log gives."""
    bot, game_id, mover, hand = await started_duel(fake, bots)
    db = bot.db
    assert isinstance(db, Database)
    seat = (await bot.service.load(game_id)).record.seat_of(int(mover.id))
    assert seat is not None
    stored = await db.messages.get(game_id, MessageKind.HAND, seat.seat)
    with statements_read(db) as statements:
        select = hand.selects[0]
        await mover.select(hand, select["custom_id"], [select["options"][0]["value"]])
        async with bot.reconciler._seat_lock(game_id, seat.seat):  # held by the click until its row is stored
            pass
    assert not any("MAX(seq)" in sql for sql in statements), statements
    now = await db.messages.get(game_id, MessageKind.HAND, seat.seat)
    assert stored is not None and now is not None, (stored, now)
    assert now.turn == stored.turn == await db.messages.turn_start(game_id, seat.seat)


HAND_ROW = "SELECT * FROM messages WHERE game_id = ? AND kind = ? AND seat = ?"


async def test_the_pass_after_a_move_takes_the_clicked_hands_row_from_the_click(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The click stores the clicked hand's row under the seat's lock; the pass its move asks for, which read
    the game's rows before that, takes the click's row instead of reading it again: the only read of a
    single hand row in the move is the click's own."""
    bot, game_id, mover, hand = await started_duel(fake, bots)
    await bot.sweeper.stop()  # its passes read on their own clock; the count is the click's and its pass's
    statements = await reads_of_a_move(bot, game_id, mover, hand)
    assert statements[HAND_ROW] == 1, statements
    assert statements["SELECT * FROM messages WHERE game_id = ?"] == 1, statements


async def test_the_pass_after_a_move_takes_the_next_turns_start_from_the_move(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The move this process stored, made by one seat, is where the next seat's turn began: the pass that
    draws that seat's hand reads no turn start, and the turn it stores is the one the move log gives."""
    bot, game_id, mover, hand = await started_duel(fake, bots)
    await bot.sweeper.stop()  # its passes read on their own clock; the count is the move's pass's
    statements = await reads_of_a_move(bot, game_id, mover, hand)
    assert not any("MAX(seq)" in sql for sql in statements), statements
    db = bot.db
    assert isinstance(db, Database)
    loaded = await bot.service.load(game_id)
    next_seat = loaded.seat_at_turn()
    assert next_seat is not None and next_seat.user_id != int(mover.id)
    stored = await db.messages.get(game_id, MessageKind.HAND, next_seat.seat)
    assert stored is not None and stored.turn == loaded.record.version
    assert stored.turn == await db.messages.turn_start(game_id, next_seat.seat)
