"""Player notation for Carousel moves: `draw`, `knock`, `pass`, `meld 7h 9c 10c`, `table: 6h Jk=7h 8h | 9s 9d 9c`.

`meld <cards>` names hand cards only and lets the solver find the arrangement (ai-notes §1.5 a);
`table: ...` is the complete new table for players who want a specific one (CA-6). Copy ids are
optional: an unmarked card means a table copy first (so the table stays put), then a hand copy.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.base import IllegalMove
from games.cards import Card, format_cards, parse_card
from games.carousel.melds import Meld, TableCard
from games.carousel.moves import Draw, Knock, MeldStep, Move, PassKnock

if TYPE_CHECKING:
    from games.carousel.state import State

_WORDS: dict[str, Move] = {
    "draw": Draw(),
    "d": Draw(),
    "knock": Knock(),
    "k": Knock(),
    "pass": PassKnock(),
    "p": PassKnock(),
    "no knock": PassKnock(),
}


def parse_move(state: State, text: str) -> Move:
    """Read one move typed by the player to move; raises IllegalMove with a readable reason."""
    words = text.strip()
    lowered = words.lower()
    if lowered in _WORDS:
        return _WORDS[lowered]
    if lowered.startswith("meld"):
        return _meld_from_hand(state, words[4:])
    if lowered.startswith("table"):
        return _table_move(state, words[5:].lstrip(" :"))
    raise IllegalMove(f"I don't understand {text!r}: try draw, knock, pass, meld 7h 8h 9h or table: 6h 7h 8h | ...")


def _meld_from_hand(state: State, text: str) -> MeldStep:
    from games.carousel.solver import arrange  # the solver is heavy; load it when a meld is typed

    hand = list(state.hands[state.turn])
    try:
        wanted = [parse_card(token) for token in text.replace(",", " ").split()]
    except ValueError as error:
        raise IllegalMove(str(error)) from error
    if not wanted:
        raise IllegalMove("name the cards from your hand to meld, like: meld 7h 8h 9h")
    chosen: list[Card] = []
    for card in wanted:
        match = _take(hand, card)
        if match is None:
            raise IllegalMove(f"{card} is not in your hand")
        chosen.append(match)
    table = arrange(state.table, chosen, copies=state.decks)
    if table is None:
        raise IllegalMove(f"{format_cards(chosen)} can't all be placed on the table, even by rearranging it")
    return MeldStep(table)


def _take(cards: list[Card], wanted: Card) -> Card | None:
    """Remove and return the physical card `wanted` names (any copy unless a copy id was written)."""
    for card in cards:
        if card == wanted or (wanted.copy == 0 and card.face == wanted.face and card.is_joker == wanted.is_joker):
            cards.remove(card)
            return card
    return None


def _table_move(state: State, text: str) -> MeldStep:
    move = parse_table(text, state.table, state.hands[state.turn])
    state.check(move)
    return move


def parse_table(text: str, table: Sequence[Meld], hand_cards: Sequence[Card]) -> MeldStep:
    """A complete new table typed in notation (`6h Jk=7h 8h | 9s 9d 9c`) as a meld step from `table`
    and the mover's `hand_cards`, so a caller holding only a seat's view can read it too.

    Typed cards are matched to physical ones (table copies first, so the table stays put); the step
    is not checked here: `State.check` judges it (CA-6, CA-7). Raises IllegalMove on bad notation.
    """
    try:
        typed = [
            [TableCard.parse(token) for token in part.replace(",", " ").split()] for part in text.split("|")
        ]
    except ValueError as error:
        raise IllegalMove(str(error)) from error
    if not any(typed):
        raise IllegalMove("write the whole table, melds separated by |, like: table: 6h 7h 8h | 9s 9d 9c")
    table_naturals: dict[Card, list[Card]] = defaultdict(list)
    table_jokers: list[TableCard] = []
    for meld in table:
        for card in meld.cards:
            if card.is_joker:
                table_jokers.append(card)
            else:
                table_naturals[card.card.face].append(card.card)
    hand = list(hand_cards)
    # Jokers keeping their declaration take their own table joker first; then any table joker, then hand.
    joker_for: dict[tuple[int, int], Card] = {}
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
