"""The public record of the last meld step (CA-6) and the seat's own last draw (CA-4) in the views."""

from __future__ import annotations

from games.cards import parse_card
from games.carousel import Draw, Meld, MeldStep, State, position
from games.carousel.changes import meld_changes
from games.carousel.views import MeldChange


def _cards(text: str) -> tuple:
    return tuple(parse_card(token) for token in text.split())


def test_ca6_cards_laid_from_hand_are_new_and_only_changed_melds_listed() -> None:
    """CA-6: a lay-off lists its meld with the hand cards as new; the untouched meld is not listed."""
    state = position(table=["6h 7h 8h", "9s 9d 9c"], hands=["5h 9h 2d", "2s"], phase="meld_1")
    after = state.apply(MeldStep((Meld.parse("5h 6h 7h 8h 9h"), Meld.parse("9s 9d 9c"))))
    last = after.view(None).last_meld
    assert last is not None and last.seat == 0
    assert last.changes == (MeldChange(0, _cards("5h 9h"), ()),)


def test_ca6_cards_taken_from_another_meld_are_moved() -> None:
    """CA-6: a card taken out of one meld into a new one counts as moved, the hand cards as new."""
    state = position(table=["5h 6h 7h 8h"], hands=["5s 5c 2d", "2s"], phase="meld_1")
    after = state.apply(MeldStep((Meld.parse("6h 7h 8h"), Meld.parse("5h 5s 5c"))))
    last = after.view(None).last_meld
    assert last is not None
    assert last.changes == (MeldChange(0, (), ()), MeldChange(1, _cards("5s 5c"), _cards("5h")))
    assert last.from_hand == frozenset(_cards("5s 5c")) and last.moved == frozenset(_cards("5h"))
    assert last.changed == frozenset({0, 1})


def test_ca7_a_freed_joker_is_moved() -> None:
    """CA-7: the natural card replacing a joker is new; the freed joker, now in another meld, is moved."""
    state = position(table=["6h Jk=7h 8h"], hands=["7h 3s 3c 2d", "2s"], phase="meld_1")
    table = (Meld.parse("6h 7h 8h"), Meld.parse("3s 3c Jk=3d"))
    last = state.apply(MeldStep(table)).view(None).last_meld
    assert last is not None
    assert last.from_hand == frozenset(_cards("7h 3s 3c"))
    assert last.moved == frozenset(_cards("Jk"))


def test_ca6_a_split_meld_keeps_its_larger_part() -> None:
    """CA-6: splitting a run leaves the larger part in place; only the smaller part is moved."""
    old = (Meld.parse("3h 4h 5h 6h 7h 8h 9h"),)
    new = (Meld.parse("3h 4h 5h"), Meld.parse("6h 7h 8h 9h 10h"))
    last = meld_changes(1, old, new, _cards("10h"))
    assert last.changes == (MeldChange(0, (), _cards("3h 4h 5h")), MeldChange(1, _cards("10h"), ()))


def test_ca6_last_meld_is_public_and_survives_a_snapshot() -> None:
    """CA-6: every view holds the same record, it lasts through later draws, and to_dict keeps it."""
    state = position(table=["6h 7h 8h"], hands=["9h Kd Ks Qs Qh Jd Jc", "2s Qc"], phase="meld_1", stock=6)
    after = state.apply(MeldStep((Meld.parse("6h 7h 8h 9h"),))).apply(Draw())
    records = {after.view(seat).last_meld for seat in (None, 0, 1)}
    assert len(records) == 1 and None not in records
    assert State.from_dict(after.to_dict()) == after


def test_ca6_a_new_hand_starts_with_nothing_marked() -> None:
    """CA-6: once a hand is over the next deal's table has no last meld and no seat has drawn."""
    state = position(table=["6h 7h 8h"], hands=["9h", "Jk 5c"], phase="meld_1")
    after = state.apply(MeldStep((Meld.parse("6h 7h 8h 9h"),)))
    assert after.hand_number == 2
    assert after.view(None).last_meld is None
    assert all(after.view(seat).drawn is None for seat in (0, 1))


def test_ca4_the_drawn_card_is_only_in_the_drawers_own_view() -> None:
    """CA-4: the seat that drew sees its card named; the other seat and the public view never do."""
    state = position(hands=["Kd Ks", "2s Qc"], phase="draw_1", stock="3c 4d")
    after = state.apply(Draw())
    assert after.view(0).drawn == parse_card("4d")
    assert after.view(1).drawn is None and after.view(None).drawn is None


def test_ca4_the_drawn_card_is_the_latest_draw_and_goes_once_melded() -> None:
    """CA-4: a second draw replaces the first as the drawn card; melding it leaves nothing named."""
    state = position(table=["6h 7h 8h"], hands=["Kd Ks Qs Qh Jd Jc", "2s Qc"], phase="draw_1", stock="3c 9h 4d")
    twice = state.apply(Draw()).apply(Draw())
    assert twice.view(0).drawn == parse_card("9h")
    melded = twice.apply(MeldStep((Meld.parse("6h 7h 8h 9h"),)))
    assert melded.view(0).drawn is None
