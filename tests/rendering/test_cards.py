"""Card sprites: every face drawn at every size, cached once, jokers marked (CA-7), safe across threads."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from games.cards import Joker, parse_card, rummy_deck
from rendering import cards
from rendering.theme import DEFAULT_THEME, Size


@pytest.mark.parametrize("size", list(Size))
def test_every_face_and_the_back_have_the_sprite_size(size):
    """All 52 faces, the joker and the back are drawn at the size's dimensions, in RGBA."""
    sprites = [cards.face(card, size) for card in rummy_deck(1)] + [cards.back(size)]
    assert {sprite.size for sprite in sprites} == {cards.sprite_size(size)}
    assert {sprite.mode for sprite in sprites} == {"RGBA"}


def test_sprites_are_drawn_once_and_shared():
    """Asking twice, or for a second physical copy, returns the cached sprite (CA-1 copies look alike)."""
    first = cards.face(parse_card("7h"), Size.TABLE)
    assert cards.face(parse_card("7h"), Size.TABLE) is first
    assert cards.face(parse_card("7h#1"), Size.TABLE) is first


def test_ca7_declared_joker_is_marked_unlike_the_natural_card():
    """A table joker standing for 7♥ is drawn differently from a natural 7♥ and from a bare joker."""
    natural = cards.face(parse_card("7h"), Size.MELD)
    declared = cards.declared_joker(parse_card("7h"), Size.MELD)
    joker = cards.face(Joker(), Size.MELD)
    assert declared.tobytes() != natural.tobytes()
    assert declared.tobytes() != joker.tobytes()


def test_red_suits_are_inked_red_and_black_suits_black():
    """Hearts use the red ink and spades the black ink (legible suit colour on a phone)."""
    red, black = DEFAULT_THEME.red_suit, DEFAULT_THEME.black_suit
    heart = {colour[:3] for _, colour in cards.face(parse_card("5h"), Size.HAND).getcolors(1 << 16)}
    spade = {colour[:3] for _, colour in cards.face(parse_card("5s"), Size.HAND).getcolors(1 << 16)}
    assert red in heart and black not in heart
    assert black in spade and red not in spade


def test_each_face_is_distinct():
    """No two of the 52 faces share a picture."""
    pictures = {cards.face(card, Size.HAND).tobytes() for card in rummy_deck(1) if not card.is_joker}
    assert len(pictures) == 52


def test_sprites_requested_from_many_threads_are_one_object():
    """Concurrent first requests for the same sprite all get the same cached image."""
    card = parse_card("Qd")

    def fetch(_: int) -> int:
        return id(cards.face(card, Size.COMPACT))

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert len(set(pool.map(fetch, range(64)))) == 1
