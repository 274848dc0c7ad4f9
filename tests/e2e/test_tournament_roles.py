"""The champion's role end to end in the offline Discord (fakediscord/roles.py): a tournament opened with a
role gives its champion that role once, after the announcement, also when the bot restarts between the
two; when Discord refuses (the role sits above the bot's own) the tournament stays finished and a line in
the channel tells the organiser why.

Each event is a one-round Santase Swiss between Alice and Bob, who never play: their turns run out (1 s)
and computers finish the match for both, so the champion is one of them."""

from __future__ import annotations

import dataclasses

from bench.players.common import click, start_bot
from bot.flows.tournaments import ROLE_POST
from data import Database
from data.tournaments import TournamentState
from fakediscord import FakeDiscord, Message, Role, SimUser
from fakediscord.roles import MANAGE_ROLES
from tests.e2e.test_tournaments import CHAMPION, TUNING, open_event, posts
from tests.waiting import until

REFUSED = "could not give"
# A stopped process's tournament lease lapses after a second, so the restarted one carries on at once.
SHORT_LEASES = dataclasses.replace(TUNING, lease_ttl=1.0)


def may_manage_roles(fake: FakeDiscord) -> None:
    fake.guild.app_permissions = str(int(fake.guild.app_permissions) | MANAGE_ROLES)


async def open_with(fake: FakeDiscord, db: Database, role: Role) -> Message:
    """Open the event with `role` (turns of 1 s); returns its sign-up card."""
    await db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)
    return await open_event(fake, SimUser(fake, fake.owner), "schnapsen", format="swiss", rounds=1, target=1, role=role)


async def start_to_champion(fake: FakeDiscord, card: Message) -> Message:
    """Alice and Bob join, the organiser starts; returns the champion's announcement."""
    for person in (fake.users["alice"], fake.users["bob"]):
        card = await click(person, card, "Join")
    await click(SimUser(fake, fake.owner), card, "Start now")
    return await fake.wait_for_message(fake.channel, lambda m: CHAMPION in m.text, timeout=120)


async def play_to_champion(fake: FakeDiscord, db: Database, role: Role) -> Message:
    return await start_to_champion(fake, await open_with(fake, db, role))


async def champion_id(db: Database) -> str:
    tournament = await db.tournaments.get(1)
    assert tournament is not None and tournament.state is TournamentState.FINISHED
    assert tournament.champion is not None and not tournament.champion.startswith("-")
    return tournament.champion


async def role_settled(db: Database) -> bool:
    """Whether the owed role is done (given, or its refusal told)."""
    return (1, ROLE_POST) not in await db.tournaments.owed_posts()


def role_puts(fake: FakeDiscord, status: int) -> int:
    return sum(1 for r in fake.requests if r.method == "PUT" and "/roles/" in r.path and r.status == status)


async def test_the_champion_is_given_the_organisers_role_once(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The role below the bot's, Manage Roles granted: the champion holds it, given by one request."""
    may_manage_roles(fake)
    role = fake.guild.add_role("Champion")
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await play_to_champion(fake, db, role)
    await until(lambda: role_settled(db), "the champion's role was never settled")
    champion = await champion_id(db)
    assert fake.guild.member_roles.get(champion) == [role.id]
    assert fake.roles.given(fake.guild, champion, role) == 1 and role_puts(fake, 204) == 1
    assert not posts(fake, REFUSED)


async def test_a_restart_between_the_announcement_and_the_role_still_gives_it_once(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Discord answers the role's request with 503 until the bot stops after the announcement; the next
    process gives the role, once, and announces nothing twice."""
    may_manage_roles(fake)
    role = fake.guild.add_role("Champion")
    outage = fake.fail("PUT", r"/roles/", 503, times=1_000_000)
    bot = await start_bot(bots, tuning=SHORT_LEASES)
    await play_to_champion(fake, bot.service.db, role)
    await fake.wait_for_request("PUT", r"/members/\d+/roles/")  # tried (and failed) after the announcement
    assert not await role_settled(bot.service.db)
    await bots.stop(bot)
    outage.times = 0
    bot = await start_bot(bots, tuning=SHORT_LEASES)
    db = bot.service.db
    await until(lambda: role_settled(db), "the champion's role was never given after the restart")
    champion = await champion_id(db)
    assert fake.guild.member_roles.get(champion) == [role.id]
    assert fake.roles.given(fake.guild, champion, role) == 1 and role_puts(fake, 204) == 1
    assert len(posts(fake, CHAMPION)) == 1 and not posts(fake, REFUSED)


async def test_a_role_above_the_bots_is_refused_and_the_organiser_is_told_why(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """403/50013 (the role above the bot's highest): the tournament stays finished, nobody holds the role,
    and one line pings the organiser with what to change."""
    may_manage_roles(fake)
    role = fake.guild.add_role("Champion", position=fake.guild.bot_role.position + 1)
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await play_to_champion(fake, db, role)
    line = await fake.wait_for_message(fake.channel, lambda m: REFUSED in m.text, timeout=30)
    champion = await champion_id(db)
    assert f"<@{fake.owner.id}>" in line.text and f"<@{champion}>" in line.text and role.mention in line.text
    assert "Manage Roles" in line.text
    await until(lambda: role_settled(db), "the refusal was never recorded")
    assert len(posts(fake, REFUSED)) == 1 and len(posts(fake, CHAMPION)) == 1
    assert fake.guild.member_roles.get(champion, []) == [] and role_puts(fake, 403) >= 1


async def test_a_role_deleted_before_the_end_is_told_to_the_organiser(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """404/10011 (a manager deleted the role while the event ran): one line says the role no longer exists."""
    may_manage_roles(fake)
    role = fake.guild.add_role("Champion")
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    card = await open_with(fake, db, role)
    fake.guild.delete_role(role)
    await start_to_champion(fake, card)
    line = await fake.wait_for_message(fake.channel, lambda m: REFUSED in m.text, timeout=120)
    assert "no longer exists" in line.text and f"<@{fake.owner.id}>" in line.text
    await until(lambda: role_settled(db), "the refusal was never recorded")
    assert len(posts(fake, REFUSED)) == 1 and role_puts(fake, 404) >= 1
