"""The Thirteen state machine: turns, rounds, passing, going out, places and series (TL-3..TL-13).

A `State` is immutable: `apply` returns a new one. Cards are bitmasks internally (see `order`); the
public surface speaks `games.cards.Card`. With auto-pass on (D-TL-4) the engine passes for a seat that
could not beat the table, recording it in the round's history: at new tables (`auto_pass_public`) only
when no hand of that seat's size could, so the pass reveals nothing and a seat with no beating play of
its own may still be asked; at tables stored before, whenever its own hand holds no beating play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import GameResult, IllegalMove
from games.cards import format_cards, parse_suited_cards
from games.thirteen.combos import (
    Combo,
    all_combos,
    beating_combos,
    beats,
    can_beat,
    classify,
    could_beat,
    refused_beat,
    refused_combo,
)
from games.thirteen.deal import MAX_REDEALS, deal, instant_win
from games.thirteen.moves import PASS, Move, Pass, Play, decode_move, parse_move
from games.thirteen.options import Options
from games.thirteen.order import CARDS, FULL_DECK, TWO, cards_of, lowest_of, mask_of, value
from games.thirteen.views import LogLine, TableCombo, ThirteenView, Turn

LOG_KEEP = 30  # lines of game log a view carries: enough for a table message, small enough to store
TWOS_MASK = 0xF << (TWO * 4)
ORDINALS = ("1st", "2nd", "3rd", "4th")


class State:
    """One table of Thirteen: the current game of the series, and the series so far.

    Built by `new_game`, `position`, `State.from_dict` or replay; never mutated after construction.
    """

    __slots__ = (
        "_legal",
        "declined",
        "forced",
        "game_number",
        "game_places",
        "hands",
        "history",
        "last_round",
        "left_over",
        "log",
        "on_two",
        "options",
        "over",
        "passed",
        "places",
        "played",
        "players",
        "seed",
        "series_points",
        "table",
        "table_seat",
        "turn",
    )

    options: Options
    players: int
    seed: int
    game_number: int
    hands: tuple[int, ...]
    turn: int | None
    table: Combo | None
    table_seat: int | None
    on_two: bool
    passed: int
    declined: int
    places: tuple[int | None, ...]
    forced: int | None
    history: tuple[Turn, ...]
    last_round: tuple[Turn, ...]
    left_over: tuple[int, ...]
    log: tuple[LogLine, ...]
    played: int
    series_points: tuple[int, ...]
    game_places: tuple[tuple[int, ...], ...]
    over: bool
    _legal: list[Move] | None

    def _copy(self) -> State:
        new = State.__new__(State)
        for name in State.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        new._legal = None
        return new

    # The GameState protocol ---------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat expected to act, or None when the match is over."""
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def in_bomb_window(self) -> bool:
        """`to_move` has passed this round and may only chop a 2 or decline (TL-8.8, E-TL-1)."""
        return self.turn is not None and bool(self.passed >> self.turn & 1)

    def legal_moves(self) -> list[Move]:
        """Every legal play (each distinct card set) and pass where allowed (TL-7); cached per state."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Move]:
        if self.turn is None:
            return []
        hand = self.hands[self.turn]
        if self.table is None:
            masks = all_combos(hand)
            if self.forced is not None:
                bit = 1 << self.forced
                masks = [m for m in masks if m & bit]
            return [Play(m) for m in masks]
        moves: list[Move] = [Play(m) for m in beating_combos(hand, self.table, self.options, self.in_bomb_window)]
        moves.append(PASS)
        return moves

    def check(self, move: Move) -> None:
        """Raise IllegalMove with a sentence a player understands, or return when `move` is legal."""
        if self.turn is None:
            raise IllegalMove("The game is over.", "thirteen.over")
        if isinstance(move, Pass):
            if self.table is None:
                raise IllegalMove(
                    "You lead this round, so you can't pass: play any combination.", "thirteen.lead_cannot_pass"
                )  # TL-7
            return
        if not isinstance(move, Play):
            raise IllegalMove("That is not a Thirteen move.", "thirteen.not_a_move")
        hand = self.hands[self.turn]
        missing = move.mask & ~hand
        if missing:
            missing_cards = tuple(cards_of(missing))
            raise IllegalMove(
                f"You don't hold {format_cards(missing_cards)}.", "thirteen.not_held", cards=missing_cards
            )
        # The rule broken first is named first: without the forced card no choice of the other cards
        # could make the lead legal, so TL-4 comes before what is wrong with the combination.
        if self.forced is not None and not move.mask >> self.forced & 1:
            forced = CARDS[self.forced]
            raise IllegalMove(
                f"The first lead of the game must include {forced}.", "thirteen.first_lead", card=forced
            )  # TL-4
        combo = classify(move.mask)
        if combo is None:
            raise refused_combo(move.mask)
        if self.in_bomb_window and not combo.is_bomb:
            raise IllegalMove(
                "You passed this round; wait for the table to clear (only a bomb may chop a 2 now).",
                "thirteen.passed_bomb_window",
            )
        if self.table is not None and not beats(combo, self.table, self.options):
            raise refused_beat(combo, self.table)

    def apply(self, move: Move) -> State:
        """A new state after `move` (checked first, so nothing illegal gets in)."""
        self.check(move)
        assert self.turn is not None
        new = self._copy()
        seat = self.turn
        if isinstance(move, Play):
            new._play(seat, move)
        else:
            new._pass(seat, auto=False)
        return new

    def apply_unchecked(self, move: Move) -> State:
        """`apply` without `check`, for computer players' playouts whose moves come from the rule functions."""
        new = self._copy()
        assert self.turn is not None
        if isinstance(move, Play):
            new._play(self.turn, move)
        else:
            new._pass(self.turn, auto=False)
        return new

    @classmethod
    def sampled(cls, view: ThirteenView, hands: tuple[int, ...], options: Options) -> State:
        """A state matching a seat's view with guessed hands for the others (hard player's sampling).

        Only what a view shows is carried over; who declined a bomb window is not shown, so it is cleared.
        """
        state = cls.__new__(cls)
        state.options = options
        state.players = view.players
        state.seed = 0
        state.game_number = 1
        state.hands = hands
        state.turn = view.to_move
        state.table = classify(mask_of(view.table.cards)) if view.table is not None else None
        state.table_seat = view.table.seat if view.table is not None else None
        state.on_two = (
            view.table is not None and state.table is not None and view.table.on_two and not state.table.is_twos
        )
        state.passed = sum(1 << s for s in view.passed)
        state.declined = 0
        state.places = view.places
        state.forced = value(view.must_include) if view.must_include is not None else None
        state.history = ()
        state.last_round = ()
        state.left_over = ()
        state.log = ()
        state.played = mask_of(view.played)
        state.series_points = (0,) * view.players
        state.game_places = ()
        state.over = False
        state._legal = None
        return state

    def result(self) -> GameResult:
        """Places and place points (D-TL-5). For a series, places rank the point totals (ties share)."""
        if not self.over:
            raise ValueError("the game is not over yet")
        points = self.series_points
        if len(self.game_places) == 1:
            return GameResult(places=self.game_places[0], scores=points)
        places = tuple(1 + sum(other > mine for other in points) for mine in points)
        return GameResult(places=places, scores=points)

    def parse_move(self, text: str) -> Move:
        """Read "7s 7h" or "pass"; only notation is checked here, `check` judges the rules."""
        return parse_move(text)

    def decode_move(self, code: str) -> Move:
        return decode_move(code)

    # Turn mechanics -----------------------------------------------------------------------------

    def _say(self, seat: int | None, text: str) -> None:
        self.log = (*self.log[-(LOG_KEEP - 1) :], LogLine(seat, text))

    def _play(self, seat: int, move: Play) -> None:
        combo = classify(move.mask)
        assert combo is not None
        previous_on_two = self.table is not None and (self.table.is_twos or self.on_two)
        self.on_two = combo.is_bomb and previous_on_two
        hands = list(self.hands)
        hands[seat] &= ~move.mask
        self.hands = tuple(hands)
        self.played |= move.mask
        self.table = combo
        self.table_seat = seat
        self.declined = 0
        self.forced = None
        self.history = (*self.history, Turn(seat, move))
        self.last_round = ()
        self.left_over = ()
        self._say(seat, f"played {move} ({combo.describe()})")
        if not hands[seat]:
            self._go_out(seat, on_a_two=bool(move.mask & TWOS_MASK))
            if self._game_finished():
                return
        self._advance(seat)

    def _pass(self, seat: int, auto: bool) -> None:
        bit = 1 << seat
        if self.passed & bit:
            self.declined |= bit  # declining the bomb window (E-TL-1)
            text = "declined to chop"
        else:
            self.passed |= bit  # locked out until the table clears (TL-9, D-TL-1)
            text = "passed"
        self.history = (*self.history, Turn(seat, PASS, auto))
        self._say(seat, f"{text} (no play)" if auto else text)
        if not auto:
            self._advance(seat)

    def _eligible(self, seat: int) -> bool:
        """May `seat` act on the current table? Not passed, or passed but in a bomb window (TL-8.8)."""
        bit = 1 << seat
        if not self.passed & bit:
            return True
        return self.options.bomb_after_pass and self._table_on_two() and not self.declined & bit

    def _table_on_two(self) -> bool:
        return self.table is not None and (self.table.is_twos or self.on_two)

    def _advance(self, after: int) -> None:
        """Find the next seat to act clockwise from `after`, auto-passing (D-TL-4); end the round (TL-10)."""
        assert self.table is not None and self.table_seat is not None
        seat = after
        while True:
            seat = (seat + 1) % self.players
            if seat == self.table_seat:
                self._clear_round()
                return
            if not self.hands[seat] or not self._eligible(seat):
                continue
            window = bool(self.passed >> seat & 1)
            if self.options.auto_pass and not self._may_beat(seat, window):
                self._pass(seat, auto=True)
                continue
            self.turn = seat
            return

    def _may_beat(self, seat: int, window: bool) -> bool:
        """D-TL-4: whether `seat` gets a turn. With `auto_pass_public`, from public facts only (its hand
        size and the cards not yet played), so a skipped turn reveals nothing of its hand."""
        assert self.table is not None
        if self.options.auto_pass_public:
            unseen = FULL_DECK & ~self.played
            return could_beat(self.hands[seat].bit_count(), unseen, self.table, self.options, window)
        return can_beat(self.hands[seat], self.table, self.options, window)

    def _clear_round(self) -> None:
        """Everyone else passed: the last player leads, or the next seat with cards if they went out (TL-10)."""
        leader = self.table_seat
        assert leader is not None
        while not self.hands[leader]:
            leader = (leader + 1) % self.players
        self.table = None
        self.table_seat = None
        self.on_two = False
        self.passed = 0
        self.declined = 0
        # Kept for the table until the next play, so the passes that ended the round stay readable.
        self.last_round = self.history
        self.history = ()
        self.turn = leader
        self._say(leader, "leads a new round")

    def _go_out(self, seat: int, on_a_two: bool) -> None:
        """Take the next finishing place (TL-11), or the lowest free one when out on a 2 (E-TL-9)."""
        taken = {p for p in self.places if p is not None}
        if on_a_two and self.options.two_finish_loses:
            place = max(p for p in range(1, self.players + 1) if p not in taken)
            self._say(seat, f"went out on a 2 and takes {ORDINALS[place - 1]} place")
        else:
            place = min(p for p in range(1, self.players + 1) if p not in taken)
            self._say(seat, f"went out: {ORDINALS[place - 1]} place")
        places = list(self.places)
        places[seat] = place
        self.places = tuple(places)

    def _game_finished(self) -> bool:
        """When one player is left with cards the game ends (TL-11, D-TL-2); the series goes on (D-TL-5)."""
        holding = [s for s in range(self.players) if self.hands[s]]
        if len(holding) > 1:
            return False
        places = list(self.places)
        for seat in holding:
            taken = {p for p in places if p is not None}
            place = min(p for p in range(1, self.players + 1) if p not in taken)
            places[seat] = place
            self._say(seat, f"is left holding cards: {ORDINALS[place - 1]} place")
        final = tuple(p for p in places if p is not None)
        self.places = final
        # The hands as the game ended, public from now on (TL-11): kept until the next game's first play.
        self.left_over = self.hands
        self.game_places = (*self.game_places, final)
        self.series_points = tuple(
            points + self.players - place for points, place in zip(self.series_points, final, strict=True)
        )
        self.table = None
        self.table_seat = None
        self.history = ()
        self.last_round = ()
        self.turn = None
        if self.game_number < self.options.series_games:
            winner = final.index(1)
            self._start_game(self.game_number + 1, leader=winner)
        else:
            # No log line of its own: every reader already has one for the end ("Game over: …" on the
            # table, the standings), and the last line stays the last thing that happened.
            self.over = True
        return True

    def _start_game(self, game_number: int, leader: int | None) -> None:
        """Deal game `game_number`; `leader` None means the lowest-card rule (TL-4, D-TL-3)."""
        self.game_number = game_number
        self.places = (None,) * self.players
        self.table = None
        self.table_seat = None
        self.on_two = False
        self.passed = 0
        self.declined = 0
        self.history = ()
        self.last_round = ()
        self.played = 0
        self.forced = None
        if self.options.series_games > 1:
            self._say(None, f"game {game_number} of {self.options.series_games} is dealt")
        for redeal in range(MAX_REDEALS):
            self.hands = deal(self.players, self.seed, game_number, redeal)
            winners = [(s, instant_win(h)) for s, h in enumerate(self.hands)] if self.options.instant_wins else []
            qualified = [(s, what) for s, what in winners if what]
            if len(qualified) <= 1:
                break
            self._say(None, "two players hold an instant win: the cards are dealt again")  # TL-13 [decide]
        if self.options.instant_wins and qualified:
            seat, what = qualified[0]
            self._say(seat, f"wins at once with {what}: {format_cards(cards_of(self.hands[seat]))}")
            self.played |= self.hands[seat]
            hands = list(self.hands)
            hands[seat] = 0
            self.hands = tuple(hands)
            self._go_out(seat, on_a_two=False)
            if self._game_finished():
                return
        if leader is None or not self.hands[leader]:
            if leader is not None:
                while not self.hands[leader]:
                    leader = (leader + 1) % self.players
            else:
                everything = 0
                for hand in self.hands:
                    everything |= hand
                self.forced = lowest_of(everything)
                leader = next(s for s, h in enumerate(self.hands) if h >> self.forced & 1)
        self.turn = leader
        if self.forced is not None:
            self._say(leader, f"holds {CARDS[self.forced]} and leads")
        else:
            self._say(leader, "leads")

    # Views ---------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> ThirteenView:
        """What `seat` may know (None: the public table). Never another player's hand."""
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a {self.players}-player table")
        table = None
        if self.table is not None and self.table_seat is not None:
            table = TableCombo(
                seat=self.table_seat,
                cards=cards_of(self.table.mask),
                kind=self.table.kind,
                length=self.table.length,
                description=self.table.describe(),
                on_two=self._table_on_two(),
            )
        placed = sorted((p, s) for s, p in enumerate(self.places) if p is not None)
        return ThirteenView(
            seat=seat,
            players=self.players,
            to_move=self.turn,
            hand=cards_of(self.hands[seat]) if seat is not None else (),
            hand_counts=tuple(h.bit_count() for h in self.hands),
            table=table,
            passed=tuple(s for s in range(self.players) if self.passed >> s & 1),
            in_bomb_window=self.in_bomb_window,
            places=self.places,
            finished=tuple(s for _, s in placed),
            history=self.history,
            last_round=self.last_round,
            log=self.log,
            last_action=self.log[-1] if self.log else None,
            played=cards_of(self.played),
            must_include=CARDS[self.forced] if self.forced is not None else None,
            can_pass=self.turn is not None and self.table is not None,
            game_number=self.game_number,
            series_games=self.options.series_games,
            series_points=self.series_points,
            is_over=self.over,
            options=self.options,
            left_holding=tuple(cards_of(hand) for hand in self.left_over),
        )

    # Saving (games.thirteen.snapshot) -----------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot; `from_dict` rebuilds an equal state."""
        from games.thirteen.snapshot import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        from games.thirteen.snapshot import state_from_dict

        return state_from_dict(data)

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in State.__slots__ if name != "_legal")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.hands, self.turn, self.game_number, self.played, self.passed))

    def __repr__(self) -> str:
        hands = " | ".join(format_cards(cards_of(h)) for h in self.hands)
        return f"<Thirteen game {self.game_number} to_move={self.turn} table={self.table} hands: {hands}>"


