"""One Discord error at a time, at Start, mid-game and on the final move: every message still converges.

Each test injects one fault into the offline Discord (a 503, a 429, a request that hangs past the
bot's timeout, or one of Discord's refusals) on one kind of request the bot makes after a move, plays
a two-person Thirteen game to its end from the DM hands, and checks that the game ended with every
message showing the stored state, the final standings posted once and nothing left running.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from bench.players.common import (
    FAST,
    click,
    confirm,
    game_id_of,
    game_over_in,
    hand_message,
    is_my_turn,
    open_lobby,
    start_bot,
    start_game,
    version_of,
)
from bot.process.bot import CardBot
from bot.projection.hands import fingerprint, shows_same
from data import GameStatus, MessageKind
from fakediscord import FakeDiscord, Message, SimUser

# Retries 10 ms apart (what is still owed after them: again within at most 0.3 s), and a request that
# takes over 1 s counts as timed out (well above what a busy machine takes for one, well below the
# "timeout" fault's hang). The table is edited over REST, where Discord's refusals of a channel come
# from (not through the Start click's token).
TUNING = dataclasses.replace(FAST, retry_delay=0.01, retry_cap=0.3, request_timeout=1.0, token_edit_window=0)

FAULTS: dict[str, dict[str, Any]] = {
    "503": {"status": 503},
    "429": {"status": 429, "retry_after": 0.02},
    "timeout": {"status": 504, "hang": 2.0},
}


def routes(fake: FakeDiscord, users: list[SimUser]) -> dict[str, tuple[str, str]]:
    dms = "|".join(user.dm.id for user in users)
    return {
        "table edit": ("PATCH", rf"^/channels/{fake.channel.id}/messages/\d+$"),
        "DM send": ("POST", rf"^/channels/({dms})/messages$"),
        "DM edit": ("PATCH", rf"^/channels/({dms})/messages/\d+$"),
        "announcement": ("POST", rf"^/channels/{fake.channel.id}/messages$"),
    }


def is_final(hinted: Message) -> bool:
    """The hint plays every card left: this move ends a two-person game."""
    menu = hinted.selects[0] if hinted.selects else None
    return menu is not None and all(option.get("default") for option in menu["options"])


async def play(fake: FakeDiscord, users: list[SimUser], arm: Callable[[str], None], timeout: float = 180.0) -> None:
    """Both people play the hint from their DM hands; `arm("mid")` after three moves, `arm("final")`
    just before the move that ends the game."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    acted = {user.id: -1 for user in users}
    moves = 0
    while game_over_in(fake) is None:
        assert loop.time() < deadline, "the game did not end in time"
        moved = False
        for user in users:
            hand = hand_message(fake, user)
            if hand is None or not is_my_turn(hand) or version_of(hand) <= acted[user.id]:
                continue
            acted[user.id] = version_of(hand)
            hinted = await click(user, hand, "Hint")
            if "Hint:" not in hinted.text:
                continue
            if not any(c.get("label") == "Play" for c in hinted.buttons):
                continue  # redrawn for a newer state meanwhile: the loop finds the hand again
            if moves == 3:
                arm("mid")
            if is_final(hinted):
                arm("final")
            label = "Pass" if hinted.component(label="Play").get("disabled") else "Play"
            await click(user, hinted, label)
            moves += 1
            moved = True
        if not moved:
            await asyncio.sleep(0.01)


async def settled(fake: FakeDiscord, bot: CardBot, timeout: float = 180.0) -> None:
    """Until the bot owes no message (bot.projection.reconciler `caught_up`): every pass and table edit done, none
    due again. The bound only stops a test that would otherwise hang; nothing is timed."""
    try:
        await asyncio.wait_for(bot.reconciler.caught_up(), timeout)
    except TimeoutError:
        raise AssertionError(f"the bot's messages never settled{fake.error_summary()}") from None


