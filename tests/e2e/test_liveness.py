"""Level-triggered to the end: what a player should see is tried until it shows, after the last move too.

After the final move no other move comes to ask for another pass, so every message the end owes (the
table, each DM hand, the standings, a thread's note) is tried again with a capped backoff until it
shows, or until Discord refuses it for good, and then a fallback shows the end instead: a deleted table
is posted afresh, standings a locked thread refuses go to its channel. Each test waits on the bot's own
"nothing owed" condition (`Reconciler.caught_up`), never on a time.
"""

from __future__ import annotations

import asyncio
import dataclasses

from bench.players.common import (
    FAST,
    click,
    game_id_of,
    hand_message,
    is_my_turn,
    start_bot,
    start_game,
    take_turn_with_hint,
    version_of,
)
from bot.process.bot import CardBot
from data import GameStatus, MessageKind
from fakediscord import FakeDiscord, SimUser
from fakediscord.threads import Thread
from tests.e2e.test_faults import assert_current, play, routes, settled, two_people
from tests.e2e.test_threads import table_in, threaded_lobby

# One request's own retries: 5 attempts, and discord.py waits out up to 5 answers of 429 in each. More
# faults than that outlast what a single pass tries, so only a pass asked for later shows the end.
# (A 500 makes discord.py wait a second before its own next try, past the request's timeout: one 500
# per attempt.)
ONE_PASS_OF_429 = 5 * 5
ONE_PASS_OF_500 = 5


def delete(fake: FakeDiscord, channel_id: str, message_id: str) -> None:
    """A moderator deletes a message (Discord answers 10008 for it from then on)."""
    fake.stored_message(message_id, channel_id).deleted = True
    fake.notify()


async def test_the_final_move_after_a_deleted_table_and_429s_and_500s_still_shows_the_end(
    fake: FakeDiscord, bots
) -> None:
    """The table message was deleted; then the final move's table and hand edits meet more 429s than one
    pass retries, and the channel's posts (the fresh table, the standings) meet 500s: the fresh table,
    both hands and the standings all end up showing the end, with no move after it to ask."""
    bot, users, lobby = await two_people(fake, bots)
    await start_game(fake, users[0], lobby, users)
    game_id = game_id_of(lobby)
    dms = "|".join(user.dm.id for user in users)
    faults = []

    def arm(phase: str) -> None:
        if phase != "final" or faults:
            return
        table = str(table_id)
        delete(fake, fake.channel.id, table)
        more_429s = {"retry_after": 0.01, "times": ONE_PASS_OF_429 + 5}
        faults.append(fake.fail("PATCH", rf"^/channels/{fake.channel.id}/messages/{table}$", 429, **more_429s))
        faults.append(fake.fail("PATCH", rf"^/channels/({dms})/messages/\d+$", 429, **more_429s))
        faults.append(fake.fail("POST", rf"^/channels/{fake.channel.id}/messages$", 500, times=ONE_PASS_OF_500 + 1))

    table_id = (await bot.service.db.games.get(game_id)).table_message_id
    await play(fake, users, arm)
    await settled(fake, bot)
    assert faults and all(fault.times == 0 for fault in faults), "a fault was never hit"
    await assert_current(fake, bot, game_id, users)
    record = await bot.service.db.games.get(game_id)
    assert record.table_message_id != table_id  # a fresh table message, showing the end
    table = fake.message(str(record.table_message_id))
    assert "to play" not in table.text and not any(b.get("label") == "My hand" for b in table.buttons)


async def test_a_dm_edit_rate_limited_past_its_retries_on_the_final_move_still_shows_the_end(
    fake: FakeDiscord, bots
) -> None:
    """The final move's DM hand edit meets more 429s than one pass retries (seen on a busy machine as a
    single 429 whose retries timed out): the hand is edited again later and shows the end."""
    bot, users, lobby = await two_people(fake, bots)
    await start_game(fake, users[0], lobby, users)
    method, path = routes(fake, users)["DM edit"]
    faults = []

    def arm(phase: str) -> None:
        if phase == "final" and not faults:
            faults.append(fake.fail(method, path, 429, retry_after=0.01, times=ONE_PASS_OF_429 + 5))

    await play(fake, users, arm)
    await settled(fake, bot)
    assert faults and faults[0].times == 0, "the fault was never hit"
    await assert_current(fake, bot, game_id_of(lobby), users)


async def finished(bot: CardBot, game_id: int, users: list[SimUser], fake: FakeDiscord) -> None:
    """Each person plays the hint from their DM hand until the game is stored as finished."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 180  # a bound for a game that would never end, not a time the test keeps
    acted = {user.id: -1 for user in users}
    while (await bot.service.db.games.get(game_id)).status is GameStatus.ACTIVE:
        assert loop.time() < deadline, "the game did not end in time"
        moved = False
        for user in users:
            hand = hand_message(fake, user, game_id)
            if hand is not None and is_my_turn(hand) and version_of(hand) > acted[user.id]:
                acted[user.id] = version_of(hand)
                await take_turn_with_hint(fake, user, hand)
                moved = True
        if not moved:
            await asyncio.sleep(0.01)


async def locked_mid_game(fake: FakeDiscord, bots) -> tuple[CardBot, int, Thread, str]:  # type: ignore[no-untyped-def]
    """Alice's threaded game against a computer; a moderator archives and locks its thread after her first
    move, and the game is played to its end. Returns the bot, the game, the thread and the note's id."""
    bot = await start_bot(bots, tuning=dataclasses.replace(FAST, retry_delay=0.01, retry_cap=0.3))
    alice, lobby, thread = await threaded_lobby(fake)
    await click(alice, lobby, "Start")
    await table_in(fake, thread)
    game_id = game_id_of(lobby)
    hand = await fake.wait_for_message(alice.dm, lambda m: is_my_turn(m) and bool(m.buttons))
    await take_turn_with_hint(fake, alice, hand)
    await fake.threads.archive(thread, locked=True)
    await finished(bot, game_id, [alice], fake)
    await settled(fake, bot)
    return bot, game_id, thread, lobby.id


async def test_a_thread_locked_mid_game_gets_its_standings_posted_in_the_channel(fake: FakeDiscord, bots) -> None:
    """A moderator archives and locks the game's thread mid-game (sends refused with 50083): the game goes
    on by DM, and its standings, with Rematch, are posted in the thread's channel, once."""
    bot, game_id, thread, _ = await locked_mid_game(fake, bots)
    standings = [m for m in fake.messages(fake.channel) if "🏆" in m.text and m.attachments]
    assert len(standings) == 1 and any(b.get("label") == "Rematch" for b in standings[0].buttons)
    assert not any("🏆" in m.text for m in fake.messages(thread)) and thread.locked
    row = await bot.service.db.messages.get(game_id, MessageKind.RESULT)
    assert row is not None and str(row.message_id) == standings[0].id


async def test_a_thread_locked_mid_game_has_its_note_say_the_standings_are_in_the_channel(
    fake: FakeDiscord, bots
) -> None:
    """The channel's note no longer says the game is being played: it shows the result and says the thread
    was closed, so the standings are below it in the channel."""
    _, _, thread, note_id = await locked_mid_game(fake, bots)
    note = fake.message(note_id).text
    assert "being played" not in note and "is over" in note, note
    assert f"<#{thread.id}> was closed, so the standings are posted below" in note, note


async def test_a_thread_locked_mid_game_logs_no_error(fake: FakeDiscord, bots) -> None:
    """A moderator closing the thread is a lasting refusal with a fallback, not a failure of the bot."""
    await locked_mid_game(fake, bots)
    assert not fake.logged_errors, fake.error_summary()
