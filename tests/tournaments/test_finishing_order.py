"""A match's finishing order from its game's places (D-TN-2): by place, a shared place by the seeding."""

from __future__ import annotations

from tournaments.model import Player, finishing_order

PLAYERS = (Player("a", 1500.0, 0), Player("b", 1600.0, 1), Player("c", 1500.0, 2))


def test_d_tn2_places_decide_the_order() -> None:
    assert finishing_order([("a", 2), ("b", 3), ("c", 1)], PLAYERS) == ("c", "a", "b")


def test_d_tn2_a_shared_place_goes_to_the_higher_rating() -> None:
    assert finishing_order([("a", 1), ("b", 1)], PLAYERS) == ("b", "a")


def test_d_tn2_a_shared_place_at_equal_ratings_goes_to_the_earlier_sign_up() -> None:
    assert finishing_order([("c", 1), ("a", 1), ("b", 3)], PLAYERS) == ("a", "c", "b")
