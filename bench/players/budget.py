"""Discord requests per move, counted in the offline Discord (the global limit: 50 requests/s per bot).

Plays one whole game of people against each other from their DM hands and counts every REST request
the bot made from the Start click until the final standings are posted and the bot is idle, except
interaction callbacks and webhooks (exempt from the global limit). Used by the budget test and by
bench.bot, which prints the figures.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections import Counter
from dataclasses import dataclass, field

from bench.players import carousel as carousel_helpers
from bench.players import schnapsen as schnapsen_helpers
from bench.players.common import (
    click,
    game_id_of,
    game_over_in,
    hand_message,
    is_my_turn,
    open_lobby,
    play_all,
    start_game,
    take_turn_with_hint,
    version_of,
)
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message, SimUser

PEOPLE = ("alice", "bob", "carol", "dave")


@dataclass(frozen=True)
class Budget:
    """Requests against the global limit over one game, and what they were."""

    game: str
    moves: int
    requests: int
    routes: Counter[str] = field(default_factory=Counter)
    # Messages the people were notified of (a new DM not sent silently, a channel message mentioning
    # them); counted by the casual games only (`casual_thirteen`), else 0.
    notifications: int = 0
    # Waiting DM hands edited through their person's last click instead of over REST (exempt, so not in
    # `requests`; bot.projection.replies).
    token_edits: int = 0

    @property
    def per_move(self) -> float:
        return self.requests / self.moves if self.moves else 0.0

    @property
    def first_contacts(self) -> int:
        """Requests that open a DM channel: once per player ever, since the channel is stored and reused
        in every later game (data.messages.dm_channel_of), so not a cost of any move."""
        return self.routes[OPEN_DM]

    @property
    def per_move_known_players(self) -> float:
        """Per move for players the bot has written to before: every game after a player's first."""
        return (self.requests - self.first_contacts) / self.moves if self.moves else 0.0

    @property
    def notifications_per_move(self) -> float:
        return self.notifications / self.moves if self.moves else 0.0

    def line(self) -> str:
        top = ", ".join(f"{route} {count}" for route, count in self.routes.most_common(4))
        notified = (
            f"; {self.notifications} notifications = {self.notifications_per_move:.2f} per move"
            if self.notifications
            else ""
        )
        return (
            f"{self.game}: {self.requests} requests / {self.moves} moves = {self.per_move:.2f} per move "
            f"({self.per_move_known_players:.2f} without the {self.first_contacts} first DM openings; {top})"
            f"{notified}; {self.token_edits} waiting hands edited through a click's token"
        )


ID = re.compile(r"/\d+")
OPEN_DM = "POST /users/@me/channels"


def route_of(method: str, path: str) -> str:
    return f"{method} {ID.sub('/{id}', path)}"


