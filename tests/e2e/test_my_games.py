"""/games in the offline Discord: a person at several casual tables in two servers reads them all, the
tables waiting for them first, from a server channel or a DM, with links and hand buttons that work."""

from __future__ import annotations

import asyncio
import re

from bench.players.common import click, game_id_of, open_lobby, start_bot
from bot.process.bot import CardBot
from data import GameStatus
from fakediscord import Channel, FakeDiscord, Guild, Message, SimUser
from tests.waiting import until

LISTED = re.compile(r"\*\*Thirteen\*\* #(\d+)")
LINK = re.compile(r"\[table\]\(https://discord\.com/channels/(\d+)/(\d+)/(\d+)\)")



async def casual_table(
    fake: FakeDiscord, bot: CardBot, host: SimUser, channel: Channel, guest: SimUser | None = None
) -> int:
    """A two-seat casual Thirteen table in `channel`, started (a computer takes an empty seat)."""
    lobby = await open_lobby(fake, host, "thirteen new", where=channel, seats=2, pace="casual")
    if guest is not None:
        lobby = await click(guest, lobby, "Join")
    await click(host, lobby, "Start")
    game_id = game_id_of(lobby)

    async def started() -> bool:
        loaded = await bot.service.load(game_id)
        return loaded.record.status is GameStatus.ACTIVE and loaded.seat_at_turn() is not None

    await until(started)
    return game_id


async def turn_to(bot: CardBot, game_id: int, user: SimUser) -> None:
    """Make it `user`'s turn: whoever else is on turn plays their first legal move."""
    loaded = await bot.service.load(game_id)
    seat = loaded.seat_at_turn()
    assert seat is not None and loaded.state is not None
    if seat.user_id == int(user.id):
        return
    move = loaded.state.legal_moves()[0]
    await bot.service.submit(game_id, seat.seat, move, expected_version=loaded.record.version)
    after = await bot.service.load(game_id)
    assert after.seat_at_turn() is not None and after.seat_at_turn().user_id == int(user.id)  # type: ignore[union-attr]


async def away_from(bot: CardBot, game_id: int, user: SimUser) -> None:
    """Make it somebody else's turn: `user` plays their first legal move if they are on turn."""
    loaded = await bot.service.load(game_id)
    seat = loaded.seat_at_turn()
    assert seat is not None and loaded.state is not None
    if seat.user_id != int(user.id):
        return
    move = loaded.state.legal_moves()[0]
    await bot.service.submit(game_id, seat.seat, move, expected_version=loaded.record.version)


def listed(message: Message) -> list[int]:
    return [int(found) for found in LISTED.findall(message.text)]


async def five_tables(fake: FakeDiscord, bot: CardBot, second: Guild) -> tuple[list[int], list[int]]:
    """Alice and Bob at five casual tables, three in this server and two in "Second": (Alice's turn, Bob's)."""
    alice, bob = fake.users["alice"], fake.users["bob"]
    places = [
        fake.channel,
        second.channel("games"),
        fake.channels["tables"],
        second.channel("general"),
        fake.channels["more"],
    ]
    games = [await casual_table(fake, bot, alice, channel, bob) for channel in places]
    bobs, alices = games[:2], games[2:]
    for game_id in bobs:
        await away_from(bot, game_id, alice)
    for game_id in alices:
        await turn_to(bot, game_id, alice)
    return alices, bobs


def two_servers(fake: FakeDiscord) -> Guild:
    """A second server with Alice and Bob in it, and two more channels in the first (before the bot starts)."""
    second = fake.add_guild("Second")
    fake.add_member(second, fake.users["alice"])
    fake.add_member(second, fake.users["bob"])
    fake.add_channel("tables")
    fake.add_channel("more")
    return second


async def deadline_of(bot: CardBot, game_id: int) -> float:
    deadline = bot.service.turn_deadline(await bot.service.db.games.get(game_id))
    assert deadline is not None
    return deadline


async def test_games_lists_every_table_in_both_servers_with_the_persons_turn_first(fake: FakeDiscord, bots) -> None:
    """Five casual tables in two servers: the three waiting for Alice come first, each group by deadline."""
    second = two_servers(fake)
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    alices, bobs = await five_tables(fake, bot, second)
    reply = await alice.slash("games")
    assert isinstance(reply, Message) and reply.ephemeral
    order = listed(reply)
    assert set(order[:3]) == set(alices) and set(order[3:]) == set(bobs)
    for group in (order[:3], order[3:]):
        deadlines = [await deadline_of(bot, game_id) for game_id in group]
        assert deadlines == sorted(deadlines)
    assert reply.text.count("your turn") == 3
    assert reply.text.count("Bob's turn") == 2
    assert "Cardroom Test" in reply.text and "Second" in reply.text
    assert len(re.findall(r"due <t:\d+:R>", reply.text)) == 5


