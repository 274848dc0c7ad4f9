"""The shared table machinery, end to end with Thirteen: lobby, hands, bad input, timers, restarts.

Everything here goes through the real discord.py against the offline Discord: people run slash
commands and click the components the bot sent them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import os
import re
import signal
from collections import Counter

import pytest

from bench.players.common import (
    FAST,
    asks,
    click,
    confirm,
    game_id_of,
    game_over_in,
    hand_message,
    is_my_turn,
    open_lobby,
    play_all,
    start_bot,
    start_game,
    take_turn_with_hint,
    version_of,
)
from bot.process import eventloop
from bot.process.bot import CardBot
from data import GameStatus
from fakediscord import FakeDiscord, Message, SimUser
from games.cards import parse_card
from rendering import offload
from tests.e2e.seeds import fixed_seed

# A deal on which the first player's automatic moves leave cards in hand (test_timeouts_pass_...).
TIMEOUT_DEAL = 1
CARD_TOKEN = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]")


async def seat_people(fake: FakeDiscord, host: SimUser, others: list[SimUser], seats: int) -> Message:
    lobby = await open_lobby(fake, host, "thirteen new", seats=seats)
    for user in others:
        lobby = await click(user, lobby, "Join")
    return lobby


@dataclasses.dataclass
class Duel:
    """Alice and Bob seated at a started two-player table; `mover` is the one to play first."""

    bot: CardBot
    game_id: int
    version: int
    mover: SimUser
    hand: Message  # the mover's DM hand, on their turn


async def duel(fake: FakeDiscord, bots) -> Duel:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    loaded = await bot.service.load(game_id_of(lobby))
    mover = alice if loaded.state.to_move == 0 else bob
    hand = await fake.wait_for_message(mover.dm, lambda m: is_my_turn(m))
    return Duel(bot, loaded.record.id, loaded.record.version, mover, hand)


async def test_four_humans_play_a_full_game(fake: FakeDiscord, bots) -> None:
    """Four people join, each plays from their DM hand, and the game is rated at the end."""
    bot = await start_bot(bots)
    alice, bob, carol, dave = (fake.users[n] for n in ("alice", "bob", "carol", "dave"))
    lobby = await seat_people(fake, alice, [bob, carol, dave], seats=4)
    assert "Seated (4/4)" in lobby.text
    await click(alice, lobby, "Start")
    assert await play_all(fake, [alice, bob, carol, dave]) > 0
    result = game_over_in(fake)
    assert result is not None and "Rated game" not in result.text  # the image says it; the text names the winner
    match = await bot.service.db.results.match_for_game(game_id_of(lobby))
    assert match is not None and match.rated
    assert sorted(p.place for p in match.players) == [1, 2, 3, 4]


async def test_two_humans_and_two_computers_play_to_the_end(fake: FakeDiscord, bots) -> None:
    """Two people plus two computer seats added by the host; unrated because computers played."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=4)
    lobby = await click(alice, lobby, "Add computer player")
    assert "🤖" in lobby.text
    await click(alice, lobby, "Start")
    await play_all(fake, [alice, bob])
    match = await bot.service.db.results.match_for_game(game_id_of(lobby))
    assert match is not None and not match.rated and match.with_computers


async def test_dm_refused_player_is_told_and_plays_from_the_panel(fake: FakeDiscord, bots) -> None:
    """A closed DM (50007) is remembered, announced once in the channel, and the My hand panel works."""
    erin = fake.users["erin"]
    erin.dms_open = False
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await seat_people(fake, erin, [alice], seats=2)
    table = await start_game(fake, erin, lobby, [erin, alice])
    first = hand_message(fake, alice)
    if first is not None and is_my_turn(first):  # Erin's hand is tried when her turn starts
        await take_turn_with_hint(fake, alice, first)
    notice = await fake.wait_for_message(fake.channel, lambda m: "can't send you direct messages" in m.text)
    assert erin.mention in notice.text
    assert (await bot.service.db.settings.user(int(erin.id))).dm_closed
    panel = await erin.click(table, label="My hand")
    assert isinstance(panel, Message) and panel.ephemeral and panel.selects
    assert panel.attachments[0].is_png