def _mask(text: str) -> int:
    return mask_of(parse_suited_cards(text))


def new_game(players: int = 4, seed: int = 0, options: Mapping[str, Any] | Options | None = None) -> State:
    """Deal a new match (TL-3): the first game is led by the holder of the lowest card (TL-4, D-TL-3)."""
    if not 2 <= players <= 4:
        raise ValueError(f"Thirteen is for 2 to 4 players, not {players}")  # TL-1
    state = State.__new__(State)
    state.options = Options.from_mapping(options)
    state.players = players
    state.seed = seed
    state.series_points = (0,) * players
    state.game_places = ()
    state.over = False
    state.turn = None
    state.log = ()
    state.left_over = ()
    state._legal = None
    state._start_game(1, leader=None)
    return state


def position(
    hands: Sequence[str],
    table: str | None = None,
    to_move: int | None = None,
    passed: Sequence[int] = (),
    first_game: bool = False,
    options: Mapping[str, Any] | Options | None = None,
    table_seat: int | None = None,
    on_two: bool = False,
) -> State:
    """A mid-game position from readable text, for rule tests and tools.

    `hands` per seat ("" for a seat that has gone out, placed in seat order); `table` the combination
    to beat, played by `table_seat` (default: the nearest seat before `to_move` that has not passed);
    `on_two` says a bomb on the table sits on a 2 (TL-8.7). With `first_game` and an empty table the
    lowest card's holder leads and must include it (TL-4); `to_move` may then be left out.
    """
    masks = tuple(_mask(h) for h in hands)
    players = len(masks)
    if not 2 <= players <= 4:
        raise ValueError("a position has 2 to 4 hands")
    together = 0
    for m in masks:
        if together & m:
            raise ValueError("a card appears in two hands")
        together |= m
    state = State.__new__(State)
    state.options = Options.from_mapping(options)
    state.players = players
    state.seed = 0
    state.game_number = 1
    state.hands = masks
    state.series_points = (0,) * players
    state.game_places = ()
    state.over = False
    state.log = ()
    state.history = ()
    state.last_round = ()
    state.left_over = ()
    state.declined = 0
    state.passed = sum(1 << s for s in passed)
    state.forced = None
    state._legal = None
    out = [s for s in range(players) if not masks[s]]
    state.places = tuple(out.index(s) + 1 if s in out else None for s in range(players))
    table_mask = _mask(table) if table else 0
    if table_mask & together:
        raise ValueError("a table card is also in a hand")
    state.played = table_mask
    state.table = classify(table_mask) if table_mask else None
    if table_mask and state.table is None:
        raise ValueError(f"the table {table!r} is no combination")
    if first_game and state.table is None:
        state.forced = lowest_of(together)
        holder = next(s for s in range(players) if masks[s] >> state.forced & 1)
        if to_move not in (None, holder):
            raise ValueError(f"seat {holder} holds the lowest card and must lead")
        to_move = holder
    if to_move is None:
        raise ValueError("say whose turn it is")
    state.turn = to_move
    if state.table is not None and table_seat is None:
        table_seat = next(
            (s for k in range(1, players) if not (state.passed >> (s := (to_move - k) % players) & 1)),
            (to_move - 1) % players,
        )
    state.table_seat = table_seat if state.table is not None else None
    state.on_two = on_two
    return state


def replay(players: int, seed: int, options: Mapping[str, Any] | Options | None, moves: Sequence[str] | Any) -> State:
    """Rebuild a match from its seed and encoded moves; each move is checked as it is applied."""
    state = new_game(players, seed, options)
    for code in moves:
        state = state.apply(state.decode_move(code))
    return state
