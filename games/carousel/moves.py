"""Carousel moves and all their notation: frozen values, a machine encoding (the move log), a human form,
and the player notation `draw`, `knock`, `pass`, `meld 7h 9c 10c`, `table: 6h Jk=7h 8h | 9s 9d 9c`.

A meld step carries the complete new table (CA-6, D-CA-2): the engine checks it atomically, so the
move needs no separate "free this joker" action; freeing is read off the difference between the old
and new declarations. Encoding: `d` draw, `k` knock, `p` pass on knocking, and
`m:6h,Jk=7h,8h|9s,9d#1,9c` for a meld step (cards by physical code, `|` between melds).

`meld <cards>` names hand cards only and lets a search find the arrangement (ai-notes §1.5 a): the
caller passes that search in (`arrange`), so reading notation never loads the solver or HiGHS.
`table: ...` is the complete new table for players who want a specific one (CA-6). Copy ids are
optional: an unmarked card means a table copy first (so the table stays put), then a hand copy.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.base import IllegalMove
from games.cards import AnyCard, format_cards, parse_card
from games.carousel.melds import Meld, TableCard


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top stock card (CA-4). After a draw that the player could meld on, drawing again declines."""

    def encode(self) -> str:
        return "d"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class MeldStep:
    """Replace the whole table with `table`, adding at least one hand card (CA-6)."""

    table: tuple[Meld, ...]

    def encode(self) -> str:
        return "m:" + "|".join(",".join(card.code for card in meld.cards) for meld in self.table)

    def __str__(self) -> str:
        return "meld: " + " | ".join(str(meld) for meld in self.table)


@dataclass(frozen=True, slots=True)
class Knock:
    """End the hand with a count ≤ the knock limit, at the end of one's own turn (CA-9)."""

    def encode(self) -> str:
        return "k"

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True, slots=True)
class PassKnock:
    """Decline to knock; play passes to the next player (CA-9: knocking is optional)."""

    def encode(self) -> str:
        return "p"

    def __str__(self) -> str:
        return "don't knock"


Move = Draw | MeldStep | Knock | PassKnock


def decode_move(code: str) -> Move:
    """Read back `Move.encode()`; raises IllegalMove for anything else."""
    if code == "d":
        return Draw()
    if code == "k":
        return Knock()
    if code == "p":
        return PassKnock()
    if code.startswith("m:"):
        try:
            melds = tuple(
                Meld(tuple(TableCard.parse(token) for token in part.split(","))) for part in code[2:].split("|")
            )
        except ValueError as error:
            raise IllegalMove(f"unreadable meld step: {error}", "carousel.unreadable_code", text=code) from error
        return MeldStep(melds)
    raise IllegalMove(f"unknown Carousel move code {code!r}", "carousel.unreadable_code", text=code)


_WORDS: dict[str, Move] = {
    "draw": Draw(),
    "d": Draw(),
    "knock": Knock(),
    "k": Knock(),
    "pass": PassKnock(),
    "p": PassKnock(),
    "no knock": PassKnock(),
}


Arrange = Callable[[Sequence[Meld], Sequence[AnyCard]], "tuple[Meld, ...] | None"]
"""A search for a complete legal table holding the old table plus the given hand cards (None: none)."""


def parse_move(text: str, table: Sequence[Meld], hand: Sequence[AnyCard], arrange: Arrange) -> Move:
    """Read one move typed by the player holding `hand`; raises IllegalMove with a readable reason.

    A `table:` step is read but not checked here (`State.check` judges it); a `meld` shorthand is
    whatever `arrange` finds, so it is legal by construction.
    """
    words = text.strip()
    lowered = words.lower()
    if lowered in _WORDS:
        return _WORDS[lowered]
    if lowered.startswith("meld"):
        return _meld_from_hand(words[4:], table, hand, arrange)
    if lowered.startswith("table"):
        return parse_table(words[5:].lstrip(" :"), table, hand)
    raise IllegalMove(
        f"I don't understand {text!r}: try draw, knock, pass, meld 7h 8h 9h or table: 6h 7h 8h | ...",
        "carousel.unreadable",
        text=text.strip(),
    )


