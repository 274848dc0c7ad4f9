"""A tournament's sign-up in the offline Discord: who may open one, the organiser's buttons, check-in,
removing a player, and sign-up closing with too few players."""

from __future__ import annotations

import dataclasses

from bench.players.common import FAST, click, start_bot
from fakediscord import FakeDiscord, Message, SimUser

TUNING = dataclasses.replace(FAST, retry_attempts=2, retry_delay=0.01)
NEW = {"game": "schnapsen", "format": "swiss", "start_in": 60}


async def test_only_managers_open_a_tournament_until_the_server_lets_anyone(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    await start_bot(bots, tuning=TUNING)
    alice, boss = fake.users["alice"], SimUser(fake, fake.owner)
    refused = await alice.slash("tournament new", **NEW)
    assert isinstance(refused, Message) and refused.ephemeral and "games-manager role" in refused.text
    panel = await boss.slash("settings server")
    assert isinstance(panel, Message)
    changed = await click(boss, panel, "Anyone may open tournaments: no")
    assert changed.component(label="Anyone may open tournaments: yes")
    card = await alice.slash("tournament new", **NEW)
    assert isinstance(card, Message) and not card.ephemeral and "tournament #1" in card.text


async def test_only_the_organiser_starts_or_cancels(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots, tuning=TUNING)
    alice, boss = fake.users["alice"], SimUser(fake, fake.owner)
    card = await boss.slash("tournament new", **NEW)
    assert isinstance(card, Message)
    refused = await alice.click(card, label="Cancel")
    assert isinstance(refused, Message) and refused.ephemeral and "Only the organiser" in refused.text
    cancelled = await click(boss, card, "Cancel")
    assert "Cancelled." in cancelled.text and not cancelled.buttons
    assert await bot.service.db.tournaments.open() == []


async def test_check_in_opens_in_the_last_minutes(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots, tuning=TUNING)
    alice, boss = fake.users["alice"], SimUser(fake, fake.owner)
    card = await boss.slash("tournament new", checkin=10, **NEW)
    assert isinstance(card, Message)
    card = await click(alice, card, "Join")
    early = await alice.click(card, label="Check in")
    assert isinstance(early, Message) and early.ephemeral and "Check-in opens" in early.text
    db = bot.service.db
    await db.statement("UPDATE tournaments SET starts_at = ? WHERE id = 1", (bot.service.clock() + 300,))
    checked = await click(alice, card, "Check in")
    assert f"<@{alice.id}> ✓" in checked.text


async def test_the_organiser_removes_a_player_before_the_start(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    await start_bot(bots, tuning=TUNING)
    alice, boss = fake.users["alice"], SimUser(fake, fake.owner)
    card = await boss.slash("tournament new", **NEW)
    assert isinstance(card, Message)
    card = await click(alice, card, "Join")
    answer = await boss.slash("tournament remove", number=1, player=alice)
    assert isinstance(answer, Message) and "takes no further part" in answer.text
    shown = await fake.wait_for_message(fake.channel, lambda m: m.id == card.id and f"<@{alice.id}>" not in m.text)
    assert "0 players" in shown.text


async def test_too_few_players_cancel_at_the_start(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    await start_bot(bots, tuning=TUNING)
    alice, boss = fake.users["alice"], SimUser(fake, fake.owner)
    card = await boss.slash("tournament new", **NEW)
    assert isinstance(card, Message)
    card = await click(alice, card, "Join")
    await click(boss, card, "Start now")
    await fake.wait_for_message(fake.channel, lambda m: "was cancelled: too few players" in m.text, timeout=15)
    await fake.wait_for_message(fake.channel, lambda m: m.id == card.id and "Cancelled." in m.text, timeout=15)


async def test_the_organisers_menu_removes_a_player_and_refuses_anyone_else(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    await start_bot(bots, tuning=TUNING)
    alice, bob, boss = fake.users["alice"], fake.users["bob"], SimUser(fake, fake.owner)
    card = await boss.slash("tournament new", **NEW)
    assert isinstance(card, Message)
    card = await click(alice, card, "Join")
    card = await click(bob, card, "Join")
    refused = await alice.select(card, "ct:1:remove", [bob.id])
    assert isinstance(refused, Message) and refused.ephemeral and "Only the organiser" in refused.text
    card_now = await boss.select(card, "ct:1:remove", [bob.id])
    assert isinstance(card_now, Message)
    assert f"<@{bob.id}>" not in card_now.text and f"<@{alice.id}>" in card_now.text
