"""Away and quiet hours in the offline Discord, on virtual time (the service's clock).

A person away stops the timers of their casual turns (until their return, up to the server's limit),
the table and the lobby say so, one tap brings them back with a whole turn from that moment; live
games are not affected. Quiet hours keep a casual deadline out of the night on the player's clock.
"""

from __future__ import annotations

import asyncio
import datetime as dt

from bench.players.common import click, game_id_of, open_lobby, start_bot, start_game
from bot.moves.deadlines import DAY
from bot.process.bot import CardBot
from data import MoveSource
from fakediscord import FakeDiscord, Message, SimUser

HOUR = 3600.0
START = dt.datetime(2026, 1, 15, 2, 0, tzinfo=dt.UTC).timestamp()  # 03:00 in Paris, 21:00 in New York


class Clock:
    """Virtual time for the service: moves only when the test says."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def on_virtual_time(bot: CardBot, now: float = START) -> Clock:
    """The service on a clock the test moves; the test sweeps itself (one sweep at a time, as the bot's
    own loop does)."""
    await bot.sweeper.stop()
    clock = Clock(now)
    bot.service.clock = clock
    return clock


def stamp(at: float) -> str:
    return dt.datetime.fromtimestamp(at, dt.UTC).strftime("%Y-%m-%d %H:%M")


async def answer(person: SimUser, command: str, **options: object) -> Message:
    reply = await person.slash(command, **options)
    assert isinstance(reply, Message), reply
    return reply


async def two_player_game(fake: FakeDiscord, pace: str) -> int:
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2, pace=pace)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    return game_id_of(lobby)


async def at_turn(fake: FakeDiscord, bot: CardBot, game_id: int) -> tuple[SimUser, str]:
    """The person whose turn it is, and their seat's name."""
    seat = (await bot.service.load(game_id)).seat_at_turn()
    assert seat is not None and seat.user_id is not None
    person = next(user for user in fake.users.values() if int(user.id) == seat.user_id)
    return person, seat.display_name


async def deadline_of(bot: CardBot, game_id: int) -> float:
    deadline = bot.service.turn_deadline(await bot.service.db.games.get(game_id))
    assert deadline is not None
    return deadline


async def timeouts(bot: CardBot, game_id: int) -> int:
    saved = await bot.service.db.games.load(game_id)
    return sum(move.source is MoveSource.TIMEOUT for move in saved.moves)


async def sweep_until_quiet(bot: CardBot) -> None:
    """Every wake-up due at the virtual now handled (a reminder, then a timeout, is two wake-ups)."""
    for _ in range(4):
        if not await bot.sweeper.sweep():
            return


