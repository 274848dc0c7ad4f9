"""Thirteen played end to end: real discord.py against the offline Discord, people clicking components."""

from __future__ import annotations

import re

from bench.players.common import click, game_over_in, open_lobby, play_all, start_bot
from fakediscord import FakeDiscord


async def test_one_human_against_three_computers_plays_to_the_end(fake: FakeDiscord, bots) -> None:
    """/thirteen new, Start fills three computer seats, the human plays from the DM hand to the final standings."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=4)
    table = await click(alice, lobby, "Start")
    assert table.attachments and table.attachments[0].is_png
    assert await play_all(fake, [alice]) > 0
    result = game_over_in(fake)
    assert result is not None and result.attachments[0].is_png
    assert "Unrated" in result.text or "won" in result.text


async def test_the_finished_table_names_the_cards_the_last_player_held(fake: FakeDiscord, bots) -> None:
    """At the end the table message shows what the player left last still held ("… was left holding …")."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=3)
    table = await click(alice, lobby, "Start")
    await play_all(fake, [alice])
    final = await fake.wait_for_message(fake.channel, lambda m: m.id == table.id and "Game over" in m.text, timeout=30)
    assert re.search(r"\S+ was left holding .+ \(\d+ cards?\)", final.text), final.text
