"""A thread per game (bot.projection.threads), end to end in the offline Discord with Thirteen tables.

The server setting (or `thread:` on `/thirteen new`) opens each table in a thread of the channel, named
for its table: the lobby in the channel links to it, the table, notices and standings go there; at the
end the lobby note shows the result in one line and the thread is archived, and nothing posted after
reopens it. Missing thread permissions fall back to the channel with a clear message.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re

from bench.players.common import (
    FAST,
    click,
    confirm,
    game_id_of,
    game_over_in,
    hand_message,
    is_my_turn,
    open_lobby,
    play_all,
    start_bot,
    take_turn_with_hint,
    version_of,
)
from bot.process.bot import CardBot
from bot.projection.reconciler import NOT_SENT
from bot.projection.threads import NOTE_SHOWN
from data import GameStatus, MessageKind
from fakediscord import FakeDiscord, Message, SimUser
from fakediscord.threads import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS, Thread

THREAD_MENTION = re.compile(r"<#(\d+)>")


def owner(fake: FakeDiscord) -> SimUser:
    """The server owner: Discord gives the owner every permission, Manage Server included."""
    return SimUser(fake, fake.owner)


async def threads_on(fake: FakeDiscord) -> None:
    """The owner switches threads on in /settings server, as a server admin would."""
    boss = owner(fake)
    panel = await boss.slash("settings server")
    assert isinstance(panel, Message)
    changed = await click(boss, panel, "Each table in its own thread: off")
    assert "Each table in its own thread: on" in changed.text


def thread_of(fake: FakeDiscord, lobby: Message) -> Thread:
    """The thread the lobby message names."""
    found = [fake.threads.threads[i] for i in THREAD_MENTION.findall(lobby.text) if i in fake.threads.threads]
    assert len(found) == 1, lobby.text
    return found[0]


async def threaded_lobby(fake: FakeDiscord) -> tuple[SimUser, Message, Thread]:
    """Threads on for the server, and Alice's two-seat Thirteen lobby with its thread."""
    await threads_on(fake)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    return alice, lobby, thread_of(fake, lobby)


async def renamed(fake: FakeDiscord, thread: Thread) -> None:
    """Until the thread carries its game's number (renamed once the lobby is posted)."""
    await fake.wait_for_request("PATCH", rf"^/channels/{thread.id}$")
    assert "#" in thread.name, thread.name


async def failed(fake: FakeDiscord, method: str, path: str, timeout: float = 10.0) -> None:
    """Until a request to exactly `path` was answered with an injected 503."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not any(r.method == method and r.path == path and r.status == 503 for r in fake.requests):
        assert loop.time() < deadline, f"no failed {method} {path}"
        await asyncio.sleep(0.02)


async def table_in(fake: FakeDiscord, thread: Thread) -> Message:
    return await fake.wait_for_message(
        thread, lambda m: m.is_v2 and any(b.get("label") == "My hand" for b in m.buttons)
    )


async def archived(fake: FakeDiscord, thread: Thread, bot: CardBot, game_id: int, timeout: float = 10.0) -> None:
    """Until the thread is archived in Discord and that step is recorded."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (thread.archived and await bot.service.db.messages.thread_archived(game_id)):
        assert loop.time() < deadline, "the thread was never archived"
        await asyncio.sleep(0.02)


async def test_server_setting_opens_each_table_in_a_thread_the_lobby_links_to(fake: FakeDiscord, bots) -> None:
    """Threads on: the lobby stays in the channel naming the thread; Start posts the table there and
    turns the lobby into a link; the standings go to the thread, which is archived after them."""
    bot = await start_bot(bots)
    alice, lobby, thread = await threaded_lobby(fake)
    assert thread.parent_id == fake.channel.id and thread.kind == 11 and not thread.archived
    record = await bot.service.db.games.get(game_id_of(lobby))
    assert record.channel_id == int(fake.channel.id) and record.thread_id == int(thread.id)
    note = await click(alice, lobby, "Start")
    assert f"<#{thread.id}>" in note.text and not note.buttons  # the lobby is now a link to the thread
    table = await table_in(fake, thread)
    assert table.attachments and table.attachments[0].is_png
    panel = await alice.click(table, label="My hand")  # a click in the thread: channel_id is the thread
    assert isinstance(panel, Message) and panel.ephemeral and panel.channel_id == thread.id
    by_command = await alice.slash("game hand", where=thread)  # the thread's game, found by the thread's id
    assert isinstance(by_command, Message) and by_command.ephemeral and by_command.selects
    await play_all(fake, [alice], where=thread)
    result = game_over_in(fake, thread)
    assert result is not None and any(b.get("label") == "Rematch" for b in result.buttons)
    in_channel = [m for m in fake.messages(fake.channel) if not m.ephemeral]
    assert not any(m.attachments or m.buttons for m in in_channel)  # the standings are in the thread only
    await archived(fake, thread, bot, record.id)