async def test_a_stale_hand_gets_a_fresh_one(fake: FakeDiscord, bots) -> None:
    """A click on a hand drawn for an older version answers "out of date" with the current hand."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    table = await start_game(fake, alice, lobby, [alice, bob])
    first = await alice.click(table, label="My hand")
    assert isinstance(first, Message)
    old_version = version_of(first)
    # One move by whoever is first to play moves the game past the version of alice's panel.
    mover = next(u for u in (alice, bob) if (h := hand_message(fake, u)) and is_my_turn(h))
    hand = hand_message(fake, mover)
    assert hand is not None
    await take_turn_with_hint(fake, mover, hand)
    stale = await alice.select(first, first.selects[0]["custom_id"], [first.selects[0]["options"][0]["value"]])
    assert isinstance(stale, Message) and "out of date" in stale.text
    assert version_of(stale) > old_version


async def test_someone_not_seated_is_told_so(fake: FakeDiscord, bots) -> None:
    """My hand from a spectator: a polite reason, nothing else changes."""
    await start_bot(bots)
    alice, bob, carol = fake.users["alice"], fake.users["bob"], fake.users["carol"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    table = await start_game(fake, alice, lobby, [alice, bob])
    reply = await carol.click(table, label="My hand")
    assert isinstance(reply, Message) and reply.ephemeral and "not playing" in reply.text


async def test_only_the_host_starts_and_joining_twice_is_refused(fake: FakeDiscord, bots) -> None:
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=3)
    again = await bob.click(lobby, label="Join")
    assert isinstance(again, Message) and again.ephemeral and "already seated" in again.text
    refused = await bob.click(lobby, label="Start")
    assert isinstance(refused, Message) and refused.ephemeral and "Only the host" in refused.text


async def test_one_game_per_channel(fake: FakeDiscord, bots) -> None:
    """A second `/thirteen new` where a lobby is open: told so privately, with a link to that lobby."""
    await start_bot(bots)
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new")
    reply = await fake.users["bob"].slash("thirteen new")
    assert isinstance(reply, Message) and reply.ephemeral and "already a game" in reply.text
    link = f"https://discord.com/channels/{fake.guild.id}/{fake.channel.id}/{lobby.id}"
    assert link in reply.text and "Join it there" in reply.text


async def test_a_lobby_whose_message_never_appeared_frees_its_channel_by_itself(fake: FakeDiscord, bots) -> None:
    """Discord refuses the lobby's answer (10062) after its row is written: a second `/thirteen new` is
    told the table closes by itself, and after `Tuning.unseen_lobby_grace` the channel takes a new one."""
    bot = await start_bot(bots, tuning=dataclasses.replace(FAST, unseen_lobby_grace=2.0))
    alice, bob = fake.users["alice"], fake.users["bob"]
    fake.fail("POST", r"^/interactions/\d+/[^/]+/callback$", 404, code=10062)
    failed = await alice.slash("thirteen new")  # the command's error answer: "Something went wrong"
    assert isinstance(failed, Message) and "try again" in failed.text and not failed.buttons
    unseen = await bot.service.db.games.open_in_channel(int(fake.channel.id))
    assert unseen is not None and unseen.table_message_id is None
    busy = await bob.slash("thirteen new")
    assert isinstance(busy, Message) and busy.ephemeral and f"#{unseen.id}" in busy.text
    assert "never appeared" in busy.text and "closes by itself" in busy.text
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while (await bot.service.db.games.get(unseen.id)).status is GameStatus.LOBBY:
        assert loop.time() < deadline, "the unseen lobby was never closed"
        await asyncio.sleep(0.05)
    assert (await bot.service.db.games.get(unseen.id)).status is GameStatus.ABANDONED
    lobby = await open_lobby(fake, bob, "thirteen new")
    assert game_id_of(lobby) != unseen.id
    fake.logged_errors.clear()  # the refused answer, logged as the command's failure


async def test_a_click_out_of_turn_is_refused(fake: FakeDiscord, bots) -> None:
    """Pass is greyed out off-turn (the waiting hand names nobody); a client that sends it anyway is told
    whose turn it is."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    loaded = await bot.service.load(game_id_of(lobby))
    waiting = alice if loaded.state.to_move == 0 else bob  # once they have played
    first = hand_message(fake, waiting)
    assert first is not None
    await take_turn_with_hint(fake, waiting, first)
    hand = await fake.wait_for_message(waiting.dm, lambda m: m.id == first.id and "Not your turn yet" in m.text)
    assert hand.component(label="Pass").get("disabled")
    forced = {"custom_id": hand.component(label="Pass")["custom_id"], "component_type": 2}
    reply = await fake.start_interaction(waiting.person, 3, forced, waiting.dm, hand)
    assert isinstance(reply, Message)
    note = await fake.wait_for_message(waiting.dm, lambda m: "not your turn" in m.text, viewer=waiting)
    assert note.ephemeral


