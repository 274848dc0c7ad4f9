"""Two shard processes (real subprocesses, `bench.bot_child`: shards 0 and 1 of 2) on one PostgreSQL,
a game in a guild of each shard; the process of shard 1 is SIGKILLed mid-game. Shard 0 takes its game
over once the lease expires (the turn timer runs there, the follow-ups and turn notices come from it),
nothing acknowledged before the kill is lost, and once shard 1 runs again its guild's events reach it,
both games are played to the end, and no standings or turn notice is posted twice."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path

from bench.bot_load import Child, start_child, stop_child
from bench.players.common import click, hand_message, is_my_turn, take_turn_with_hint, version_of
from data import Database
from data.leases import game_key
from fakediscord import Channel, FakeDiscord, Message, SimUser
from fakediscord.limits import walk
from tests.waiting import until

# Tens of milliseconds, as the in-process e2e tests; no drawing processes (a SIGKILL would orphan them).
# A lease of a second: the dead process's game is taken over about a second after the kill.
TUNING = {
    "table_edit_interval": 0.02,
    "computer_delay": 0.02,
    "sweep_interval": 0.05,
    "lobby_timeout": 3600,
    "drawing_processes": 0,
    "lease_ttl": 1.0,
    "ownership_poll": 0.5,
}
TURN_SECONDS = 3  # the second guild's live turns: the idle seat's timer runs out after the kill
START_TIMEOUT = 120.0



async def held_by(db: Database, game_id: int, child: Child) -> bool:
    """Whether the game's live lease is held by this bot process (a lease owner is host:pid:tail)."""
    holder = await db.leases.holder(game_key(game_id), now=time.time())
    return holder is not None and holder.owner.split(":")[1] == str(child.pid)


def standings(fake: FakeDiscord, channel: Channel) -> list[Message]:
    return [m for m in fake.messages(channel) if "🏆" in m.text]


async def open_table(channel: Channel, host: SimUser, guest: SimUser) -> int:
    lobby = await host.slash("thirteen new", where=channel, seats=2)
    assert isinstance(lobby, Message)
    lobby = await click(guest, lobby, "Join")
    await click(host, lobby, "Start")
    return int(lobby.text.split("#", 1)[1].split()[0])


class Players:
    """Two people playing one game from their DM hands (hint, then play it)."""

    def __init__(self, fake: FakeDiscord, game_id: int, channel: Channel, users: list[SimUser]) -> None:
        self.fake, self.game_id, self.channel, self.users = fake, game_id, channel, users
        self.acted = {user.id: -1 for user in users}
        self.acknowledged = -1  # the newest version at which a move was acknowledged (its hand clicked)

    async def play(self, moves: int | None = None, timeout: float = 600.0) -> int:
        """Play `moves` moves (None: until the standings are posted); the moves made."""
        made = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not standings(self.fake, self.channel) and (moves is None or made < moves):
            assert loop.time() < deadline, f"game {self.game_id} did not move on in time"
            hand = self.ready()
            if hand is None:
                await asyncio.sleep(0.01)
                continue
            user, message = hand
            self.acted[user.id] = version_of(message)
            if await take_turn_with_hint(self.fake, user, message):
                made += 1
                self.acknowledged = max(self.acknowledged, version_of(message))
        return made

    def ready(self) -> tuple[SimUser, Message] | None:
        for user in self.users:
            hand = hand_message(self.fake, user, self.game_id)
            if hand is not None and is_my_turn(hand) and version_of(hand) > self.acted[user.id]:
                return user, hand
        return None


def turn_notices(fake: FakeDiscord, game_id: int) -> dict[tuple[str, int], set[str]]:
    """(DM channel, game version) -> the ids of the hand messages created there for that turn, posted over
    REST or as a follow-up of the person's click (bot.projection.replies)."""
    created: dict[tuple[str, int], set[str]] = defaultdict(set)
    for channel, recorded in fake.message_posts():
        if fake.channel_by_id(channel).recipient is None or "Your turn" not in str(recorded.json):
            continue
        ids = [c.get("custom_id", "") for c in walk((recorded.json or {}).get("components") or [])]
        versions = {int(i.split(":")[2]) for i in ids if i.startswith(f"cr:{game_id}:")}
        for version in versions:
            created[(channel, version)].add(str(recorded.response["id"]))
    return created


