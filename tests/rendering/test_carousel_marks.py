"""What just happened, marked in the images: the last meld step on the Carousel table (CA-6) and the
card just drawn in a hand (Carousel CA-4, Sixty-Six SX-5); and seat names that need two lines. Pixels
are read from the drawn picture, before encoding, at places the layout itself reports."""

from __future__ import annotations

from games.cards import parse_card, parse_cards
from games.carousel import Meld, MeldStep, position
from rendering import carousel
from rendering.fonts import bold
from rendering.hand import PAD, RAISE, SIZE, _step, draw_hand, rows_of
from rendering.measure import recording
from rendering.table import NAME_LINE2
from rendering.text import two_lines
from rendering.text import width as text_width
from rendering.theme import DEFAULT_THEME, TEXT_PX
from tests.rendering.helpers import decode

THEME = DEFAULT_THEME
NAMES = ("Ada", "Bo")


def _melded():
    """Seat 0 lays 5♠ 5♣ from hand with the 5♥ taken from the run; 9♠ 9♦ 9♣ is untouched."""
    state = position(table=["5h 6h 7h 8h", "9s 9d 9c"], hands=["5s 5c Kd Qd Jd", "2s Qc"], phase="meld_1")
    step = MeldStep((Meld.parse("6h 7h 8h"), Meld.parse("9s 9d 9c"), Meld.parse("5h 5s 5c")))
    return state.apply(step).view(None)


def _frame_colour(image, box):
    """The colour on a card's left edge, where a frame is drawn and no later card covers it."""
    x, y, _, _ = box
    return image.getpixel((x + 1, y + 14))


def test_ca6_table_frames_exactly_the_new_and_moved_cards():
    """CA-6: cards from hand get the "new" frame, the moved 5♥ the "moved" frame, every other card none."""
    view = _melded()
    image = carousel.draw_table(view, NAMES)
    new, moved = {parse_card("5s"), parse_card("5c")}, {parse_card("5h")}
    boxes = carousel.table_card_boxes(view, NAMES)
    assert len(boxes) == 9
    for placed in boxes:
        colour = _frame_colour(image, placed.box)
        expected = THEME.fresh if placed.card in new else THEME.moved if placed.card in moved else None
        if expected is None:
            assert colour not in (THEME.fresh, THEME.moved), placed.card
        else:
            assert colour == expected, placed.card


def test_ca6_table_outlines_only_the_changed_melds():
    """CA-6: the run that lost its 5♥ and the new group are outlined; the untouched 9s are not."""
    view = _melded()
    image = carousel.draw_table(view, NAMES)
    boxes = carousel.table_card_boxes(view, NAMES)
    for index in range(len(view.table)):
        first = next(placed.box for placed in boxes if placed.meld == index)
        colour = image.getpixel((first[0] - 5, (first[1] + first[3]) // 2))
        assert (colour == THEME.changed) == (index in (0, 2)), index


def test_ca6_a_table_without_a_meld_step_has_no_marks():
    """CA-6: before any meld step of the hand nothing is framed or outlined."""
    state = position(table=["5h 6h 7h 8h", "9s 9d 9c"], hands=["5s 5c", "2s Qc"], phase="meld_1")
    view = state.view(None)
    assert view.last_meld is None
    image = carousel.draw_table(view, NAMES)
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    assert THEME.fresh not in colours and THEME.moved not in colours and THEME.changed not in colours


def _hand_left_edges(count: int) -> list[int]:
    """x of each card's left edge in a one-row hand image (rendering.hand's own layout)."""
    step = _step(count, THEME)
    start = (THEME.width - (step * (count - 1) + SIZE.value.width)) // 2
    return [start + step * index for index in range(count)]


def test_ca4_sx5_the_drawn_card_is_framed_in_the_hand_and_no_other():
    """CA-4 / SX-5: the card just drawn has the blue frame on its edge and a pointer above it; others not."""
    hand = tuple(parse_cards("2s 5s 9h Jc Qc Kd Ad 3d 7d 10d 4h"))
    assert len(rows_of(len(hand), THEME)) == 1
    drawn = hand[4]
    image = draw_hand(hand, drawn=drawn)
    top = PAD + RAISE
    for card, left in zip(hand, _hand_left_edges(len(hand)), strict=True):
        edge = image.getpixel((left + 2, top + 30))
        pointer = image.getpixel((left + 18, PAD + 8))
        assert (edge == THEME.fresh) == (card == drawn), card
        assert (pointer == THEME.fresh) == (card == drawn), card


def test_a_hand_with_nothing_drawn_has_no_frame():
    """A hand with no drawn card (another seat's turn, a new deal) carries no blue at all."""
    hand = tuple(parse_cards("2s 5s 9h Jc"))
    colours = {colour for _, colour in draw_hand(hand).getcolors(1 << 20)}
    assert THEME.fresh not in colours


LONG = "Wolfeschlegelsteinhausenbergerdorff the Elder"


def test_a_name_too_long_for_one_line_takes_two_before_it_is_cut():
    """A long name in a five-seat panel is drawn on two lines, broken at a space, at no less than TEXT_PX."""
    state = position(table=["6h 7h 8h"], hands=["2c", "Kd", "5s", "6s", "7s"], stock=30, to_move=3)
    names = (LONG, "Bo", "Cy", "Di", "Ed")
    with recording() as drawn:
        carousel.draw_table(state.view(None), names)
    texts = [item.text for item in drawn if item.kind == "text"]
    first = next(text for text in texts if text.startswith("Wolfe"))
    second = texts[texts.index(first) + 1]
    assert first == "Wolfeschlegelsteinhausenbergerdorff"[: len(first)]
    assert second.startswith("the") or second.startswith(LONG[len(first) :].strip()[:3])
    assert all(item.px >= TEXT_PX for item in drawn if item.text in (first, second))


def test_two_line_names_give_every_panel_the_same_extra_room():
    """The table grows by one name line when a name needs two, and not at all for short names."""
    state = position(table=["6h 7h 8h"], hands=["2c", "Kd", "5s", "6s", "7s"], stock=30, to_move=3)
    view = state.view(None)
    short = carousel.table_size(view, names=("Ada", "Bo", "Cy", "Di", "Ed"))
    long = carousel.table_size(view, names=(LONG, "Bo", "Cy", "Di", "Ed"))
    assert long[1] - short[1] == 2 * NAME_LINE2  # two rows of panels at five seats
    assert decode(carousel.render_table(view, (LONG, "Bo", "Cy", "Di", "Ed"))).size == long


def test_two_lines_breaks_at_the_last_fitting_space_and_cuts_the_rest_by_grapheme():
    """`two_lines`: the first line ends at a space when one fits; the second ends with an ellipsis if needed."""
    typeface = bold(TEXT_PX)
    first, second = two_lines("Anna Maria " + "W" * 40, typeface, 200)
    assert first == "Anna Maria"
    assert second.endswith("…") and text_width(second, typeface) <= 200
    assert two_lines("Ada", typeface, 200) == ("Ada", "")