def edits_of(fake: FakeDiscord, message: Message, since: int = 0) -> int:
    """How many REST edits the bot made to `message` (from request `since` on)."""
    path = f"/channels/{message.channel_id}/messages/{message.id}"
    return sum(1 for r in fake.requests[since:] if r.method == "PATCH" and r.path == path)


async def note_shown(bot: CardBot, game_id: int, timeout: float = 10.0) -> None:
    """Until the lobby note's end is recorded as shown."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        note = await bot.service.db.messages.get(game_id, MessageKind.NOTE)
        if note is not None and note.key == NOTE_SHOWN:
            return
        assert loop.time() < deadline, "the lobby note never showed the end"
        await asyncio.sleep(0.02)


async def test_the_thread_is_named_for_its_game_and_host(fake: FakeDiscord, bots) -> None:
    """A channel with several threads reads at a glance: "<Game> #<number> · <host>"."""
    bot = await start_bot(bots)
    await threads_on(fake)
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new", seats=2)
    record = await bot.service.db.games.get(game_id_of(lobby))
    title = bot.service.adapter(record.kind).title
    thread = thread_of(fake, lobby)
    await renamed(fake, thread)
    assert thread.name == f"{title} #{record.id} · {record.seats[0].display_name}"


async def server_speaks(fake: FakeDiscord, lang: str) -> None:
    """The owner sets the server's language in /settings server: its tables (and threads) read it."""
    panel = await owner(fake).slash("settings server", language=lang)
    assert isinstance(panel, Message) and panel.ephemeral, panel


async def test_a_thread_is_named_in_the_servers_language(fake: FakeDiscord, bots) -> None:
    """The whole server sees a thread: at a Vietnamese server it is "Tiến lên #<number> · <host>", the
    game as its players there name it, not the English declaration's name."""
    bot = await start_bot(bots)
    await threads_on(fake)
    await server_speaks(fake, "vi")
    lobby = await fake.users["alice"].slash("thirteen new", seats=2)
    assert isinstance(lobby, Message), lobby
    record = await bot.service.db.games.get(game_id_of(lobby))
    thread = thread_of(fake, lobby)
    await named(thread, f"Tiến lên #{record.id} · {record.seats[0].display_name}")


async def test_the_lobby_note_shows_the_result_in_one_line_with_one_edit(fake: FakeDiscord, bots) -> None:
    """At the end the note in the channel becomes one line: the winner, the other places, the link to the
    thread; one edit in the whole game, made after the standings, and recorded."""
    bot = await start_bot(bots)
    alice, lobby, thread = await threaded_lobby(fake)
    await click(alice, lobby, "Start")
    started = len(fake.requests)
    await play_all(fake, [alice], where=thread)
    await archived(fake, thread, bot, game_id_of(lobby))
    await note_shown(bot, game_id_of(lobby))
    note = fake.message(lobby)
    match = await bot.service.db.results.match_for_game(game_id_of(lobby))
    assert match is not None
    winner = next(p.display_name for p in match.players if p.place == 1)
    assert "\n" not in note.text and "is over" in note.text and f"{winner} won" in note.text, note.text
    assert "2nd" in note.text and f"<#{thread.id}>" in note.text and not note.buttons and note.is_v2
    assert edits_of(fake, lobby, started) == 1
    bot.reconciler.mark_dirty(game_id_of(lobby))  # another pass over the ended game edits nothing
    await bot.reconciler.idle()
    assert edits_of(fake, lobby, started) == 1


