"""Results and ratings: OpenSkill Plackett-Luce per server/kind/player, all-human only, recomputable (design §5)."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from data import Rating, RatingModel, VersionConflict
from data.ratings import RatedSeat, display_change, display_rating, replay_ratings
from games.base import GameResult

from .conftest import GUILD, T0, active_game


async def finish(
    db, users, places, *, kind="thirteen", guild_id=GUILD, computers=(), at=T0 + 10, channel_id=500, scores=None
):
    game = await active_game(db, users, computers=computers, kind=kind, guild_id=guild_id, channel_id=channel_id)
    scores = scores or tuple(-p for p in places)
    return await db.games.finish(game.id, 0, GameResult(tuple(places), tuple(scores)), at=at)


def _openskill_rate(befores, places):
    model = PlackettLuce()
    teams = [[model.create_rating([r.mu, r.sigma])] for r in befores]
    return [Rating(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=list(places))]


async def test_first_match_matches_openskill(db):
    """A first rated match gives exactly what openskill's PlackettLuce gives for fresh players."""
    match = await finish(db, (1, 2, 3, 4), (2, 1, 4, 3))
    model = PlackettLuce()
    expected = _openskill_rate([Rating(model.mu, model.sigma)] * 4, (2, 1, 4, 3))
    assert match.rated
    assert [p.after for p in match.players] == expected
    assert await db.results.all_ratings(GUILD, "thirteen") == dict(zip((1, 2, 3, 4), expected, strict=True))


async def test_second_match_starts_from_stored_ratings(db):
    """Ratings carry over: the next match is rated from each player's stored mu and sigma."""
    first = await finish(db, (1, 2, 3), (1, 2, 3))
    second = await finish(db, (3, 1, 5), (1, 3, 2), at=T0 + 20)
    before = {p.user_id: p.after for p in first.players}
    start = [before[3], before[1], RatingModel().initial]
    assert [p.before for p in second.players] == start
    assert [p.after for p in second.players] == _openskill_rate(start, (1, 3, 2))


async def test_shared_place_is_a_tie(db):
    """Equal places (Carousel ties, D-CA-4) rate as a draw: both tied players change alike."""
    match = await finish(db, (1, 2), (1, 1), kind="carousel")
    a, b = (p.after for p in match.players)
    assert a == b


async def test_ratings_are_per_guild_and_kind(db):
    """The same players in another kind or another server start from scratch."""
    await finish(db, (1, 2), (1, 2), kind="schnapsen", channel_id=1)
    other_kind = await finish(db, (1, 2), (1, 2), kind="carousel", channel_id=2)
    other_guild = await finish(db, (1, 2), (1, 2), guild_id=999, kind="schnapsen", channel_id=3)
    fresh = RatingModel().initial
    assert all(p.before == fresh for p in other_kind.players + other_guild.players)


async def test_game_with_computer_is_not_rated(db):
    """A computer seat makes the game unrated: results stored, no rating rows (design §5)."""
    match = await finish(db, (1, 2), (2, 1, 3), computers=("easy",))
    assert not match.rated and match.with_computers
    assert [p.after for p in match.players] == [None, None, None]
    assert await db.results.all_ratings(GUILD, "thirteen") == {}


async def test_replaced_seat_makes_game_unrated(db):
    """A human replaced mid-game by a computer voids the rating for everyone."""
    game = await active_game(db, (1, 2, 3))
    await db.games.replace_with_computer(game.id, 1, "easy")
    match = await db.games.finish(game.id, 0, GameResult((1, 2, 3), (0, 0, 0)), at=T0 + 5)
    assert not match.rated
    assert match.players[1].user_id == 2 and match.players[1].is_computer


async def test_abandoned_game_leaves_no_match(db):
    """An abandoned game is never a result."""
    game = await active_game(db, (1, 2))
    await db.games.abandon(game.id, at=T0 + 5, reason="timeout")
    assert await db.results.match_for_game(game.id) is None
    assert await db.results.recent_matches(GUILD) == []


async def test_finish_checks_result_size_and_version(db):
    """A result for the wrong number of seats, or on a stale version, is refused and nothing changes."""
    game = await active_game(db, (1, 2, 3))
    with pytest.raises(ValueError, match="3 seats"):
        await db.games.finish(game.id, 0, GameResult((1, 2), (0, 0)), at=T0)
    with pytest.raises(VersionConflict):
        await db.games.finish(game.id, 4, GameResult((1, 2, 3), (0, 0, 0)), at=T0)
    assert (await db.games.get(game.id)).status.value == "active"


async def _random_season(db, seed: int, matches: int) -> None:
    rng = random.Random(seed)
    for n in range(matches):
        kind = rng.choice(("thirteen", "carousel"))
        users = rng.sample(range(1, 9), rng.randint(2, 4))
        places = list(range(1, len(users) + 1))
        rng.shuffle(places)
        await finish(db, users, places, kind=kind, guild_id=rng.choice((GUILD, 222)), at=T0 + n, channel_id=n)


async def test_recompute_from_log_gives_identical_ratings(db):
    """Dropping ratings and replaying the match log reproduces every stored rating exactly (notes D.3)."""
    await _random_season(db, seed=3, matches=40)
    boards = [(g, k) for g in (GUILD, 222) for k in ("thirteen", "carousel")]
    stored = {b: await db.results.all_ratings(*b) for b in boards}
    history = [m.players for m in await db.results.recent_matches(GUILD, limit=100)]
    async with db.transaction() as tx:
        await tx.run("UPDATE ratings SET mu = 0, sigma = 1, games = 0")
    assert await db.results.recompute_ratings() == 40
    assert {b: await db.results.all_ratings(*b) for b in boards} == stored
    assert [m.players for m in await db.results.recent_matches(GUILD, limit=100)] == history
    assert await db.results.leaderboard(GUILD, "thirteen", min_games=1)