async def assert_current(fake: FakeDiscord, bot: CardBot, game_id: int, users: list[SimUser]) -> None:
    """Finished, standings posted once, the table and every hand showing the stored game, nothing live."""
    await settled(fake, bot)
    loaded = await bot.service.load(game_id)
    assert loaded.record.status is GameStatus.FINISHED
    assert await bot.service.db.results.match_for_game(game_id) is not None
    assert len([m for m in fake.messages(fake.channel) if "🏆" in m.text]) == 1
    assert loaded.record.table_message_id is not None
    content, _, _ = await bot.tables.message(loaded)
    assert fake.message(str(loaded.record.table_message_id)).text == content
    for seat in loaded.record.seats:
        row = await bot.service.db.messages.get(game_id, MessageKind.HAND, seat.seat)
        assert row is not None and row.message_id is not None
        panel, digest = await bot.hands.drawn(loaded, seat.seat, dm=True)
        assert shows_same(row.key, fingerprint(panel, digest)), (seat.seat, row.key, panel.content)
        assert fake.message(str(row.message_id)).text == panel.content, seat.seat
    for user in users:
        for message in fake.messages(user.dm):
            assert all(c.get("disabled") for c in message.walk() if c.get("type") in (2, 3)), message.text


async def two_people(fake: FakeDiscord, bots) -> tuple[CardBot, list[SimUser], Message]:  # type: ignore[no-untyped-def]
    # The 1 s request timeout also counts the time discord.py holds a request until its bucket resets
    # (5 s for a channel's sends and edits): windows a fiftieth as long keep that wait well under it.
    fake.rate_limits.scale = 0.02
    bot = await start_bot(bots, tuning=TUNING)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    return bot, [alice, bob], lobby


CASES = [
    ("table edit", "start"),
    ("table edit", "mid"),
    ("table edit", "final"),
    ("DM send", "start"),
    ("DM send", "mid"),
    ("DM edit", "final"),
    ("announcement", "final"),
]


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize(("route", "when"), CASES)
async def test_one_transient_error_ends_with_every_message_current(
    fake: FakeDiscord, bots, fault: str, route: str, when: str
) -> None:
    """A 503, a 429 or a timeout on one request: retried, and the game ends with everything current."""
    bot, users, lobby = await two_people(fake, bots)
    method, path = routes(fake, users)[route]
    armed: list[Any] = []

    def arm(phase: str) -> None:
        if phase == when and not armed:
            armed.append(fake.fail(method, path, **FAULTS[fault]))

    arm("start")
    await start_game(fake, users[0], lobby, users)
    await play(fake, users, arm)
    await assert_current(fake, bot, game_id_of(lobby), users)
    assert armed and armed[0].times == 0, "the fault was never hit"


async def test_dm_closed_on_the_final_edit_is_a_closed_dm_not_an_error(fake: FakeDiscord, bots) -> None:
    """A DM edit refused with 50007 on the final move: DMs marked closed, the player told once, standings out."""
    bot, users, lobby = await two_people(fake, bots)
    await start_game(fake, users[0], lobby, users)
    method, path = routes(fake, users)["DM edit"]
    await play(fake, users, lambda phase: phase == "final" and fake.fail(method, path, 403, code=50007) and None)
    await settled(fake, bot)
    assert len([m for m in fake.messages(fake.channel) if "🏆" in m.text]) == 1
    closed = [u for u in users if (await bot.service.db.settings.user(int(u.id))).dm_closed]
    assert len(closed) == 1
    told = [m for m in fake.messages(fake.channel) if "can't send you direct messages" in m.text]
    assert len(told) == 1 and closed[0].mention in told[0].text


