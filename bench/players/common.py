"""Shared moves of simulated players for end-to-end tests against the offline Discord."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from bot.process.bot import CardBot
from bot.process.config import Tuning
from fakediscord import Channel, FakeDiscord, Message, SimUser
from harness.offline import BotHarness

# Real time on the loopback: every timer in tens of milliseconds, turn timers long unless a test wants them.
FAST = Tuning(
    table_edit_interval=0.02,
    computer_delay=0.005,
    sweep_interval=0.02,
    lobby_timeout=3600,
    drawing_processes=0,
)

GAME_OVER = re.compile(r"is over")
TOLD_IN_CHANNEL = re.compile(r"can't send you direct messages|it's your turn")


async def start_bot(bots: BotHarness, tuning: Tuning = FAST, **kwargs: Any) -> CardBot:
    bot = await bots.start(tuning=tuning, **kwargs)
    assert isinstance(bot, CardBot)
    return bot


async def open_lobby(fake: FakeDiscord, host: SimUser, command: str, **options: Any) -> Message:
    reply = await host.slash(command, **options)
    assert isinstance(reply, Message), reply
    assert "is open" in reply.text, reply.text
    return reply


async def click(user: SimUser, message: Message, label: str) -> Message:
    result = await user.click(message, label=label)
    assert isinstance(result, Message), result
    return result


def asks(result: object) -> bool:
    """Whether an answer is a confirmation question (bot.flows.confirm): ephemeral, with Yes and No."""
    return (
        isinstance(result, Message)
        and result.ephemeral
        and {b.get("label") for b in result.buttons} == {"Yes", "No"}
    )


async def confirm(user: SimUser, question: Message | Any, answer: str = "Yes") -> Message:
    """Answer a confirmation question; returns what the question turned into."""
    assert asks(question), question
    return await click(user, question, answer)


def hand_message(fake: FakeDiscord, user: SimUser, game_id: int | None = None) -> Message | None:
    """The newest DM hand message the bot sent this user (for a game, if given)."""
    for message in reversed(fake.messages(user.dm)):
        if (message.selects or message.buttons) and (game_id is None or f"#{game_id} " in message.text):
            return message
    return None


async def wait_hand(fake: FakeDiscord, user: SimUser, predicate=lambda m: True, timeout: float = 60.0) -> Message:  # type: ignore[no-untyped-def]
    return await fake.wait_for_message(user.dm, lambda m: bool(m.buttons) and predicate(m), timeout)


def is_my_turn(message: Message) -> bool:
    return "Your turn" in message.text


def game_over_in(fake: FakeDiscord, where: Channel | None = None) -> Message | None:
    """The final standings in `where` (default #games; a game's thread when it has one)."""
    for message in reversed(fake.messages(where or fake.channel)):
        if GAME_OVER.search(message.text) and "🏆" in message.text:
            return message
    return None


STANDING = re.compile(r"^\d\w\w: (.+) \(([\d,]+)\)$", re.M)


def final_standings(fake: FakeDiscord, where: Channel | None = None) -> list[tuple[str, int]]:
    """(name, points) per place from the result message. Points are written as the reader's locale writes
    numbers, so a Gin Hollywood total reads "1,160"."""
    result = game_over_in(fake, where)
    assert result is not None, "no result message"
    return [(name, int(points.replace(",", ""))) for name, points in STANDING.findall(result.text)]


def game_id_of(message: Message) -> int:
    match = re.search(r"#(\d+)", message.text)
    assert match, message.text
    return int(match.group(1))


def version_of(message: Message) -> int:
    """The game version a hand message was drawn for (from its custom ids: cr:<game>:<version>:...)."""
    for component in message.walk():
        custom_id = component.get("custom_id", "")
        if custom_id.startswith("cr:"):
            return int(custom_id.split(":")[2])
    raise AssertionError(f"no Cardroom component on {message.text[:80]!r}")


async def next_turn(fake: FakeDiscord, user: SimUser, after_version: int, timeout: float = 60.0) -> Message | None:
    """The user's DM hand once it is their turn at a version newer than `after_version` (None: game over)."""

    def ready(message: Message) -> bool:
        return "Your turn" in message.text and version_of(message) > after_version

    async def wait() -> Message:
        return await fake.wait_for_message(user.dm, lambda m: bool(m.buttons) and ready(m), timeout)

    waiter = asyncio.ensure_future(wait())
    while not waiter.done():
        if game_over_in(fake):
            waiter.cancel()
            return None
        await asyncio.sleep(0.01)
    return waiter.result()


async def take_turn_with_hint(fake: FakeDiscord, user: SimUser, hand: Message) -> str:
    """On a hand message where it is the user's turn: Hint, then Play the hint (or Pass). Returns the button,
    or "" when the turn moved on first (a turn timer ran out while the person was thinking: the hand is
    redrawn at a newer version instead of showing the hint)."""
    await click(user, hand, "Hint")
    hinted = await fake.wait_for_message(
        hand_channel(fake, hand),
        lambda m: m.id == hand.id and ("Hint:" in m.text or version_of(m) != version_of(hand)),
        viewer=user,
    )
    if "Hint:" not in hinted.text:
        return ""
    label = "Pass" if hinted.component(label="Play").get("disabled") else "Play"
    await click(user, hinted, label)
    return label


def hand_channel(fake: FakeDiscord, message: Message):  # type: ignore[no-untyped-def]
    return fake.channel_by_id(message.channel_id)


async def play_all(
    fake: FakeDiscord, users: list[SimUser], *, timeout: float = 300.0, where: Channel | None = None
) -> int:
    """Every user plays from their DM hand with hints until the final standings appear (in `where`,
    default #games). Returns turns."""
    acted: dict[str, int] = {user.id: -1 for user in users}
    turns = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while game_over_in(fake, where) is None:
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("the game did not end in time")
        moved = False
        for user in users:
            hand = hand_message(fake, user)
            if hand is None or not is_my_turn(hand) or version_of(hand) <= acted[user.id]:
                continue
            acted[user.id] = version_of(hand)
            if await take_turn_with_hint(fake, user, hand):
                turns += 1
            moved = True
        if not moved:
            await asyncio.sleep(0.01)
    return turns


async def start_game(fake: FakeDiscord, host: SimUser, lobby: Message, humans: list[SimUser]) -> Message:
    """Press Start and wait until the first person to play has their hand (the deal is out).

    A hand DM comes with its seat's first turn (that message is the turn notification); until then a
    player sees their cards through the table's My hand button."""
    table = await click(host, lobby, "Start")
    await first_hand(fake, humans)
    return table


async def first_hand(fake: FakeDiscord, humans: list[SimUser], timeout: float = 60.0) -> Message | None:
    """The first DM hand any of `humans` (with open DMs) gets: the one whose turn starts first. None when
    the first person to play has no DM hand (closed DMs or the panel): they are told in the channel."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    with_dms = [user for user in humans if user.dms_open]
    while with_dms:
        for user in with_dms:
            hands = [m for m in fake.messages(user.dm) if m.buttons and not m.ephemeral]
            if hands:
                return hands[0]
        if any(TOLD_IN_CHANNEL.search(m.text) for m in fake.messages(fake.channel)):
            return None
        if loop.time() > deadline:
            raise AssertionError("no person got a hand after Start")
        await asyncio.sleep(0.005)
    return None
