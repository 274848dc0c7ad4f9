"""One writer per message: a click's DM hand is redrawn once, by the reconciler, through the click.

The router decides what a click means and hands its interaction to the reconciler (bot.projection.reconciler),
which alone writes what a game's messages show. So each click on a DM hand edits that message exactly
once, through the interaction's webhook (exempt from the global rate limit), and the pass the move asks
for edits it no second time over REST. A writer that does not know of the click's redraw (a pass
racing it, a second redraw of the same click) shows up here as a second edit of the clicked message;
that the router itself writes no hand is tests/bot/test_router.py's `test_the_router_writes_no_hand_itself`.
"""

from __future__ import annotations

import asyncio

from bench.players.common import (
    click,
    game_id_of,
    game_over_in,
    hand_message,
    is_my_turn,
    open_lobby,
    start_bot,
    start_game,
    version_of,
)
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message, SimUser
from fakediscord.server import Recorded

HANG_GUARD = 60.0  # seconds: only a hung bot comes near it


def writes_of(fake: FakeDiscord, message: Message, since: int) -> list[Recorded]:
    """The requests from index `since` that edited `message` (over REST or through an interaction: its
    token, or the click's answer itself)."""
    return [r for r in fake.requests[since:] if r.edited == message.id]


async def clicked_once(fake: FakeDiscord, bot: CardBot, user: SimUser, hand: Message, label: str) -> Message:
    """Click `label` on `hand`, wait until every message of the game shows the stored game, and check
    that the clicked message was written once, through the interaction."""
    since = len(fake.requests)
    edits = fake.edit_count(hand)
    answered = await click(user, hand, label)
    await asyncio.wait_for(bot.reconciler.caught_up(game_id_of(hand)), HANG_GUARD)
    writes = writes_of(fake, hand, since)
    assert len(writes) == 1, [(r.method, r.path) for r in writes]
    assert writes[0].path.startswith(("/webhooks/", "/interactions/")), writes[0].path  # the interaction's, not REST
    assert fake.edit_count(hand) == edits + 1
    return answered


async def two_people(fake: FakeDiscord, bots) -> tuple[CardBot, list[SimUser]]:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    return bot, [alice, bob]


def on_turn(fake: FakeDiscord, users: list[SimUser]) -> tuple[SimUser, Message]:
    for user in users:
        hand = hand_message(fake, user)
        if hand is not None and is_my_turn(hand):
            return user, hand
    raise AssertionError("nobody's DM hand says it is their turn")


async def test_a_move_click_edits_the_clicked_dm_hand_once_through_its_interaction(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Several turns of Hint then Play (or Pass): each click is one edit of the clicked hand, by the
    interaction, and the pass after each move adds no REST edit of it."""
    bot, users = await two_people(fake, bots)
    for _ in range(6):
        if game_over_in(fake) is not None:
            break
        await asyncio.wait_for(bot.reconciler.caught_up(), HANG_GUARD)
        user, hand = on_turn(fake, users)
        hinted = await clicked_once(fake, bot, user, hand, "Hint")
        assert hinted.id == hand.id and "Hint:" in hinted.text
        label = "Pass" if hinted.component(label="Play").get("disabled") else "Play"
        moved = await clicked_once(fake, bot, user, hinted, label)
        assert version_of(moved) > version_of(hand) or not moved.buttons
