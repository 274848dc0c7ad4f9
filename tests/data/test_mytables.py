"""A person's tables across servers (`data.mytables.tables_of`), what `/games` lists, on both backends."""

from __future__ import annotations

from data import Database, GameStatus
from data.mytables import tables_of
from games.base import GameResult

from .conftest import GUILD, T0, active_game, lobby

OTHER_GUILD = 222
ME = 10
WEEK = 7 * 86400


async def test_open_tables_are_running_games_by_deadline_then_lobbies(db: Database) -> None:
    """Running games come first, the nearest stored deadline first (none last), then lobbies."""
    late = await active_game(db, (ME, 2), channel_id=501)
    await db.games.set_deadline(late.id, T0 + 900)
    soon = await active_game(db, (3, ME), channel_id=502, guild_id=OTHER_GUILD)
    await db.games.set_deadline(soon.id, T0 + 100)
    waiting = await active_game(db, (ME, 4), channel_id=503)
    await db.games.set_deadline(waiting.id, None)
    forming = await lobby(db, channel_id=504, host=ME)
    await db.games.add_player(forming.id, ME, "me")
    found = await tables_of(db, ME, finished_since=T0)
    assert [game.id for game in found.open] == [soon.id, late.id, waiting.id, forming.id]
    assert [game.status for game in found.open][-1] is GameStatus.LOBBY


async def test_tables_of_other_people_and_left_seats_are_not_listed(db: Database) -> None:
    """Only games where the person holds a seat they still play: not others' games, not a seat a computer took."""
    mine = await active_game(db, (ME, 2), channel_id=501)
    await active_game(db, (3, 4), channel_id=502)
    left = await active_game(db, (ME, 5), channel_id=503)
    await db.games.replace_with_computer(left.id, 0, "normal")
    found = await tables_of(db, ME, finished_since=T0)
    assert [game.id for game in found.open] == [mine.id]
    assert found.finished == ()


async def test_finished_since_lists_recent_ends_with_the_place(db: Database) -> None:
    """Games ended at or after the time, latest first, with the person's place; older ones and open ones not."""
    old = await active_game(db, (ME, 2), channel_id=501)
    await db.games.finish(old.id, 0, GameResult(places=(1, 2), scores=(1, 0)), at=T0 + 10)
    second = await active_game(db, (3, ME), channel_id=502, guild_id=OTHER_GUILD)
    await db.games.finish(second.id, 0, GameResult(places=(1, 2), scores=(1, 0)), at=T0 + WEEK + 50)
    ended = await active_game(db, (ME, 4), channel_id=503)
    await db.games.abandon(ended.id, at=T0 + WEEK + 60, reason="ended by the host")
    other = await active_game(db, (5, 6), channel_id=504)
    await db.games.finish(other.id, 0, GameResult(places=(1, 2), scores=(1, 0)), at=T0 + WEEK + 70)
    found = await tables_of(db, ME, finished_since=T0 + WEEK)
    assert [(entry.game.id, entry.place) for entry in found.finished] == [(ended.id, None), (second.id, 2)]
    assert found.open == ()
    assert [entry.finished for entry in found.finished] == [False, True]


async def test_tables_in_every_server_are_listed(db: Database) -> None:
    """The person's tables of two servers are in the one list, with each game's server."""
    here = await active_game(db, (ME, 2), channel_id=501, guild_id=GUILD)
    there = await active_game(db, (ME, 3), channel_id=501 + 1, guild_id=OTHER_GUILD)
    found = await tables_of(db, ME, finished_since=T0)
    assert {(game.id, game.guild_id) for game in found.open} == {(here.id, GUILD), (there.id, OTHER_GUILD)}


async def test_open_tables_are_bounded_keeping_the_nearest_deadlines(db: Database) -> None:
    """Past the limit, the tables with the nearest deadlines are kept."""
    games = [await active_game(db, (ME, 2), channel_id=600 + n) for n in range(3)]
    for n, game in enumerate(games):
        await db.games.set_deadline(game.id, T0 + 100 * (3 - n))
    found = await tables_of(db, ME, finished_since=T0, open_limit=2)
    assert [game.id for game in found.open] == [games[2].id, games[1].id]