async def test_a_restart_before_the_note_is_shown_still_shows_it(fake: FakeDiscord, bots) -> None:
    """The note's edit fails until the bot stops: the restarted bot shows the end on it, once."""
    first = await start_bot(bots, tuning=dataclasses.replace(FAST, retry_attempts=1))
    alice, lobby, thread = await threaded_lobby(fake)
    await click(alice, lobby, "Start")
    note_path = rf"^/channels/{lobby.channel_id}/messages/{lobby.id}$"
    started = len(fake.requests)
    fault = fake.fail("PATCH", note_path, 503, times=1000)
    await play_all(fake, [alice], where=thread)
    await archived(fake, thread, first, game_id_of(lobby))  # the archive does not wait for the note
    await failed(fake, "PATCH", f"/channels/{lobby.channel_id}/messages/{lobby.id}")
    fake.logged_errors.clear()
    await bots.stop(first)
    assert "is over" not in fake.message(lobby).text
    fault.times = 0
    second = await bots.start(tuning=FAST)
    assert isinstance(second, CardBot)
    await note_shown(second, game_id_of(lobby))
    assert "is over" in fake.message(lobby).text
    edited = [r for r in fake.requests[started:] if r.method == "PATCH" and r.path.endswith(f"/{lobby.id}")]
    assert len([r for r in edited if r.status < 300]) == 1


async def test_a_game_ended_early_says_why_on_its_note(fake: FakeDiscord, bots) -> None:
    """Everyone leaves mid-game: the note says the game ended early and why, and links the thread."""
    bot = await start_bot(bots)
    alice, lobby, thread = await threaded_lobby(fake)
    await click(alice, lobby, "Start")
    await confirm(alice, await alice.click(await table_in(fake, thread), label="Leave"))
    await archived(fake, thread, bot, game_id_of(lobby))
    await note_shown(bot, game_id_of(lobby))
    note = fake.message(lobby).text
    assert "ended early" in note and "every player left" in note and f"<#{thread.id}>" in note, note


async def test_the_archive_waits_for_a_notice_still_owed_in_the_thread(fake: FakeDiscord, bots) -> None:
    """The last "everyone left" notice fails for now: the thread stays open until it is posted, then is
    archived, so the notice neither reopens the thread nor is lost."""
    bot = await start_bot(bots, tuning=dataclasses.replace(FAST, retry_attempts=1, retry_delay=0.01, retry_cap=0.2))
    alice, lobby, thread = await threaded_lobby(fake)
    await click(alice, lobby, "Start")
    table = await table_in(fake, thread)
    fault = fake.fail("POST", rf"^/channels/{thread.id}/messages$", 503, times=1000)
    await confirm(alice, await alice.click(table, label="Leave"))
    await failed(fake, "POST", f"/channels/{thread.id}/messages")
    await bot.reconciler.idle()
    assert not thread.archived and not await bot.service.db.messages.thread_archived(game_id_of(lobby))
    fake.logged_errors.clear()
    fault.times = 0  # Discord is back: the pass tried again later posts the notice, then archives
    await archived(fake, thread, bot, game_id_of(lobby))
    left = [m for m in fake.messages(thread) if "Everyone has left" in m.text]
    assert len(left) == 1 and thread.archived


async def test_a_notice_due_after_the_archive_is_dropped_and_the_thread_stays_closed(fake: FakeDiscord, bots) -> None:
    """A notice that comes due once the game is over and its thread archived is recorded as not sent:
    a post would unarchive the thread for news about a finished game."""
    bot = await start_bot(bots)
    alice, lobby, thread = await threaded_lobby(fake)
    await click(alice, lobby, "Start")
    await play_all(fake, [alice], where=thread)
    game_id = game_id_of(lobby)
    await archived(fake, thread, bot, game_id)
    messages = bot.service.db.messages
    version = (await bot.service.db.games.get(game_id)).version
    await messages.owe(game_id, MessageKind.NOTICE, 0, "a late notice", version=version)
    bot.reconciler.mark_dirty(game_id)
    await bot.reconciler.idle()
    row = await messages.get(game_id, MessageKind.NOTICE, 0)
    assert row is not None and row.message_id == NOT_SENT
    assert thread.archived and not any("a late notice" in m.text for m in fake.messages(thread))


async def test_deleting_ones_data_in_a_threaded_lobby_archives_its_thread_at_once(fake: FakeDiscord, bots) -> None:
    """The host of a threaded lobby deletes their data, which closes the lobby: its empty thread is
    archived then, not at the next start-up."""
    bot = await start_bot(bots)
    alice, lobby, thread = await threaded_lobby(fake)
    ask = await alice.slash("settings delete-my-data")
    assert isinstance(ask, Message)
    await click(alice, ask, "Yes, delete my data")
    assert (await bot.service.db.games.get(game_id_of(lobby))).status is GameStatus.ABANDONED
    await archived(fake, thread, bot, game_id_of(lobby))


