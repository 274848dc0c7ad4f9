"""Carousel moves: frozen values with a machine encoding (the move log) and a human form.

A meld step carries the complete new table (CA-6, D-CA-2): the engine checks it atomically, so the
move needs no separate "free this joker" action; freeing is read off the difference between the old
and new declarations. Encoding: `d` draw, `k` knock, `p` pass on knocking, and
`m:6h,Jk=7h,8h|9s,9d#1,9c` for a meld step (cards by physical code, `|` between melds).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import IllegalMove
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
            raise IllegalMove(f"unreadable meld step: {error}") from error
        return MeldStep(melds)
    raise IllegalMove(f"unknown Carousel move code {code!r}")