async def timed_out(bot: CardBot, game_id: int) -> None:
    """Sweep until the turn has timed out (a reminder, then the timeout), within a generous bound."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while not await timeouts(bot, game_id):
        assert loop.time() < deadline, "the turn never timed out"
        await bot.sweeper.sweep()
        await asyncio.sleep(0.05)


async def table_shows(fake: FakeDiscord, game_id: int, text: str) -> Message:
    return await fake.wait_for_message(
        fake.channel, lambda m: f"game #{game_id}" in m.text and text in m.text, timeout=20
    )


async def test_away_stops_a_casual_turn_timer_and_the_table_says_who_is_away(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    clock = await on_virtual_time(bot)
    game_id = await two_player_game(fake, "casual")
    person, name = await at_turn(fake, bot, game_id)
    back = START + 3 * DAY
    reply = await answer(person, "settings away", until=stamp(back))
    assert "I'm back" in [button.get("label") for button in reply.buttons]
    assert await deadline_of(bot, game_id) == back + DAY
    await table_shows(fake, game_id, f"{name} is away until <t:{int(back)}:f>")
    clock.now = START + 2 * DAY  # the ordinary deadline has long passed
    await sweep_until_quiet(bot)
    assert await timeouts(bot, game_id) == 0


async def test_coming_back_early_restores_the_timer_from_the_moment_of_return(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    clock = await on_virtual_time(bot)
    game_id = await two_player_game(fake, "casual")
    person, name = await at_turn(fake, bot, game_id)
    reply = await answer(person, "settings away", until=stamp(START + 5 * DAY))
    await table_shows(fake, game_id, f"{name} is away")
    clock.now = START + 2 * HOUR
    welcome = await person.click(reply, label="I'm back")
    assert isinstance(welcome, Message) and "Welcome back" in welcome.text
    assert await deadline_of(bot, game_id) == START + 2 * HOUR + DAY
    await table_shows(fake, game_id, "to play, time runs out")
    clock.now = START + 2 * HOUR + DAY + 1
    await timed_out(bot, game_id)


async def test_away_again_is_coming_back(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    clock = await on_virtual_time(bot)
    game_id = await two_player_game(fake, "casual")
    person, _ = await at_turn(fake, bot, game_id)
    await answer(person, "settings away")
    clock.now = START + HOUR
    again = await answer(person, "settings away")
    assert "Welcome back" in again.text
    assert await deadline_of(bot, game_id) == START + HOUR + DAY


async def test_the_servers_limit_caps_how_long_an_away_timer_stops(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    clock = await on_virtual_time(bot)
    owner = SimUser(fake, fake.owner)
    panel = await answer(owner, "settings server", away_days=1)
    assert "at most 24 h" in panel.text
    game_id = await two_player_game(fake, "casual")
    person, name = await at_turn(fake, bot, game_id)
    await answer(person, "settings away")  # until I'm back
    assert await deadline_of(bot, game_id) == START + DAY + DAY
    await table_shows(fake, game_id, f"{name} is away until they're back (<t:{int(START + DAY)}:f> at the latest)")
    clock.now = START + 2 * DAY + 1
    await timed_out(bot, game_id)


async def test_a_live_game_is_not_affected_by_away(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    await on_virtual_time(bot)
    game_id = await two_player_game(fake, "live")
    person, _ = await at_turn(fake, bot, game_id)
    before = await deadline_of(bot, game_id)
    await answer(person, "settings away", until=stamp(START + 3 * DAY))
    assert await deadline_of(bot, game_id) == before
    table = await table_shows(fake, game_id, "to play, time runs out")
    assert "is away" not in table.text


async def test_the_lobby_shows_a_seated_player_who_is_away(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    bot = await start_bot(bots)
    await on_virtual_time(bot)
    alice = fake.users["alice"]
    back = START + 2 * DAY
    await answer(alice, "settings away", until=stamp(back))
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2, pace="casual")
    assert f"<@{alice.id}> (host) (away until <t:{int(back)}:f>)" in lobby.text


async def test_quiet_hours_move_a_deadline_out_of_the_night_on_the_players_clock(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The game starts at 03:00 in Paris: the 24-hour deadline would fall at 03:00; it moves to 07:00 Paris."""
    bot = await start_bot(bots)
    await on_virtual_time(bot)
    owner = SimUser(fake, fake.owner)
    panel = await answer(owner, "settings server", quiet_hours="23:00-07:00", time_zone="America/New_York")
    assert "23:00-07:00" in panel.text
    for name in ("alice", "bob"):
        await answer(fake.users[name], "settings time-zone", zone="Europe/Paris")
    game_id = await two_player_game(fake, "casual")
    seven_in_paris = dt.datetime(2026, 1, 16, 6, 0, tzinfo=dt.UTC).timestamp()
    assert await deadline_of(bot, game_id) == seven_in_paris
    await table_shows(fake, game_id, f"<t:{int(seven_in_paris)}:R>")


async def test_quiet_hours_use_the_servers_zone_for_a_player_without_one(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """21:00 in New York is outside the night there: the deadline stays 24 hours after the start."""
    bot = await start_bot(bots)
    await on_virtual_time(bot)
    owner = SimUser(fake, fake.owner)
    await answer(owner, "settings server", quiet_hours="23:00-07:00", time_zone="America/New_York")
    game_id = await two_player_game(fake, "casual")
    assert await deadline_of(bot, game_id) == START + DAY


async def test_a_bad_time_zone_gets_a_friendly_answer(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    await start_bot(bots)
    reply = await answer(fake.users["alice"], "settings time-zone", zone="Mars/Olympus")
    assert "I don't know the time zone" in reply.text and "Europe/Paris" in reply.text


async def test_the_table_stops_saying_away_once_the_away_has_ended(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Back on the date given: by the turn's reminder the table shows the turn line again, not the away."""
    bot = await start_bot(bots)
    clock = await on_virtual_time(bot)
    game_id = await two_player_game(fake, "casual")
    person, name = await at_turn(fake, bot, game_id)
    back = START + DAY
    await answer(person, "settings away", until=stamp(back))
    await table_shows(fake, game_id, f"{name} is away")
    clock.now = await deadline_of(bot, game_id) - 1  # past the reminder, before the deadline
    await sweep_until_quiet(bot)
    await fake.wait_for_message(fake.channel, lambda m: "⏰" in m.text, timeout=20)
    table = await table_shows(fake, game_id, "to play, time runs out")
    assert "is away" not in table.text
