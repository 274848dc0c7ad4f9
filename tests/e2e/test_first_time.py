"""The first-time path: /cardroom lists every game and starts one against the computer in one more tap."""

from __future__ import annotations

from bench.players.common import click, game_id_of, game_over_in, open_lobby, play_all, start_bot, wait_hand
from fakediscord import FakeDiscord, Message
from fakediscord.threads import CREATE_PUBLIC_THREADS
from games.registry import KINDS


async def test_cardroom_lists_every_game_with_its_command_and_a_play_button(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Each registered game appears with its slash command (Carousel is /rummy) and its own Play button."""
    bot = await start_bot(bots)
    menu = await fake.users["alice"].slash("cardroom")
    assert isinstance(menu, Message) and menu.ephemeral
    for kind in KINDS:
        adapter = bot.service.adapters[kind]
        assert f"`/{adapter.command_name} new`" in menu.text
        assert menu.component(label=f"Play {adapter.title}")["custom_id"] == f"cardroom:play:{kind}"


async def test_two_taps_from_cardroom_to_a_finished_game_against_the_computer(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/cardroom, Play Thirteen: the computer is seated, the table posted, the hand by DM; played to the end."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    menu = await alice.slash("cardroom")
    assert isinstance(menu, Message)
    started = await click(alice, menu, f"Play {bot.service.adapters['thirteen'].title}")
    assert started.ephemeral and "has started against the computer" in started.text
    game_id = game_id_of(started)
    record = (await bot.service.load(game_id)).record
    assert record.status.value == "active" and [seat.is_computer for seat in record.seats] == [False, True]
    table = fake.message(str(record.table_message_id))
    assert table.attachments and table.attachments[0].is_png and not table.ephemeral
    await wait_hand(fake, alice)
    assert await play_all(fake, [alice]) > 0
    result = game_over_in(fake)
    assert result is not None and f"#{game_id}" in result.text


async def test_play_in_a_busy_channel_says_why(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A Play click where a table is already open: a reason, and no second game."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await open_lobby(fake, alice, "thirteen new")
    menu = await bob.slash("cardroom")
    assert isinstance(menu, Message)
    answer = await click(bob, menu, f"Play {bot.service.adapters['schnapsen'].title}")
    assert "already a game at this table" in answer.text
    assert await bot.service.db.games.open_in_channel(int(fake.channel.id)) is not None


async def test_every_lobby_and_table_has_rules_one_tap_away(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The lobby and the table both carry a Rules button answering with the game's rules."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "schnapsen new")
    rules = await click(alice, lobby, "Rules")
    assert rules.ephemeral and "66" in rules.text
    table = await click(alice, lobby, "Start")
    rules = await click(alice, table, "Rules")
    assert rules.ephemeral and "66" in rules.text


async def test_play_honours_the_servers_thread_setting(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Threads on for the server (bot.projection.threads): Play opens the game's own thread in the channel, the
    table and the standings go there, the link points into it, and the channel stays free."""
    bot = await start_bot(bots)
    await bot.service.db.settings.update_guild(int(fake.guild.id), threads=True)
    alice = fake.users["alice"]
    menu = await alice.slash("cardroom")
    assert isinstance(menu, Message)
    started = await click(alice, menu, f"Play {bot.service.adapters['thirteen'].title}")
    record = (await bot.service.load(game_id_of(started))).record
    assert record.thread_id is not None and record.table_channel_id == record.thread_id
    thread = fake.threads.threads[str(record.thread_id)]
    assert thread.parent_id == fake.channel.id and f"/{record.thread_id}/{record.table_message_id}" in started.text
    table = fake.message(str(record.table_message_id))
    assert table.channel_id == thread.id and table.attachments and table.attachments[0].is_png
    await wait_hand(fake, alice)
    assert await play_all(fake, [alice], where=thread) > 0
    assert game_over_in(fake, thread) is not None and game_over_in(fake) is None


async def test_play_without_thread_permissions_says_why_and_plays_in_the_channel(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Threads on but Create Public Threads denied: the table is posted in the channel, and the
    answer to Play names the permissions the bot needs."""
    bot = await start_bot(bots)
    await bot.service.db.settings.update_guild(int(fake.guild.id), threads=True)
    fake.threads.deny(fake.channel, CREATE_PUBLIC_THREADS)
    alice = fake.users["alice"]
    menu = await alice.slash("cardroom")
    assert isinstance(menu, Message)
    started = await click(alice, menu, f"Play {bot.service.adapters['thirteen'].title}")
    assert "has started against the computer" in started.text and "Create Public Threads" in started.text
    record = (await bot.service.load(game_id_of(started))).record
    assert record.thread_id is None and record.table_channel_id == int(fake.channel.id)
    assert not fake.threads.threads
