"""Places as each language writes them (rendering.words.ordinal): CLDR has no numeric ordinals."""

from __future__ import annotations

import pytest

from locales.pseudo import marked
from rendering.words import ordinal


@pytest.mark.parametrize(
    ("lang", "places"),
    [
        ("en", ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st"]),
        ("de", ["1.", "2.", "3.", "4.", "11.", "12.", "21."]),
        ("vi", ["thứ 1", "thứ 2", "thứ 3", "thứ 4", "thứ 11", "thứ 12", "thứ 21"]),
        ("bg", ["1-во", "2-ро", "3-то", "4-то", "11-то", "12-то", "21-во"]),
        ("ur", ["پہلا", "دوسرا", "تیسرا", "چوتھا", "11واں", "12واں", "21واں"]),
        ("ka", ["1-ლი", "მე-2", "მე-3", "მე-4", "მე-11", "მე-12", "მე-21"]),
    ],
)
def test_places_read_the_languages_way(lang: str, places: list[str]) -> None:
    assert [ordinal(n, lang=lang) for n in (1, 2, 3, 4, 11, 12, 21)] == places


def test_a_place_is_marked_in_the_pseudo_language() -> None:
    assert marked(ordinal(2, lang="qps"))