def test_replay_ratings_pure_matches_sequential_openskill():
    """The pure replay equals rating each match with openskill in order."""
    model = RatingModel()
    log = [[RatedSeat("a", 1), RatedSeat("b", 2)], [RatedSeat("b", 1), RatedSeat("c", 2), RatedSeat("a", 3)]]
    changes, final = replay_ratings(model, log)
    a1, b1 = _openskill_rate([model.initial, model.initial], (1, 2))
    b2, c2, a2 = _openskill_rate([b1, model.initial, a1], (1, 2, 3))
    assert final == {"a": a2, "b": b2, "c": c2}
    assert [c.after for c in changes[1]] == [b2, c2, a2]


async def test_leaderboard_orders_by_ordinal_with_min_games(db):
    """The board lists players with enough rated games, best conservative rating first."""
    for n in range(6):
        await finish(db, (1, 2, 3), (1, 2, 3), at=T0 + n, channel_id=n)
    await finish(db, (1, 4), (2, 1), at=T0 + 10, channel_id=10)
    board = await db.results.leaderboard(GUILD, "thirteen", min_games=5)
    assert [e.user_id for e in board] == [1, 2, 3]
    assert [e.rank for e in board] == [1, 2, 3]
    assert board[0].rating.ordinal > board[1].rating.ordinal > board[2].rating.ordinal
    assert (board[0].games, board[0].wins) == (7, 6)
    assert await db.results.rank_of(GUILD, "thirteen", 4, min_games=5) is None
    assert await db.results.rank_of(GUILD, "thirteen", 2, min_games=5) == 2


async def test_leaderboard_hides_opted_out_players(db):
    """A player who opted out is neither listed nor counted in others' ranks."""
    for n in range(5):
        await finish(db, (1, 2, 3), (1, 2, 3), at=T0 + n, channel_id=n)
    await db.settings.update_user(1, leaderboard_opt_out=True)
    board = await db.results.leaderboard(GUILD, "thirteen", min_games=5)
    assert [(e.user_id, e.rank) for e in board] == [(2, 1), (3, 2)]
    assert await db.results.rank_of(GUILD, "thirteen", 1, min_games=5) is None


async def test_equal_ratings_share_a_rank(db):
    """Players with identical ordinals get the same rank."""
    for n in range(3):
        await finish(db, (1, 2), (1, 1), at=T0 + n, channel_id=n)
    board = await db.results.leaderboard(GUILD, "thirteen", min_games=1)
    assert [e.rank for e in board] == [1, 1]


async def test_player_stats_count_computer_games_only_if_guild_allows(db):
    """Games with computer seats count in stats when the server says so; ratings ignore them either way."""
    await finish(db, (1, 2), (1, 2), channel_id=1, scores=(10, 4))
    await finish(db, (1,), (1, 2), computers=("easy",), channel_id=2, scores=(7, 1))
    stats = await db.results.player_stats(GUILD, 1, kind="thirteen", min_games=1)
    assert (stats.games, stats.wins, stats.total_score, stats.rated_games, stats.rank) == (1, 1, 10, 1, 1)
    await db.settings.update_guild(GUILD, computer_games_count=True)
    stats = await db.results.player_stats(GUILD, 1)
    assert (stats.games, stats.wins, stats.total_score, stats.average_place) == (2, 2, 17, 1.0)
    assert stats.rating is None


async def test_recent_matches_newest_first_and_filtered(db):
    """History pages newest first and filters by kind and player."""
    a = await finish(db, (1, 2), (1, 2), at=T0 + 1, channel_id=1)
    b = await finish(db, (2, 3), (1, 2), at=T0 + 2, channel_id=2, kind="carousel")
    c = await finish(db, (1, 3), (2, 1), at=T0 + 3, channel_id=3)
    assert [m.id for m in await db.results.recent_matches(GUILD)] == [c.id, b.id, a.id]
    assert [m.id for m in await db.results.recent_matches(GUILD, kind="thirteen")] == [c.id, a.id]
    assert [m.id for m in await db.results.recent_matches(GUILD, user_id=2)] == [b.id, a.id]
    assert [m.id for m in await db.results.recent_matches(GUILD, limit=1, before_id=c.id)] == [b.id]


def test_a_new_player_is_shown_at_1000():
    """The display scale starts a player who never played at 1000, not at OpenSkill's ordinal 0."""
    assert display_rating(RatingModel().initial) == 1000


def test_a_first_loss_is_never_shown_negative():
    """After a first rated loss the shown rating drops a little below 1000, never below 0."""
    model = RatingModel()
    winner, loser = model.rate([model.initial, model.initial], [1, 2])
    assert 900 < display_rating(loser) < 1000 < display_rating(winner)
    assert display_change(model.initial, loser) < 0 < display_change(model.initial, winner)
    assert display_rating(Rating(0.0, 20.0)) == 0  # an ordinal of -60 clamps at 0


def test_the_display_scale_keeps_the_board_order():
    """A higher ordinal never shows as a lower rating (boards sort by ordinal, players read the display)."""
    ratings = [Rating(mu, sigma) for mu in (10.0, 20.0, 25.0, 30.0) for sigma in (1.0, 4.0, 8.0)]
    by_ordinal = sorted(ratings, key=lambda rating: rating.ordinal)
    shown = [display_rating(rating) for rating in by_ordinal]
    assert shown == sorted(shown)