async def test_games_links_point_at_each_table_message(fake: FakeDiscord, bots) -> None:
    """Each listed table links to its table message, in its own server and channel."""
    second = two_servers(fake)
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    await five_tables(fake, bot, second)
    reply = await alice.slash("games")
    assert isinstance(reply, Message)
    links = LINK.findall(reply.text)
    assert len(links) == 5
    for game_id, (guild_id, channel_id, message_id) in zip(listed(reply), links, strict=True):
        record = await bot.service.db.games.get(game_id)
        assert (int(guild_id), int(channel_id), int(message_id)) == (
            record.guild_id,
            record.table_channel_id,
            record.table_message_id,
        )
        table = fake.message(int(message_id))
        assert table.channel_id == channel_id and f"#{game_id}" in table.text


async def test_games_hand_button_answers_with_the_persons_hand(fake: FakeDiscord, bots) -> None:
    """My hand beside a table (in the other server's game too) answers with Alice's private hand of that game."""
    second = two_servers(fake)
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    alices, bobs = await five_tables(fake, bot, second)
    reply = await alice.slash("games")
    assert isinstance(reply, Message)
    for game_id in (alices[0], bobs[1]):
        hand = await alice.click(reply, label=f"My hand #{game_id}")
        assert isinstance(hand, Message) and hand.ephemeral and hand.visible_to == alice.id
        assert f"#{game_id}" in hand.text and hand.buttons


async def test_games_from_a_dm_lists_the_same_tables_and_opens_a_hand(fake: FakeDiscord, bots) -> None:
    """In a DM with the bot, /games lists the same tables in the same order, and My hand works there."""
    second = two_servers(fake)
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    alices, _ = await five_tables(fake, bot, second)
    in_server = await alice.slash("games")
    in_dm = await alice.slash("games", where=alice.dm)
    assert isinstance(in_server, Message) and isinstance(in_dm, Message)
    assert in_dm.channel_id == alice.dm.id
    assert listed(in_dm) == listed(in_server) and len(listed(in_dm)) == 5
    hand = await alice.click(in_dm, label=f"My hand #{alices[0]}")
    assert isinstance(hand, Message) and f"#{alices[0]}" in hand.text and hand.buttons


async def test_games_pages_past_five_tables(fake: FakeDiscord, bots) -> None:
    """Seven tables: page 1 lists five, Next lists the other two, Previous goes back."""
    channels = [fake.channel, *(fake.add_channel(f"room-{n}") for n in range(6))]
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    games = [await casual_table(fake, bot, alice, channel) for channel in channels]
    first = await alice.slash("games")
    assert isinstance(first, Message)
    assert len(listed(first)) == 5 and "page 1 of 2" in first.text
    assert first.component(label="◀ Previous").get("disabled")
    second = await alice.click(first, label="Next ▶")
    assert "page 2 of 2" in second.text and len(listed(second)) == 2
    assert sorted(listed(first) + listed(second)) == sorted(games)
    back = await alice.click(second, label="◀ Previous")
    assert listed(back) == listed(first)


async def test_a_person_at_no_table_is_told_how_to_start_one(fake: FakeDiscord, bots) -> None:
    """Nobody seated: a private line naming the commands that open a table."""
    await start_bot(bots)
    reply = await fake.users["carol"].slash("games", where=fake.users["carol"].dm)
    assert isinstance(reply, Message) and reply.ephemeral
    assert "aren't sitting at any table" in reply.text and "/thirteen new" in reply.text


async def play_out(bot: CardBot, game_id: int, user: SimUser) -> None:
    """`user` plays their first legal move at each of their turns (the computer plays its own) until the end."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120.0
    while True:
        assert loop.time() < deadline, "the game did not end in time"
        loaded = await bot.service.load(game_id)
        if loaded.record.status is not GameStatus.ACTIVE:
            return
        seat = loaded.seat_at_turn()
        if seat is None or seat.user_id != int(user.id) or loaded.state is None:
            await asyncio.sleep(0.02)
            continue
        move = loaded.state.legal_moves()[0]
        await bot.service.submit(game_id, seat.seat, move, expected_version=loaded.record.version)


async def test_games_shows_recent_results_with_the_place_and_lobbies_last(fake: FakeDiscord, bots) -> None:
    """A game Alice finished is listed under her tables with her place; a lobby she sits in reads as waiting."""
    room = fake.add_channel("room")
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    done = await casual_table(fake, bot, alice, fake.channel)
    await play_out(bot, done, alice)
    match = await bot.service.db.results.match_for_game(done)
    assert match is not None
    place = next(player.place for player in match.players if player.user_id == int(alice.id))
    forming = game_id_of(await open_lobby(fake, alice, "thirteen new", where=room, seats=3, pace="casual"))
    reply = await alice.slash("games")
    assert isinstance(reply, Message)
    assert listed(reply)[0] == forming and "waiting to start" in reply.text
    assert "Ended in the last 7 days" in reply.text
    ordinal = {1: "1st", 2: "2nd"}[place]
    assert f"**Thirteen** #{done} on Cardroom Test · {ordinal} of 2" in reply.text
