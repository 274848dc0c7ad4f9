"""Card order and combinations: TL-2, TL-5, TL-6, TL-8, E-TL-2..6, scenario 3."""

from __future__ import annotations

from games.cards import parse_card, parse_cards
from games.thirteen.combos import ComboKind, all_combos, beats, classify
from games.thirteen.options import Options
from games.thirteen.order import mask_of, value

from .helpers import combo, mask

DEFAULT = Options()


def beat(play: str, table: str, options: Options = DEFAULT) -> bool:
    played, on_table = combo(play), combo(table)
    assert played is not None and on_table is not None
    return beats(played, on_table, options)


def test_tl2_values_run_from_three_of_spades_to_two_of_hearts():
    """3♠ is 0, 2♥ is 51 and rank outranks suit (10♠ beats 9♥)."""
    assert value(parse_card("3s")) == 0
    assert value(parse_card("2h")) == 51
    assert value(parse_card("10s")) > value(parse_card("9h"))


def test_tl2_suits_rank_spades_clubs_diamonds_hearts():
    """♠ < ♣ < ♦ < ♥ within a rank."""
    values = [value(parse_card(code)) for code in ("7s", "7c", "7d", "7h")]
    assert values == sorted(values) and len(set(values)) == 4


def test_tl5_sets_by_size():
    """One to four cards of one rank are single, pair, triple and quad."""
    kinds = [combo(text).kind for text in ("9h", "9s 9d", "9s 9d 9c", "9s 9c 9d 9h")]  # type: ignore[union-attr]
    assert kinds == [ComboKind.SINGLE, ComboKind.PAIR, ComboKind.TRIPLE, ComboKind.QUAD]


def test_tl5_sequence_of_twelve_is_the_longest():
    """3 to A in any suits is a 12-card sequence."""
    c = combo("3s 4c 5d 6h 7s 8c 9d 10h Js Qc Kd Ah")
    assert c is not None and c.kind is ComboKind.SEQUENCE and c.length == 12


def test_tl5_sequence_needs_three_ranks():
    """Two consecutive singles are no combination."""
    assert combo("5s 6d") is None


def test_tl5_double_sequence_length_counts_pairs():
    """33 44 55 is a 3-pair double sequence topped by the higher 5."""
    c = combo("3s 3c 4d 4h 5s 5d")
    assert c is not None and c.kind is ComboKind.DOUBLE_SEQUENCE and c.length == 3
    assert c.top == value(parse_card("5d"))


def test_scenario3_q_k_a_2_is_invalid():
    """Q-K-A-2: a 2 never sits in a sequence (TL-5)."""
    assert combo("Qs Kd Ah 2c") is None


def test_scenario3_a_2_3_is_invalid():
    """A-2-3 does not wrap (TL-5)."""
    assert combo("Ah 2c 3d") is None


def test_scenario3_two_pairs_are_invalid():
    """3♠3♦4♣4♥: two consecutive pairs are no combination (TL-5)."""
    assert combo("3s 3d 4c 4h") is None


def test_scenario3_j_q_k_a_is_a_sequence_of_four():
    """J-Q-K-A is a valid 4-card sequence."""
    c = combo("Js Qd Kc Ah")
    assert c is not None and c.kind is ComboKind.SEQUENCE and c.length == 4


def test_etl6_no_twos_in_double_sequences():
    """KK AA 22 is not a double sequence."""
    assert combo("Ks Kd As Ad 2s 2d") is None


def test_tl6_pair_beaten_by_higher_top():
    """7♠7♥ beats 7♣7♦ because 7♥ > 7♦ (E-TL-5)."""
    assert beat("7s 7h", "7c 7d")
    assert not beat("7c 7d", "7s 7h")


def test_tl6_only_the_top_card_counts():
    """8♦-9♥-10♥ beats 8♠-9♠-10♦, 8♥-9♥-10♠ does not."""
    assert beat("8d 9h 10h", "8s 9s 10d")
    assert not beat("8h 9h 10s", "8s 9s 10d")


