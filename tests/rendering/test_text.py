"""Safe text: any Unicode name is cleaned and fitted by measured width, never crashing or overflowing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rendering.fonts import bold, font
from rendering.text import ELLIPSIS, clean, display_name, fit
from rendering.text import width as text_width
from tests.rendering.helpers import AWKWARD_NAMES


def test_short_text_is_unchanged():
    """Text that fits is drawn as given."""
    assert fit("Lan", bold(24), 200) == "Lan"


def test_long_name_is_cut_with_an_ellipsis_within_the_width():
    """A name wider than its box is cut at a measured width and ends with an ellipsis."""
    typeface = bold(24)
    shown = fit(AWKWARD_NAMES[0], typeface, 180)
    assert shown.endswith(ELLIPSIS)
    assert text_width(shown, typeface) <= 180
    assert AWKWARD_NAMES[0].startswith(shown[:-1])


def test_wide_letters_are_cut_sooner_than_narrow_ones():
    """Truncation follows measured width, not character count."""
    typeface = font(20)
    assert len(fit("W" * 40, typeface, 150)) < len(fit("i" * 40, typeface, 150))


def test_controls_and_bidi_overrides_are_removed():
    """Control characters and explicit bidi overrides never reach the image."""
    assert clean("tab\there\nnew\x00line") == "tab here newline"
    assert clean("\u202eevil\u2066 x\u2069") == "evil x"


def test_emoji_joiners_survive_cleaning():
    """Zero-width joiners inside emoji sequences are kept."""
    assert "\u200d" in clean("👩‍👩‍👧")


def test_an_empty_name_shows_a_placeholder():
    """A name with nothing printable is drawn as "?" rather than nothing."""
    assert display_name("\x00\u202e ") == "?"


def test_a_cut_never_ends_on_a_joiner_or_combining_mark():
    """Cutting inside an emoji sequence or a combining cluster leaves no dangling joiner."""
    typeface = font(20)
    for name in AWKWARD_NAMES:
        for width in range(10, 200, 7):
            shown = fit(name, typeface, width)
            assert not shown.endswith("\u200d" + ELLIPSIS)
            assert not shown.endswith("\u0337" + ELLIPSIS)


def test_a_box_too_narrow_for_the_ellipsis_gets_nothing():
    """Below the ellipsis width nothing is drawn, rather than overflowing."""
    assert fit("Lan", bold(24), 3) == ""


@settings(max_examples=150, deadline=None)
@given(name=st.text(max_size=80), width=st.integers(min_value=0, max_value=400))
def test_any_unicode_fits_its_box(name, width):
    """For any string and width, the fitted text measures no wider than the box."""
    typeface = bold(22)
    assert text_width(fit(name, typeface, width), typeface) <= width
