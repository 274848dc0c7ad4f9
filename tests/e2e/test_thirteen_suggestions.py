"""Thirteen played with the one-tap suggestion buttons only (games.thirteen.suggest), end to end."""

from __future__ import annotations

import asyncio

from bench.players.common import (
    click,
    game_over_in,
    hand_message,
    is_my_turn,
    open_lobby,
    start_bot,
    start_game,
    version_of,
)
from fakediscord import FakeDiscord, Message


def suggested(hand: Message) -> list[dict]:  # type: ignore[type-arg]
    return [b for b in hand.buttons if b.get("custom_id", "").split(":")[3:4] == ["take"] and not b.get("disabled")]


async def test_a_game_played_with_suggestion_buttons_only(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Each turn: one tap on the first suggestion ("Pair 9♠ 9♥"), or Pass when none beats the table."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=3)
    await start_game(fake, alice, lobby, [alice])
    loop = asyncio.get_running_loop()
    deadline, acted, taps, taken = loop.time() + 60, -1, 0, 0
    while game_over_in(fake) is None:
        assert loop.time() < deadline, "the game did not end in time"
        hand = hand_message(fake, alice)
        if hand is None or not is_my_turn(hand) or version_of(hand) <= acted:
            await asyncio.sleep(0.01)
            continue
        acted = version_of(hand)
        offered = suggested(hand)
        label = offered[0]["label"] if offered else "Pass"
        assert offered or not hand.component(label="Pass").get("disabled"), hand.text
        await click(alice, hand, label)
        taps += 1
        taken += bool(offered)
    assert taken > 0
    record = (await bot.service.load(int(lobby.text.split("#")[1].split()[0]))).record
    assert record.status.value == "finished"
    moves = (await bot.service.db.games.load(record.id)).moves
    assert sum(1 for m in moves if m.actor == 0 and m.source.value == "player") == taps