async def test_an_illegal_selection_keeps_the_cards_and_says_why(fake: FakeDiscord, bots) -> None:
    """Two cards of different ranks are no combination (TL-5): the engine's reason, selection kept."""
    game = await duel(fake, bots)
    mover, hand = game.mover, game.hand
    options = hand.selects[0]["options"]
    ranks = {}
    for option in options:
        ranks.setdefault(option["label"][:-1], option["value"])
    pick = list(ranks.values())[:2]  # two different ranks
    chosen = await mover.select(hand, hand.selects[0]["custom_id"], pick)
    assert isinstance(chosen, Message) and "Selected:" in chosen.text
    refused = await mover.click(chosen, label="Play")
    assert isinstance(refused, Message)
    told = await fake.wait_for_message(mover.dm, lambda m: m.id == hand.id and "⚠️" in m.text)
    assert "Selected:" in told.text
    assert (await game.bot.service.load(game.game_id)).record.version == game.version


async def test_double_click_applies_once(fake: FakeDiscord, bots) -> None:
    """Two fast clicks on Play: one move is stored, the twin is dropped quietly."""
    game = await duel(fake, bots)
    mover, hand = game.mover, game.hand
    await click(mover, hand, "Hint")
    hinted = await fake.wait_for_message(mover.dm, lambda m: m.id == hand.id and "Hint:" in m.text)
    first = mover.click(hinted, label="Play", settle=False)
    second = mover.click(hinted, label="Play", settle=False)
    await asyncio.gather(first, second)
    await fake.wait_for_message(mover.dm, lambda m: m.id == hand.id and version_of(m) > version_of(hinted))
    await asyncio.sleep(0.1)
    assert "out of date" not in fake.message(hand).text
    saved = await game.bot.service.db.games.load(game.game_id)
    assert [m.code for m in saved.moves if m.seq == game.version + 1] and len(
        [m for m in saved.moves if m.source.value == "player"]
    ) == 1
    assert not any("out of date" in m.text for m in fake.messages(mover.dm, viewer=mover) if m.ephemeral)


