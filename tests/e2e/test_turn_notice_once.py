"""A turn's DM hand (the notice that a person's turn started) is created at most once per (game, seat,
turn), across a process that died between Discord's answer and the record of it and the process that
takes the game over: the notice is claimed in the database before it is posted, and posted with a nonce
made from the game, the seat and the turn, which Discord enforces."""

from __future__ import annotations

import asyncio

import pytest

from bench.players.common import click, game_id_of, open_lobby, start_bot, start_game
from data import MessageKind, ShownMessage
from fakediscord import FakeDiscord, Message


class Killed(Exception):
    """The process died here (a SIGKILL between the post and its record)."""


def dm_hands(fake: FakeDiscord) -> list[Message]:
    return [m for user in fake.users.values() for m in fake.messages(user.dm) if m.buttons and not m.ephemeral]


async def test_a_turn_dm_posted_but_not_recorded_before_a_kill_is_not_posted_again(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first process sends the first player's turn DM and dies before recording it; the process started
    after it finds the turn not recorded as told and tells it again: the player still has one DM for that
    turn, and it is the one recorded."""
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
    await asyncio.wait_for(killed.wait(), 10)
    await bots.stop(first)
    fake.logged_errors.clear()  # the first process's pass logged its failed record
    (told,) = dm_hands(fake)
    second = await start_bot(bots)
    await second.reconciler.idle()
    assert [m.id for m in dm_hands(fake)] == [told.id]
    shown = (await second.service.db.messages.of_game(game_id_of(lobby))).values()
    assert [row.message_id for row in shown if row.kind is MessageKind.HAND] == [int(told.id)]
