"""Tournaments end to end in the offline Discord: sign-up on the card, the organiser's Start, every round
played as ordinary games in their own threads (computer players fill the field so matches finish), a
player who leaves their game dropped from later rounds, a no-show forfeiting by the game's timeout rules,
a restart of the bot mid-event, the standings after each round posted once, and the champion announced."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

from bench.players.common import FAST, click, confirm, start_bot
from data import Database, GameStatus
from data.tournaments import EntrantState, Match, TournamentState
from fakediscord import FakeDiscord, Message, SimUser
from locales import t

TUNING = dataclasses.replace(FAST, retry_attempts=2, retry_delay=0.01)
CHAMPION = "is the champion of the"


async def wait_until(condition: Callable[[], Awaitable[bool]], what: str, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, what
        await asyncio.sleep(0.05)


async def match_of(db: Database, tournament_id: int, round_: int, player: str) -> Match:
    """The started match of `round_` that `player` plays in (waits for its game to be dealt)."""
    found: list[Match] = []

    async def started() -> bool:
        found[:] = [m for m in await db.tournaments.matches(tournament_id, round_) if player in m.players and m.game_id]
        return bool(found) and (await db.games.get(found[0].game_id or 0)).status is not GameStatus.LOBBY

    await wait_until(started, f"{player}'s match of round {round_ + 1} never started")
    return found[0]


def posts(fake: FakeDiscord, text: str) -> list[Message]:
    return [m for m in fake.messages(fake.channel) if text in m.text]


async def open_event(fake: FakeDiscord, boss: SimUser, game: str, **options: Any) -> Message:
    card = await boss.slash("tournament new", game=game, start_in=60, **options)
    assert isinstance(card, Message) and "tournament #1" in card.text, card
    return card


@dataclasses.dataclass
class Played:
    """What a scenario leaves for its checks: the database after the restart, every match, Bob's first."""

    db: Database
    matches: list[Match]
    bobs_first: Match


async def sign_up_to_champion(fake: FakeDiscord, bots, game: str, posted: int, **options: Any) -> Played:  # type: ignore[no-untyped-def]
    """The common story: Alice, Bob and Carol join, Carol leaves before the start, the organiser starts
    early and computers fill the field; Alice leaves her first game (a computer finishes it for her); Bob
    never plays, so his turns run out (1 s each) and a computer takes his seat; the bot restarts while
    round 2 plays; the event runs to its champion. Checks what every format shares."""
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)  # Bob's turns run out quickly
    boss = SimUser(fake, fake.owner)
    alice, bob, carol = fake.users["alice"], fake.users["bob"], fake.users["carol"]
    card = await open_event(fake, boss, game, computers=True, **options)
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
    await wait_until(lambda: _started(db, 1), "round 2 never started")
    await bots.stop(bot)
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await fake.wait_for_message(fake.channel, lambda m: CHAMPION in m.text, timeout=240)

    tournament = await db.tournaments.get(1)
    assert tournament is not None and tournament.state is TournamentState.FINISHED
    for n in range(1, posted + 1):
        [standings] = posts(fake, f"Standings after round {n} ")
        assert standings.attachments and standings.attachments[0].is_png
    assert not posts(fake, f"Standings after round {posted + 1} ")
    assert len(posts(fake, CHAMPION)) == 1
    matches = await db.tournaments.matches(1)
    assert all(m.result is not None for m in matches)
    assert not [m for m in matches if m.round > 0 and alice.id in m.players], "Alice left: no later rounds"
    assert {e.user_id: e.state for e in await db.tournaments.entrants(1)}[int(alice.id)] is EntrantState.DROPPED
    [alices] = [m for m in matches if (m.round, m.board) == (first.round, first.board)]
    assert behind_the_computers(alices, alice.id), "Alice left her game: she finishes it last"
    [bobs] = [m for m in matches if (m.round, m.board) == (bobs.round, bobs.board)]
    assert behind_the_computers(bobs, bob.id), "Bob's turns ran out: he forfeits"
    # A lobby a stop left undealt may be closed and replaced; no match is ever dealt twice.
    games = await db.read("SELECT COUNT(*) AS n FROM games WHERE started_at IS NOT NULL")
    assert games[0]["n"] == len(matches), "one game per match, also across the restart"
    await fake.wait_for_message(fake.channel, lambda m: m.id == card.id and "Champion" in m.text, timeout=30)
    return Played(db, matches, bobs)