async def test_leaving_hands_the_seat_to_a_computer(fake: FakeDiscord, bots) -> None:
    """Leave on the table: announced, a computer plays on, the game ends unrated."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    table = await start_game(fake, alice, lobby, [alice, bob])
    question = await bob.click(table, label="Leave")
    assert asks(question) and "unrated" in question.text
    reply = await confirm(bob, question)
    assert reply.ephemeral and "left the game" in reply.text and not reply.buttons
    await fake.wait_for_message(fake.channel, lambda m: "takes their seat" in m.text)
    await play_all(fake, [alice])
    match = await bot.service.db.results.match_for_game(game_id_of(lobby))
    assert match is not None and not match.rated


async def test_timeouts_pass_then_a_computer_takes_over(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1-second turns: a reminder, automatic moves, then a computer takes the idle seat (unrated).

    The deal is fixed: an automatic move is the computer player's choice, and on some deals the first
    player's two automatic moves empty their hand, which ends the game before any seat is handed over
    (a move that ends the game hands nothing over, and the game stays rated)."""
    fixed_seed(monkeypatch, TIMEOUT_DEAL)
    # 1-second turns post more notices in the channel than its 5 sends per 5 s: at Discord's timing they
    # arrive seconds late, after the other seat has timed out too. Windows a tenth as long keep up.
    fake.rate_limits.scale = 0.1
    bot = await start_bot(bots)
    guild_id = int(fake.guild.id)
    await bot.service.db.settings.update_guild(guild_id, live_turn_seconds=1)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    # Nobody plays: whoever is to move first is reminded, timed out twice, then replaced.
    await fake.wait_for_message(fake.channel, lambda m: "⏰" in m.text, timeout=10)
    await fake.wait_for_message(fake.channel, lambda m: "ran out of time; I played" in m.text, timeout=10)
    takeover = await fake.wait_for_message(fake.channel, lambda m: "takes the seat" in m.text, timeout=20)
    record = (await bot.service.load(game_id_of(lobby))).record
    replaced = [seat for seat in record.seats if seat.is_computer]
    assert len(replaced) == 1 and replaced[0].display_name in takeover.text
    await play_all(fake, [alice if replaced[0].user_id == int(bob.id) else bob], timeout=60)
    match = await bot.service.db.results.match_for_game(game_id_of(lobby))
    assert match is not None and not match.rated


async def test_an_idle_lobby_closes_itself(fake: FakeDiscord, bots) -> None:
    await start_bot(bots, tuning=dataclasses.replace(FAST, lobby_timeout=0.2))
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new")
    closed = await fake.wait_for_message(fake.channel, lambda m: m.id == lobby.id and "closed" in m.text)
    assert not closed.buttons


async def test_a_restarted_bot_continues_the_game_and_old_buttons_work(fake: FakeDiscord, bots) -> None:
    """Stop the bot mid-game, start another on the same database: the first bot's DM hand still plays."""
    game = await duel(fake, bots)
    await bots.stop(game.bot)
    second = await bots.start(tuning=FAST)
    assert isinstance(second, CardBot) and second is not game.bot
    await take_turn_with_hint(fake, game.mover, game.hand)
    assert (await second.service.load(game.game_id)).record.version > game.version
    await play_all(fake, [fake.users["alice"], fake.users["bob"]])
    assert (await second.service.db.results.match_for_game(game.game_id)) is not None