async def test_a_cancelled_lobby_archives_its_empty_thread(fake: FakeDiscord, bots) -> None:
    """The host cancels a lobby that opened a thread: the thread is archived, the channel is free."""
    bot = await start_bot(bots)
    alice, lobby, thread = await threaded_lobby(fake)
    await confirm(alice, await alice.click(lobby, label="Cancel"))
    await archived(fake, thread, bot, game_id_of(lobby))


async def test_a_second_game_opens_in_the_same_channel_at_once(fake: FakeDiscord, bots) -> None:
    """With threads, two tables play at once in one channel, each in its own thread; a channel game
    beside them still holds the channel (one at a time)."""
    bot = await start_bot(bots)
    await threads_on(fake)
    alice, bob, carol, dave = (fake.users[n] for n in ("alice", "bob", "carol", "dave"))
    first = await open_lobby(fake, alice, "thirteen new", seats=2)
    second = await open_lobby(fake, bob, "thirteen new", seats=2)
    one, two = thread_of(fake, first), thread_of(fake, second)
    assert one.id != two.id and one.parent_id == two.parent_id == fake.channel.id
    await click(alice, first, "Start")
    await click(bob, second, "Start")
    await table_in(fake, one)
    await table_in(fake, two)
    own = await open_lobby(fake, carol, "thirteen new", seats=2, thread=False)
    assert not THREAD_MENTION.search(own.text)
    busy = await dave.slash("thirteen new", thread=False)
    assert isinstance(busy, Message) and busy.ephemeral and "already a game at this table" in busy.text
    games = {game_id_of(first), game_id_of(second), game_id_of(own)}
    statuses = {(await bot.service.db.games.get(g)).status for g in games}
    assert statuses == {GameStatus.ACTIVE, GameStatus.LOBBY}


async def test_reminders_timeouts_and_the_result_go_to_the_thread(fake: FakeDiscord, bots) -> None:
    """A player who never moves gets the reminder and the timeout notices in the thread, not the
    channel; the computer that takes the seat finishes, the standings follow there, then the archive."""
    bot = await start_bot(bots)
    await bot.service.db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1, threads=True)
    alice = fake.users["alice"]
    alice.dms_open = False  # her turn is told in the game's thread, too
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    thread = thread_of(fake, lobby)
    await click(alice, lobby, "Start")
    reminder = await fake.wait_for_message(thread, lambda m: "⏰" in m.text, timeout=10)
    assert alice.mention in reminder.text
    await fake.wait_for_message(thread, lambda m: "ran out of time" in m.text, timeout=10)
    await fake.wait_for_message(thread, lambda m: "is over" in m.text and "🏆" in m.text, timeout=30)
    await archived(fake, thread, bot, game_id_of(lobby))
    channel_texts = [m.text for m in fake.messages(fake.channel) if m.id != lobby.id]  # but the lobby's note
    assert not any("⏰" in t or "ran out of time" in t or "is over" in t for t in channel_texts)


async def test_the_thread_option_overrides_the_server_setting(fake: FakeDiscord, bots) -> None:
    """Threads off for the server: `/thirteen new thread:True` still opens this one table in a thread."""
    await start_bot(bots)
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new", seats=2, thread=True)
    assert thread_of(fake, lobby).parent_id == fake.channel.id
    plain = await open_lobby(fake, fake.users["bob"], "thirteen new", seats=2, where=fake.channels["general"])
    assert not fake.threads.threads.keys() & set(THREAD_MENTION.findall(plain.text))


async def test_no_create_threads_permission_says_so_and_plays_in_the_channel(fake: FakeDiscord, bots) -> None:
    """Without Create Public Threads the lobby says which permissions are missing, and the table
    plays in the channel: the lobby becomes the table as without threads."""
    await start_bot(bots)
    await threads_on(fake)
    fake.threads.deny(fake.channel, CREATE_PUBLIC_THREADS)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    assert "Create Public Threads" in lobby.text and "plays here in the channel" in lobby.text
    assert not fake.threads.threads
    table = await click(alice, lobby, "Start")
    assert table.id == lobby.id and any(b.get("label") == "My hand" for b in table.buttons)


