"""CA-5 / CA-7 meld checker and solver.is_meld (rules.md §2.4 scenario 1)."""

from __future__ import annotations

import pytest

from games.cards import parse_cards
from games.carousel.melds import Meld, TableCard, card_value, hand_value, meld_problem
from games.carousel.solver import is_meld


@pytest.mark.parametrize(
    ("cards", "valid"),
    [
        ("8h 8h#1 8s", False),
        ("8h 8s 8c 8d", True),
        ("8h 8s 8c 8d 8h#1", False),
        ("Ks As 2s", False),
        ("As 2s 3s", True),
        ("Qs Ks As", True),
    ],
)
def test_scenario1_two_deck_melds(cards: str, valid: bool) -> None:
    """§2.4.1: duplicates never share a group, at most 4 in a group, aces low or high, no wrap."""
    assert is_meld(parse_cards(cards)) is valid
    assert (meld_problem(Meld.parse(cards)) is None) is valid


def test_ca5_sequence_needs_one_suit_and_consecutive_ranks() -> None:
    """CA-5: 5h 6h 8h has a gap and 5h 6h 7c mixes suits."""
    assert not is_meld(parse_cards("5h 6h 8h"))
    assert not is_meld(parse_cards("5h 6h 7c"))
    assert is_meld(parse_cards("9c 10c Jc Qc Kc Ac"))


def test_ca5_two_cards_are_not_a_meld() -> None:
    """CA-5: three cards at least."""
    assert meld_problem(Meld.parse("5h 6h")) is not None


def test_ca5_no_full_circle_with_both_aces() -> None:
    """CA-5: an ace is low or high, never both: A 2 ... K A is not a sequence."""
    assert not is_meld(parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah#1"))
    assert is_meld(parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"))


def test_ca7_declared_joker_counts_as_its_card() -> None:
    """CA-7.1: 6h Jk=7h 8h is a sequence; Jk=7c in it is not."""
    assert meld_problem(Meld.parse("6h Jk=7h 8h")) is None
    assert meld_problem(Meld.parse("6h Jk=7c 8h")) is not None


def test_ca7_group_joker_must_take_a_missing_suit() -> None:
    """CA-7.1: in 8h 8d + joker the joker is 8s or 8c, never a second 8h."""
    assert meld_problem(Meld.parse("8h 8d Jk=8s")) is None
    assert meld_problem(Meld.parse("8h 8d Jk=8h")) is not None


def test_dca2_every_meld_keeps_a_natural() -> None:
    """D-CA-2: a meld of jokers only is refused."""
    assert meld_problem(Meld.parse("Jk=7h Jk#1=8h")) is not None
    jokers = (TableCard.parse("Jk=7h"), TableCard.parse("Jk#1=8h"), TableCard.parse("Jk#2=9h"))
    assert meld_problem(Meld(jokers)) is not None


def test_is_meld_finds_a_declaration_for_bare_jokers() -> None:
    """CA-7.1: a bare joker can stand for the missing card."""
    assert is_meld(parse_cards("6h Jk 8h"))
    assert not is_meld(parse_cards("6h Jk Jc"))


def test_ca8_card_values() -> None:
    """CA-8: joker 25, faces 10, numbers at face value, ace 1."""
    assert [card_value(c) for c in parse_cards("Jk Kd Qc Js 10h 7c Ah 2s")] == [25, 10, 10, 10, 10, 7, 1, 2]
    assert hand_value(parse_cards("Ac 4d")) == 5


def test_meld_parse_round_trips_codes() -> None:
    """Meld.code is readable back by Meld.parse, jokers and copy ids included."""
    meld = Meld.parse("6h#1 Jk#1=7h 8h")
    assert Meld.parse(meld.code) == meld
