"""Card values, trick winners and the follow rules of Sixty-Six, shared by the engine and the solver.

Kept apart from the state so the computer players can reuse the exact same rule code (no second,
drifting copy of SX-4 or SX-7).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import IllegalMove
from games.cards import Card, Rank, Suit, alternating_suits

# SX-2: A 11, 10 10, K 4, Q 3, J 2, 9 0. Values are distinct, so they double as the rank order.
POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
WIN_POINTS = 66  # SX-11
SCHNEIDER_LINE = 33  # SX-12, §3.3 (not 31)


def card_points(card: Card) -> int:
    """SX-2 value of a card."""
    assert card.rank is not None
    return POINTS[card.rank]


def strength(card: Card) -> int:
    """Order within a suit (SX-2: A > 10 > K > Q > J > 9); equal to the point value plus the 9 at 0."""
    return card_points(card)


def trick_winner(lead: Card, follow: Card, trump: Suit) -> int:
    """0 if the leader's card takes the trick, 1 if the follower's does (SX-4)."""
    if follow.suit == lead.suit:
        return 1 if strength(follow) > strength(lead) else 0
    return 1 if follow.suit == trump else 0


def legal_follows(hand: Sequence[Card], lead: Card, trump: Suit, strict: bool) -> list[Card]:
    """Cards the follower may play: anything in phase 1 (SX-6); the must-head rule in phase 2 (SX-7)."""
    if not strict:
        return list(hand)
    same = [card for card in hand if card.suit == lead.suit]
    if same:
        higher = [card for card in same if strength(card) > strength(lead)]
        return higher or same
    trumps = [card for card in hand if card.suit == trump]
    return trumps or list(hand)


def follow_refusal(hand: Sequence[Card], lead: Card, card: Card, trump: Suit) -> IllegalMove:
    """Why `card` may not follow `lead` in phase 2 (SX-7), as the refusal to raise; `suit` is the suit led."""
    assert lead.suit is not None
    noun = lead.suit.noun
    same = [c for c in hand if c.suit == lead.suit]
    if any(strength(c) > strength(lead) for c in same):
        return IllegalMove(f"You must follow suit with a higher {noun}.", "schnapsen.follow_higher", suit=lead.suit)
    if same:
        return IllegalMove(f"You must follow suit with a {noun}.", "schnapsen.follow_suit", suit=lead.suit)
    return IllegalMove(f"You have no {noun}, so you must play a trump.", "schnapsen.follow_trump", suit=lead.suit)


def marriage_suits(hand: Iterable[Card]) -> list[Suit]:
    """Suits in which the hand holds both K and Q (SX-8), in suit order."""
    kings = {card.suit for card in hand if card.rank is Rank.KING}
    queens = {card.suit for card in hand if card.rank is Rank.QUEEN}
    return [suit for suit in Suit if suit in kings and suit in queens]


def lowest_trump(deck_size: int, trump: Suit) -> Card:
    """The card exchanged for the face-up trump (SX-9): the 9, or the J with 20 cards."""
    return Card(Rank.NINE if deck_size == 24 else Rank.JACK, trump)


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Display order: by suit, colours alternating and trumps last, strongest first within a suit."""
    cards = list(cards)
    suit_order = {
        suit: index
        for index, suit in enumerate(alternating_suits({card.suit for card in cards if card.suit is not None}, trump))
    }
    return sorted(cards, key=lambda card: (suit_order[card.suit], -strength(card)))
