"""What just happened, marked in the images: the last meld step on the Carousel table (CA-6) and the
card just drawn in a hand (Carousel CA-4, Sixty-Six SX-5). Pixels are read from the drawn picture,
before encoding, at places the layout itself reports."""

from __future__ import annotations

from games.cards import parse_card, parse_cards
from games.carousel import Meld, MeldStep, position
from rendering import carousel
from rendering.hand import PAD, RAISE, SIZE, _step, draw_hand, rows_of
from rendering.theme import DEFAULT_THEME

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