def _meld_from_hand(text: str, table: Sequence[Meld], hand_cards: Sequence[AnyCard], arrange: Arrange) -> MeldStep:
    hand = list(hand_cards)
    try:
        wanted = [parse_card(token) for token in text.replace(",", " ").split()]
    except ValueError as error:
        raise IllegalMove(str(error), "carousel.unreadable_cards", text=text.strip()) from error
    if not wanted:
        raise IllegalMove("name the cards from your hand to meld, like: meld 7h 8h 9h", "carousel.name_cards")
    chosen: list[AnyCard] = []
    for card in wanted:
        match = _take(hand, card)
        if match is None:
            raise IllegalMove(f"{card} is not in your hand", "carousel.not_in_hand", cards=(card,))
        chosen.append(match)
    arranged = arrange(table, chosen)
    if arranged is None:
        raise IllegalMove(
            f"{format_cards(chosen)} can't all be placed on the table, even by rearranging it",
            "carousel.cannot_place",
            cards=tuple(chosen),
        )
    return MeldStep(arranged)


def _take(cards: list[AnyCard], wanted: AnyCard) -> AnyCard | None:
    """Remove and return the physical card `wanted` names (any copy unless a copy id was written)."""
    for card in cards:
        if card == wanted or (wanted.copy == 0 and card.face == wanted.face and card.is_joker == wanted.is_joker):
            cards.remove(card)
            return card
    return None


def parse_table(text: str, table: Sequence[Meld], hand_cards: Sequence[AnyCard]) -> MeldStep:
    """A complete new table typed in notation (`6h Jk=7h 8h | 9s 9d 9c`) as a meld step from `table`
    and the mover's `hand_cards`, so a caller holding only a seat's view can read it too.

    Typed cards are matched to physical ones (table copies first, so the table stays put); the step
    is not checked here: `State.check` judges it (CA-6, CA-7). Raises IllegalMove on bad notation.
    """
    try:
        typed = [[TableCard.parse(token) for token in part.replace(",", " ").split()] for part in text.split("|")]
    except ValueError as error:
        raise IllegalMove(str(error), "carousel.unreadable_cards", text=text.strip()) from error
    if not any(typed):
        raise IllegalMove(
            "write the whole table, melds separated by |, like: table: 6h 7h 8h | 9s 9d 9c", "carousel.write_table"
        )
    table_naturals: dict[AnyCard, list[AnyCard]] = defaultdict(list)
    table_jokers: list[TableCard] = []
    for meld in table:
        for card in meld.cards:
            if card.is_joker:
                table_jokers.append(card)
            else:
                table_naturals[card.card.face].append(card.card)
    hand = list(hand_cards)
    # Jokers keeping their declaration take their own table joker first; then any table joker, then hand.
    joker_for: dict[tuple[int, int], AnyCard] = {}
    for pass_number in (0, 1):
        for m, typed_meld in enumerate(typed):
            for i, card in enumerate(typed_meld):
                if not card.is_joker or (m, i) in joker_for:
                    continue
                if card.card.copy:
                    continue  # a joker written with its copy id (Jk#1) means exactly that card
                for table_joker in table_jokers:
                    if pass_number == 0 and table_joker.declared != card.declared:
                        continue
                    joker_for[(m, i)] = table_joker.card
                    table_jokers.remove(table_joker)
                    break
    melds: list[Meld] = []
    for m, typed_meld in enumerate(typed):
        cards: list[TableCard] = []
        for i, card in enumerate(typed_meld):
            if card.is_joker:
                physical = joker_for.get((m, i))
                if physical is None:
                    explicit = card.card.copy != 0
                    physical = card.card if explicit else (_take(hand, card.card) or card.card)
                    if explicit and physical in hand:
                        hand.remove(physical)
                cards.append(TableCard(physical, card.declared))
                continue
            pool = table_naturals[card.card.face]
            if card.card.copy == 0 and pool:
                cards.append(TableCard(pool.pop(0)))
            elif card.card in pool:
                pool.remove(card.card)
                cards.append(TableCard(card.card))
            else:
                physical = _take(hand, card.card) or card.card
                cards.append(TableCard(physical))
        melds.append(Meld(tuple(cards)))
    return MeldStep(tuple(melds))
