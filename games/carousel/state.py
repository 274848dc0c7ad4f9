"""The Carousel state machine: a whole game to the target, hand after hand (CA-1..CA-13).

A `State` is an immutable snapshot; `apply` checks the move and returns a new one. A hand ends the
moment someone goes out (CA-10), knocks (CA-9) or must draw from an empty stock (CA-11, D-CA-3); it is
scored at once and the next hand is dealt by the next dealer clockwise (D-CA-1) from
`seeded_rng(seed, "deal", n)`, so any hand can be rebuilt on its own. `last_hand` keeps the summary of
the hand that just ended for the views.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.base import GameResult, IllegalMove, replay_moves, seeded_rng
from games.cards import AnyCard, Card, Joker, parse_card, rummy_deck, shuffled
from games.carousel.changes import meld_changes
from games.carousel.melds import Meld, TableCard, hand_value, lowest_count
from games.carousel.moves import Draw, Knock, MeldStep, Move, PassKnock, decode_move, parse_move
from games.carousel.options import Options
from games.carousel.scoring import end_of_game, score_hand
from games.carousel.table_check import check_meld_step
from games.carousel.views import (
    CarouselView,
    DeclinedKnock,
    Drew,
    GameEndSummary,
    GameOver,
    HandSummary,
    HandWon,
    Knocked,
    LastMeld,
    LogEntry,
    Melded,
    Phase,
    StockEmpty,
    WentOut,
    display_order,
)

log = logging.getLogger(__name__)

HAND_SIZE = 10  # CA-2
LOG_LENGTH = 12  # enough for a table header's "last actions", small enough for a view


def decks_for(players: int) -> int:
    """CA-1: one deck (and one joker) for 2 players, two for 3-5."""
    return 1 if players == 2 else 2


@dataclass(frozen=True, slots=True)
class State:
    """A Carousel game. `stock[-1]` is the top card. Seats are numbered clockwise (D-CA-1)."""

    players: int
    seed: int
    options: Options
    hand_number: int
    dealer: int
    hands: tuple[tuple[AnyCard, ...], ...]
    stock: tuple[AnyCard, ...]
    table: tuple[Meld, ...]
    turn: int
    phase: Phase
    draws: int
    scores: tuple[int, ...]
    hands_won: tuple[int, ...]
    log: tuple[LogEntry, ...] = ()
    last_hand: HandSummary | None = None
    hand_moves: int = 0
    final: GameEndSummary | None = None
    last_meld: LastMeld | None = None  # CA-6: the latest meld step of this hand, for the images
    drawn: tuple[AnyCard | None, ...] = ()  # CA-4: per seat, the card it drew last in this hand (hidden)

    # --- the engine contract --------------------------------------------------------------------

    @property
    def decks(self) -> int:
        return decks_for(self.players)

    @property
    def to_move(self) -> int | None:
        return None if self.final is not None else self.turn

    @property
    def is_over(self) -> bool:
        return self.final is not None

    @property
    def can_knock(self) -> bool:
        """CA-9: at the end of one's own turn with a count ≤ the knock limit."""
        return self.phase is Phase.KNOCK and hand_value(self.hands[self.turn]) <= self.options.knock_limit

    def legal_moves(self) -> list[Move]:
        """Draws, knock and pass; meld steps are checked, not enumerated (there can be millions)."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.KNOCK:
            return [Knock(), PassKnock()] if self.can_knock else [PassKnock()]
        return [Draw()]

    def check(self, move: Move) -> None:
        """Raise IllegalMove with a readable reason unless `move` is legal now."""
        self._added_by(move)

    def _added_by(self, move: Move) -> tuple[AnyCard, ...]:
        phase = self.phase
        if phase is Phase.OVER:
            raise IllegalMove("the game is over", "carousel.over")
        if isinstance(move, Draw):
            if phase is Phase.KNOCK:
                raise IllegalMove("your turn is over: knock or pass", "carousel.knock_or_pass")
            return ()
        if isinstance(move, MeldStep):
            if phase is Phase.DRAW_1:
                raise IllegalMove("draw a card first: every turn starts with a draw", "carousel.draw_first")
            if phase is Phase.KNOCK:
                raise IllegalMove("your turn is over: no melding after the third draw", "carousel.third_draw")
            return check_meld_step(self.table, move.table, self.hands[self.turn], self.decks)
        if isinstance(move, Knock):
            if phase is not Phase.KNOCK:
                if phase is Phase.DRAW_1:
                    raise IllegalMove("you can knock only at the end of your own turn", "carousel.knock_own_turn")
                raise IllegalMove(
                    "finish your turn first: knocking comes at the end of your turn", "carousel.knock_at_end"
                )
            if not self.can_knock:
                count = hand_value(self.hands[self.turn])
                raise IllegalMove(
                    f"your count is {count}, over the knock limit of {self.options.knock_limit}",
                    "carousel.knock_limit",
                    count=count,
                    limit=self.options.knock_limit,
                )
            return ()
        if isinstance(move, PassKnock):
            if phase is not Phase.KNOCK:
                raise IllegalMove("there is no knock to pass on now", "carousel.no_knock")
            return ()
        raise IllegalMove(f"not a Carousel move: {move!r}", "carousel.not_a_move")

    def apply(self, move: Move) -> State:
        """Check `move` and return the state after it (the old state is untouched)."""
        added = self._added_by(move)
        seat = self.turn
        state = replace(self, hand_moves=self.hand_moves + 1)
        if isinstance(move, Draw):
            return state._draw(seat)
        if isinstance(move, MeldStep):
            return state._meld(seat, move, added)
        if isinstance(move, Knock):
            count = hand_value(self.hands[seat])
            return state._logged(Knocked(seat, count))._end_hand(knocker=seat)
        return state._logged(DeclinedKnock(seat))._next_turn()

    def view(self, seat: int | None) -> CarouselView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a {self.players}-player table")
        return CarouselView(
            seat=seat,
            players=self.players,
            to_move=self.to_move,
            phase=self.phase,
            draws_this_turn=self.draws,
            hand=tuple(display_order(self.hands[seat])) if seat is not None else (),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            table=self.table,
            stock=len(self.stock),
            decks=self.decks,
            scores=self.scores,
            hands_won=self.hands_won,
            hand_number=self.hand_number,
            dealer=self.dealer,
            target=self.options.target,
            knock_limit=self.options.knock_limit,
            log=self.log,
            can_knock=seat is not None and seat == self.to_move and self.can_knock,
            is_over=self.is_over,
            last_hand=self.last_hand,
            hand_just_ended=self.last_hand is not None and self.hand_moves == 0,
            final=self.final,
            last_meld=self.last_meld,
            drawn=self._drawn_by(seat),
            fixed_deals=self.options.fixed_deals,
        )

    def _drawn_by(self, seat: int | None) -> AnyCard | None:
        """The seat's own last draw while it still holds it; never another seat's card (hidden, design §2)."""
        if seat is None or seat >= len(self.drawn):
            return None
        card = self.drawn[seat]
        return card if card is not None and card in self.hands[seat] else None

    def result(self) -> GameResult:
        """Places by final total (CA-13); equal totals share a place (D-CA-4)."""
        if self.final is None:
            raise ValueError("the game is not over")
        final = self.final.final
        places = tuple(1 + sum(other > mine for other in final) for mine in final)
        return GameResult(places=places, scores=final)

    def parse_move(self, text: str) -> Move:
        move = parse_move(text, self.table, self.hands[self.turn], self._arrange)
        self.check(move)
        return move

    def _arrange(self, table: Sequence[Meld], cards: Sequence[AnyCard]) -> tuple[Meld, ...] | None:
        from games.carousel.solver import arrange  # HiGHS loads only when a `meld` shorthand is typed

        return arrange(table, cards, copies=self.decks)

    def decode_move(self, code: str) -> Move:
        return decode_move(code)

    # --- transitions ----------------------------------------------------------------------------

    def _logged(self, entry: LogEntry) -> State:
        return replace(self, log=(*self.log, entry)[-LOG_LENGTH:])

    def _draw(self, seat: int) -> State:
        if not self.stock:
            # CA-11: the draw is due and there is no card; the hand ends at once (D-CA-3).
            return self._logged(StockEmpty(seat))._end_hand()
        card = self.stock[-1]
        hands = _with_hand(self.hands, seat, (*self.hands[seat], card))
        draws = self.draws + 1
        drawn = tuple(card if who == seat else self._drawn_at(who) for who in range(self.players))
        state = replace(self, stock=self.stock[:-1], hands=hands, draws=draws, drawn=drawn)
        if draws == 1:
            return replace(state, phase=Phase.MELD_1)._logged(Drew(seat, 1))
        if draws == 2:
            return replace(state, phase=Phase.MELD_2)._logged(Drew(seat, 2))
        return state._logged(Drew(seat, 3))._end_turn(seat)

    def _drawn_at(self, seat: int) -> AnyCard | None:
        return self.drawn[seat] if seat < len(self.drawn) else None

    def _meld(self, seat: int, move: MeldStep, added: tuple[AnyCard, ...]) -> State:
        added_set = set(added)
        hand = tuple(card for card in self.hands[seat] if card not in added_set)
        table = tuple(meld.in_display_order() for meld in move.table)
        last_meld = meld_changes(seat, self.table, table, added_set)
        state = replace(self, hands=_with_hand(self.hands, seat, hand), table=table, last_meld=last_meld)
        state = state._logged(Melded(seat, added))
        if not hand:
            return state._logged(WentOut(seat))._end_hand(went_out=seat)  # CA-10
        return state._end_turn(seat)

    def _end_turn(self, seat: int) -> State:
        """CA-4 END: a count within the knock limit may knock (CA-9); otherwise play passes on.

        With `knock_offer_always` the pause comes whenever a hand of this size *could* be within the
        limit (a public fact), and a player over it can only pass, so the pause reveals no count."""
        if self.options.knock_offer_always:
            if lowest_count(len(self.hands[seat]), self.decks) <= self.options.knock_limit:
                return replace(self, phase=Phase.KNOCK)
        elif hand_value(self.hands[seat]) <= self.options.knock_limit:
            return replace(self, phase=Phase.KNOCK)
        return self._next_turn()

    def _next_turn(self) -> State:
        seat = (self.turn + 1) % self.players
        state = replace(self, turn=seat, phase=Phase.DRAW_1, draws=0)
        if not self.stock:
            # CA-11: DRAW_1 is due on an empty stock: the hand ends before the player does anything.
            return state._logged(StockEmpty(seat))._end_hand()
        return state

    def _end_hand(self, knocker: int | None = None, went_out: int | None = None) -> State:
        counts = tuple(hand_value(hand) for hand in self.hands)
        score = score_hand(counts, knocker=knocker, went_out=went_out)
        scores = tuple(total + points for total, points in zip(self.scores, score.points, strict=True))
        hands_won = tuple(won + (seat in score.winners) for seat, won in enumerate(self.hands_won))
        deals = self.options.fixed_deals
        if deals:  # D-CA-5: exactly `deals` hands; the target ends nothing, its bonus still counts at the end
            last = self.hand_number >= deals
            final = end_of_game(scores, hands_won, self.options.target, last=True) if last else None
        else:
            final = end_of_game(scores, hands_won, self.options.target)
        summary = HandSummary(
            hand_number=self.hand_number,
            hands=self.hands,
            counts=counts,
            knocker=knocker,
            went_out=went_out,
            stock_ran_out=knocker is None and went_out is None,
            winners=score.winners,
            base_points=score.base,
            knock_bonus=score.knock_bonus,
            out_bonus=score.out_bonus,
            totals=scores,
            game_end=final,
        )
        state = replace(self, scores=scores, hands_won=hands_won, last_hand=summary)._logged(
            HandWon(self.hand_number, tuple(score.winners))
        )
        if final is not None:
            return replace(state, final=final, phase=Phase.OVER)._logged(GameOver())
        return state._deal(self.hand_number + 1, (self.dealer + 1) % self.players)

    def _deal(self, hand_number: int, dealer: int) -> State:
        """CA-2: 10 cards each, one at a time from the dealer's left; the rest is the stock."""
        deck = shuffled(rummy_deck(self.decks), seeded_rng(self.seed, "deal", hand_number))
        hands: list[list[AnyCard]] = [[] for _ in range(self.players)]
        for index in range(HAND_SIZE * self.players):
            hands[(dealer + 1 + index) % self.players].append(deck[index])
        stock = tuple(reversed(deck[HAND_SIZE * self.players :]))
        return replace(
            self,
            hand_number=hand_number,
            dealer=dealer,
            hands=tuple(tuple(hand) for hand in hands),
            stock=stock,
            table=(),
            turn=(dealer + 1) % self.players,  # CA-3
            phase=Phase.DRAW_1,
            draws=0,
            hand_moves=0,
            last_meld=None,
            drawn=(),
        )

    # --- snapshots (games.carousel.snapshot) ------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot; `from_dict` rebuilds an equal state."""
        from games.carousel.snapshot import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        from games.carousel.snapshot import state_from_dict

        return state_from_dict(data)