async def test_a_deleted_hand_message_is_sent_again(fake: FakeDiscord, bots) -> None:
    """10008 on the final DM edit: the hand is sent as a new message showing the end of the game."""
    bot, users, lobby = await two_people(fake, bots)
    await start_game(fake, users[0], lobby, users)
    method, path = routes(fake, users)["DM edit"]
    await play(fake, users, lambda phase: phase == "final" and fake.fail(method, path, 404, code=10008) and None)
    await assert_current(fake, bot, game_id_of(lobby), users)


async def test_a_deleted_table_message_is_posted_again(fake: FakeDiscord, bots) -> None:
    """10008 on a table edit mid-game: a fresh table message is posted and kept current to the end."""
    bot, users, lobby = await two_people(fake, bots)
    await start_game(fake, users[0], lobby, users)
    method, path = routes(fake, users)["table edit"]
    await play(fake, users, lambda phase: phase == "mid" and fake.fail(method, path, 404, code=10008) and None)
    await assert_current(fake, bot, game_id_of(lobby), users)
    assert str((await bot.service.db.games.get(game_id_of(lobby))).table_message_id) != lobby.id


async def test_lost_channel_access_tells_the_host_once_and_the_game_goes_on_by_dm(fake: FakeDiscord, bots) -> None:
    """50013 on the table from mid-game on: the host is told by DM once; the game ends; nothing waits forever."""
    bot, users, lobby = await two_people(fake, bots)
    await start_game(fake, users[0], lobby, users)
    channel = rf"^/channels/{fake.channel.id}/messages"

    def arm(phase: str) -> None:
        if phase == "mid":
            fake.fail("PATCH", channel, 403, code=50013, times=1000)
            fake.fail("POST", channel, 403, code=50013, times=1000)

    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    task = asyncio.ensure_future(play(fake, users, arm))
    while not task.done():  # no standings can be posted: the game is over when it is stored so
        record = await bot.service.db.games.get(game_id_of(lobby))
        if record.status is GameStatus.FINISHED:
            break
        assert loop.time() < deadline
        await asyncio.sleep(0.05)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await settled(fake, bot)
    host = users[0]
    told = [m for m in fake.messages(host.dm) if "missing a permission" in m.text]
    assert len(told) == 1


async def test_a_deleted_channel_ends_the_game_unrated_and_tells_the_players(fake: FakeDiscord, bots) -> None:
    """10003 on the table edit: the game is abandoned (nothing rated) and each person is told by DM."""
    bot, users, lobby = await two_people(fake, bots)
    await start_game(fake, users[0], lobby, users)
    fake.fail("PATCH", rf"^/channels/{fake.channel.id}/messages/\d+$", 404, code=10003, times=1000)
    mover = next(u for u in users if (h := hand_message(fake, u)) is not None and is_my_turn(h))
    hand = hand_message(fake, mover)
    assert hand is not None
    hinted = await click(mover, hand, "Hint")
    await click(mover, hinted, "Pass" if hinted.component(label="Play").get("disabled") else "Play")
    for user in users:
        await fake.wait_for_message(user.dm, lambda m: "channel was deleted" in m.text)
    record = await bot.service.db.games.get(game_id_of(lobby))
    assert record.status is GameStatus.ABANDONED
    assert await bot.service.db.results.match_for_game(record.id) is None


async def test_leave_without_channel_access_still_answers(fake: FakeDiscord, bots) -> None:
    """Leave while the bot lost the channel (50001): the Leave click is answered, the seat is handed over."""
    bot, users, lobby = await two_people(fake, bots)
    table = await start_game(fake, users[0], lobby, users)
    fake.fail("POST", rf"^/channels/{fake.channel.id}/messages$", 403, code=50001, times=1000)
    fake.fail("PATCH", rf"^/channels/{fake.channel.id}/messages/\d+$", 403, code=50001, times=1000)
    answer = await confirm(users[1], await click(users[1], table, "Leave"))
    assert "You left the game" in answer.text
    record = await bot.service.db.games.get(game_id_of(lobby))
    assert record.seats[1].is_computer or record.seats[0].is_computer
    await settled(fake, bot)
