"""A turn's DM hand (the notice that a person's turn started) is created at most once per (game, seat,
turn), across a process that died between Discord's answer and the record of it and the process that
takes the game over: the notice is claimed in the database before it is posted, and posted with a nonce
made from the game, the seat and the turn, which Discord enforces."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from bench.players.common import FAST, click, game_id_of, open_lobby, start_bot, start_game
from bot.projection.reconciler import NONCE_REDO_SECONDS
from data import Database, MessageKind, ShownMessage
from fakediscord import FakeDiscord, Message
from tests.waiting import HANG_GUARD


class Killed(Exception):
    """The process died here (a SIGKILL between the post and its record)."""


def dm_hands(fake: FakeDiscord) -> list[Message]:
    return [m for user in fake.users.values() for m in fake.messages(user.dm) if m.buttons and not m.ephemeral]


async def killed_after_the_first_turn_dm(fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch) -> int:  # type: ignore[no-untyped-def]
    """A two-person game whose first process posts the first turn's DM and dies before recording it (its
    record fails, then it is stopped); the game's id."""
    first = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    messages = first.service.db.messages
    save = messages.save
    killed = asyncio.Event()

    async def dying_save(shown: ShownMessage) -> None:
        if shown.kind is MessageKind.HAND and not killed.is_set():
            killed.set()
            raise Killed("killed between the post and its record")
        await save(shown)

    monkeypatch.setattr(messages, "save", dying_save)
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    await asyncio.wait_for(killed.wait(), HANG_GUARD)
    await bots.stop(first)
    fake.logged_errors.clear()  # the first process's pass logged its failed record
    return game_id_of(lobby)


async def test_a_turn_dm_posted_but_not_recorded_before_a_kill_is_not_posted_again(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first process sends the first player's turn DM and dies before recording it; the process started
    after it finds the turn not recorded as told and tells it again: the player still has one DM for that
    turn, and it is the one recorded."""
    game_id = await killed_after_the_first_turn_dm(fake, bots, monkeypatch)
    (told,) = dm_hands(fake)
    second = await start_bot(bots)
    await second.reconciler.idle()
    assert [m.id for m in dm_hands(fake)] == [told.id]
    shown = (await second.service.db.messages.of_game(game_id)).values()
    assert [row.message_id for row in shown if row.kind is MessageKind.HAND] == [int(told.id)]


async def age_claims(bots, seconds: float) -> None:  # type: ignore[no-untyped-def]
    """Move every stored claim `seconds` into the past (the time a nonce's window takes to lapse), with the
    bot stopped: the next one started finds them so."""
    async with await Database.open(bots.tmp_path / "cardroom.db") as db:
        await db.statement("UPDATE notice_claims SET at = at - ?", (seconds,))


async def test_a_turn_dm_landed_but_unrecorded_is_found_after_its_nonce_lapsed_not_sent_again(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As above, but the next process comes after the nonce's window (Discord would no longer answer the
    same post with the first message): it finds the hand in the person's DM and records it, no second DM."""
    game_id = await killed_after_the_first_turn_dm(fake, bots, monkeypatch)
    await age_claims(bots, 10 * NONCE_REDO_SECONDS)
    (told,) = dm_hands(fake)
    second = await start_bot(bots)
    await second.reconciler.idle()
    assert [m.id for m in dm_hands(fake)] == [told.id]
    shown = (await second.service.db.messages.of_game(game_id)).values()
    assert [row.message_id for row in shown if row.kind is MessageKind.HAND] == [int(told.id)]


async def test_a_turn_dm_that_never_landed_is_sent_once_its_claim_lapsed(fake: FakeDiscord, bots) -> None:
    """The first process claims the turn's DM and Discord refuses every try (a long outage); the bot stops.
    The next process, past the nonce's window, finds no such hand in the DM and sends it: the player is
    told their turn exactly once, whatever the outage cost."""
    alice, bob = fake.users["alice"], fake.users["bob"]
    dms = "|".join(user.dm.id for user in (alice, bob))
    first = await start_bot(bots, dataclasses.replace(FAST, retry_delay=0.01))
    outage = fake.fail("POST", rf"^/channels/({dms})/messages$", 503, times=10_000)
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await click(alice, lobby, "Start")
    await fake.wait_for_request("POST", rf"^/channels/({dms})/messages$", timeout=60)
    await bots.stop(first)
    outage.times = 0
    fake.logged_errors.clear()
    assert dm_hands(fake) == []
    await age_claims(bots, 10 * NONCE_REDO_SECONDS)  # claimed, never recorded: the old rule skipped it for good
    second = await start_bot(bots)
    await second.reconciler.idle()
    assert len(dm_hands(fake)) == 1
