"""Turn notifications: when a person's turn starts they are told once, by something Discord notifies.

A turn starts for a seat when somebody else made the last move (or at the deal). With a DM hand the
notice is a new DM holding the hand and its controls; without one (closed DMs, the panel) it is a
channel message that mentions only that player. The expected counts come from the stored move log.
"""

from __future__ import annotations

import asyncio
from collections import Counter

from bench.players.common import click, game_id_of, game_over_in, open_lobby, play_all, start_bot, start_game
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message, SimUser


async def turn_starts(bot: CardBot, game_id: int) -> Counter[int]:
    """Turn starts per seat: move n+1 is made by the seat on turn at version n."""
    saved = await bot.service.db.games.load(game_id)
    actors = [move.actor for move in sorted(saved.moves, key=lambda m: m.seq)]
    starts: Counter[int] = Counter()
    for version, actor in enumerate(actors):
        if actor is not None and (version == 0 or actors[version - 1] != actor):
            starts[actor] += 1
    return starts


def new_dms(fake: FakeDiscord, user: SimUser) -> list[Message]:
    return [m for m in fake.messages(user.dm) if not m.ephemeral]


async def table_game(fake: FakeDiscord, users: list[SimUser], seats: int, **options: object) -> int:
    lobby = await open_lobby(fake, users[0], "thirteen new", seats=seats, **options)
    for user in users[1:]:
        lobby = await click(user, lobby, "Join")
    await start_game(fake, users[0], lobby, users)
    return game_id_of(lobby)


async def test_four_people_get_one_new_dm_per_turn_start(fake: FakeDiscord, bots) -> None:
    """A 4-person game: each person's new DMs are exactly their turn starts; edits add none."""
    bot = await start_bot(bots)
    users = [fake.users[name] for name in ("alice", "bob", "carol", "dave")]
    game_id = await table_game(fake, users, 4)
    await play_all(fake, users, timeout=120.0)
    starts = await turn_starts(bot, game_id)
    assert [len(new_dms(fake, user)) for user in users] == [starts[seat] for seat in range(4)]
    assert sum(starts.values()) > 8


async def test_a_casual_game_with_a_computer_notifies_only_the_people(fake: FakeDiscord, bots) -> None:
    """A casual game of two people and a computer: one new DM per person's turn start, none for the computer."""
    bot = await start_bot(bots)
    users = [fake.users["alice"], fake.users["bob"]]
    game_id = await table_game(fake, users, 3, pace="casual")
    await play_all(fake, users, timeout=120.0)
    starts = await turn_starts(bot, game_id)
    record = await bot.service.db.games.get(game_id)
    computer = next(seat.seat for seat in record.seats if seat.is_computer)
    assert starts[computer] > 0
    people = [seat for seat in record.seats if not seat.is_computer]
    by_user = {user.id: user for user in users}
    for seat in people:
        assert len(new_dms(fake, by_user[str(seat.user_id)])) == starts[seat.seat]
    assert not [m for m in fake.messages(fake.channel) if "it's your turn" in m.text]


async def test_casual_only_sends_no_new_dm_in_a_live_game(fake: FakeDiscord, bots) -> None:
    """turns = casual games only: in a live game Alice keeps her one hand message."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await alice.slash("settings turns", notify="casual")
    await table_game(fake, [alice, bob], 2)
    await play_all(fake, [alice, bob])
    assert len(new_dms(fake, alice)) == 1


async def play_from_panel(fake: FakeDiscord, bot: CardBot, user: SimUser, game_id: int, table: Message) -> None:
    """The user's turns, played from the My hand panel (Hint, then the hinted Play or Pass), until the end."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60.0
    played = -1
    while game_over_in(fake) is None:
        assert loop.time() < deadline, "the game did not end in time"
        loaded = await bot.service.load(game_id)
        seat = loaded.seat_at_turn()
        if seat is None or seat.user_id != int(user.id) or loaded.record.version == played:
            await asyncio.sleep(0.01)
            continue
        played = loaded.record.version
        panel = await click(user, table, "My hand")
        hinted = await click(user, panel, "Hint")
        label = "Pass" if hinted.component(label="Play").get("disabled") else "Play"
        await click(user, hinted, label)


async def test_a_panel_player_is_mentioned_once_per_turn_start_and_no_one_else(fake: FakeDiscord, bots) -> None:
    """Hand by panel: each turn start of Alice's is one channel message whose mentions allow only her."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await alice.slash("settings hand", delivery="panel")
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    table = await click(alice, lobby, "Start")
    game_id = game_id_of(lobby)
    await asyncio.gather(play_from_panel(fake, bot, alice, game_id, table), play_all(fake, [bob]))
    starts = await turn_starts(bot, game_id)
    record = await bot.service.db.games.get(game_id)
    seat = next(s.seat for s in record.seats if s.user_id == int(alice.id))
    notices = [m for m in fake.messages(fake.channel) if "it's your turn" in m.text]
    assert len(notices) == starts[seat] and all(alice.mention in m.text for m in notices)
    posts = [r for r in fake.requests if r.method == "POST" and "it's your turn" in str(r.json or {})]
    assert posts and all(r.json["allowed_mentions"].get("users") == [int(alice.id)] for r in posts)
    assert not new_dms(fake, alice)
