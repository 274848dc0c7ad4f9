"""/games's order of a person's open tables (cogs.mygames.ordered), without Discord."""

from __future__ import annotations

from bot.moves.service import Loaded
from cogs.mygames import Listed, ordered, page_count
from data import GameRecord, GameStatus, TurnTimer
from games import registry


def record(game_id: int, status: GameStatus = GameStatus.ACTIVE) -> GameRecord:
    return GameRecord(
        id=game_id, kind=registry.kinds()[0], guild_id=1, channel_id=game_id, thread_id=None, host_user_id=1,
        options={}, seed=1, status=status, version=0, timer=TurnTimer.CASUAL, turn_seconds=86400, deadline=None,
        reminder_sent=False, table_channel_id=None, table_message_id=None, created_at=0.0, started_at=0.0,
        ended_at=None, end_reason=None, updated_at=0.0,
    )  # fmt: skip


def entry(game_id: int, deadline: float | None, *, mine: bool, status: GameStatus = GameStatus.ACTIVE) -> Listed:
    return Listed(Loaded(record(game_id, status), None), None, deadline, mine)


def test_tables_waiting_for_the_person_come_first_then_others_then_lobbies_each_by_deadline() -> None:
    tables = [
        entry(1, 50.0, mine=False),
        entry(2, None, mine=False, status=GameStatus.LOBBY),
        entry(3, 300.0, mine=True),
        entry(4, None, mine=False),
        entry(5, 200.0, mine=True),
        entry(6, 10.0, mine=False, status=GameStatus.LOBBY),
    ]
    assert [t.record.id for t in ordered(tables)] == [5, 3, 1, 4, 6, 2]


def test_five_tables_fill_one_page_and_six_make_two() -> None:
    assert [page_count(n) for n in (0, 1, 5, 6, 11)] == [1, 1, 1, 2, 3]
