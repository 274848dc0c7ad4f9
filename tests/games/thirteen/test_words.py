"""What players read of Thirteen's combinations: rank plurals a player would write."""

from __future__ import annotations

import pytest

from .helpers import combo

PAIRS = {
    "3s 3h": "pair of 3s",
    "6s 6h": "pair of 6s",
    "9s 9h": "pair of 9s",
    "10s 10h": "pair of 10s",
    "Js Jh": "pair of jacks",
    "Qs Qh": "pair of queens",
    "Ks Kh": "pair of kings",
    "As Ah": "pair of aces",
    "2s 2h": "pair of 2s",
}


@pytest.mark.parametrize(("cards", "reads"), PAIRS.items())
def test_a_pair_reads_as_the_rank_in_the_plural(cards, reads):
    """"pair of 6s", never "6es"; face cards and aces in words, as players say them."""
    played = combo(cards)
    assert played is not None
    assert played.describe() == reads


def test_triples_and_quads_use_the_same_plural():
    """One form for one rank, whatever the combination."""
    assert [combo(text).describe() for text in ("6s 6c 6h", "Ks Kc Kd Kh")] == [  # type: ignore[union-attr]
        "triple of 6s",
        "quad of kings",
    ]
