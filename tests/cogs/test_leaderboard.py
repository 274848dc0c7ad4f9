"""Season boards and page buttons of /leaderboard, without Discord."""

from __future__ import annotations

from cogs.leaderboard import BoardPage, Period, board_buttons, season_board
from data import MatchPlayer, MatchRecord, RatingModel
from data.ratings import RatedSeat, replay_ratings


def match(match_id: int, at: float, *places: tuple[int, int], rated: bool = True) -> MatchRecord:
    """A match of `(user id, place)` seats."""
    players = tuple(
        MatchPlayer(seat=i, user_id=user, display_name=f"P{user}", is_computer=False, place=place, score=0)
        for i, (user, place) in enumerate(places)
    )
    return MatchRecord(match_id, match_id, 1, "thirteen", at, rated, not rated, players)


LOG = [match(i, float(i), (1, 1 + i % 2), (2, 2 - i % 2)) for i in range(6)] + [
    match(10 + i, 10.0 + i, (3, 1), (4, 2)) for i in range(6)
]


def test_d1_season_board_lists_only_players_with_the_minimum_games() -> None:
    """A player under the minimum number of rated games in the period is rated but not listed."""
    log = [*LOG, match(30, 30.0, (5, 1), (3, 2))]
    board = season_board(RatingModel(), log, frozenset(), min_games=6)
    assert {e.user_id for e in board} == {1, 2, 3, 4}


def test_d1_season_board_sorts_by_ordinal_and_matches_a_full_replay() -> None:
    """Ratings are a replay of the period's rated matches in order; the board sorts by ordinal."""
    board = season_board(RatingModel(), reversed(LOG), frozenset(), min_games=1)
    _, final = replay_ratings(RatingModel(), [[RatedSeat(p.user_id, p.place) for p in m.players] for m in LOG])
    assert [e.user_id for e in board] == sorted(final, key=lambda u: -final[u].ordinal)
    assert all(e.rating.is_close(final[e.user_id]) for e in board)
    assert board[0].user_id == 3 and board[0].wins == 6


def test_d1_season_board_hides_opted_out_and_erased_players() -> None:
    """Opted-out users and erased (negative) ids are never listed, yet still rate their opponents."""
    log = [*LOG, *(match(40 + i, 40.0 + i, (-7, 2), (1, 1)) for i in range(3))]
    with_hidden = season_board(RatingModel(), log, frozenset({3}), min_games=1)
    assert {e.user_id for e in with_hidden} == {1, 2, 4}
    everyone = season_board(RatingModel(), log, frozenset(), min_games=1)
    one = next(e for e in everyone if e.user_id == 1)
    assert next(e for e in with_hidden if e.user_id == 1).rating == one.rating


def test_d1_unrated_matches_do_not_count() -> None:
    """Games with computers are left out of a season board (design §5: only all-human games are rated)."""
    log = [match(i, float(i), (1, 1), (2, 2), rated=False) for i in range(6)]
    assert season_board(RatingModel(), log, frozenset(), min_games=1) == []


def test_d1_equal_ordinals_share_a_rank() -> None:
    """Two players with identical histories tie and share rank 1, like SQL RANK()."""
    log = [match(1, 1.0, (1, 1), (2, 1))]
    board = season_board(RatingModel(), log, frozenset(), min_games=1)
    assert [e.rank for e in board] == [1, 1]


def test_page_buttons_have_unique_ids_and_a_jump_to_the_callers_page() -> None:
    """◀ ▶ never share a custom id (Discord refuses duplicates); "My rank" appears when far away."""
    for page in range(4):
        found = BoardPage(rows=(), page=page, has_next=page < 3, caller=None, caller_page=3)
        buttons = board_buttons("thirteen", Period.ALL, found, caller=42)
        ids = [str(b.item.custom_id) for b in buttons]
        assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
        assert any(b.item.label == "My rank" for b in buttons) == (page < 2)
    assert Period("week").days == 7 and Period("all").days is None
