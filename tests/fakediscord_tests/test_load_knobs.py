"""What lets the fake serve a long load run (bench.bot): bounded memory and acknowledgement timings."""

from __future__ import annotations

import io
from pathlib import Path

import discord
from discord.ext import commands

from fakediscord import FakeDiscord, Message
from fakediscord.probe import PROBE, png_bytes
from harness.offline import BotHarness


def games(bot: commands.Bot, fake: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(int(fake.channel.id))
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_an_edit_that_replaces_the_image_drops_the_old_bytes(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Like Discord, an attachment left out of an edit is gone: the store keeps only the new image's bytes."""
    first, second = png_bytes(10, 10), png_bytes(12, 12)
    sent = await games(bot, fake).send("t", file=discord.File(io.BytesIO(first), "a.png"))
    older = fake.message(str(sent.id))
    await sent.edit(attachments=[discord.File(io.BytesIO(second), "b.png")])
    assert [a.data for a in fake.message(str(sent.id)).attachments] == [second]
    assert list(fake._stored(str(sent.id)).files.values()) == [second]
    assert older.attachments[0].data == first  # a snapshot taken before still shows what it showed


async def test_without_request_recording_the_request_log_stays_empty(tmp_path: Path) -> None:
    """record_requests=False: the bot works as usual and `requests` holds nothing (no uploaded bytes kept)."""
    async with FakeDiscord(record_requests=False) as fake:
        harness = BotHarness(fake, tmp_path)
        try:
            await harness.start(extensions=PROBE)
            reply = await fake.users["alice"].slash("cardroom")
            assert isinstance(reply, Message) and "Cardroom" in reply.content
            assert fake.requests == []
        finally:
            await harness.close()


async def test_the_ack_log_times_each_interaction_from_dispatch_to_callback(
    fake: FakeDiscord, probe_bot: object
) -> None:
    """With `ack_log` set, a click is logged by custom id with a time between zero and Discord's 3 s."""
    table = await fake.users["alice"].slash("probe table")
    assert isinstance(table, Message)
    fake.ack_log = []
    await fake.users["bob"].click(table, label="Join")
    assert [name for name, _ in fake.ack_log] == ["probe:join"]
    assert 0 < fake.ack_log[0][1] < fake.response_deadline