def behind_the_computers(match: Match, player: str) -> bool:
    """Whether `player` finished `match` behind every computer entrant at it (a forfeit: the people who
    forfeit there keep their order among themselves, behind everyone who did not)."""
    assert match.result is not None
    return all(match.result.index(player) > match.result.index(p) for p in match.result if p.startswith("-"))


async def _started(db: Database, round_: int) -> bool:
    return any(m.game_id for m in await db.tournaments.matches(1, round_))


async def test_a_santase_swiss_runs_from_sign_up_to_champion_through_a_restart(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """8 entrants (three people, six computers... Carol left: two people), 4 rounds of Santase to 1."""
    played = await sign_up_to_champion(fake, bots, "schnapsen", 4, format="swiss", rounds=4, players=8, target=1)
    # Four matches in round 1; seven players after Alice left: three matches and a bye in each later round.
    assert len(played.matches) == 4 + 3 * 3
    assert all(len(m.players) == 2 for m in played.matches)


async def test_a_thirteen_tables_event_seats_sixteen_at_four_seat_tables(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """16 entrants, 4 rounds of four-seat Thirteen tables; after Alice leaves, 15 fill the tables."""
    played = await sign_up_to_champion(fake, bots, "thirteen", 4, format="tables", rounds=4, players=16, seats=4)
    first = [m for m in played.matches if m.round == 0]
    assert len(first) == 4 and all(len(m.players) == 4 for m in first)
    for round_ in range(1, 4):
        seated = [p for m in played.matches if m.round == round_ for p in m.players]
        assert len(seated) == 15 and len(set(seated)) == 15


async def test_a_gin_knockout_of_eight_plays_down_to_one(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """8 entrants in a single-elimination bracket of Gin to 10: 4, 2, then 1 match."""
    played = await sign_up_to_champion(fake, bots, "gin", 3, format="knockout", players=8, target=10)
    assert [sum(1 for m in played.matches if m.round == r) for r in range(3)] == [4, 2, 1]
    winners = {m.result[0] for m in played.matches if m.round == 2 and m.result}
    assert len(winners) == 1


async def test_seven_players_give_one_a_bye_each_round(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """An odd field with no computers: every round one player sits out with a bye worth a win, never the
    same player twice; the event still runs to its champion (every seat's turns run out: computers finish)."""
    for name in ("frank", "grace"):
        fake.add_user(name)
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    await db.settings.update_guild(int(fake.guild.id), live_turn_seconds=1)
    boss = SimUser(fake, fake.owner)
    card = await open_event(fake, boss, "schnapsen", format="swiss", rounds=3, target=1)
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


async def test_a_thirteen_knockout_sends_each_tables_winner_on(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """16 entrants at four-seat Thirteen tables, single elimination: the four tables' winners meet at one
    final table."""
    played = await sign_up_to_champion(fake, bots, "thirteen", 2, format="knockout", players=16, seats=4)
    first, final = [m for m in played.matches if m.round == 0], [m for m in played.matches if m.round == 1]
    assert len(first) == 4 and len(final) == 1
    assert sorted(final[0].players) == sorted(m.result[0] for m in first if m.result)


async def test_a_match_thread_is_named_in_the_servers_language(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The whole server sees a match's thread: at a Bulgarian server it names the game as Bulgarian players
    do, for the event's tables (a Santase event: "Сантасе"), and its round and match in Bulgarian."""
    bot = await start_bot(bots, tuning=TUNING)
    db = bot.service.db
    boss, alice = SimUser(fake, fake.owner), fake.users["alice"]
    card = await open_event(fake, boss, "schnapsen", computers=True, format="swiss", rounds=1, players=2, target=1)
    card = await click(alice, card, "Join")
    await db.settings.set_guild_language(int(fake.guild.id), "bg")  # after the card is posted: it reads English
    await click(boss, card, "Start now")
    first = await match_of(db, 1, 0, alice.id)
    record = await db.games.get(first.game_id or 0)
    assert record.thread_id is not None, "a match plays in a thread of its own"
    thread = fake.threads.threads[str(record.thread_id)]
    assert thread.name == "Сантасе · " + t("bg", "Round {round}, match {board}", round=1, board=1), thread.name
