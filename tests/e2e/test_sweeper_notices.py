"""The sweeper's channel notices (a turn's reminder, "ran out of time") are stored with the change that
calls for them and posted by the message reconciler: retried on a Discord error, redone after a restart,
posted once."""

from __future__ import annotations

import asyncio
import dataclasses

from bench.players.common import FAST, click, game_id_of, open_lobby, start_bot, start_game
from bot.process.bot import CardBot
from data import MessageKind, MoveSource
from fakediscord import FakeDiscord, Message

# Retries a few milliseconds apart, so a refused post is given up on quickly in the restart test.
TUNING = dataclasses.replace(FAST, retry_attempts=3, retry_delay=0.01)
TIMED_OUT = "ran out of time; I played"


async def one_second_turns(fake: FakeDiscord, bot: CardBot) -> Message:
    """Alice and Bob at a started two-player Thirteen table with 1-second turns; nobody plays."""
    await bot.service.db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    return lobby


def channel_posts(fake: FakeDiscord, text: str) -> list[Message]:
    return [m for m in fake.messages(fake.channel) if text in m.text]


async def test_a_503_on_the_reminder_post_is_retried(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """One 503 on the reminder's post: it is retried and the reminder appears once."""
    bot = await start_bot(bots, tuning=TUNING)
    fault = fake.fail("POST", rf"^/channels/{fake.channel.id}/messages$", 503)
    await one_second_turns(fake, bot)
    await fake.wait_for_message(fake.channel, lambda m: "⏰" in m.text, timeout=10)
    assert fault.times == 0, "the reminder's post was never refused"
    assert len(channel_posts(fake, "⏰")) == 1


async def test_a_timeout_whose_post_never_went_out_is_posted_once_after_a_restart(
    fake: FakeDiscord, bots  # type: ignore[no-untyped-def]
) -> None:
    """The channel refuses every post (503) when a turn times out; after a restart the notice is posted once."""
    bot = await start_bot(bots, tuning=TUNING)
    refused = fake.fail("POST", rf"^/channels/{fake.channel.id}/messages$", 503, times=10_000)
    lobby = await one_second_turns(fake, bot)
    game_id = game_id_of(lobby)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 15
    while True:
        saved = await bot.service.db.games.load(game_id)
        timeouts = [move for move in saved.moves if move.source is MoveSource.TIMEOUT]
        if timeouts:
            break
        assert loop.time() < deadline, "no turn timed out"
        await asyncio.sleep(0.05)
    actor = timeouts[0].actor
    assert actor is not None
    name = (await bot.service.db.games.get(game_id)).seats[actor].display_name
    owed = await bot.service.db.messages.get(game_id, MessageKind.TIMEOUT, actor)
    assert owed is not None and owed.message_id is None  # stored with the move, not yet posted
    await bots.stop(bot)
    assert not channel_posts(fake, TIMED_OUT)
    refused.times = 0  # the channel works again
    await start_bot(bots, tuning=TUNING)
    await fake.wait_for_message(fake.channel, lambda m: f"{name} {TIMED_OUT}" in m.text, timeout=10)
    await asyncio.sleep(0.3)  # a second pass (or a duplicate post) would land by now
    assert len(channel_posts(fake, f"{name} {TIMED_OUT}")) == 1
