"""The shared engine contract: seeded generators and the registry."""

import pytest

from games.base import GameResult, IllegalMove, seeded_rng
from games.registry import KINDS, get_engine


def test_seeded_rng_is_stable_per_path():
    """Deal n of a series comes from (seed, 'deal', n): same path, same numbers; other path, others."""
    assert seeded_rng(5, "deal", 1).random() == seeded_rng(5, "deal", 1).random()
    assert seeded_rng(5, "deal", 1).random() != seeded_rng(5, "deal", 2).random()
    assert seeded_rng(5).random() != seeded_rng(6).random()


def test_illegal_move_carries_the_reason():
    error = IllegalMove("You passed this round; wait for the table to clear.")
    assert error.reason == str(error)


def test_game_result_winners_include_shared_first_places():
    assert GameResult(places=(1, 3, 1), scores=(10, 0, 10)).winners == (0, 2)


def test_registry_refuses_unknown_kinds():
    with pytest.raises(KeyError, match="known kinds"):
        get_engine("poker")
    assert set(KINDS) == {"thirteen", "carousel", "schnapsen", "gin"}


def test_options_from_mapping_defaults_passes_instances_and_names_unknown_keys():
    """One validation path for every game's table options: None, an instance, a mapping, a bad key."""
    from dataclasses import dataclass

    from games.base import options_from_mapping

    @dataclass(frozen=True)
    class Opts:
        target: int = 150

    assert options_from_mapping(Opts, None, "Test") == Opts()
    given = Opts(40)
    assert options_from_mapping(Opts, given, "Test") is given
    assert options_from_mapping(Opts, {"target": 7}, "Test") == Opts(7)
    with pytest.raises(ValueError, match="unknown Test option 'jokers'; known options: target"):
        options_from_mapping(Opts, {"jokers": 2}, "Test")
