"""Carousel's guided first game: short tips on a new player's hand message at the moments they apply.

Carousel is the least familiar game here (no discards, three draws, a shared table anyone may
rearrange, knocking), so a person's first game explains draw, meld and knock as they happen. A tip
rides on the hand message that is drawn anyway (no extra request) and is a pure function of the
seat's own view (`due`), so a hand redrawn after a restart shows exactly the same tips; whether the
seat is guided at all is stored per person (data.firsttime), and ends when they finish a game.

When each tip shows (the tests are named after these rule ids):
- DRAW (CA-4): the first turn of the first hand, before the first draw. "First" is read from the
  view: the seat still holds the ten dealt cards and nothing it drew.
- MELD (CA-5): in the first hand, between draws, when the hand alone holds a meld.
- TABLE (CA-6): in the first hand, between draws, when a hand card fits on a table meld.
- KNOCK (CA-9): whenever the seat may knock in the guided game: its count is within the limit.
- RESULT (CA-12): once the first hand is scored, until the seat's first draw of the second hand.

No discord import: words only, like cogs/carousel/words.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from cogs.carousel.words import cards_text, seat_name
from games.carousel import CarouselView, HandSummary, MeldKind, Phase
from games.carousel.hints import hand_meld, may_add_to_table, may_knock, may_meld_from_hand, table_fits
from games.carousel.state import HAND_SIZE
from locales import SOURCE, listing, t, tn

GUIDED_HAND = 1  # the hand whose turns explain drawing and melding
MARK = "🎓"


class Tip(StrEnum):
    DRAW = "draw"
    MELD = "meld"
    TABLE = "table"
    KNOCK = "knock"
    RESULT = "result"


def first_turn(view: CarouselView) -> bool:
    """The seat's first turn of the guided hand, before it draws (CA-2: ten cards dealt, none drawn)."""
    return (
        view.hand_number == GUIDED_HAND
        and view.my_turn
        and view.phase is Phase.DRAW_1
        and view.drawn is None
        and len(view.hand) == HAND_SIZE
    )


def first_result(view: CarouselView) -> bool:
    """The guided hand has been scored and the seat has not drawn in the next one yet."""
    return (
        view.last_hand is not None
        and view.last_hand.hand_number == GUIDED_HAND
        and view.hand_number == GUIDED_HAND + 1
        and view.drawn is None
        and len(view.hand) == HAND_SIZE
    )


def due(view: CarouselView) -> tuple[Tip, ...]:
    """The tips that apply to this seat now, in the order they read; none for a spectator or at the end."""
    if view.seat is None or view.is_over:
        return ()
    tips: list[Tip] = []
    if first_turn(view):
        tips.append(Tip.DRAW)
    if view.hand_number == GUIDED_HAND and may_meld_from_hand(view):
        tips.append(Tip.MELD)
    if view.hand_number == GUIDED_HAND and may_add_to_table(view):
        tips.append(Tip.TABLE)
    if may_knock(view):
        tips.append(Tip.KNOCK)
    if first_result(view):
        tips.append(Tip.RESULT)
    return tuple(tips)


def tips(view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """The lines of the tips due now, for the hand message, in the person's language."""
    return [f"{MARK} {tip_text(tip, view, names, lang=lang)}" for tip in due(view)]


def tip_text(tip: Tip, view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    if tip is Tip.DRAW:
        return t(
            lang,
            "**Your first turn.** Every turn starts with **Draw**: a card from the stock (Carousel has "
            "no discard pile). After each draw you may meld, which ends your turn, or draw again; the third "
            "card ends the turn. _These tips show in your first Carousel game; `/settings tips` turns "
            "them off._",
        )
    if tip is Tip.MELD:
        meld = hand_meld(view)
        assert meld is not None
        cards = cards_text(meld.physical)
        if meld.kind is MeldKind.SEQUENCE:
            shape = t(lang, "**You can meld**: {cards} is a sequence (3 or more of one suit in a row).", cards=cards)
        else:
            shape = t(lang, "**You can meld**: {cards} is a group (3-4 of one rank, all suits different).", cards=cards)
        how = t(
            lang,
            "Choose the cards in the menu and press **Meld** to see the table, then **Confirm**; melding ends "
            "your turn. 💡 **Hint** chooses for you.",
        )
        return f"{shape} {how}"
    if tip is Tip.TABLE:
        fits = table_fits(view)
        return tn(
            lang,
            "**The table is everyone's**: {cards} fits on a meld already there. You may add to any meld, or "
            "rearrange the whole table, as long as a card comes from your hand and every meld stays valid. "
            "Choose the card and press **Meld**: I find the arrangement.",
            "**The table is everyone's**: {cards} fit on a meld already there. You may add to any meld, or "
            "rearrange the whole table, as long as a card comes from your hand and every meld stays valid. "
            "Choose the card and press **Meld**: I find the arrangement.",
            len(fits),
            cards=cards_text(fits),
        )
    if tip is Tip.KNOCK:
        return t(
            lang,
            "**You may knock**: your hand counts {count}, within the limit of {limit}. Knocking ends the hand "
            "and every hand is counted: the lowest count wins the differences, but anyone with as few points "
            "as you, or fewer, wins it instead, with 10 more. **End turn** plays on instead.",
            count=view.hand_value,
            limit=view.knock_limit,
        )
    assert view.last_hand is not None
    return t(
        lang,
        "**How that hand was scored**: {scored} The game ends once someone reaches {points}.",
        scored=scored(view.last_hand, names, lang=lang),
        points=tn(lang, "{n} point", "{n} points", view.target),
    )


def scored(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """Why the first hand's winners won what they did, in one or two sentences."""
    winners = listing(lang, [seat_name(names, seat) for seat in summary.winners])
    rule = t(lang, "The lowest count wins the difference to every other hand.")
    if summary.went_out is not None:
        why = t(lang, "{name} laid down their last card: 25 more for going out.",
                name=seat_name(names, summary.went_out))  # fmt: skip
    elif summary.knocker is None:
        why = t(lang, "The stock ran out with nobody knocking: {names} had the lowest count.", names=winners)
    elif summary.knocker in summary.winners:
        why = t(lang, "{name} knocked and was lowest alone, so won it, with no bonus.",
                name=seat_name(names, summary.knocker))  # fmt: skip
    else:
        why = t(lang, "{name} knocked, but {names} had as little or less: 10 more for catching the knock.",
                name=seat_name(names, summary.knocker), names=winners)  # fmt: skip
    return f"{rule} {why}"
