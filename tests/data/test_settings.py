"""User and server settings (design §4, notes E.3/E.6) and deleting a user's data on request."""

from __future__ import annotations

from data import GuildSettings, HandDelivery, TurnNotice, TurnTimer, UserSettings
from data.privacy import ERASED_NAME
from games.base import GameResult

from .conftest import GUILD, T0, active_game


async def test_unknown_user_reads_defaults(db):
    """A user who never changed anything gets the documented defaults."""
    assert await db.settings.user(5) == UserSettings(5)


async def test_user_update_changes_only_given_fields(db):
    """Updating one field keeps the others as they were."""
    await db.settings.update_user(5, hand_delivery=HandDelivery.PANEL, turn_notice=TurnNotice.OFF)
    await db.settings.update_user(5, dm_closed=True)
    assert await db.settings.user(5) == UserSettings(5, HandDelivery.PANEL, dm_closed=True, turn_notice=TurnNotice.OFF)


async def test_dm_closed_lookup_for_a_table(db):
    """One query tells which seated players are known to refuse DMs (design §4)."""
    await db.settings.update_user(1, dm_closed=True)
    await db.settings.update_user(2, dm_closed=False)
    assert await db.settings.users_with_dm_closed([1, 2, 3]) == {1}


async def test_the_languages_chosen_are_every_persons_and_servers_choice(db):
    """What the bot asks at start to know whether its drawing processes shape right-to-left words ahead."""
    assert await db.settings.languages_chosen() == frozenset()
    await db.settings.set_language(1, "ur")
    await db.settings.set_language(2, None)
    await db.settings.set_guild_language(GUILD, "ka")
    assert await db.settings.languages_chosen() == {"ur", "ka"}


async def test_guild_defaults_and_updates(db):
    """Servers start with default timers; updates persist and the timer helper picks live or casual."""
    assert await db.settings.guild(GUILD) == GuildSettings(GUILD)
    await db.settings.update_guild(GUILD, live_turn_seconds=45, computer_games_count=True)
    await db.settings.set_manager_role(GUILD, 777)
    stored = await db.settings.guild(GUILD)
    assert (stored.live_turn_seconds, stored.manager_role_id, stored.computer_games_count) == (45, 777, True)
    assert stored.turn_seconds(TurnTimer.LIVE) == 45
    assert stored.turn_seconds(TurnTimer.CASUAL) == GuildSettings(GUILD).casual_turn_seconds
    assert (await db.settings.set_manager_role(GUILD, None)).manager_role_id is None


async def test_allowed_channels(db):
    """An empty channel list allows every channel; a list restricts games to it."""
    assert (await db.settings.guild(GUILD)).allows_channel(1)
    stored = await db.settings.set_allowed_channels(GUILD, [10, 11])
    assert stored.allowed_channel_ids == {10, 11}
    assert stored.allows_channel(10) and not stored.allows_channel(1)
    assert (await db.settings.set_allowed_channels(GUILD, [])).allows_channel(1)


async def test_erase_user_removes_identity_but_keeps_others_results(db):
    """Erasure drops settings and ratings and replaces id and name in results with a pseudonym."""
    game = await active_game(db, (1, 2))
    await db.games.finish(game.id, 0, GameResult((1, 2), (5, 0)), at=T0 + 5)
    await db.settings.update_user(1, turn_notice=TurnNotice.OFF)
    before_two = await db.results.rating(GUILD, "thirteen", 2)
    erasure = await db.privacy.erase_user(1, at=T0 + 6)
    assert erasure.pseudonym < 0 and erasure.open_game_ids == ()
    assert await db.settings.user(1) == UserSettings(1)
    assert await db.results.rating(GUILD, "thirteen", 1) is None
    match = await db.results.match_for_game(game.id)
    assert (match.players[0].user_id, match.players[0].display_name) == (erasure.pseudonym, ERASED_NAME)
    seat = (await db.games.get(game.id)).seats[0]
    assert (seat.user_id, seat.display_name) == (erasure.pseudonym, ERASED_NAME)
    assert await db.results.rating(GUILD, "thirteen", 2) == before_two


async def test_recompute_after_erasure_keeps_other_ratings(db):
    """Recomputing after an erasure gives the others the same ratings and recreates none for the erased."""
    for n in range(4):
        game = await active_game(db, (1, 2, 3), channel_id=n)
        await db.games.finish(
            game.id, 0, GameResult(((n % 3) + 1, ((n + 1) % 3) + 1, ((n + 2) % 3) + 1), (0,) * 3), at=T0 + n
        )
    await db.privacy.erase_user(2, at=T0 + 9)
    stored = await db.results.all_ratings(GUILD, "thirteen")
    await db.results.recompute_ratings(GUILD, "thirteen")
    assert await db.results.all_ratings(GUILD, "thirteen") == stored
    assert set(stored) == {1, 3}


async def test_erase_reports_open_games_and_erases_their_seats_at_once(db):
    """Seats in open games are reported, and become computer seats under the pseudonym straight away."""
    game = await active_game(db, (1, 2))
    erasure = await db.privacy.erase_user(2, at=T0)
    assert erasure.open_game_ids == (game.id,)
    seat = (await db.games.get(game.id)).seats[1]
    assert (seat.user_id, seat.is_computer) == (erasure.pseudonym, True)


async def test_erased_while_seated_is_erased_from_the_result_when_the_game_ends(db, tmp_path):
    """The deferred part of an erasure is stored: it happens at the game's end even after a reopen."""
    game = await active_game(db, (1, 2))
    await db.games.replace_with_computer(game.id, 1, "normal")  # what the bot does first
    await db.privacy.erase_user(2, at=T0)
    match = await db.games.finish(game.id, game.version, GameResult(places=(2, 1), scores=(0, 1)), at=T0 + 1)
    assert [p.display_name for p in match.players][1] == ERASED_NAME
    assert all(p.user_id != 2 for p in match.players)
    assert (await db.games.get(game.id)).seats[1].user_id != 2


async def test_erased_while_seated_is_erased_when_the_game_is_abandoned(db):
    game = await active_game(db, (1, 2))
    await db.privacy.erase_user(2, at=T0)
    record = await db.games.abandon(game.id, at=T0 + 1, reason="ended")
    assert record.seats[1].display_name == ERASED_NAME and record.seats[1].user_id != 2
