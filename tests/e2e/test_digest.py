"""The turn digest in the offline Discord, on virtual time: a person who chose it gets one DM per window
listing exactly the casual tables waiting for them, none while nothing waits, at most once across a
restart; their casual turns' DM hands are drawn only once a digest names the turn, silently (between
digests they play from the My hand panel), and live games still notify at once."""

from __future__ import annotations

import asyncio
import re
import time

from bench.players.common import click, open_lobby, start_bot, take_turn_with_hint
from bot.kit.layout import STRIPPED_HAND
from bot.process.bot import CardBot
from bot.projection.digest import Digests
from data.digests import last_digest
from fakediscord import FakeDiscord, Message, SimUser
from tests.e2e.test_my_games import LISTED, away_from, casual_table, five_tables, turn_to, two_servers
from tests.waiting import until

SILENT = 1 << 12  # SUPPRESS_NOTIFICATIONS: created without a push notification
HOUR = 3600.0


class VirtualClock:
    """The service's clock, moved only by the test: well inside a 12-hour window, so windows never turn
    over by themselves while a test runs."""

    def __init__(self) -> None:
        self.now = (time.time() // (12 * HOUR)) * 12 * HOUR + 600.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def virtual_bot(bots, clock: VirtualClock) -> CardBot:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    bot.service.clock = clock
    return bot


def is_digest(message: Message) -> bool:
    return "Casual tables waiting for you" in message.text


def digests(fake: FakeDiscord, user: SimUser) -> list[Message]:
    return [m for m in fake.messages(user.dm) if is_digest(m)]


async def choose_digest(user: SimUser, hours: int) -> None:
    reply = await user.slash("settings turns", digest=hours)
    assert isinstance(reply, Message) and "Saved" in reply.text, reply
    assert "Casual games: one DM listing the tables waiting for you" in reply.text, reply.text


async def live_table(fake: FakeDiscord, bot: CardBot, channel_name: str) -> int:
    """A two-seat live Thirteen table of Alice and Bob in #`channel_name`, with Alice on turn."""
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", where=fake.channels[channel_name], seats=2)
    lobby = await click(bob, lobby, "Join")
    await click(alice, lobby, "Start")
    game_id = int(re.search(r"#(\d+)", lobby.text).group(1))  # type: ignore[union-attr]

    async def started() -> bool:
        return (await bot.service.load(game_id)).seat_at_turn() is not None

    await until(started)
    await turn_to(bot, game_id, alice)
    return game_id


async def test_the_digest_lists_exactly_the_casual_tables_waiting_for_the_person(fake: FakeDiscord, bots) -> None:
    """Five casual tables in two servers (three waiting for Alice) and a live one waiting for her: her
    digest names the three, with their servers and deadlines, and not the live table."""
    second = two_servers(fake)
    fake.add_channel("live")
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice = fake.users["alice"]
    alices, _ = await five_tables(fake, bot, second)
    live = await live_table(fake, bot, "live")
    await choose_digest(alice, 4)
    digest = await fake.wait_for_message(alice.dm, is_digest, timeout=30)
    assert sorted(int(found) for found in LISTED.findall(digest.text)) == sorted(alices)
    assert f"#{live} " not in digest.text
    assert "Cardroom Test" in digest.text and "Second" in digest.text
    assert len(re.findall(r"due <t:\d+:R>", digest.text)) == 3
    assert not digest.flags & SILENT


async def test_one_digest_per_window_then_one_for_what_waits_anew(fake: FakeDiscord, bots) -> None:
    """A digest for the first waiting table; a second table waiting within the 4 hours adds no DM; once
    the window is over, one more digest names both."""
    fake.add_channel("tables")
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await choose_digest(alice, 4)
    first = await casual_table(fake, bot, alice, fake.channel, bob)
    await turn_to(bot, first, alice)
    await fake.wait_for_message(alice.dm, is_digest, timeout=30)
    second = await casual_table(fake, bot, alice, fake.channels["tables"], bob)
    await turn_to(bot, second, alice)
    assert await bot.digests.send_owed() == 0
    assert len(digests(fake, alice)) == 1
    clock.advance(4 * HOUR)

    async def two() -> bool:
        return len(digests(fake, alice)) == 2

    await until(two)
    latest = digests(fake, alice)[-1]
    assert sorted(int(found) for found in LISTED.findall(latest.text)) == sorted([first, second])
    clock.advance(4 * HOUR)
    assert await bot.digests.send_owed() == 0  # the same two tables still wait: nothing new to tell
    assert len(digests(fake, alice)) == 2


async def test_no_digest_while_nothing_waits(fake: FakeDiscord, bots) -> None:
    """Alice chose a digest but her casual table waits for Bob: no digest, now or hours later."""
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice, bob = fake.users["alice"], fake.users["bob"]
    game_id = await casual_table(fake, bot, alice, fake.channel, bob)
    await away_from(bot, game_id, alice)
    await choose_digest(alice, 1)
    assert await bot.digests.send_owed() == 0
    clock.advance(3 * HOUR)
    assert await bot.digests.send_owed() == 0
    assert digests(fake, alice) == []


async def test_a_digest_posted_but_not_recorded_before_a_restart_appears_once(
    fake: FakeDiscord,
    bots,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """The bot stops between the digest's post and its record: the restarted bot records it, and Alice
    has one digest, not two."""
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice, bob = fake.users["alice"], fake.users["bob"]
    never = asyncio.Event()

    async def stuck(*args: object) -> None:
        await never.wait()  # the process stops here: posted, not recorded

    monkeypatch.setattr("bot.projection.digest.record_digest", stuck)
    game_id = await casual_table(fake, bot, alice, fake.channel, bob)
    await turn_to(bot, game_id, alice)
    await choose_digest(alice, 1)
    await fake.wait_for_message(alice.dm, is_digest, timeout=30)
    claimed = await last_digest(bot.service.db, int(alice.id))
    assert claimed is not None and not claimed.recorded
    await bots.stop(bot)
    monkeypatch.undo()
    bot = await virtual_bot(bots, clock)

    async def recorded() -> bool:
        found = await last_digest(bot.service.db, int(alice.id))
        return found is not None and found.recorded

    await until(recorded)
    assert len(digests(fake, alice)) == 1


def table_of(fake: FakeDiscord, game_id: int) -> Message:
    """The table message of a game in #games (it carries the My hand button)."""
    for message in reversed(fake.messages(fake.channel)):
        if f"#{game_id}" in message.text and any(b.get("label") == "My hand" for b in message.buttons):
            return message
    raise AssertionError(f"no table of game {game_id}")


def hands_of(fake: FakeDiscord, user: SimUser, game_id: int) -> list[Message]:
    """The DM hands of a game the person got (a past turn's hand has lost its controls and its header)."""
    shown = fake.messages(user.dm)
    return [m for m in shown if (f"#{game_id} " in m.text and not is_digest(m)) or STRIPPED_HAND in m.text]


async def test_a_digest_players_casual_hand_follows_the_digest_that_names_its_turn(fake: FakeDiscord, bots) -> None:
    """Alice chose a digest: her first casual turn's DM hand comes after the digest naming it, silent;
    her next turn in the same window gets no DM hand; the next window's digest names it, and its hand
    follows. Bob's hands still notify."""
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await choose_digest(alice, 12)
    game_id = await casual_table(fake, bot, alice, fake.channel, bob)

    async def shown(user: SimUser, count: int) -> bool:
        return len(hands_of(fake, user, game_id)) >= count

    await turn_to(bot, game_id, alice)
    await until(lambda: shown(alice, 1))
    first = hands_of(fake, alice, game_id)[0]
    assert fake.messages(alice.dm).index(digests(fake, alice)[0]) < fake.messages(alice.dm).index(first)
    await away_from(bot, game_id, alice)
    await until(lambda: shown(bob, 1))
    await turn_to(bot, game_id, alice)
    await bot.reconciler.caught_up(game_id)
    assert len(hands_of(fake, alice, game_id)) == 1  # not named by a digest yet: no new DM hand
    clock.advance(12 * HOUR)
    await until(lambda: shown(alice, 2))
    assert len(digests(fake, alice)) == 2
    assert all(m.flags & SILENT for m in hands_of(fake, alice, game_id))
    assert not any(m.flags & SILENT for m in hands_of(fake, bob, game_id))


async def test_a_casual_turn_played_from_the_panel_before_a_digest_costs_no_dm(fake: FakeDiscord, bots) -> None:
    """Alice, a digest player, takes a turn the last digest did not name from the table's My hand panel:
    the panel shows her turn, the move is made, and nothing is sent to her DMs for that turn."""
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await choose_digest(alice, 12)
    game_id = await casual_table(fake, bot, alice, fake.channel, bob)
    await turn_to(bot, game_id, alice)
    await until(lambda: _count(hands_of(fake, alice, game_id), 1))
    await away_from(bot, game_id, alice)
    await turn_to(bot, game_id, alice)
    await bot.reconciler.caught_up(game_id)
    before = len(fake.messages(alice.dm))
    panel = await alice.click(table_of(fake, game_id), label="My hand")
    assert isinstance(panel, Message) and panel.ephemeral and "Your turn" in panel.text
    assert await take_turn_with_hint(fake, alice, panel)
    await bot.reconciler.caught_up(game_id)
    assert (await bot.service.load(game_id)).seat_at_turn().user_id == int(bob.id)  # type: ignore[union-attr]
    assert len(fake.messages(alice.dm)) == before  # no DM hand, no digest: the panel was the hand
    assert await bot.digests.send_owed() == 0


async def _count(found: list[Message], count: int) -> bool:
    return len(found) >= count


async def test_a_hand_a_digest_named_is_drawn_after_a_restart(fake: FakeDiscord, bots) -> None:
    """The bot stops after recording a digest but before drawing the hand it names: the restarted bot
    finds the hand owed in the database and draws it."""
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice, bob = fake.users["alice"], fake.users["bob"]
    assert bot.sweeper is not None
    await bot.sweeper.stop()  # only the digest pass below runs
    bot.digests.marks = None  # the process stops before the reconciler hears of the digest
    await choose_digest(alice, 1)
    game_id = await casual_table(fake, bot, alice, fake.channel, bob)
    await turn_to(bot, game_id, alice)
    await bot.reconciler.caught_up(game_id)
    assert await bot.digests.send_owed() == 1
    assert hands_of(fake, alice, game_id) == []
    await bots.stop(bot)
    bot = await virtual_bot(bots, clock)
    await until(lambda: _count(hands_of(fake, alice, game_id), 1))
    hand = hands_of(fake, alice, game_id)[-1]
    assert "Your turn" in hand.text and hand.flags & SILENT


async def test_live_turns_still_notify_at_once_with_a_digest(fake: FakeDiscord, bots) -> None:
    """Alice chose a digest: her live table's hand DM notifies (not silent) and no digest names it."""
    fake.add_channel("live")
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    alice = fake.users["alice"]
    await choose_digest(alice, 1)
    game_id = await live_table(fake, bot, "live")
    hand = await fake.wait_for_message(alice.dm, lambda m: bool(m.buttons) and f"#{game_id}" in m.text, timeout=30)
    assert not hand.flags & SILENT
    assert await bot.digests.send_owed() == 0
    assert digests(fake, alice) == []


async def test_passes_running_at_once_send_one_digest(fake: FakeDiscord, bots) -> None:
    """Three digest passes at the same moment (as in several processes): Alice gets one digest."""
    clock = VirtualClock()
    bot = await virtual_bot(bots, clock)
    assert bot.sweeper is not None
    await bot.sweeper.stop()  # only the passes below run
    alice, bob = fake.users["alice"], fake.users["bob"]
    game_id = await casual_table(fake, bot, alice, fake.channel, bob)
    await turn_to(bot, game_id, alice)
    await choose_digest(alice, 1)
    others = [Digests(bot.service, hands=bot.hands, transport=bot.transport) for _ in range(2)]
    sent = await asyncio.gather(bot.digests.send_owed(), *(other.send_owed() for other in others))
    assert sum(sent) == 1
    assert len(digests(fake, alice)) == 1
