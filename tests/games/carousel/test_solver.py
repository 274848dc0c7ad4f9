"""The exact solver against an independent oracle, plus its joker, stability and fallback behaviour."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.carousel_tables import random_table
from games.cards import parse_cards
from games.carousel import solver
from games.carousel.melds import Meld, card_value, meld_problem
from games.carousel.solver import arrange, best_play, solve_best
from games.carousel.table_check import check_meld_step
from tests.games.carousel.oracle import NEG, oracle_best


def _instance(seed: int, decks: int, size: int, hand_size: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    table, rest = random_table(rng, decks, size)
    naturals = [card for card in rest if not card.is_joker]
    hand = rng.sample(naturals, min(hand_size, len(naturals)))
    return rng, table, hand


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), decks=st.sampled_from([1, 2]), size=st.integers(0, 40), hand=st.integers(3, 12))
def test_ca6_best_play_matches_the_oracle(seed: int, decks: int, size: int, hand: int) -> None:
    """CA-6/CA-8: best_play sheds exactly the oracle's maximum points, with a table the engine accepts."""
    _, table, cards = _instance(seed, decks, size, hand)
    play = solve_best(table, cards, copies=decks)
    expected = oracle_best([c.card for m in table for c in m.cards], cards)
    assert play.points == expected
    assert play.exact
    if play.cards:
        assert check_meld_step(table, play.table, cards, decks) == play.cards


@pytest.mark.parametrize("seed", range(12))
def test_ca6_best_play_matches_the_oracle_on_larger_tables(seed: int) -> None:
    """CA-6/CA-8: on 30-45-card tables (both deck counts) best_play equals the oracle's optimum."""
    decks = 1 + seed % 2
    _, table, cards = _instance(1000 + seed, decks, 30 + seed, 10 + seed % 5)
    play = solve_best(table, cards, copies=decks)
    assert play.points == oracle_best([c.card for m in table for c in m.cards], cards)
    if play.cards:
        check_meld_step(table, play.table, cards, decks)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), decks=st.sampled_from([1, 2]), size=st.integers(0, 40), added=st.integers(1, 4))
def test_ca6_arrange_is_feasible_exactly_when_the_oracle_says_so(seed: int, decks: int, size: int, added: int) -> None:
    """CA-6: arrange finds a table holding all named cards iff one exists, and it passes the check."""
    rng, table, cards = _instance(seed, decks, size, 10)
    chosen = rng.sample(cards, min(added, len(cards)))
    result = arrange(table, chosen, copies=decks)
    feasible = oracle_best([c.card for m in table for c in m.cards], chosen, force_hand=True) != NEG
    assert (result is not None) is feasible
    if result is not None:
        assert Counter(check_meld_step(table, result, chosen, decks)) == Counter(chosen)


def test_ca7_arrange_frees_a_joker_when_that_makes_the_play() -> None:
    """CA-7.3 / §2.4.4: 7h 9c 10c onto 6h Jk=7h 8h frees the joker into the clubs."""
    table = (Meld.parse("6h Jk=7h 8h"),)
    result = arrange(table, parse_cards("7h 9c 10c"), copies=1)
    assert result is not None
    check_meld_step(table, result, parse_cards("7h 9c 10c"), 1)
    assert any("Jk=Jc" in meld.code or "Jk=8c" in meld.code for meld in result)


def test_dca2_one_deck_natural_frees_the_joker() -> None:
    """D-CA-2: with one deck a natural 7h joins only by freeing Jk=7h (here to 5h or 9h)."""
    table = (Meld.parse("6h Jk=7h 8h"),)
    result = arrange(table, parse_cards("7h"), copies=1)
    assert result is not None
    faces = Counter(card.face for meld in result for card in meld.cards)
    assert faces[parse_cards("7h")[0]] == 1
    check_meld_step(table, result, parse_cards("7h"), 1)
    assert arrange((Meld.parse("Jk=7h 7s 7d 7c"),), parse_cards("7h"), copies=1) is None


def test_arrange_keeps_untouched_melds_in_place() -> None:
    """ai-notes §1.5 a: a lay-off leaves every other meld exactly where it was."""
    table = tuple(Meld.parse(text) for text in ("2s 3s 4s", "9d 9c 9h", "Jc Qc Kc"))
    result = arrange(table, parse_cards("10c"), copies=2)
    assert result is not None
    assert result[0] == table[0] and result[1] == table[1]
    assert result[2] == Meld.parse("10c Jc Qc Kc")


def test_arrange_rearranges_when_lay_offs_cannot() -> None:
    """CA-6: a duplicate 6h splits 4h..8h into 4h 5h 6h and 6h 7h 8h."""
    table = (Meld.parse("4h 5h 6h 7h 8h"),)
    result = arrange(table, parse_cards("6h#1"), copies=2)
    assert result is not None
    assert sorted(len(meld) for meld in result) == [3, 3]


def test_best_play_sheds_points_not_cards() -> None:
    """CA-8 / ai-notes §4.1: the K Q J run (30) beats the 2 3 4 5 run (14) when only one fits."""
    table: tuple[Meld, ...] = ()
    hand = parse_cards("Jd Qd Kd 2c 3c 4c 5c")
    cards, _ = best_play(table, hand, copies=2)
    assert sum(card_value(c) for c in cards) == 44
    cards, _ = best_play((Meld.parse("Jd Qd Kd Ad"),), parse_cards("10d 2c"), copies=1)
    assert cards == tuple(parse_cards("10d"))


def test_best_play_places_a_hand_joker() -> None:
    """CA-7: a joker from hand (25 points) goes down with a declaration that fits."""
    cards, table = best_play((Meld.parse("5s 6s 7s"),), parse_cards("Jk Kd"), copies=1)
    assert parse_cards("Jk")[0] in cards
    assert all(meld_problem(meld) is None for meld in table)


def test_best_play_with_nothing_playable_returns_the_table() -> None:
    """best_play returns ((), table) when no hand card can go down."""
    table = (Meld.parse("5s 6s 7s"),)
    assert best_play(table, parse_cards("Kd 2c"), copies=1) == ((), table)


def test_solver_falls_back_when_highs_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clear fallback: if HiGHS fails, best_play still returns a legal lay-off play."""

    def broken(*args: object, **kwargs: object) -> None:
        raise solver._SolverFailed("simulated time-out")

    monkeypatch.setattr(solver, "_solve", broken)
    table = (Meld.parse("5s 6s 7s"),)
    play = solve_best(table, parse_cards("8s 9s Kd"), copies=1)
    assert not play.exact and play.cards == tuple(parse_cards("8s 9s"))
    check_meld_step(table, play.table, parse_cards("8s 9s Kd"), 1)


def test_full_two_deck_table_solves_and_checks() -> None:
    """A dense ~95-card table with jokers solves within the limit and passes the engine's check."""
    rng = random.Random(7)
    table, rest = random_table(rng, 2, 95, jokers=2)
    hand = rng.sample(rest, min(10, len(rest)))
    play = solve_best(table, hand, copies=2)
    assert play.exact
    if play.cards:
        check_meld_step(table, play.table, hand, 2)
