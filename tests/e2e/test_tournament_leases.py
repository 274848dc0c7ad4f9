"""A clean stop hands a process's tournament leases back (bot.process.bot `close`), as it hands its games'
back: another process on the same PostgreSQL steps the event at its next pass, not `lease_ttl` later."""

from __future__ import annotations

import dataclasses

from bench.players.common import click, start_bot
from fakediscord import FakeDiscord, SimUser
from tests.e2e.test_tournaments import TUNING, open_event, wait_until

# Leases of an hour: nothing in the test waits one out, so the second process can only step the event if
# the first handed its lease back.
HOUR_LEASES = dataclasses.replace(TUNING, lease_ttl=3600.0, ownership_poll=0.05)
KEY = "tournament:1"


async def test_a_clean_close_hands_the_tournament_lease_to_the_next_process(
    pg_schema: str, fake: FakeDiscord, bots
) -> None:  # type: ignore[no-untyped-def]
    settings = bots.settings(database_path=pg_schema)
    first = await start_bot(bots, HOUR_LEASES, settings=settings)
    db = first.service.db
    boss, alice = SimUser(fake, fake.owner), fake.users["alice"]
    card = await open_event(fake, boss, "schnapsen", format="swiss", rounds=1, computers=True, players=2, target=1)
    card = await click(alice, card, "Join")
    assert first.ownership is not None
    owner = first.ownership.owner

    async def first_holds() -> bool:
        lease = await db.leases.holder(KEY, now=first.service.clock())
        return lease is not None and lease.owner == owner

    await wait_until(first_holds, "the first process never stepped the tournament")
    second = await start_bot(bots, HOUR_LEASES, settings=settings)  # connected last: it receives the clicks
    await bots.stop(first)
    db = second.service.db
    assert second.ownership is not None
    mine = second.ownership.owner

    async def second_holds() -> bool:
        lease = await db.leases.holder(KEY, now=second.service.clock())
        return lease is not None and lease.owner == mine

    await wait_until(second_holds, "the second process waited for the first one's lease to expire", timeout=30)
    await click(boss, card, "Start now")
    await fake.wait_for_message(fake.channel, lambda m: "has begun" in m.text, timeout=30)
    assert [m.players for m in await db.tournaments.matches(1)], "the second process paired round one"
