"""Carousel played end to end: real discord.py against the offline Discord, people clicking components.

Tables are opened with a seed found by searching the pure engine (`Table.simulate`) for the scenario,
and the people play a fixed policy (Hint / Meld / Confirm, or Draw only) that `Table` mirrors in the
engine, so every expected hand, table, score and winner comes from the engine, never typed in.
"""

from __future__ import annotations

import re

import pytest

from bot.bot import CardBot
from cogs.carousel_text import final_lines
from tests.e2e.carousel_helpers import (
    HINT,
    Table,
    engine_options,
    find_seed,
    open_table,
    play,
    start,
    table_showing,
)
from tests.e2e.helpers import FAST, game_over_in, start_bot
from tests.e2e.schnapsen_helpers import fixed_seed
from tests.fakediscord import BotHarness, FakeDiscord, SimUser

PEOPLE = ("alice", "bob", "carol", "dave", "erin")


def names(fake: FakeDiscord, count: int) -> list[str]:
    return [fake.users[n].person.json()["global_name"] for n in PEOPLE[:count]]


async def played(bot: CardBot, game_id: int = 1) -> list[str]:
    """The moves the bot stored for the game, in order (its own record of what the people did)."""
    return list((await bot.service.db.games.load(game_id)).codes)


def final_standings(fake: FakeDiscord) -> list[tuple[str, int]]:
    result = game_over_in(fake)
    assert result is not None
    return [(name, int(points)) for name, points in re.findall(r"^\d\w\w: (.+) \((\d+)\)$", result.text, re.M)]


async def seat_people(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, table: Table, humans: int
) -> tuple[CardBot, list[SimUser]]:
    """Open `/rummy new` with the table's seed; the first `humans` people take seats 0.. in order and
    the rest are computer players (Start fills them)."""
    fixed_seed(monkeypatch, table.seed)
    bot = await start_bot(bots, FAST)
    people = [fake.users[n] for n in PEOPLE[:humans]]
    lobby = await open_table(fake, people[0], seats=table.players, target=table.options["target"], level=table.level)
    await start(fake, people[0], lobby, people[1:])
    return bot, people


async def test_ca13_two_humans_play_a_whole_game_as_the_engine_does(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-13: two people play hand after hand to the target; final standings equal the engine's."""
    options = engine_options(target=30)

    def fits(seed: int) -> bool:
        last = Table(seed, 2, options, (HINT, HINT)).simulate(limit=120).last
        return last.is_over and last.hand_number > 1

    table = Table(find_seed(fits), 2, options, (HINT, HINT))
    run = table.simulate()
    expected = run.last
    bot, people = await seat_people(fake, bots, monkeypatch, table, 2)
    await play(fake, bot, {person: HINT for person in people})
    assert await played(bot) == run.codes
    result = expected.result()
    seat_names = names(fake, 2)
    ranked = sorted(range(2), key=lambda seat: (result.places[seat], seat))
    assert final_standings(fake) == [(seat_names[seat], result.scores[seat]) for seat in ranked]
    assert expected.final is not None
    await table_showing(fake, final_lines(expected.final, seat_names)[-1])
