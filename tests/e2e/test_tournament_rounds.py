"""Round times of a casual tournament in the offline Discord: the card and the standings show when each
round starts (Discord timestamps), a round waits for its time also across a restart of the bot, and the
organiser moves the next round with /tournament next-round."""

from __future__ import annotations

import time
from typing import Any

from bench.players.common import click, confirm, start_bot
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message, SimUser
from tests.e2e.test_seasons import MovableClock
from tests.e2e.test_tournaments import CHAMPION, TUNING, match_of, posts

HOURS = 2


async def one_step(bot: CardBot) -> None:
    """One runner step over tournament #1, as the lease holder's sweeper pass takes it."""
    async with bot.tournaments.lock(1):
        await bot.tournaments.advance(1)


def stamp(at: float) -> str:
    return f"<t:{int(at)}:f>"


async def test_a_casual_round_waits_for_its_time_and_the_organiser_moves_it(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Alice and three computers, two Swiss rounds two hours apart: round 2 is paired when round 1 ends
    but starts only at its time; the bot restarts while it waits; the organiser brings it forward to
    half an hour from now, and once the bot's clock passes that the event runs to its champion."""
    clock = MovableClock(time.time())
    bot = await start_bot(bots, tuning=TUNING)
    bot.service.clock = clock
    db = bot.service.db
    boss, alice = SimUser(fake, fake.owner), fake.users["alice"]
    card = await boss.slash(
        "tournament new", game="schnapsen", format="swiss", rounds=2, pace="casual", computers=True, players=4,
        target=1, start_in=60, round_hours=HOURS,
    )  # fmt: skip
    assert isinstance(card, Message) and "tournament #1" in card.text, card
    made = await db.tournaments.get(1)
    assert made is not None and made.round_seconds == HOURS * 3600
    assert f"Round 2: {stamp(made.starts_at + HOURS * 3600)}" in card.text
    card = await click(alice, card, "Join")
    card = await click(boss, card, "Start now")
    started = await db.tournaments.get(1)
    assert started is not None
    round_two = started.starts_at + HOURS * 3600
    first = await match_of(db, 1, 0, alice.id)
    record = await db.games.get(first.game_id or 0)
    await confirm(alice, await alice.slash("game leave", where=fake.threads.threads[str(record.thread_id)]))
    standings = await fake.wait_for_message(fake.channel, lambda m: "Standings after round 1" in m.text, timeout=90)
    assert f"Round 2 starts {stamp(round_two)}" in standings.text
    await fake.wait_for_message(fake.channel, lambda m: m.id == card.id and "round 2" in m.text, timeout=30)

    await bots.stop(bot)
    bot = await start_bot(bots, tuning=TUNING)
    bot.service.clock = clock
    db = bot.service.db
    await one_step(bot)  # the restarted process steps the event: the round's time has not come
    assert [m.game_id for m in await db.tournaments.matches(1, 1)] == [None]
    refused = await alice.slash("tournament next-round", number=1, minutes=30)
    assert isinstance(refused, Message) and refused.ephemeral and "Only the organiser" in refused.text
    answer = await boss.slash("tournament next-round", number=1, minutes=30)
    assert isinstance(answer, Message) and "Round 2 now starts" in answer.text
    moved = await db.tournaments.get(1)
    assert moved is not None and len(moved.pins) == 2 and moved.pins[1] < round_two
    await fake.wait_for_message(fake.channel, lambda m: m.id == card.id and stamp(moved.pins[1]) in m.text)
    await one_step(bot)
    assert [m.game_id for m in await db.tournaments.matches(1, 1)] == [None]

    clock.move_to(moved.pins[1] + 1)
    await fake.wait_for_message(fake.channel, lambda m: CHAMPION in m.text, timeout=120)
    assert len(posts(fake, "Standings after round 1 ")) == 1
    [second] = await db.tournaments.matches(1, 1)
    assert second.result is not None


async def test_round_times_are_refused_for_a_live_event(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    await start_bot(bots, tuning=TUNING)
    boss = SimUser(fake, fake.owner)
    refused = await boss.slash("tournament new", game="schnapsen", pace="live", round_hours=1)
    assert isinstance(refused, Message) and refused.ephemeral and "casual" in refused.text


async def test_a_running_event_without_round_times_has_no_round_to_move(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    await start_bot(bots, tuning=TUNING)
    boss = SimUser(fake, fake.owner)
    await boss.slash("tournament new", game="schnapsen", pace="casual", start_in=60)
    refused = await boss.slash("tournament next-round", number=1, minutes=5)
    assert isinstance(refused, Message) and "no round to move" in refused.text


async def test_d_tn1_a_fast_swiss_plays_every_match_as_exactly_two_deals(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A Santase Swiss of four with `deals: 2`: the card says so, and every match's game ends after its
    second deal (D-SX-6), whatever the series target, the higher total winning."""
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    boss, alice = SimUser(fake, fake.owner), fake.users["alice"]
    card = await boss.slash(
        "tournament new", game="schnapsen", format="swiss", rounds=2, computers=True, players=4, target=1,
        deals=2, start_in=60,
    )  # fmt: skip
    assert isinstance(card, Message) and "Each match is 2 deals" in card.text, card
    card = await click(alice, card, "Join")
    await click(boss, card, "Start now")
    first = await match_of(db, 1, 0, alice.id)
    record = await db.games.get(first.game_id or 0)
    await confirm(alice, await alice.slash("game leave", where=fake.threads.threads[str(record.thread_id)]))
    await fake.wait_for_message(fake.channel, lambda m: CHAMPION in m.text, timeout=120)
    matches = await db.tournaments.matches(1)
    assert len(matches) == 2 + 1 and all(m.result is not None and m.game_id for m in matches)
    played = [m for m in matches if alice.id not in m.players]  # Alice's game ended when she left it
    assert len(played) == 2
    for match in played:
        loaded = await bot.service.load(match.game_id or 0)
        state: Any = loaded.state
        assert loaded.record.options["fixed_deals"] == 2 and state.is_over and state.deal_number == 2
        points, winner = state.game_points, state.result().winners[0]
        assert points[winner] >= points[1 - winner]
