"""Random legal Carousel tables for solver tests and the benchmark: melds drawn from the decks."""

from __future__ import annotations

import random

from games.cards import Card, Rank, Suit, rummy_deck
from games.carousel.melds import Meld, TableCard

SUITS = tuple(Suit)


def _face(suit: Suit, position: int) -> Card:
    return Card(Rank.ACE if position in (1, 14) else Rank(position), suit)


def random_table(
    rng: random.Random, decks: int, size: int, jokers: int = 0
) -> tuple[tuple[Meld, ...], list[Card]]:
    """A legal table of about `size` cards (with up to `jokers` declared jokers) and the unused cards."""
    pool = [card for card in rummy_deck(decks) if not card.is_joker]
    free_jokers = [card for card in rummy_deck(decks) if card.is_joker]
    table: list[Meld] = []
    on_table: dict[Card, int] = {}
    placed = 0
    attempts = 0
    while placed < size and attempts < 2000:
        attempts += 1
        if rng.random() < 0.5:
            suit = rng.choice(SUITS)
            length = rng.randint(3, 6)
            start = rng.randint(1, 15 - length)
            faces = [_face(suit, p) for p in range(start, start + length)]
        else:
            rank = rng.choice(list(Rank))
            faces = [Card(rank, s) for s in rng.sample(SUITS, rng.randint(3, 4))]
        joker_slot = rng.randrange(len(faces)) if free_jokers and jokers > 0 and rng.random() < 0.3 else None
        cards: list[TableCard] = []
        for index, face in enumerate(faces):
            if on_table.get(face, 0) >= decks:
                break
            if index == joker_slot:
                cards.append(TableCard(free_jokers[-1], face))
                continue
            physical = next((c for c in pool if c.face == face), None)
            if physical is None:
                break
            cards.append(TableCard(physical))
        else:
            for card in cards:
                on_table[card.face] = on_table.get(card.face, 0) + 1
                if card.is_joker:
                    free_jokers.pop()
                    jokers -= 1
                else:
                    pool.remove(card.card)
            table.append(Meld(tuple(cards)).in_display_order())
            placed += len(cards)
    return tuple(table), pool + free_jokers
