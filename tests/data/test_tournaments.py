"""Stored tournaments on both engines (data.tournaments): sign-up, a step applied once whoever applies it,
a match's start claimed once, owed posts claimed once."""

from __future__ import annotations

from data import Database, TurnTimer
from data.tournaments import EntrantState, Step, TournamentState

from .conftest import GUILD, T0, active_game


async def new(db: Database, **changes: object):  # type: ignore[no-untyped-def]
    values: dict[str, object] = dict(
        guild_id=GUILD, channel_id=500, organiser_id=1, kind="schnapsen", options={"target": 7}, format="swiss",
        rounds=3, seats=2, field=8, starts_at=T0 + 3600, timer=TurnTimer.LIVE, turn_seconds=90, computers=True,
        checkin_minutes=0, at=T0,
    )  # fmt: skip
    values.update(changes)
    return await db.tournaments.create(**values)  # type: ignore[arg-type]


async def test_a_new_tournament_is_open_for_sign_up(db: Database) -> None:
    made = await new(db)
    got = await db.tournaments.get(made.id)
    assert got == made and got.state is TournamentState.SIGNUP and got.event is None
    assert (got.options, got.timer, got.computers) == ({"target": 7}, TurnTimer.LIVE, True)
    assert [t.id for t in await db.tournaments.open()] == [made.id]


async def test_join_leave_and_join_again_each_change_the_version(db: Database) -> None:
    made = await new(db)
    assert await db.tournaments.join(made.id, 7, "Alice", at=T0)
    assert not await db.tournaments.join(made.id, 7, "Alice", at=T0 + 1)  # already signed up
    assert await db.tournaments.leave(made.id, 7)
    assert not await db.tournaments.leave(made.id, 7)
    assert await db.tournaments.join(made.id, 7, "Alice B", at=T0 + 2)
    [alice] = await db.tournaments.entrants(made.id)
    assert (alice.display_name, alice.state) == ("Alice B", EntrantState.JOINED)
    assert (await db.tournaments.get(made.id)).version == made.version + 3  # type: ignore[union-attr]


async def test_sign_up_closes_once_and_then_refuses_joins(db: Database) -> None:
    made = await new(db)
    await db.tournaments.join(made.id, 7, "Alice", at=T0)
    step = Step({"format": "swiss"}, new_matches=[(0, 0, ["7", "-1"])], state=TournamentState.RUNNING)
    assert await db.tournaments.begin(made.id, made.version + 1, step, [(-1, "Ada")], at=T0)
    assert not await db.tournaments.begin(made.id, made.version + 1, step, [(-1, "Ada")], at=T0)
    got = await db.tournaments.get(made.id)
    assert got is not None and got.state is TournamentState.RUNNING and got.event == {"format": "swiss"}
    assert [e.user_id for e in await db.tournaments.entrants(made.id)] == [-1, 7]
    assert [m.players for m in await db.tournaments.matches(made.id)] == [("7", "-1")]
    assert not await db.tournaments.join(made.id, 8, "Bob", at=T0)


async def test_a_step_from_an_old_version_is_refused(db: Database) -> None:
    """Two processes stepping one tournament: the second, from the version both read, changes nothing."""
    made = await new(db)
    first = Step({"n": 1}, posts=["round-1"], results=[], dropped=[])
    assert await db.tournaments.apply(made.id, made.version, first)
    assert not await db.tournaments.apply(made.id, made.version, Step({"n": 2}, posts=["round-2"]))
    got = await db.tournaments.get(made.id)
    assert got is not None and got.event == {"n": 1}
    assert await db.tournaments.owed_posts() == [(made.id, "round-1")]


async def test_a_match_start_is_claimed_once_and_a_stale_claim_is_taken_again(db: Database) -> None:
    made = await new(db)
    await db.tournaments.apply(made.id, made.version, Step({}, new_matches=[(0, 0, ["1", "2"])]))
    assert await db.tournaments.claim_match(made.id, 0, 0, at=T0, stale_after=60, seed=5) == 5
    assert await db.tournaments.claim_match(made.id, 0, 0, at=T0 + 1, stale_after=60, seed=6) is None
    assert await db.tournaments.claim_match(made.id, 0, 0, at=T0 + 61, stale_after=60, seed=7) == 5  # the first seed
    await db.tournaments.match_started(made.id, 0, 0, 42)
    assert await db.tournaments.claim_match(made.id, 0, 0, at=T0 + 1000, stale_after=60, seed=8) is None
    assert await db.tournaments.of_game(42) == made.id and await db.tournaments.of_game(43) is None


