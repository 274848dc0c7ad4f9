"""What cannot be undone asks once: Leave, Close the stock, Cancel and End, confirmed and declined.

Each question is an ephemeral Yes/No whose buttons carry what was asked and the game's version at
the time; a No changes nothing, and a Yes that arrives after the game moved on or finished is answered
politely and changes nothing either.
"""

from __future__ import annotations

from bench.players.common import asks, click, confirm, game_id_of, open_lobby, start_bot, start_game
from bench.players.schnapsen import controls, open_table, start, turn, version_of
from bot.flows.confirm import CANCEL_QUESTION, END_QUESTION, LEAVE_QUESTION, MOVED_ON
from cogs.schnapsen.words import CLOSE_QUESTION, CLOSED
from data import GameStatus
from fakediscord import FakeDiscord, SimUser


async def _two_at_thirteen(fake: FakeDiscord, bots) -> tuple[object, SimUser, SimUser, object, int]:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    table = await start_game(fake, alice, lobby, [alice, bob])
    return bot, alice, bob, table, game_id_of(lobby)


async def test_leave_declined_keeps_the_seat_and_the_rating(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Leave asks "It becomes unrated"; No keeps the player seated and the game as it was."""
    bot, _, bob, table, game_id = await _two_at_thirteen(fake, bots)
    before = (await bot.service.load(game_id)).record
    question = await bob.click(table, label="Leave")
    assert asks(question) and question.text == LEAVE_QUESTION and question.visible_to == bob.id
    answer = await confirm(bob, question, "No")
    assert "Nothing changed" in answer.text and not answer.buttons
    after = (await bot.service.load(game_id)).record
    assert not any(seat.is_computer for seat in after.seats) and after.version >= before.version
    assert not any("left the game" in m.text for m in fake.messages(fake.channel) if not m.ephemeral)


async def test_leave_confirmed_after_the_game_ended_changes_nothing(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A Leave question answered Yes once the host ended the game: a polite answer, no seat changes hands."""
    bot, alice, bob, table, game_id = await _two_at_thirteen(fake, bots)
    question = await bob.click(table, label="Leave")
    ending = await alice.slash("game end")
    assert asks(ending) and ending.text == END_QUESTION
    await confirm(alice, ending)
    late = await confirm(bob, question)
    assert "already over" in late.text
    record = (await bot.service.load(game_id)).record
    assert record.status is GameStatus.ABANDONED and not any(seat.is_computer for seat in record.seats)


async def test_game_end_declined_leaves_the_game_running(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/game end asks first; No keeps the game active."""
    bot, alice, _, _, game_id = await _two_at_thirteen(fake, bots)
    answer = await confirm(alice, await alice.slash("game end"), "No")
    assert "Nothing changed" in answer.text
    assert (await bot.service.load(game_id)).record.status is GameStatus.ACTIVE


async def test_lobby_cancel_asks_the_host_and_closes_on_yes(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Cancel on a lobby: No keeps it open with its buttons; Yes closes it for everyone."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new")
    question = await alice.click(lobby, label="Cancel")
    assert asks(question) and question.text == CANCEL_QUESTION
    await confirm(alice, question, "No")
    assert (
        fake.message(lobby).buttons and (await bot.service.db.games.get(game_id_of(lobby))).status is GameStatus.LOBBY
    )
    done = await confirm(alice, await alice.click(lobby, label="Cancel"))
    assert "cancelled" in done.text
    closed = await fake.wait_for_message(fake.channel, lambda m: m.id == lobby.id and "Cancelled" in m.text)
    assert not closed.buttons and closed.is_v2 and closed.content == ""
    assert (await bot.service.db.games.get(game_id_of(lobby))).status is GameStatus.ABANDONED


async def _close_button(fake: FakeDiscord, bots) -> tuple[object, SimUser, object]:  # type: ignore[no-untyped-def]
    """Alice against a computer at Schnapsen, on a turn where she may close the stock (SX-10)."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    await start(fake, alice, await open_table(fake, alice, preset="schnapsen"))
    after = -1
    while True:
        hand = await turn(fake, alice, after)
        assert hand is not None, "the series ended before alice could close"
        if controls(hand, "close", enabled=True):
            return bot, alice, hand
        after = version_of(hand)
        card = next(b for b in controls(hand, "play", enabled=True))
        await alice.click(hand, custom_id=card["custom_id"])


async def test_close_the_stock_declined_then_confirmed(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """SX-10: Close asks once; No leaves the stock open and the turn with alice; Yes closes it."""
    bot, alice, hand = await _close_button(fake, bots)
    game_id = int(controls(hand, "close")[0]["custom_id"].split(":")[1])
    version = version_of(hand)
    question = await alice.click(hand, custom_id=controls(hand, "close")[0]["custom_id"])
    assert asks(question) and question.text == CLOSE_QUESTION and question.ephemeral
    await confirm(alice, question, "No")
    loaded = await bot.service.load(game_id)
    assert loaded.record.version == version and not loaded.state.view(0).closed  # type: ignore[union-attr]
    question = await alice.click(fake.message(hand), custom_id=controls(hand, "close")[0]["custom_id"])
    done = await confirm(alice, question)
    assert done.text == CLOSED
    loaded = await bot.service.load(game_id)
    assert loaded.record.version == version + 1
    assert [m.code for m in (await bot.service.db.games.load(game_id)).moves][-1] == "c"


async def test_close_confirmed_after_the_game_moved_on_is_refused(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A Close question answered Yes after alice played a card instead: nothing is closed."""
    bot, alice, hand = await _close_button(fake, bots)
    game_id = int(controls(hand, "close")[0]["custom_id"].split(":")[1])
    question = await alice.click(hand, custom_id=controls(hand, "close")[0]["custom_id"])
    card = next(b for b in controls(fake.message(hand), "play", enabled=True))
    await alice.click(fake.message(hand), custom_id=card["custom_id"])
    late = await confirm(alice, question)
    assert late.text == MOVED_ON
    moves = [m.code for m in (await bot.service.db.games.load(game_id)).moves]
    assert "c" not in moves
