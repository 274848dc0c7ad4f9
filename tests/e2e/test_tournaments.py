"""Tournaments end to end in the offline Discord: sign-up on the card, the organiser's Start, every round
played as ordinary games in their own threads (computer players fill the field so matches finish), a
player who leaves their game dropped from later rounds, a no-show forfeiting by the game's timeout rules,
a restart of the bot mid-event, the standings after each round posted once, and the champion announced."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable

from bench.players.common import FAST, click, confirm, start_bot
from data import Database
from data.tournaments import EntrantState, Match, TournamentState
from fakediscord import FakeDiscord, Message, SimUser

TUNING = dataclasses.replace(FAST, retry_attempts=2, retry_delay=0.01)
CHAMPION = "is the champion of the"


async def wait_until(condition: Callable[[], Awaitable[bool]], what: str, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, what
        await asyncio.sleep(0.05)


async def match_of(db: Database, tournament_id: int, round_: int, player: str) -> Match:
    """The started match of `round_` that `player` plays in (waits for its game)."""
    found: list[Match] = []

    async def started() -> bool:
        found[:] = [m for m in await db.tournaments.matches(tournament_id, round_) if player in m.players and m.game_id]
        return bool(found)

    await wait_until(started, f"{player}'s match of round {round_ + 1} never started")
    return found[0]


def posts(fake: FakeDiscord, text: str) -> list[Message]:
    return [m for m in fake.messages(fake.channel) if text in m.text]


async def open_swiss(fake: FakeDiscord, boss: SimUser, **options: object) -> Message:
    card = await boss.slash("tournament new", game="schnapsen", format="swiss", start_in=60, target=1, **options)
    assert isinstance(card, Message) and "tournament #1" in card.text, card
    return card


async def test_a_santase_swiss_runs_from_sign_up_to_champion_through_a_restart(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """8 entrants (two people, six computers), 4 rounds: Alice leaves her first game and plays no later
    round; Bob never plays, so his turns run out and he forfeits; the bot restarts in round 2; each round's
    standings are posted once with their image, and the champion once."""
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)  # Bob's turns run out quickly
    boss = SimUser(fake, fake.owner)
    alice, bob, carol = fake.users["alice"], fake.users["bob"], fake.users["carol"]
    card = await open_swiss(fake, boss, rounds=4, computers=True, players=8)
    for person in (alice, bob, carol):
        card = await click(person, card, "Join")
    card = await click(carol, card, "Leave")
    assert f"<@{alice.id}>" in card.text and f"<@{carol.id}>" not in card.text
    card = await click(boss, card, "Start now")
    await fake.wait_for_message(fake.channel, lambda m: "has begun" in m.text, timeout=30)
    first = await match_of(db, 1, 0, alice.id)
    assert first.game_id is not None
    record = await db.games.get(first.game_id)
    assert record.thread_id is not None, "a match plays in a thread of its own"
    thread = fake.threads.threads[str(record.thread_id)]
    left = await confirm(alice, await alice.slash("game leave", where=thread))
    assert "left the game" in left.text
    bobs = await match_of(db, 1, 0, bob.id)
    await fake.wait_for_message(fake.channel, lambda m: "Standings after round 1" in m.text, timeout=90)
    await match_of(db, 1, 1, bob.id)  # round 2 under way
    await bots.stop(bot)
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await fake.wait_for_message(fake.channel, lambda m: CHAMPION in m.text, timeout=180)

    tournament = await db.tournaments.get(1)
    assert tournament is not None and tournament.state is TournamentState.FINISHED
    for n in range(1, 5):
        [standings] = posts(fake, f"Standings after round {n} ")
        assert standings.attachments and standings.attachments[0].is_png
    assert len(posts(fake, CHAMPION)) == 1
    matches = await db.tournaments.matches(1)
    # Four matches in round 1; seven players after Alice left: three matches and a bye in each later round.
    assert len(matches) == 4 + 3 * 3 and all(m.result is not None for m in matches)
    assert not [m for m in matches if m.round > 0 and alice.id in m.players], "Alice left: no later rounds"
    assert {e.user_id: e.state for e in await db.tournaments.entrants(1)}[int(alice.id)] is EntrantState.DROPPED
    [bobs] = [m for m in matches if (m.round, m.board) == (bobs.round, bobs.board)]
    assert bobs.result is not None and bobs.result[-1] == bob.id, "Bob's turns ran out: he forfeits"
    games = await db.read("SELECT COUNT(*) AS n FROM games")
    assert games[0]["n"] == len(matches), "one game per match, also across the restart"
    await fake.wait_for_message(fake.channel, lambda m: m.id == card.id and "Champion" in m.text, timeout=30)


async def test_seven_players_give_one_a_bye_each_round(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """An odd field with no computers: every round one player sits out with a bye worth a win, never the
    same player twice; the event still runs to its champion (every seat's turns run out: computers finish)."""
    for name in ("frank", "grace"):
        fake.add_user(name)
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)
    boss = SimUser(fake, fake.owner)
    card = await open_swiss(fake, boss, rounds=3)
    people = [fake.users[name] for name in ("alice", "bob", "carol", "dave", "erin", "frank", "grace")]
    for person in people:
        card = await click(person, card, "Join")
    await click(boss, card, "Start now")
    await fake.wait_for_message(fake.channel, lambda m: CHAMPION in m.text, timeout=240)
    tournament = await db.tournaments.get(1)
    assert tournament is not None and tournament.event is not None
    byes = [r["bye"]["player"] for r in tournament.event["rounds"]]
    assert len(byes) == 3 and len(set(byes)) == 3
    assert all("has a bye this round" in m.text for m in posts(fake, "Round ") if "pairings" in m.text)