@contextlib.asynccontextmanager
async def shard_processes(fake: FakeDiscord, tmp: Path, database: str) -> AsyncIterator[list[Child]]:
    children: list[Child] = []
    try:
        for shard in (0, 1):
            children.append(
                await start_child(fake, tmp, database, TUNING, None, 0, START_TIMEOUT, shard=shard, shard_count=2)
            )
        yield children
    finally:
        for child in children:
            if child.process.returncode is None:
                await stop_child(fake, child)


async def test_a_killed_shard_process_is_taken_over_and_resumes_after_its_restart(
    pg_schema: str, fake: FakeDiscord, tmp_path: Path
) -> None:
    """SIGKILL the process of shard 1 (owner of the second guild's game) mid-game: shard 0 takes the game
    over and its sweeper plays the idle seat's timed-out turn; every move acknowledged before the kill is
    stored; the restarted shard 1 gets its guild's commands again; both games end with one standings
    message and one match each, and no turn notice was created twice."""
    second = fake.add_guild("Second")
    gina, hank = fake.add_user("gina", guild=second), fake.add_user("hank", guild=second)
    alice, bob = fake.users["alice"], fake.users["bob"]
    async with await Database.open(pg_schema) as db:
        await db.settings.update_guild(int(second.id), live_turn_seconds=TURN_SECONDS)
        async with shard_processes(fake, tmp_path, pg_schema) as children:
            first = Players(fake, await open_table(fake.channel, alice, bob), fake.channel, [alice, bob])
            other_channel = second.channel("games")
            other = Players(fake, await open_table(other_channel, gina, hank), other_channel, [gina, hank])
            await until(lambda: held_by(db, other.game_id, children[1]), "shard 1 to hold its guild's game")
            await asyncio.gather(first.play(3), other.play(3))

            # SIGKILL shard 1 between two moves: no lease is handed back, nothing is closed.
            fake.unwatch(children[1].exited)
            children[1].process.send_signal(signal.SIGKILL)
            assert await children[1].exited == -signal.SIGKILL
            await until(lambda: not fake.shard_connected(1), "shard 1's session to close")

            # Nobody moves in the second game: shard 0 takes it over and its sweeper plays the idle turn.
            await fake.wait_for_message(other_channel, lambda m: "ran out of time; I played" in m.text, timeout=60)
            await until(lambda: held_by(db, other.game_id, children[0]), "shard 0 to hold the game")
            record = await db.games.get(other.game_id)
            assert record.version > other.acknowledged  # every acknowledged move is stored, and the timeout
            await first.play(2)  # the first game goes on all the while (its DM clicks reach shard 0)

            # Shard 1 runs again: its guild's commands reach it, and the games go on to their ends.
            children[1] = await start_child(
                fake, tmp_path, pg_schema, TUNING, None, 0, START_TIMEOUT, shard=1, shard_count=2
            )
            await fake.wait_for_shard(1)
            answer = await gina.slash("cardroom", where=second.channel("general"))
            assert isinstance(answer, Message)
            await asyncio.gather(first.play(), other.play())

        for players in (first, other):
            assert len(standings(fake, players.channel)) == 1
            rows = await db.read("SELECT COUNT(*) AS n FROM matches WHERE game_id = ?", (players.game_id,))
            assert rows[0]["n"] == 1
            notices = turn_notices(fake, players.game_id)
            assert len(notices) > 3  # a hand DM at each turn start
            twice = {turn: ids for turn, ids in notices.items() if len(ids) > 1}
            assert not twice, f"turn notices created twice: {twice}"
