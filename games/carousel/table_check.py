"""The atomic check of a meld step (CA-6, CA-7, D-CA-2), shared by the engine and the solver.

The player submits the complete new table. It is legal when:
- its physical cards are exactly the old table's plus at least one card from the hand (CA-6 a, b):
  no table card, joker included, goes to a hand, and a freed joker cannot be left loose;
- every meld is valid with its declarations and keeps a natural card (CA-5, CA-7.1, D-CA-2);
- a table joker changes declaration away from X only as often as the new table holds natural X
  cards (the natural replaced it, D-CA-2, CA-7.3);
- no card appears (natural plus jokers declared as it) more often than its copies in play (D-CA-2).
Anything else is refused with a reason and the caller keeps the old table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.base import IllegalMove
from games.cards import AnyCard, format_cards
from games.carousel.melds import Meld, meld_problem


def table_faces(table: Sequence[Meld]) -> Counter[AnyCard]:
    """How many times each card appears on the table, jokers counted as their declarations."""
    return Counter(card.face for meld in table for card in meld.cards)


def check_meld_step(
    old: Sequence[Meld], new: Sequence[Meld], hand: Sequence[AnyCard], copies: int
) -> tuple[AnyCard, ...]:
    """Return the hand cards the step adds, or raise IllegalMove saying what is wrong."""
    old_cards = Counter(card.card for meld in old for card in meld.cards)
    new_cards = Counter(card.card for meld in new for card in meld.cards)
    if any(count > 1 for count in new_cards.values()):
        twice = [card for card, count in new_cards.items() if count > 1]
        raise IllegalMove(
            f"the same physical card appears twice: {format_cards(twice)}", "carousel.twice", cards=tuple(twice)
        )
    missing = old_cards - new_cards
    if missing:
        left_out = [meld for meld in old if all(card.card in missing for card in meld.cards)]
        if left_out:  # the player wrote only their own melds: say that, not what one of its cards is (a joker)
            melds = " ".join(f"[{meld}]" for meld in left_out)
            raise IllegalMove(
                f"the new table leaves out {melds}, already on the table: write every meld, separated by |, "
                "or name just your cards with meld",
                "carousel.left_out",
                melds=tuple(left_out),
            )
        if any(card.is_joker for card in missing):
            raise IllegalMove(
                "a joker on the table must stay in a meld; it can never go to a hand", "carousel.joker_stays"
            )
        raise IllegalMove(
            f"table cards cannot be taken back: {format_cards(sorted(missing, key=_order))}",
            "carousel.taken_back",
            cards=tuple(sorted(missing, key=_order)),
        )
    added = new_cards - old_cards
    hand_cards = set(hand)
    strangers = [card for card in added if card not in hand_cards]
    if strangers:
        raise IllegalMove(
            f"not in your hand: {format_cards(strangers)}", "carousel.not_in_hand", cards=tuple(strangers)
        )
    if not added:
        raise IllegalMove("a meld step must add at least one card from your hand", "carousel.add_a_card")
    unchanged = {id(meld) for meld in old}  # melds carried over as the same object were valid already
    for meld in new:
        if id(meld) in unchanged:
            continue
        reason = meld_problem(meld)
        if reason is not None:
            raise IllegalMove(f"not a valid meld: {reason}", "carousel.invalid_meld", meld=meld)
    _check_jokers(old, new)
    over = [face for face, count in table_faces(new).items() if count > copies]
    if over:
        raise IllegalMove(
            f"{format_cards(over)} would be on the table more often than the {copies} "
            f"cop{'y' if copies == 1 else 'ies'} in play",
            "carousel.too_many_copies",
            cards=tuple(over),
            copies=copies,
        )
    return tuple(card for card in hand if card in added)


def _check_jokers(old: Sequence[Meld], new: Sequence[Meld]) -> None:
    """D-CA-2 / CA-7.2-3: a table joker keeps its declaration unless a natural card replaced it."""
    before = {card.card: card.declared for meld in old for card in meld.cards if card.is_joker}
    after = {card.card: card.declared for meld in new for card in meld.cards if card.is_joker}
    moved_away: Counter[AnyCard] = Counter()
    for joker, declared in before.items():
        if declared is not None and after.get(joker) != declared:
            moved_away[declared] += 1
    if not moved_away:
        return
    naturals = Counter(card.card.face for meld in new for card in meld.cards if not card.is_joker)
    for face, count in moved_away.items():
        if naturals[face] < count:
            raise IllegalMove(
                f"the joker declared {face} keeps that declaration unless a natural {face} takes its place",
                "carousel.joker_declared",
                card=face,
            )


def _order(card: AnyCard) -> tuple[int, str]:
    return (0 if card.rank is None else int(card.rank), card.code)
