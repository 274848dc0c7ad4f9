"""The real bot on PostgreSQL, end to end in the offline Discord: `CARDROOM_DATABASE` set to a URL
runs the same bot, and a second bot started on the same database after the first stops carries on."""

from __future__ import annotations

from bench.players.common import FAST, game_id_of, is_my_turn, play_all, start_game, take_turn_with_hint
from bot.process.bot import CardBot
from fakediscord import FakeDiscord
from tests.e2e.test_bot_core import seat_people


async def test_a_game_on_postgresql_survives_a_restart_and_is_rated(pg_schema: str, fake: FakeDiscord, bots) -> None:
    """Two people play on a bot whose database is a PostgreSQL URL; the bot stops mid-game, another
    starts on the same database, the first bot's DM hand still plays, and the finished game is rated.
    (`pg_schema` comes first so that it outlives the bots at teardown.)"""
    settings = bots.settings(database_path=pg_schema)
    first = await bots.start(settings, tuning=FAST)
    assert isinstance(first, CardBot) and first.service.db.dialect == "postgresql"
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await seat_people(fake, alice, [bob], seats=2)
    await start_game(fake, alice, lobby, [alice, bob])
    game_id = game_id_of(lobby)
    loaded = await first.service.load(game_id)
    mover = alice if loaded.state.to_move == 0 else bob
    hand = await fake.wait_for_message(mover.dm, lambda m: is_my_turn(m))
    await bots.stop(first)
    second = await bots.start(settings, tuning=FAST)
    assert isinstance(second, CardBot)
    await take_turn_with_hint(fake, mover, hand)
    assert (await second.service.load(game_id)).record.version > loaded.record.version
    await play_all(fake, [alice, bob])
    match = await second.service.db.results.match_for_game(game_id)
    assert match is not None and match.rated
