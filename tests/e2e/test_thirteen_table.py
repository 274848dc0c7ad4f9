"""Thirteen played end to end: real discord.py against the offline Discord, people clicking components."""

from __future__ import annotations

from tests.e2e.helpers import click, game_over_in, next_turn, open_lobby, start_bot, version_of
from tests.fakediscord import FakeDiscord, SimUser


async def play_with_hints(fake: FakeDiscord, user: SimUser) -> int:
    """Whenever it is the user's turn: Hint, then Play the hint (or Pass). Returns turns played."""
    turns, version = 0, -1
    while (hand := await next_turn(fake, user, version)) is not None:
        version = version_of(hand)
        await click(user, hand, "Hint")
        hinted = await fake.wait_for_message(user.dm, lambda m: m.id == hand.id and "Hint:" in m.text)
        label = "Pass" if hinted.component(label="Play").get("disabled") else "Play"
        await click(user, hinted, label)
        turns += 1
    return turns


async def test_one_human_against_three_computers_plays_to_the_end(fake: FakeDiscord, bots) -> None:
    """/thirteen new, Start fills three computer seats, the human plays from the DM hand to the final standings."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=4)
    table = await click(alice, lobby, "Start")
    assert table.attachments and table.attachments[0].is_png
    assert await play_with_hints(fake, alice) > 0
    result = game_over_in(fake)
    assert result is not None and result.attachments[0].is_png
    assert "Unrated" in result.text or "won" in result.text
