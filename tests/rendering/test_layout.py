"""rendering.layout: a language's reading direction and the mirror the drawing code lays out through."""

from __future__ import annotations

import pytest

from rendering.layout import Direction, Mirror, direction, mirror
from rendering.text import language


@pytest.mark.parametrize(("lang", "expected"), [("ur", Direction.RTL), ("en", Direction.LTR), ("vi", Direction.LTR),
                                                ("de", Direction.LTR), ("bg", Direction.LTR), ("ka", Direction.LTR)])
def test_direction_follows_the_language(lang, expected):
    assert direction(lang) is expected


def test_a_right_to_left_mirror_reflects_boxes_points_and_pasted_things():
    page = Mirror(0, 800, rtl=True)
    assert page.box((20, 5, 120, 50)) == (680, 5, 780, 50)
    assert page.x(20) == 780
    assert page.at(20, 100) == 680  # a sprite whose left edge was at 20 now ends at 780
    assert page.order(("a", "b", "c")) == ["c", "b", "a"]


def test_a_mirror_flips_left_and_right_alignment_but_not_centre():
    page = Mirror(0, 800, rtl=True)
    assert (page.align("left"), page.align("right"), page.align("center")) == ("right", "left", "center")


def test_a_left_to_right_mirror_changes_nothing():
    page = Mirror(0, 800, rtl=False)
    assert page.box((20, 5, 120, 50)) == (20, 5, 120, 50)
    assert (page.x(20), page.at(20, 100), page.align("left"), page.order((1, 2))) == (20, 20, "left", [1, 2])


def test_a_mirror_inside_a_panel_reflects_about_the_panel():
    inside = Mirror(0, 800, rtl=True).inside(400, 600)
    assert inside.box((410, 0, 450, 10)) == (550, 0, 590, 10)


def test_mirror_takes_the_language_being_drawn():
    with language("ur"):
        assert mirror(800).rtl
    assert not mirror(800).rtl
    assert mirror(800, "ur").rtl
