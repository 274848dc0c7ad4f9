"""A waiting seat's DM is opened at the deal, so its first hand costs one request when its turn comes.

The first hand of a seat that does not play first is posted over REST (no click of theirs exists yet
whose token could post it). Opening the DM for it then put two requests against the global limit
between the previous player's move and this player's hand; the pass at the deal now opens it while
nobody waits on it, once per person, and keeps the channel with the seat.
"""

from __future__ import annotations

import asyncio

from bench.players.common import click, game_id_of
from fakediscord import FakeDiscord, SimUser
from harness.offline import BotHarness
from tests.e2e.test_one_writer import HANG_GUARD, on_turn, two_people

OPEN_DM = "/users/@me/channels"


def opened_since(fake: FakeDiscord, since: int = 0) -> int:
    return sum(1 for r in fake.requests[since:] if r.method == "POST" and r.path.endswith(OPEN_DM))


def waiting(users: list[SimUser], on_turn_user: SimUser) -> SimUser:
    return next(user for user in users if user is not on_turn_user)


async def test_the_deal_opens_the_dm_of_a_seat_that_waits(fake: FakeDiscord, bots: BotHarness) -> None:
    bot, users = await two_people(fake, bots)
    await asyncio.wait_for(bot.reconciler.caught_up(), HANG_GUARD)
    user, hand = on_turn(fake, users)
    other = waiting(users, user)
    assert opened_since(fake) == 2  # the player on turn, for their hand; the other ahead of theirs
    assert not [m for m in fake.messages(other.dm) if not m.ephemeral]  # still no hand before their turn
    assert bot.db is not None
    record = await bot.db.games.get(game_id_of(hand))
    seat = next(seat for seat in record.seats if seat.user_id == int(other.id))
    assert seat.hand_channel_id == int(other.dm.id) and seat.hand_message_id is None


async def test_a_first_hand_after_the_deal_costs_one_counted_request(fake: FakeDiscord, bots: BotHarness) -> None:
    bot, users = await two_people(fake, bots)
    await asyncio.wait_for(bot.reconciler.caught_up(), HANG_GUARD)
    user, hand = on_turn(fake, users)
    other = waiting(users, user)
    hinted = await click(user, hand, "Hint")  # a card chosen for them, so Play is open
    since = len(fake.requests)
    await click(user, hinted, "Play")
    await asyncio.wait_for(bot.reconciler.caught_up(game_id_of(hand)), HANG_GUARD)
    to_them = [r for r in fake.counted_requests(since) if other.dm.id in r.path or r.path.endswith(OPEN_DM)]
    assert [(r.method, r.path) for r in to_them] == [("POST", f"/channels/{other.dm.id}/messages")]