async def settle(fake: FakeDiscord, bot: CardBot, timeout: float = 120.0) -> None:
    """Until the standings are out and no message of the bot is still being updated."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while game_over_in(fake) is None or bot.reconciler.busy or bot.tables.busy:
        assert loop.time() < deadline, "the game's messages did not settle"
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    while bot.reconciler.busy or bot.tables.busy:
        await asyncio.sleep(0.01)


async def measured(fake: FakeDiscord, bot: CardBot, game: str, since: int) -> Budget:
    await settle(fake, bot)
    counted = fake.counted_requests(since)
    saved = await bot.service.db.games.load(1)
    routes = Counter(route_of(r.method, r.path) for r in counted)
    return Budget(game, len(saved.moves), len(counted), routes, token_edits=bot.reconciler.replies.edited)


async def thirteen(fake: FakeDiscord, bot: CardBot, humans: int = 4) -> Budget:
    """A Thirteen game of `humans` people, each playing the hint from their DM hand."""
    users = [fake.users[name] for name in PEOPLE[:humans]]
    lobby = await open_lobby(fake, users[0], "thirteen new", seats=humans)
    for user in users[1:]:
        lobby = await click(user, lobby, "Join")
    since = len(fake.requests)
    await start_game(fake, users[0], lobby, users)
    await play_all(fake, users, timeout=120.0)
    return await measured(fake, bot, f"Thirteen, {humans} people", since)


async def sixty_six(fake: FakeDiscord, bot: CardBot) -> Budget:
    """A Sixty-Six series between two people, each pressing their first playable card."""
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await schnapsen_helpers.open_table(fake, alice)
    await click(bob, lobby, "Join")
    since = len(fake.requests)
    await click(alice, lobby, "Start")
    await schnapsen_helpers.play(fake, [alice, bob], timeout=120.0)
    return await measured(fake, bot, "Sixty-Six, 2 people", since)


async def carousel(fake: FakeDiscord, bot: CardBot, players: int = 3) -> Budget:
    """A Carousel game of `players` people (target 30: one to three hands), each following the hint."""
    users: list[SimUser] = [fake.users[name] for name in PEOPLE[:players]]
    lobby = await carousel_helpers.open_table(fake, users[0], seats=players, target=30)
    for user in users[1:]:
        lobby = await click(user, lobby, "Join")
    since = len(fake.requests)
    await click(users[0], lobby, "Start")
    await carousel_helpers.play(fake, bot, {user: carousel_helpers.HINT for user in users}, timeout=180.0)
    return await measured(fake, bot, f"Carousel, {players} people", since)


SILENT = 1 << 12  # SUPPRESS_NOTIFICATIONS: a message created without a push notification


def notified(fake: FakeDiscord, users: list[SimUser]) -> int:
    """Messages that notified one of `users`: new DMs not sent silently, and channel messages mentioning them."""
    count = 0
    for user in users:
        count += sum(1 for m in fake.messages(user.dm) if not m.ephemeral and not m.flags & SILENT)
        count += sum(1 for m in fake.messages(fake.channel) if not m.ephemeral and f"<@{user.id}>" in m.text)
    return count


async def casual_thirteen(fake: FakeDiscord, bot: CardBot, digest_hours: int = 0) -> Budget:
    """A casual Thirteen game of two people, each playing the hint: from their DM hand, a notifying DM per
    turn start, or (`digest_hours`) with the turn digest, from the hand a digest named (drawn silently)
    or else from the table's My hand panel."""
    users = [fake.users[name] for name in PEOPLE[:2]]
    if digest_hours:
        for user in users:
            await user.slash("settings turns", digest=digest_hours)
    lobby = await open_lobby(fake, users[0], "thirteen new", seats=2, pace="casual")
    lobby = await click(users[1], lobby, "Join")
    since = len(fake.requests)
    table = await start_game(fake, users[0], lobby, users)
    if digest_hours:
        await play_from_panels(fake, bot, users, table, timeout=120.0)
    else:
        await play_all(fake, users, timeout=120.0)
    played = await measured(fake, bot, f"casual Thirteen, 2 people, {mode(digest_hours)}", since)
    return dataclasses.replace(played, notifications=notified(fake, users))


async def play_from_panels(
    fake: FakeDiscord, bot: CardBot, users: list[SimUser], table: Message, *, timeout: float
) -> int:
    """Digest players: each plays from their DM hand when it shows their turn (the hands a digest named),
    else, told by the digest or `/games` that the table waits, from the table's My hand panel. Whose turn
    it is comes from the game as stored, standing in for what the person reads there. Returns turns."""
    game_id = game_id_of(table)
    acted: dict[str, int] = {user.id: -1 for user in users}
    turns = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while game_over_in(fake) is None:
        assert asyncio.get_running_loop().time() < deadline, "the game did not end in time"
        loaded = await bot.service.load(game_id)
        seat = loaded.seat_at_turn()
        user = next((u for u in users if seat is not None and str(seat.user_id) == u.id), None)
        if user is None or loaded.record.version <= acted[user.id] or bot.reconciler.busy:
            await asyncio.sleep(0.01)
            continue
        hand = hand_message(fake, user)
        if hand is None or not is_my_turn(hand) or version_of(hand) != loaded.record.version:
            hand = await click(user, table, "My hand")
        if not is_my_turn(hand):
            await asyncio.sleep(0.01)
            continue
        acted[user.id] = version_of(hand)
        if await take_turn_with_hint(fake, user, hand):
            turns += 1
    return turns


def mode(digest_hours: int) -> str:
    return f"digest every {digest_hours} h" if digest_hours else "a DM per turn"


async def casual_thirteen_digest(fake: FakeDiscord, bot: CardBot) -> Budget:
    return await casual_thirteen(fake, bot, digest_hours=1)
