"""The runner's arithmetic around the pure event (bot.flows.tournaments): how far computers fill a field, which
of a round's tables are matches, how a finished game's order scores, and the owed posts' order."""

from __future__ import annotations

from bot.flows.tournaments import field_size, round_matches, scored
from data.tournaments import _post_order
from tournaments.knockout import KnockoutEvent
from tournaments.model import Format, Outcome, Player
from tournaments.swiss import SwissEvent


def players(count: int) -> tuple[Player, ...]:
    return tuple(Player(str(n + 1), 0.0, n) for n in range(count))


def test_a_swiss_field_is_filled_to_an_even_count() -> None:
    assert field_size(Format.SWISS, 3, 2, 0) == 4
    assert field_size(Format.SWISS, 2, 2, 7) == 8


def test_a_tables_field_is_filled_to_full_tables() -> None:
    assert field_size(Format.TABLES, 2, 4, 16) == 16
    assert field_size(Format.TABLES, 5, 4, 0) == 8


def test_a_knockout_field_is_filled_to_a_whole_bracket() -> None:
    assert field_size(Format.KNOCKOUT, 5, 2, 0) == 8
    assert field_size(Format.KNOCKOUT, 2, 2, 8) == 8


def test_a_swiss_result_scores_the_winner_of_either_seat() -> None:
    event = SwissEvent(players(2), 1).pair_next()
    pairing = event.rounds[0].pairings[0]
    assert scored(event, 0, (pairing.second, pairing.first), False).rounds[0].outcomes == (Outcome.SECOND,)
    assert scored(event, 0, pairing.players, True).rounds[0].outcomes == (Outcome.DRAW,)


def test_a_knockout_bye_is_no_match() -> None:
    event = KnockoutEvent(players(3)).pair_next()
    matches = round_matches(event)
    assert len(matches) == 1 and all(len(seats) == 2 for _, seats in matches)


def test_owed_posts_tell_the_rounds_in_order_and_the_champion_last() -> None:
    keys = ["champion", "round-10", "round-2", "round-0"]
    assert sorted(keys, key=_post_order) == ["round-0", "round-2", "round-10", "champion"]
