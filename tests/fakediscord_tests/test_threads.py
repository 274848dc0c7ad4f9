"""Threads in the offline Discord, driven through the connected bot's real discord.py client: what
Discord's threads topic says a bot may and may not do (fakediscord/threads.py)."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord.ext import commands

from fakediscord import FakeDiscord
from fakediscord.threads import CREATE_PUBLIC_THREADS, MANAGE_THREADS, SEND_MESSAGES_IN_THREADS, Thread


def games(bot: commands.Bot, fake: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(int(fake.channel.id))
    assert isinstance(channel, discord.TextChannel)
    return channel


async def cached(bot: commands.Bot, thread_id: int) -> discord.Thread:
    """The thread in discord.py's cache, once THREAD_CREATE has been parsed."""
    for _ in range(200):
        found = bot.get_channel(thread_id)
        if isinstance(found, discord.Thread):
            return found
        await asyncio.sleep(0.01)
    raise AssertionError(f"thread {thread_id} never reached discord.py's cache")


async def test_a_public_thread_is_created_in_the_channel_and_cached(fake: FakeDiscord, bot: commands.Bot) -> None:
    """POST /channels/{id}/threads makes a type 11 thread of #games; THREAD_CREATE puts it in the cache."""
    made = await games(bot, fake).create_thread(name="Thirteen", type=discord.ChannelType.public_thread)
    assert made.type is discord.ChannelType.public_thread and made.parent_id == int(fake.channel.id)
    assert (await cached(bot, made.id)).name == "Thirteen"
    sent = await made.send("hello")
    assert fake.message(str(sent.id)).channel_id == str(made.id)


async def test_a_thread_from_a_message_shares_its_id(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Discord: a thread started from a message has the message's id."""
    message = await games(bot, fake).send("lobby")
    made = await message.create_thread(name="from a message")
    assert made.id == message.id and isinstance(fake.threads.threads[str(made.id)], Thread)


async def test_creating_a_thread_without_the_permission_is_refused(fake: FakeDiscord, bot: commands.Bot) -> None:
    """No Create Public Threads in the channel: 403/50013, and the interaction's app_permissions say so."""
    fake.threads.deny(fake.channel, CREATE_PUBLIC_THREADS)
    with pytest.raises(discord.Forbidden) as refused:
        await games(bot, fake).create_thread(name="no", type=discord.ChannelType.public_thread)
    assert refused.value.code == 50013
    assert not int(fake.threads.app_permissions(fake.channel)) & CREATE_PUBLIC_THREADS


async def test_sending_in_a_thread_needs_send_messages_in_threads(fake: FakeDiscord, bot: commands.Bot) -> None:
    """The parent's permission decides: without Send Messages in Threads a send is 403/50013."""
    made = await games(bot, fake).create_thread(name="quiet", type=discord.ChannelType.public_thread)
    fake.threads.deny(fake.channel, SEND_MESSAGES_IN_THREADS)
    with pytest.raises(discord.Forbidden) as refused:
        await made.send("hello")
    assert refused.value.code == 50013


async def test_an_archived_thread_refuses_edits_and_a_send_unarchives_it(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Archived: editing a message is 400/50083; sending a message unarchives the thread (not locked)."""
    made = await games(bot, fake).create_thread(name="done", type=discord.ChannelType.public_thread)
    sent = await made.send("table")
    await bot.http.edit_channel(made.id, archived=True)
    thread = fake.threads.threads[str(made.id)]
    assert thread.archived
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(content="later")
    assert refused.value.code == 50083
    await made.send("rematch?")
    assert not thread.archived


async def test_a_locked_thread_stays_archived_for_a_bot_without_manage_threads(
    fake: FakeDiscord, bot: commands.Bot
) -> None:
    """A moderator locked and archived the thread: the bot's send is refused (50083), its unarchive too."""
    made = await games(bot, fake).create_thread(name="locked", type=discord.ChannelType.public_thread)
    await fake.threads.archive(fake.threads.threads[str(made.id)], archived=True, locked=True)
    with pytest.raises(discord.HTTPException) as refused:
        await made.send("hello")
    assert refused.value.code == 50083
    with pytest.raises(discord.Forbidden):
        await bot.http.edit_channel(made.id, archived=False)
    fake.threads.allow(fake.channel, MANAGE_THREADS)  # a moderator bot may
    await made.send("hello")
    assert not fake.threads.threads[str(made.id)].archived


async def test_a_deleted_thread_is_an_unknown_channel(fake: FakeDiscord, bot: commands.Bot) -> None:
    """After a moderator deletes the thread, sends and edits there answer 404/10003; the cache drops it."""
    made = await games(bot, fake).create_thread(name="gone", type=discord.ChannelType.public_thread)
    sent = await made.send("table")
    await cached(bot, made.id)
    await fake.threads.delete(fake.threads.threads[str(made.id)])
    with pytest.raises(discord.NotFound) as refused:
        await made.send("hello")
    assert refused.value.code == 10003
    with pytest.raises(discord.NotFound):
        await sent.edit(content="later")
    for _ in range(200):
        if bot.get_channel(made.id) is None:
            break
        await asyncio.sleep(0.01)
    assert bot.get_channel(made.id) is None