async def test_a_refused_thread_request_falls_back_to_the_channel(fake: FakeDiscord, bots) -> None:
    """Discord refuses the thread itself (50013 though the interaction showed the permission): same
    clear message, same fallback."""
    await start_bot(bots)
    await threads_on(fake)
    fake.fail("POST", rf"^/channels/{fake.channel.id}/threads$", 403, code=50013)
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new", seats=2)
    assert "Create Public Threads" in lobby.text and not fake.threads.threads


async def test_send_in_threads_withdrawn_before_start_puts_the_table_in_the_channel(fake: FakeDiscord, bots) -> None:
    """The thread opened, then Send Messages in Threads was taken away: Start tells the host why and the
    lobby becomes the table in the channel; the game goes on there."""
    bot = await start_bot(bots)
    await threads_on(fake)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    thread_of(fake, lobby)
    fake.threads.deny(fake.channel, SEND_MESSAGES_IN_THREADS)
    table = await click(alice, lobby, "Start")
    assert table.id == lobby.id and any(b.get("label") == "My hand" for b in table.buttons)
    told = await fake.wait_for_message(fake.channel, lambda m: "Send Messages in Threads" in m.text, viewer=alice)
    assert told.ephemeral
    record = await bot.service.db.games.get(game_id_of(lobby))
    assert record.table_channel_id == int(fake.channel.id) and record.status is GameStatus.ACTIVE


async def test_a_restart_mid_game_goes_on_in_the_thread(fake: FakeDiscord, bots) -> None:
    """Stop the bot mid-game and start another on the same database: the V2 table in the thread and the
    old DM hand still play, the standings land in the thread and it is archived."""
    first = await start_bot(bots)
    await threads_on(fake)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    thread = thread_of(fake, lobby)
    await click(alice, lobby, "Start")
    table = await table_in(fake, thread)
    loaded = await first.service.load(game_id_of(lobby))
    mover = alice if loaded.state.to_move == 0 else bob
    hand = await fake.wait_for_message(mover.dm, is_my_turn)
    await bots.stop(first)
    second = await bots.start(tuning=FAST)
    assert isinstance(second, CardBot)
    assert second.get_channel(int(thread.id)) is not None  # GUILD_CREATE carried the active thread
    await take_turn_with_hint(fake, mover, hand)
    assert (await second.service.load(loaded.record.id)).record.version > loaded.record.version
    await play_all(fake, [alice, bob], where=thread)
    assert fake.message(table).is_v2 and fake.message(table).channel_id == thread.id
    await archived(fake, thread, second, loaded.record.id)


async def test_a_restart_between_the_result_and_the_archive_still_archives(fake: FakeDiscord, bots) -> None:
    """The archive request fails until the bot stops: the restarted bot archives the thread."""
    first = await start_bot(bots, tuning=dataclasses.replace(FAST, retry_attempts=1))
    alice, lobby, thread = await threaded_lobby(fake)
    await renamed(fake, thread)  # the rename is through: the fault below is for the archive
    fault = fake.fail("PATCH", rf"^/channels/{thread.id}$", 503, times=1000)
    await click(alice, lobby, "Start")
    await play_all(fake, [alice], where=thread)
    await failed(fake, "PATCH", f"/channels/{thread.id}")  # the archive was tried, and failed
    fake.logged_errors.clear()
    await bots.stop(first)
    assert not thread.archived
    fault.times = 0
    second = await bots.start(tuning=FAST)
    assert isinstance(second, CardBot)
    await archived(fake, thread, second, game_id_of(lobby))
    assert len([m for m in fake.messages(thread) if "🏆" in m.text]) == 1  # the result is not posted again


async def test_a_rematch_opens_in_the_archived_thread_and_plays_there(fake: FakeDiscord, bots) -> None:
    """Rematch under the standings in the archived thread: the new lobby's post unarchives it (as any
    send does on Discord), the table replaces that lobby in the same thread, and the channel stays free."""
    bot = await start_bot(bots)
    _, thread, result = await rematch_in_thread(fake, bot)
    alice = fake.users["alice"]
    again = await click(alice, result, "Rematch")
    assert again.channel_id == thread.id and "is open" in again.text and not thread.archived
    rematch = await bot.service.db.games.get(game_id_of(again))
    assert rematch.thread_id == int(thread.id) and rematch.channel_id == int(fake.channel.id)
    table = await click(alice, again, "Start")
    assert table.id == again.id and any(b.get("label") == "My hand" for b in table.buttons)


