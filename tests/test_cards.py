"""The shared card model: notation both ways, decks, copies and seeded shuffles."""

import pickle
import random

import pytest

from games.cards import (
    Card,
    Joker,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    rummy_deck,
    schnapsen_deck,
    shuffled,
    standard_deck,
)

ALL_DECKS = {
    "standard": standard_deck(),
    "rummy-1": rummy_deck(1),
    "rummy-2": rummy_deck(2),
    "schnapsen-24": schnapsen_deck(24),
    "schnapsen-20": schnapsen_deck(20),
}


def test_parse_cards_reads_the_design_example():
    """`3s 10h Td Qc As 2h Jk` parses to the cards it names, `T` and `10` alike."""
    cards = parse_cards("3s 10h Td Qc As 2h Jk")
    assert cards == [
        Card(Rank.THREE, Suit.SPADES),
        Card(Rank.TEN, Suit.HEARTS),
        Card(Rank.TEN, Suit.DIAMONDS),
        Card(Rank.QUEEN, Suit.CLUBS),
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.TWO, Suit.HEARTS),
        Joker(),
    ]


def test_formatter_uses_unicode_suits():
    """People read `7♠ 10♥`; machines read `7s 10h`."""
    cards = parse_cards("7s 10h")
    assert format_cards(cards) == "7♠ 10♥"
    assert format_cards(cards, unicode=False) == "7s 10h"


@pytest.mark.parametrize("name", sorted(ALL_DECKS))
def test_code_notation_round_trips_every_card(name):
    """parse(code) gives back the same physical card, copies and jokers included."""
    deck = ALL_DECKS[name]
    assert parse_cards(format_cards(deck, unicode=False)) == deck


@pytest.mark.parametrize("name", sorted(ALL_DECKS))
def test_unicode_notation_round_trips_every_face(name):
    """parse(str) gives back the card face (the Unicode form does not show which copy)."""
    deck = ALL_DECKS[name]
    assert parse_cards(format_cards(deck)) == [card.face for card in deck]


def test_parse_accepts_lowercase_and_commas():
    assert parse_cards("qh, kD ts") == parse_cards("Qh Kd 10s")


@pytest.mark.parametrize("token", ["1h", "11s", "Zz", "7x", "h", "", "Jk#x", "10"])
def test_bad_notation_names_the_token(token):
    """A bad token raises ValueError whose message quotes it, so a player sees what was wrong."""
    with pytest.raises(ValueError) as info:
        parse_card(token)
    assert repr(token.strip()) in str(info.value)


def test_parse_cards_names_the_bad_token_among_good_ones():
    with pytest.raises(ValueError, match="'9q'"):
        parse_cards("7h 8h 9q")


def test_standard_deck_has_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert not any(card.is_joker for card in deck)


def test_ca1_one_rummy_deck_is_52_plus_one_joker():
    """CA-1: two players use 53 cards."""
    deck = rummy_deck(1)
    assert len(set(deck)) == 53
    assert sum(card.is_joker for card in deck) == 1


def test_ca1_two_rummy_decks_are_106_distinct_physical_cards():
    """CA-1: 3-5 players use 106 cards; every face appears twice, told apart by copy."""
    deck = rummy_deck(2)
    assert len(deck) == len(set(deck)) == 106
    faces = [card.face for card in deck]
    assert all(faces.count(face) == 2 for face in set(faces))
    assert sum(card.is_joker for card in deck) == 2


def test_sx1_schnapsen_decks():
    """SX-1: 24 cards 9..A; 20 cards without the 9s."""
    assert len(set(schnapsen_deck(24))) == 24
    assert {card.rank for card in schnapsen_deck(24)} == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN,
                                                          Rank.KING, Rank.ACE}
    assert len(set(schnapsen_deck(20))) == 20
    assert Rank.NINE not in {card.rank for card in schnapsen_deck(20)}
    with pytest.raises(ValueError):
        schnapsen_deck(32)


def test_shuffle_is_reproducible_from_a_seed():
    deck = rummy_deck(2)
    assert shuffled(deck, random.Random(7)) == shuffled(deck, random.Random(7))
    assert shuffled(deck, random.Random(7)) != shuffled(deck, random.Random(8))


def test_shuffle_leaves_the_input_alone_and_keeps_every_card():
    deck = standard_deck()
    before = list(deck)
    result = shuffled(deck, random.Random(1))
    assert deck == before
    assert sorted(result, key=lambda c: c.code) == sorted(deck, key=lambda c: c.code)


def test_cards_are_frozen_and_hashable():
    card = parse_card("7h")
    with pytest.raises(AttributeError):
        card.rank = Rank.EIGHT  # type: ignore[misc]
    assert {card, parse_card("7♥")} == {card}
    assert parse_card("7h#1") != card


def test_a_card_has_rank_and_suit_or_neither():
    """CA-1: a suited card needs both; a joker is its own type with neither, and codes stay `Jk`."""
    with pytest.raises(ValueError):
        Card(Rank.TWO, None)  # type: ignore[arg-type]
    joker = parse_card("Jk#1")
    assert isinstance(joker, Joker) and joker.rank is None and joker.suit is None and joker.is_joker
    assert (joker.code, str(joker), joker.face) == ("Jk#1", "🃏", Joker())


@pytest.mark.parametrize("name", sorted(ALL_DECKS))
def test_pickle_round_trips_every_card_of_every_deck(name):
    # Hands and views reach the drawing processes pickled (rendering.offload): every physical card,
    # copies and jokers included, must come back equal, hashing alike, and as a Card or Joker.
    deck = ALL_DECKS[name]
    back = pickle.loads(pickle.dumps(deck, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == deck
    assert [type(card) for card in back] == [type(card) for card in deck]
    assert {card: index for index, card in enumerate(deck)} == {card: index for index, card in enumerate(back)}


def test_a_pickled_card_names_no_enum():
    # Pickled as three small values (Card.__reduce__), not as a dataclass holding a Rank and a Suit:
    # a hand of thirteen cards is one short call per card.
    data = pickle.dumps(Card(Rank.SEVEN, Suit.HEARTS, 1), protocol=pickle.HIGHEST_PROTOCOL)
    assert b"Suit" not in data and b"Rank" not in data
    assert pickle.loads(data) == Card(Rank.SEVEN, Suit.HEARTS, 1)

