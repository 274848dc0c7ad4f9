"""Two shard processes (shards 0 and 1 of 2, two CardBots in this process, each with its own Database
object) on one PostgreSQL, with a game in a guild of each shard: each guild's commands reach its own
shard, every DM click reaches shard 0, the game's lease holder follows up, and each game is played
to its end and stored once."""

from __future__ import annotations

import asyncio
import dataclasses

from bench.players.common import FAST, click, hand_message, is_my_turn, take_turn_with_hint, version_of
from bot.moves.service import Applied
from bot.process.bot import CardBot
from bot.process.config import Tuning
from bot.process.shards import ShardedCardBot
from bot.projection.hands import fingerprint
from fakediscord import Channel, FakeDiscord, Message, SimUser
from harness.offline import BotHarness
from tests.e2e.test_replies import turn_posts
from tests.waiting import until

# A long poll: a follow-up within the game's pace comes from the mover's notification (bot.moves.ownership).
SHARDED = dataclasses.replace(FAST, lease_ttl=2.0, ownership_poll=5.0)


def applied_in(bot: CardBot) -> list[Applied]:
    """Every move this bot's service stores from now on."""
    seen: list[Applied] = []

    async def record(applied: Applied) -> None:
        seen.append(applied)

    bot.service.after_move_hooks.append(record)
    return seen


def standings(fake: FakeDiscord, channel: Channel) -> list[Message]:
    return [m for m in fake.messages(channel) if "🏆" in m.text]


async def open_table(fake: FakeDiscord, channel: Channel, host: SimUser, guest: SimUser) -> int:
    """/thirteen new for two in `channel`, the guest joins, the host starts; the game's id."""
    lobby = await host.slash("thirteen new", where=channel, seats=2)
    assert isinstance(lobby, Message)
    lobby = await click(guest, lobby, "Join")
    await click(host, lobby, "Start")
    return int(lobby.text.split("#", 1)[1].split()[0])


async def two_shards(bots: BotHarness, database: str, tuning: Tuning = SHARDED) -> list[CardBot]:
    """Shards 0 and 1 of 2, each a CardBot of its own with its own Database object, on one PostgreSQL."""
    base = bots.settings(database_path=database)
    return [
        await bots.start(
            dataclasses.replace(base, shard_ids=(shard,), shard_count=2),
            factory=ShardedCardBot,
            tuning=tuning,
            shard_ids=[shard],
            shard_count=2,
        )
        for shard in (0, 1)
    ]


async def play_to_end(fake: FakeDiscord, game_id: int, channel: Channel, users: list[SimUser]) -> int:
    """Both people play from their DM hands (hint, then play it) until the standings are in `channel`."""
    acted = {user.id: -1 for user in users}
    moves = 0
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 90
    while not standings(fake, channel):
        assert loop.time() < deadline, f"game {game_id} did not end in time"
        moved = False
        for user in users:
            hand = hand_message(fake, user, game_id)
            if hand is None or not is_my_turn(hand) or version_of(hand) <= acted[user.id]:
                continue
            acted[user.id] = version_of(hand)
            moves += bool(await take_turn_with_hint(fake, user, hand))
            moved = True
        if not moved:
            await asyncio.sleep(0.01)
    return moves


async def test_games_in_guilds_of_both_shards_are_played_to_the_end_with_dm_clicks_at_shard_0(
    pg_schema: str, fake: FakeDiscord, bots: BotHarness
) -> None:
    """A game in the default guild (shard 0) and one in the second guild (shard 1): each lobby is made by
    its guild's shard and owned there, every move (a DM click) is stored by shard 0, both games end,
    each with one match in the database and one standings message in its channel."""
    second = fake.add_guild("Second")
    gina, hank = fake.add_user("gina", guild=second), fake.add_user("hank", guild=second)
    alice, bob = fake.users["alice"], fake.users["bob"]
    shards = await two_shards(bots, pg_schema)
    assert [fake.shard_of(fake.guild.id), fake.shard_of(second.id)] == [0, 1]
    stored = [applied_in(bot) for bot in shards]
    games = [
        (await open_table(fake, fake.channel, alice, bob), fake.channel, [alice, bob]),
        (await open_table(fake, second.channel("games"), gina, hank), second.channel("games"), [gina, hank]),
    ]
    for shard, (game_id, _, _) in zip(shards, games, strict=True):  # each lobby's maker claims it
        await until(lambda g=game_id, s=shard: bool(s.ownership and s.ownership.owns(g)))
    moves = await asyncio.gather(*(play_to_end(fake, *game) for game in games))
    assert all(count > 0 for count in moves)
    assert {a.after.record.id for a in stored[0]} == {game_id for game_id, _, _ in games} and not stored[1]
    owner = shards[1].ownership
    assert owner is not None and owner.wakeups > 0  # the second game's owner, woken by shard 0's moves
    for game_id, channel, _ in games:
        assert len(standings(fake, channel)) == 1
        match = await shards[0].service.db.results.match_for_game(game_id)
        assert match is not None and match.rated
        rows = await shards[0].service.db.read("SELECT COUNT(*) AS n FROM matches WHERE game_id = ?", (game_id,))
        assert rows[0]["n"] == 1


async def test_a_hand_drawn_by_either_shard_is_the_same_message(
    pg_schema: str, fake: FakeDiscord, bots: BotHarness
) -> None:
    """Every DM click reaches shard 0, which answers it by drawing the clicked hand, while the game's owner
    (the shard of its server) draws the same hand in its passes. Shard 0 does not have the second server,
    so the header's server name comes from the game's row (data.games.create_lobby): drawn in either
    process, the hand has one fingerprint, and a pass leaves a click's answer (a hint) on screen."""
    second = fake.add_guild("Second")
    gina, hank = fake.add_user("gina", guild=second), fake.add_user("hank", guild=second)
    shards = await two_shards(bots, pg_schema)
    game_id = await open_table(fake, second.channel("games"), gina, hank)
    assert shards[0].get_guild(second.id) is None  # the premise: shard 0 does not have the server
    drawn = []
    for bot in shards:
        loaded = await bot.service.load(game_id)
        panel, digest = await bot.hands.drawn(loaded, 0, dm=True)
        drawn.append((fingerprint(panel, digest), panel.content))
    assert drawn[0] == drawn[1]
    assert "on Second" in drawn[0][1]


async def test_turn_hands_of_a_game_shard_1_owns_go_through_the_clicks_shard_0_answered(
    pg_schema: str, fake: FakeDiscord, bots: BotHarness
) -> None:
    """Every DM click reaches shard 0, which stores the click's token with the clicked hand's row; shard 1,
    the game's owner, posts each next turn's hand as a follow-up of that click, outside the global rate
    limit. Only each person's first hand, before any click of theirs, is a REST post."""
    second = fake.add_guild("Second")
    gina, hank = fake.add_user("gina", guild=second), fake.add_user("hank", guild=second)
    shards = await two_shards(bots, pg_schema)
    since = len(fake.requests)
    game_id = await open_table(fake, second.channel("games"), gina, hank)
    await until(lambda: bool(shards[1].ownership and shards[1].ownership.owns(game_id)))
    await play_to_end(fake, game_id, second.channel("games"), [gina, hank])
    for person in (gina, hank):
        made = turn_posts(fake, since, person)
        assert made[0] == "rest" and len(made) > 2, made
        assert set(made[1:]) == {"follow-up"}, made
    assert shards[1].reconciler.replies.used > 0 and shards[0].reconciler.replies.used == 0