def _with_hand(
    hands: tuple[tuple[AnyCard, ...], ...], seat: int, hand: tuple[AnyCard, ...]
) -> tuple[tuple[AnyCard, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


# --- construction -------------------------------------------------------------------------------


def new_game(players: int = 3, seed: int = 0, options: Mapping[str, Any] | Options | None = None) -> State:
    """Deal hand 1 of a new game. The first dealer is drawn from the seed too (CA-2)."""
    if not 2 <= players <= 5:
        raise ValueError("Carousel is for 2 to 5 players")
    opts = Options.from_mapping(options)
    dealer = seeded_rng(seed, "dealer").randrange(players)
    blank = State(
        players=players,
        seed=seed,
        options=opts,
        hand_number=0,
        dealer=dealer,
        hands=(),
        stock=(),
        table=(),
        turn=0,
        phase=Phase.DRAW_1,
        draws=0,
        scores=(0,) * players,
        hands_won=(0,) * players,
    )
    return blank._deal(1, dealer)


_PHASE_DRAWS = {Phase.DRAW_1: 0, Phase.MELD_1: 1, Phase.MELD_2: 2, Phase.KNOCK: 1}


def replay(players: int, seed: int, options: Mapping[str, Any] | Options | None, moves: Iterable[str]) -> State:
    """Rebuild a game from its seed, options and encoded moves; `apply` checks each one."""
    state = replay_moves(new_game(players, seed, options), moves)
    assert isinstance(state, State)
    return state


def position(
    table: Sequence[str] = (),
    hands: Sequence[str] = ("", ""),
    stock: int | str = 20,
    to_move: int = 0,
    phase: Phase | str = Phase.MELD_1,
    scores: Sequence[int] | None = None,
    hands_won: Sequence[int] | None = None,
    dealer: int | None = None,
    hand_number: int = 1,
    options: Mapping[str, Any] | Options | None = None,
    seed: int = 0,
) -> State:
    """A hand-made position for rule tests: `position(table=["6h Jk=7h 8h"], hands=["7h 9c 10c", "2s"])`.

    Cards written without a copy id get the lowest copy not used yet, so `7h` twice means both copies.
    `stock` is a number of filler cards (drawn from the unused cards) or explicit cards, top last.
    """
    players = len(hands)
    if not 2 <= players <= 5:
        raise ValueError("Carousel is for 2 to 5 players")
    decks = decks_for(players)
    taken: set[AnyCard] = set()

    def physical(card: AnyCard, explicit: bool) -> AnyCard:
        if not explicit:
            for copy in range(decks):
                candidate = Joker(copy) if card.is_joker else Card(card.rank, card.suit, copy)
                if candidate not in taken:
                    card = candidate
                    break
        if card in taken or card.copy >= decks:
            raise ValueError(f"{card.code}: more copies than the {decks} deck(s) of a {players}-player game hold")
        taken.add(card)
        return card

    def table_card(token: str) -> TableCard:
        parsed = TableCard.parse(token)
        return TableCard(physical(parsed.card, "#" in token.partition("=")[0]), parsed.declared)

    melds = tuple(Meld(tuple(table_card(token) for token in text.split())) for text in table)
    hand_cards = tuple(tuple(physical(parse_card(token), "#" in token) for token in text.split()) for text in hands)
    if isinstance(stock, str):
        stock_cards = tuple(physical(parse_card(token), "#" in token) for token in stock.split())
    else:
        rest = [card for card in rummy_deck(decks) if card not in taken]
        if stock > len(rest):
            raise ValueError(f"only {len(rest)} cards are left for the stock")
        stock_cards = tuple(shuffled(rest, seeded_rng(seed, "position"))[:stock])
    phase = Phase(phase)
    return State(
        players=players,
        seed=seed,
        options=Options.from_mapping(options),
        hand_number=hand_number,
        dealer=(to_move - 1) % players if dealer is None else dealer,
        hands=hand_cards,
        stock=stock_cards,
        table=melds,
        turn=to_move,
        phase=phase,
        draws=_PHASE_DRAWS.get(phase, 0),
        scores=tuple(scores) if scores is not None else (0,) * players,
        hands_won=tuple(hands_won) if hands_won is not None else (0,) * players,
    )