async def test_no_public_message_shows_a_hidden_card(fake: FakeDiscord, bots) -> None:
    """Right after the deal, every card named in the channel has been played in public."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    game_id = game_id_of(lobby)
    await asyncio.sleep(0.2)
    loaded = await bot.service.load(game_id)
    view = loaded.state.view(None)
    # The lowest card's holder is announced: the first lead must include it (TL-4), so it is public.
    public = {card.face for card in view.played} | ({view.must_include} if view.must_include else set())
    for message in fake.messages(fake.channel):
        if message.ephemeral:
            continue
        for token in CARD_TOKEN.findall(message.text):
            assert parse_card(token) in public, f"{token} shown in public: {message.text!r}"


async def test_the_host_can_end_a_lobby_that_never_started(fake: FakeDiscord, bots) -> None:
    """/game end on an open lobby closes it (nothing was dealt, nothing to replay or rate)."""
    bot = await start_bot(bots)
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new")
    reply = await confirm(fake.users["alice"], await fake.users["alice"].slash("game end"))
    assert "has been ended" in reply.text
    closed = await fake.wait_for_message(fake.channel, lambda m: m.id == lobby.id and "closed" in m.text)
    assert not closed.buttons
    assert (await bot.service.db.games.get(game_id_of(lobby))).status.value == "abandoned"


async def test_the_host_can_pass_the_host_role_to_a_seated_player(fake: FakeDiscord, bots) -> None:
    """/game host: only to someone seated; afterwards the new host may Start and the old one may not."""
    await start_bot(bots)
    alice, bob, carol = fake.users["alice"], fake.users["bob"], fake.users["carol"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    refused = await alice.slash("game host", player=carol)
    assert isinstance(refused, Message) and refused.ephemeral and "isn't playing" in refused.text
    done = await alice.slash("game host", player=bob)
    assert isinstance(done, Message) and bob.mention in done.text
    not_host = await alice.click(lobby, label="Start")
    assert isinstance(not_host, Message) and not_host.ephemeral and "Only the host" in not_host.text
    await start_game(fake, bob, lobby, [alice, bob])


async def test_a_handled_click_leaves_no_cyclic_garbage(fake: FakeDiscord, bots) -> None:
    """bot.kit.components.release_interaction: with the cyclic collector off for a whole game, every
    handled click and what discord.py parsed with it (its response, the clicked message) is freed by
    reference counting; none is left for a collection to find."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await click(alice, lobby, "Start")
    gc.collect()
    gc.disable()
    try:
        assert await play_all(fake, [alice, bob]) > 0
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = Counter(f"{type(thing).__module__}.{type(thing).__qualname__}" for thing in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    parsed = ("discord.interactions.", "discord.message.")  # a click, its response, the clicked message
    assert {kind: count for kind, count in left.items() if kind.startswith(parsed)} == {}


async def test_a_killed_drawing_process_is_replaced_and_the_game_plays_on(fake: FakeDiscord, bots) -> None:
    """The bot's only drawing process killed after the first pictures (out of memory, say): a new one
    draws the rest of the game, the pool stays installed, and the health line counts the loss."""
    bot = await start_bot(bots, tuning=dataclasses.replace(FAST, drawing_processes=1))
    pool = bot._drawing
    assert pool is not None and offload.installed() is pool
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await click(alice, lobby, "Start")
    await bot.reconciler.idle()
    [pid] = pool.pids()
    os.kill(pid, signal.SIGKILL)
    process = pool._workers[0].process
    assert process is not None
    await asyncio.to_thread(process.join)
    before = offload.calls
    assert await play_all(fake, [alice, bob]) > 0
    assert game_over_in(fake) is not None
    assert offload.installed() is pool and offload.calls > before
    assert pool.pids() and pool.pids() != [pid]
    assert "drawing=processes drawing_lost=1" in bot._health_line(0.0)
    await bot.close()


async def test_a_game_drawn_in_a_drawing_process_plays_to_the_end(fake: FakeDiscord, bots) -> None:
    """Production draws in worker processes (Tuning.drawing_processes, rendering.offload): the tables and
    hands of a whole game come from the pool, decode as images, and closing the bot removes the pool."""
    if eventloop.factory() is not None:  # uvloop is installed: played on its loop, as the bot runs (conftest)
        assert type(asyncio.get_running_loop()).__module__.startswith("uvloop")
    before = offload.calls
    bot = await start_bot(bots, tuning=dataclasses.replace(FAST, drawing_processes=1))
    assert offload.installed() is not None
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await click(alice, lobby, "Start")
    assert await play_all(fake, [alice, bob]) > 0
    assert game_over_in(fake) is not None
    assert offload.calls - before >= 3  # at least the first table and both first hands
    pictures = [a for m in fake.messages(fake.channel) for a in m.attachments if a.filename.startswith("table-")]
    pictures += [a for user in (alice, bob) for m in fake.messages(user.dm) for a in m.attachments]
    assert pictures and all(a.image().size[0] > 0 for a in pictures)
    await bot.close()
    assert offload.installed() is None