async def rematch_in_thread(fake: FakeDiscord, bot: CardBot) -> tuple[Message, Thread, Message]:
    """Alice plays a threaded game to its end (note shown, thread archived) and asks for a rematch under
    its standings; returns the first lobby (the channel's note), the thread and the result message."""
    alice, lobby, thread = await threaded_lobby(fake)
    await click(alice, lobby, "Start")
    await play_all(fake, [alice], where=thread)
    await archived(fake, thread, bot, game_id_of(lobby))
    await note_shown(bot, game_id_of(lobby))
    result = game_over_in(fake, thread)
    assert result is not None
    return lobby, thread, result


async def named(thread: Thread, name: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while thread.name != name:
        assert loop.time() < deadline, f"the thread is still named {thread.name!r}, not {name!r}"
        await asyncio.sleep(0.02)


def over_rest(fake: FakeDiscord, since: int) -> list[tuple[str, str]]:
    """The bot's requests from `since` on that count against Discord's global limit (interaction
    callbacks and webhooks are exempt)."""
    return [
        (r.method, r.path)
        for r in fake.requests[since:]
        if not r.path.startswith(("/interactions/", "/webhooks/"))
    ]


async def test_a_rematch_renames_its_thread_for_the_new_game_with_one_request(fake: FakeDiscord, bots) -> None:
    """Rematch in the thread: the thread's name shows the new game, "<Game> #<new> · <host>", through one
    rename, the only request over the bot's REST route until the rematch starts."""
    bot = await start_bot(bots)
    _, thread, result = await rematch_in_thread(fake, bot)
    alice = fake.users["alice"]
    before = len(fake.requests)
    again = await click(alice, result, "Rematch")
    record = await bot.service.db.games.get(game_id_of(again))
    title = bot.service.adapter(record.kind).title
    await named(thread, f"{title} #{record.id} · {record.seats[0].display_name}")
    await bot.reconciler.idle()
    assert over_rest(fake, before) == [("PATCH", f"/channels/{thread.id}")]


async def test_a_rematch_renames_its_thread_in_the_servers_language(fake: FakeDiscord, bots) -> None:
    """A server that switched to Bulgarian after the first game: the rematch's rename names the game as
    Bulgarian players do, "Тринайсет #<new> · <host>"."""
    bot = await start_bot(bots)
    _, thread, result = await rematch_in_thread(fake, bot)
    await server_speaks(fake, "bg")
    again = await fake.users["alice"].click(result, label="Rematch")  # the result was posted in English
    assert isinstance(again, Message), again
    number = re.search(r"№(\d+)", again.text)  # the lobby reads Bulgarian: "маса №12"
    assert number, again.text
    record = await bot.service.db.games.get(int(number[1]))
    await named(thread, f"Тринайсет #{record.id} · {record.seats[0].display_name}")


async def test_a_rematch_in_the_thread_shows_its_end_on_the_channels_note(fake: FakeDiscord, bots) -> None:
    """The channel keeps one line per thread: at the rematch's end the first game's note shows the
    rematch's result (one edit in the whole rematch), and the first game's standings stay in the thread."""
    bot = await start_bot(bots)
    lobby, thread, result = await rematch_in_thread(fake, bot)
    alice = fake.users["alice"]
    again = await click(alice, result, "Rematch")
    rematch = game_id_of(again)
    assert rematch != game_id_of(lobby)
    await click(alice, again, "Start")
    started = len(fake.requests)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    acted = -1
    while (await bot.service.db.games.get(rematch)).status is GameStatus.ACTIVE:
        assert loop.time() < deadline, "the rematch did not end in time"
        hand = hand_message(fake, alice, rematch)
        if hand is not None and is_my_turn(hand) and version_of(hand) > acted:
            acted = version_of(hand)
            await take_turn_with_hint(fake, alice, hand)
        else:
            await asyncio.sleep(0.01)
    await archived(fake, thread, bot, rematch)
    await note_shown(bot, rematch)
    note = fake.message(lobby)
    assert f"table #{rematch} is over" in note.text and f"<#{thread.id}>" in note.text, note.text
    assert edits_of(fake, lobby, started) == 1
    assert fake.message(result).text == result.text  # the first game's standings, untouched in the thread
