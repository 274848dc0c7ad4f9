"""A bare Thirteen simulator for the hard player's playouts: bitmasks only, no views, history or log text.

`State.apply` builds a log line, a history entry and a new immutable object per move, which is right for
the table but costs more than the decision itself inside a playout. `Table` is a mutable copy of just
what the rules need (hands, table, passes, places) and `finish` plays it to the end with a policy for
every seat. It follows the engine's turn mechanics move for move (TL-7..TL-11, TL-8.8, E-TL-1, E-TL-9);
`tests/games/thirteen/test_ai_rollout.py` checks that against `State` on seeded games.

Every seat with no legal play passes at once, as auto-pass does (D-TL-4): with auto-pass off such a
player could only pass too, so the outcome is the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from games.thirteen.ai_shapes import shape_plays
from games.thirteen.combos import Combo, classify
from games.thirteen.options import Options
from games.thirteen.order import TWO

TWOS_MASK = 0xF << (TWO * 4)

# A rollout policy: (table, seat) -> the mask to play, 0 to pass.
Policy = Callable[["Table", int], int]


@lru_cache(maxsize=1 << 16)
def can_beat(hand: int, table: Combo, window: bool, options: Options) -> bool:
    """Whether `hand` has any play onto `table` (D-TL-4's test), from the cheap per-shape list."""
    return bool(shape_plays(hand, table, None, window, options))


@dataclass(slots=True)
class Table:
    """The rule state of one game in progress, mutable so a playout costs no allocation per move.

    - hands: one card mask per seat; played: every card played this game.
    - combo / leader: the combination to beat and who played it, None on an empty table (TL-7, TL-10).
    - passed: seats locked out of this round (TL-9); declined: passed seats that also let a bomb window
      go by (E-TL-1); on_two: the bomb on the table sits on a 2 (TL-8.7).
    - places: finishing place per seat, 0 while still playing (TL-11); turn: the seat to act, -1 when over.
    """

    hands: list[int]
    played: int
    combo: Combo | None
    leader: int
    passed: int
    declined: int
    on_two: bool
    places: list[int]
    forced: int | None
    turn: int
    options: Options

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.turn < 0

    @property
    def in_bomb_window(self) -> bool:
        """The seat to act has passed and may only chop a 2 (TL-8.8)."""
        return self.turn >= 0 and bool(self.passed >> self.turn & 1)

    def copy(self) -> Table:
        return Table(list(self.hands), self.played, self.combo, self.leader, self.passed, self.declined,
                     self.on_two, list(self.places), self.forced, self.turn, self.options)

    def move(self, mask: int) -> None:
        """The seat to act plays `mask` (a legal combination) or passes (0), then the turn moves on."""
        seat = self.turn
        if not mask:
            bit = 1 << seat
            if self.passed & bit:
                self.declined |= bit  # declining the bomb window (E-TL-1)
            else:
                self.passed |= bit  # locked out until the table clears (TL-9, D-TL-1)
            self._advance(seat)
            return
        combo = classify(mask)
        assert combo is not None
        table = self.combo
        self.on_two = combo.is_bomb and table is not None and (table.is_twos or self.on_two)
        self.hands[seat] &= ~mask
        self.played |= mask
        self.combo = combo
        self.leader = seat
        self.declined = 0
        self.forced = None
        if not self.hands[seat]:
            self._go_out(seat, on_a_two=bool(mask & TWOS_MASK))
            if self._finished():
                return
        self._advance(seat)

    def _advance(self, after: int) -> None:
        """Next seat clockwise that may and can act; everyone else passed: the round clears (TL-10)."""
        combo = self.combo
        assert combo is not None
        n = len(self.hands)
        options = self.options
        seat = after
        while True:
            seat = (seat + 1) % n
            if seat == self.leader:
                leader = seat
                while not self.hands[leader]:
                    leader = (leader + 1) % n
                self.combo = None
                self.on_two = False
                self.passed = 0
                self.declined = 0
                self.turn = leader
                return
            hand = self.hands[seat]
            if not hand:
                continue
            bit = 1 << seat
            window = bool(self.passed & bit)
            if window and not (options.bomb_after_pass and (combo.is_twos or self.on_two)
                               and not self.declined & bit):
                continue
            if not can_beat(hand, combo, window, options):
                if window:
                    self.declined |= bit
                else:
                    self.passed |= bit
                continue
            self.turn = seat
            return

    def _go_out(self, seat: int, on_a_two: bool) -> None:
        """The next free place, or the last free one when out on a 2 under E-TL-9 (TL-11)."""
        free = [p for p in range(1, len(self.hands) + 1) if p not in self.places]
        self.places[seat] = free[-1] if on_a_two and self.options.two_finish_loses else free[0]

    def _finished(self) -> bool:
        """One seat left holding cards takes the last free place and the game ends (TL-11, D-TL-2)."""
        holding = [s for s, h in enumerate(self.hands) if h]
        if len(holding) > 1:
            return False
        for seat in holding:
            self._go_out(seat, on_a_two=False)
        self.combo = None
        self.turn = -1
        return True

    def finish(self, policy: Policy) -> list[int]:
        """Play to the end with `policy` for every seat; the finishing places."""
        while self.turn >= 0:
            self.move(policy(self, self.turn))
        return self.places
