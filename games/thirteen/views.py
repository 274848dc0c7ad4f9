"""What one seat (or a spectator) may know of a Thirteen table (design §2).

Views are the only thing renderers, message builders and computer players receive, so a hidden card
cannot leak: a seat's view holds its own hand and only the *counts* of the others (TL-3, E-TL-11:
unused cards are never shown). Texts in `LogLine` leave the player's name out ("played 7♠ 7♥"), the
bot prefixes the name it knows.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card
from games.thirteen.combos import ComboKind
from games.thirteen.moves import Move
from games.thirteen.options import Options


@dataclass(frozen=True, slots=True)
class TableCombo:
    """The combination to beat, who played it, and whether it is a 2 or sits on a 2 (TL-8, E-TL-1)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ComboKind
    length: int
    description: str
    on_two: bool


@dataclass(frozen=True, slots=True)
class Turn:
    """One action in the current round. `auto` marks a pass the engine made for the player (D-TL-4)."""

    seat: int
    move: Move
    auto: bool = False


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log, without the player's name: seat 2 + "played 7♠ 7♥"."""

    seat: int | None
    text: str


@dataclass(frozen=True, slots=True)
class ThirteenView:
    """A seat's (or, with `seat=None`, the public) picture of the table.

    - hand: own cards sorted by TL-2 (empty for the public view); hand_counts: cards per seat.
    - table: the combination to beat, or None when the leader may play anything (TL-7, TL-10).
    - passed: seats locked out of this round (TL-9); in_bomb_window: `to_move` passed but may chop a 2 (E-TL-1).
    - places: finishing place per seat in this game, None while still playing (TL-11, E-TL-9);
      finished: the placed seats, best place first.
    - history: the current round's turns; last_round: the turns of the round that just cleared, until
      the next play (so the passes that ended it can still be read); log: the last lines of the game;
      last_action: the latest line.
    - played: every card played in this game (public, for card counting); must_include: the lowest
      dealt card the first lead must contain (TL-4), else None.
    - left_holding: once a game is over, the cards each seat still held at its end (empty for those who
      went out), until the first play of the next game of a series (for good once the match is over);
      () while a game is being played (TL-3: hands stay hidden until then).
    - game_number (1-based) of series_games; series_points: place points so far (D-TL-5, TL-12).
    """

    seat: int | None
    players: int
    to_move: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    table: TableCombo | None
    passed: tuple[int, ...]
    in_bomb_window: bool
    places: tuple[int | None, ...]
    finished: tuple[int, ...]
    history: tuple[Turn, ...]
    last_round: tuple[Turn, ...]
    log: tuple[LogLine, ...]
    last_action: LogLine | None
    played: tuple[Card, ...]
    must_include: Card | None
    can_pass: bool
    game_number: int
    series_games: int
    series_points: tuple[int, ...]
    is_over: bool
    options: Options
    left_holding: tuple[tuple[Card, ...], ...] = ()

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.to_move