async def test_an_owed_post_is_claimed_once_and_recorded(db: Database) -> None:
    made = await new(db)
    await db.tournaments.apply(made.id, made.version, Step({}, posts=["champion"]))
    assert await db.tournaments.claim_post(made.id, "champion", at=T0, redo_within=60)
    assert not await db.tournaments.claim_post(made.id, "champion", at=T0 + 120, redo_within=60)
    await db.tournaments.posted(made.id, "champion", 999)
    assert await db.tournaments.owed_posts() == []


async def test_cancel_closes_an_open_tournament_once(db: Database) -> None:
    made = await new(db)
    assert await db.tournaments.cancel(made.id)
    assert not await db.tournaments.cancel(made.id)
    assert await db.tournaments.open() == []


async def test_the_runner_has_work_while_a_tournament_is_open_or_owes_a_post(db: Database) -> None:
    assert not await db.tournaments.any_work()
    made = await new(db)
    assert await db.tournaments.any_work()
    await db.tournaments.cancel(made.id, post="cancelled")
    assert await db.tournaments.any_work()  # the cancellation is still owed
    await db.tournaments.posted(made.id, "cancelled", 1)
    assert not await db.tournaments.any_work()


async def test_a_match_whose_game_closed_undealt_is_free_to_start_again(db: Database) -> None:
    made = await new(db)
    await db.tournaments.apply(made.id, made.version, Step({}, new_matches=[(0, 0, ["1", "2"])]))
    await db.tournaments.claim_match(made.id, 0, 0, at=T0, stale_after=60, seed=5)
    await db.tournaments.match_started(made.id, 0, 0, 42)
    await db.tournaments.unlink_game(made.id, 0, 0, 42)
    [match] = await db.tournaments.matches(made.id)
    assert match.game_id is None and match.claimed_at is None
    assert await db.tournaments.claim_match(made.id, 0, 0, at=T0 + 1, stale_after=60, seed=9) == 9  # a fresh game


async def test_a_start_redone_finds_the_game_its_seed_made(db: Database) -> None:
    game = await active_game(db, (1, 2))
    assert await db.tournaments.game_with_seed(GUILD, game.seed) == game.id
    assert await db.tournaments.game_with_seed(GUILD, game.seed + 1) is None


async def test_round_times_are_stored_and_pinned_only_at_the_version_read(db: Database) -> None:
    """A casual event's interval is kept; a move pins round starts once, and a move from an old version
    (another process moved or stepped first) changes nothing."""
    made = await new(db, timer=TurnTimer.CASUAL, round_seconds=7200)
    assert (made.round_seconds, made.round_times, made.pins) == (7200, (), (T0 + 3600,))
    step = Step({"format": "swiss"}, state=TournamentState.RUNNING)
    assert await db.tournaments.begin(made.id, made.version, step, [], at=T0)
    assert not await db.tournaments.reschedule(made.id, made.version, [T0, T0 + 1])
    assert await db.tournaments.reschedule(made.id, made.version + 1, [T0 + 3600, T0 + 9000])
    got = await db.tournaments.get(made.id)
    assert got is not None and got.pins == (T0 + 3600, T0 + 9000) and got.version == made.version + 2


async def test_a_matchs_thread_is_kept_for_its_redone_start_and_a_replacement_game(db: Database) -> None:
    """The thread a start opened is stored before its game exists: a start redone after a crash, and a
    replacement for a lobby closed undealt, find it (a Discord snowflake: beyond 32 bits)."""
    made = await new(db)
    await db.tournaments.apply(made.id, made.version, Step({}, new_matches=[(0, 0, ["1", "2"])]))
    assert await db.tournaments.match_thread(made.id, 0, 0) is None
    await db.tournaments.claim_match(made.id, 0, 0, at=T0, stale_after=60, seed=5)
    thread = 1_300_000_000_000_000_001
    await db.tournaments.thread_opened(made.id, 0, 0, thread)
    assert await db.tournaments.match_thread(made.id, 0, 0) == thread
    await db.tournaments.match_started(made.id, 0, 0, 42)
    await db.tournaments.unlink_game(made.id, 0, 0, 42)
    [match] = await db.tournaments.matches(made.id)
    assert match.game_id is None and match.thread_id == thread