def test_tl6_kind_and_length_must_match():
    """A 4-card sequence cannot answer a 3-card one, nor a pair a single."""
    assert not beat("8s 9s 10s Js", "5s 6d 7d")
    assert not beat("9s 9h", "4c")


def test_tl8_quad_and_three_pairs_chop_a_single_two():
    """TL-8.1 and TL-8.2."""
    assert beat("9s 9c 9d 9h", "2s")
    assert beat("4s 4c 5d 5h 6c 6d", "2h")


def test_tl8_four_pairs_chop_a_pair_of_twos():
    """TL-8.3: only a 4-pair double sequence beats a pair of 2s."""
    assert beat("5s 5c 6s 6c 7s 7c 8s 8c", "2c 2d")
    assert not beat("5s 5c 6s 6c 7s 7c", "2c 2d")
    assert not beat("9s 9c 9d 9h", "2c 2d")


def test_tl8_five_pairs_chop_three_twos():
    """TL-8.4."""
    assert beat("5s 5c 6s 6c 7s 7c 8s 8c 9s 9c", "2c 2d 2h")
    assert not beat("5s 5c 6s 6c 7s 7c 8s 8c", "2c 2d 2h")


def test_tl8_nothing_beats_four_twos():
    """TL-8.5: four 2s are the highest quad."""
    hand = mask_of(parse_cards("3s 3c 4s 4c 5s 5c 6s 6c 7s 7c Ks Kc Kd Kh"))
    four_twos = combo("2s 2c 2d 2h")
    assert four_twos is not None
    assert not any(beats(classify(m), four_twos, Options(over_chopping=True, n_or_more_pairs=True))  # type: ignore[arg-type]
                   for m in all_combos(hand))


def test_tl8_bombs_beat_only_twos():
    """TL-8.6: a quad cannot beat a single A."""
    assert not beat("9s 9c 9d 9h", "Ah")


def test_tl8_bomb_on_table_beaten_by_same_kind_and_length():
    """TL-8.7: a quad is beaten by a higher quad, not by a double sequence, by default."""
    assert beat("10s 10c 10d 10h", "9s 9c 9d 9h")
    assert not beat("4s 4c 5d 5h 6c 6d 7s 7c", "9s 9c 9d 9h")


def test_etl2_over_chopping_ranks_bomb_classes():
    """With over-chopping a quad beats 3 pairs and 4 pairs beat a quad; never the other way."""
    on = Options(over_chopping=True)
    assert beat("7s 7c 7d 7h", "4s 4c 5d 5h 6c 6d", on)
    assert beat("4s 4c 5d 5h 6c 6d 7s 7c", "9s 9c 9d 9h", on)
    assert not beat("10s 10c Jd Jh Qc Qd", "9s 9c 9d 9h", on)


def test_etl3_n_or_more_pairs_lets_longer_runs_chop():
    """4 pairs onto a single 2 only with the option."""
    assert not beat("5s 5c 6s 6c 7s 7c 8s 8c", "2h")
    assert beat("5s 5c 6s 6c 7s 7c 8s 8c", "2h", Options(n_or_more_pairs=True))


def test_tl5_every_suit_choice_is_enumerated():
    """Two 5s, one 6, one 7: two distinct sequences 5-6-7 plus singles and the pair."""
    hand = mask_of(parse_cards("5s 5h 6c 7d"))
    kinds = [classify(m).kind for m in all_combos(hand)]  # type: ignore[union-attr]
    assert kinds.count(ComboKind.SEQUENCE) == 2
    assert kinds.count(ComboKind.SINGLE) == 4 and kinds.count(ComboKind.PAIR) == 1


def test_tl5_two_cards_of_different_ranks_are_refused_as_a_pair():
    """5♠ 6♦ reads as a pair attempt: the reason is the pair's rule, not a sequence's or the 2's."""
    from games.thirteen.combos import why_not_combo

    assert why_not_combo(mask("5s 6d")) == "Two cards make a pair only when they are the same rank."
    assert why_not_combo(mask("3s 2h")) == "Two cards make a pair only when they are the same rank."
