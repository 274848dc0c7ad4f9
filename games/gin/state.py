"""The Gin state machine: a whole match of hands (GR-3..GR-13), immutable and replayable.

`apply` returns a new `State`. A knock (or big gin) is followed at once by the engine's arrangement of
both hands (D-GR-3), the score (GR-9) and its booking (GR-11, GR-13); a drawn hand (GR-10, D-GR-9)
scores nothing. Unless the match is over the next hand is then dealt from `seeded_rng(seed, "deal", n)`,
so every move is a real decision. `last_hand` explains the hand just finished.

Cards are bit indices (see `games.gin.cards`): hands are int masks, the stock is a tuple with its top
card first and the discard pile a tuple with its top card last.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.base import GameResult, IllegalMove, seeded_rng
from games.cards import parse_suited, parse_suited_cards, standard_deck
from games.gin.cards import CARDS, VALUES, bits, cards_of, index_of, mask_of
from games.gin.melds import deadwood, deadwood_cards, knocker_arrangement, melded_mask
from games.gin.moves import (
    BIG_GIN,
    DRAW,
    PASS,
    TAKE,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    Move,
    PassUpcard,
    TakeDiscard,
    decode_move,
    parse_move,
)
from games.gin.options import KNOCK_LIMIT, Options
from games.gin.scoring import GameTally, HandEnd, book_hand, match_totals, score_hand
from games.gin.views import Action, Event, GinView, HandSummary, Phase

log = logging.getLogger(__name__)

HAND_SIZE = 10  # GR-3
STOCK_FLOOR = 2  # GR-10: the last two cards are never drawn
MAX_DISCARD_TAKES = 50  # D-GR-9
UNREACHABLE = 10**9  # D-GR-10: the target of a match of a fixed number of hands, which no game reaches
SPADES = 0  # suit block of ♠ in games.gin.cards


def knock_limit(options: Options, upcard: int) -> int:
    """GR-6, GR-12: 10, or in Oklahoma the upcard's value with an ace meaning gin only (§4.1)."""
    if not options.oklahoma:
        return KNOCK_LIMIT
    value = VALUES[upcard]
    return 0 if value == 1 else value


def doubled(options: Options, upcard: int) -> bool:
    """GR-12: an Oklahoma hand whose upcard is a spade scores double."""
    return options.oklahoma and upcard // 13 == SPADES


@dataclass(frozen=True, slots=True)
class State:
    """A Gin match between seats 0 and 1. Build with `new_game`, `position` or `State.from_dict`.

    `history` holds this hand's public events as (seat, action, card index or -1 when hidden).
    `face_down` is the knock's discard once a hand has been knocked (kept so the cards add up).
    """

    options: Options
    seed: int
    hand_number: int
    dealer: int
    hands: tuple[int, int]
    stock: tuple[int, ...]
    discard: tuple[int, ...]
    upcard: int
    phase: Phase
    turn: int | None
    just_taken: int | None = None
    discard_takes: int = 0
    history: tuple[tuple[int, Action, int], ...] = ()
    tallies: tuple[GameTally, ...] = (GameTally(),)
    wins: tuple[int, int] = (0, 0)
    last_hand: HandSummary | None = None
    face_down: int | None = None

    # The GameState protocol ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def knock_limit(self) -> int:
        return knock_limit(self.options, self.upcard)

    @property
    def doubled(self) -> bool:
        return doubled(self.options, self.upcard)

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, in a fixed order."""
        if self.turn is None:
            return []
        if self.phase is Phase.UPCARD:
            return [TAKE, PASS]
        if self.phase is Phase.DRAW:
            return [DRAW, TAKE]
        hand = self.hands[self.turn]
        moves: list[Move] = []
        limit = self.knock_limit
        for card in bits(hand):
            if card == self.just_taken:
                continue  # D-GR-2
            moves.append(Discard(card))
            if deadwood(hand ^ (1 << card)) <= limit:
                moves.append(Knock(card))
        if deadwood(hand) == 0:
            moves.append(BIG_GIN)
        return moves

    def check(self, move: Move) -> None:
        """Raise IllegalMove with a sentence a player understands, or return when `move` is legal."""
        if self.turn is None:
            raise IllegalMove("The match is over.", "gin.over")
        if self.phase is Phase.UPCARD:
            if isinstance(move, (TakeDiscard, PassUpcard)):
                return
            upcard = CARDS[self.discard[-1]]
            raise IllegalMove(f"First turn: take the upcard {upcard} or pass.", "gin.upcard_first", card=upcard)  # GR-4
        if self.phase is Phase.DRAW:
            if isinstance(move, (DrawStock, TakeDiscard)):
                return
            if isinstance(move, PassUpcard):
                raise IllegalMove(
                    "Only the upcard on the first turn may be passed; draw a card.", "gin.pass_only_upcard"
                )
            raise IllegalMove("Draw first: from the stock or the top of the discard pile.", "gin.draw_first")  # GR-5
        if isinstance(move, (DrawStock, TakeDiscard, PassUpcard)):
            raise IllegalMove("You have drawn already; now discard a card, or knock.", "gin.drawn_already")
        hand = self.hands[self.turn]
        if isinstance(move, BigGin):
            left = deadwood(hand)
            if left:
                raise IllegalMove(
                    f"Big gin needs all eleven cards in melds; your best leaves {left} deadwood.",
                    "gin.big_gin",
                    left=left,
                )
            return
        if not isinstance(move, (Discard, Knock)):
            raise IllegalMove("That is not a Gin move.", "gin.not_a_move")
        if not hand >> move.index & 1:
            raise IllegalMove(f"You don't hold {move.card}.", "gin.not_held", card=move.card)
        if move.index == self.just_taken:
            raise IllegalMove(
                f"You took {move.card} from the discard pile this turn; discard another card.",
                "gin.just_taken",
                card=move.card,
            )
        if isinstance(move, Knock):
            left = deadwood(hand ^ (1 << move.index))
            limit = self.knock_limit
            if left > limit:
                if limit == 0:
                    raise IllegalMove(
                        f"This hand only gin may end it, and discarding {move.card} leaves {left}.",
                        "gin.gin_only",
                        card=move.card,
                        left=left,
                    )
                raise IllegalMove(
                    f"Discarding {move.card} leaves {left} deadwood; you may knock with {limit} or less.",
                    "gin.knock_limit",
                    card=move.card,
                    left=left,
                    limit=limit,
                )

    def apply(self, move: Move) -> State:
        """A new state after `move` (checked first, so nothing illegal gets in)."""
        self.check(move)
        return self._apply(move)

    def apply_unchecked(self, move: Move) -> State:
        """`apply` without `check`, for moves taken from `legal_moves()`."""
        return self._apply(move)

    def _apply(self, move: Move) -> State:
        seat = self.turn
        assert seat is not None
        if isinstance(move, PassUpcard):
            return self._pass(seat)
        if isinstance(move, TakeDiscard):
            card = self.discard[-1]
            return replace(
                self,
                hands=_with(self.hands, seat, self.hands[seat] | 1 << card),
                discard=self.discard[:-1],
                phase=Phase.DISCARD,
                just_taken=card,
                discard_takes=self.discard_takes + 1,
                history=(*self.history, (seat, Action.TAKE, card)),
            )
        if isinstance(move, DrawStock):
            return self._draw(seat, self.history)
        if isinstance(move, Discard):
            return self._discard(seat, move.index)
        if isinstance(move, Knock):
            return self._knock(seat, move.index)
        return self._knock(seat, None)

    def _pass(self, seat: int) -> State:
        history = (*self.history, (seat, Action.PASS, -1))
        if seat != self.dealer:
            return replace(self, turn=self.dealer, history=history)
        # GR-4: both passed, so the non-dealer draws from the stock and plays on.
        return replace(self, turn=1 - self.dealer, phase=Phase.DRAW, history=history)._draw(1 - self.dealer, history)

    def _draw(self, seat: int, history: tuple[tuple[int, Action, int], ...]) -> State:
        card = self.stock[0]
        return replace(
            self,
            hands=_with(self.hands, seat, self.hands[seat] | 1 << card),
            stock=self.stock[1:],
            turn=seat,
            phase=Phase.DISCARD,
            just_taken=None,
            history=(*history, (seat, Action.DRAW, -1)),
        )

    def _discard(self, seat: int, card: int) -> State:
        after = replace(
            self,
            hands=_with(self.hands, seat, self.hands[seat] ^ 1 << card),
            discard=(*self.discard, card),
            turn=1 - seat,
            phase=Phase.DRAW,
            just_taken=None,
            history=(*self.history, (seat, Action.DISCARD, card)),
        )
        if len(self.stock) <= STOCK_FLOOR:
            return after._drawn_hand()  # GR-10
        if self.just_taken is not None and self.discard_takes >= MAX_DISCARD_TAKES:
            return after._drawn_hand()  # D-GR-9
        return after

    def _drawn_hand(self) -> State:
        summary = HandSummary(
            number=self.hand_number,
            dealer=self.dealer,
            end=HandEnd.DRAWN,
            upcard=CARDS[self.upcard],
            knock_limit=self.knock_limit,
            doubled=self.doubled,
            hollywood=self.options.hollywood,
        )
        log.debug("hand %s drawn", self.hand_number)
        if self._last_hand:  # D-GR-10: a drawn hand is one of the match's hands too
            return replace(self, phase=Phase.OVER, turn=None, just_taken=None, last_hand=summary)
        return deal(self.options, self.seed, self.hand_number + 1, self.dealer, self.tallies, self.wins, summary)

    @property
    def _last_hand(self) -> bool:
        """D-GR-10: this hand is the last of a match of a fixed number of hands."""
        return bool(self.options.fixed_deals) and self.hand_number >= self.options.fixed_deals

    def _knock(self, seat: int, card: int | None) -> State:
        defender = 1 - seat
        laid = self.hands[seat] if card is None else self.hands[seat] ^ 1 << card
        gin = deadwood(laid) == 0
        melds, defence = knocker_arrangement(laid, self.hands[defender], gin)
        order = sorted(range(len(melds)), key=lambda i: melds[i] & -melds[i])  # shown lowest card first
        melds = tuple(melds[i] for i in order)
        defence = replace(
            defence,
            layoffs=tuple(defence.layoffs[i] for i in order),
            melds=tuple(sorted(defence.melds, key=lambda m: m & -m)),
        )
        knocker_left = deadwood_cards(laid, melds)
        knocker_count = sum(VALUES[i] for i in bits(knocker_left))
        end = HandEnd.BIG_GIN if card is None else HandEnd.GIN if gin else HandEnd.KNOCK
        score = score_hand(knocker_count, defence.deadwood, end, self.doubled)
        winner = seat if score.knocker_wins else defender
        # D-GR-10: with a fixed hand count no game closes at the target; the match ends after the last hand.
        target = self.options.game_target if not self.options.fixed_deals else UNREACHABLE
        booking = book_hand(self.tallies, self.wins[winner], winner, score.points, target)
        wins = _with(self.wins, winner, self.wins[winner] + 1)
        defender_left = self.hands[defender] & ~melded_mask(defence.melds) & ~defence.laid_off
        summary = HandSummary(
            number=self.hand_number,
            dealer=self.dealer,
            end=score.end,
            upcard=CARDS[self.upcard],
            knock_limit=self.knock_limit,
            doubled=self.doubled,
            knocker=seat,
            knocker_melds=tuple(cards_of(m) for m in melds),
            knocker_deadwood=cards_of(knocker_left),
            knocker_count=knocker_count,
            defender_melds=tuple(cards_of(m) for m in defence.melds),
            layoffs=tuple(cards_of(m) for m in defence.layoffs),
            defender_deadwood=cards_of(defender_left),
            defender_count=defence.deadwood,
            score=score,
            winner=winner,
            points=score.points,
            booked=booking.booked,
            closed=booking.closed,
            finals=tuple(booking.tallies[i] for i in booking.closed),
            hollywood=self.options.hollywood,
        )
        ended = replace(
            self,
            hands=_with(self.hands, seat, laid),
            face_down=card,
            history=(*self.history, (seat, Action.BIG_GIN if card is None else Action.KNOCK, -1)),
        )
        if all(tally.closed for tally in booking.tallies) or self._last_hand:
            return replace(ended, phase=Phase.OVER, turn=None, just_taken=None, tallies=booking.tallies, wins=wins,
                           last_hand=summary)
        return deal(self.options, self.seed, self.hand_number + 1, 1 - self.dealer, booking.tallies, wins, summary)

    # Views and results ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> GinView:
        """What `seat` may know; `None` is the public table (no hand at all)."""
        taken: list[list[int]] = [[], []]
        known: list[list[int]] = [[], []]
        for who, action, card in self.history:
            if action is Action.TAKE:
                taken[who].append(card)
                known[who].append(card)
            elif action is Action.DISCARD and card in known[who]:
                known[who].remove(card)
        return GinView(
            seat=seat,
            to_move=self.turn,
            phase=self.phase,
            hand=cards_of(self.hands[seat]) if seat is not None else (),
            hand_counts=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            discard=tuple(CARDS[i] for i in self.discard),
            stock_count=len(self.stock),
            upcard=CARDS[self.upcard],
            knock_limit=self.knock_limit,
            doubled=self.doubled,
            taken=(tuple(CARDS[i] for i in taken[0]), tuple(CARDS[i] for i in taken[1])),
            known=(tuple(CARDS[i] for i in known[0]), tuple(CARDS[i] for i in known[1])),
            just_taken=CARDS[self.just_taken] if self.just_taken is not None else None,
            history=tuple(_event(entry) for entry in self.history),
            discard_takes=self.discard_takes,
            dealer=self.dealer,
            hand_number=self.hand_number,
            tallies=self.tallies,
            wins=self.wins,
            target=self.options.game_target,
            last_hand=self.last_hand,
            is_over=self.is_over,
            options=self.options,
        )

    def totals(self) -> tuple[int, int]:
        """Each seat's match total: final totals of closed games, running points of open ones (GR-13)."""
        return match_totals(self.tallies)

    def result(self) -> GameResult:
        """Places by match total (GR-11, GR-13); scores are the totals, so the margin is their difference."""
        if not self.is_over:
            raise ValueError("the match is not over")
        totals = self.totals()
        places = (1 if totals[0] >= totals[1] else 2, 1 if totals[1] >= totals[0] else 2)
        return GameResult(places=places, scores=totals)

    def parse_move(self, text: str) -> Move:
        """Read player notation ("draw", "take", "pass", "7h", "knock 7h", "gin 7h", "gin", "big gin")."""
        words = text.strip().lower().split()
        if words == ["gin"] and self.turn is not None and self.phase is Phase.DISCARD:
            hand = self.hands[self.turn]
            if deadwood(hand) == 0:
                return BIG_GIN
            for card in sorted(bits(hand), key=lambda i: -VALUES[i]):
                if card != self.just_taken and deadwood(hand ^ 1 << card) == 0:
                    return Knock(card)
            raise IllegalMove(
                f"No discard leaves you gin; your best leaves {self._best_knock()} deadwood.",
                "gin.no_gin",
                left=self._best_knock(),
            )
        move, said_gin = parse_move(text)
        if said_gin and isinstance(move, Knock) and self.turn is not None and self.hands[self.turn] >> move.index & 1:
            left = deadwood(self.hands[self.turn] ^ 1 << move.index)
            if left:
                raise IllegalMove(
                    f"Discarding {move.card} leaves {left} deadwood, so that is not gin.",
                    "gin.not_gin",
                    card=move.card,
                    left=left,
                )
        return move

    def _best_knock(self) -> int:
        assert self.turn is not None
        hand = self.hands[self.turn]
        return min(deadwood(hand ^ 1 << card) for card in bits(hand) if card != self.just_taken)

    def decode_move(self, code: str) -> Move:
        return decode_move(code)

    def to_dict(self) -> dict[str, Any]:
        from games.gin.snapshot import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        from games.gin.snapshot import state_from_dict

        return state_from_dict(dict(data))


_EVENTS: dict[tuple[int, Action, int], Event] = {}


def _event(entry: tuple[int, Action, int]) -> Event:
    """The public form of a history entry; events are frozen, so one object serves every view."""
    event = _EVENTS.get(entry)
    if event is None:
        seat, action, card = entry
        event = _EVENTS[entry] = Event(seat, action, CARDS[card] if card >= 0 else None)
    return event


def _with(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def deal(
    options: Options,
    seed: int,
    number: int,
    dealer: int,
    tallies: tuple[GameTally, ...] | None = None,
    wins: tuple[int, int] = (0, 0),
    last_hand: HandSummary | None = None,
) -> State:
    """Deal hand `number` (GR-3): ten cards each, one at a time from the non-dealer, then the upcard."""
    rng = seeded_rng(seed, "deal", number)
    order = [index_of(card) for card in standard_deck()]
    rng.shuffle(order)
    first = 1 - dealer
    hands = [0, 0]
    for i, card in enumerate(order[: 2 * HAND_SIZE]):
        hands[first if i % 2 == 0 else dealer] |= 1 << card
    upcard = order[2 * HAND_SIZE]
    return State(
        options=options,
        seed=seed,
        hand_number=number,
        dealer=dealer,
        hands=(hands[0], hands[1]),
        stock=tuple(order[2 * HAND_SIZE + 1 :]),
        discard=(upcard,),
        upcard=upcard,
        phase=Phase.UPCARD,
        turn=first,  # GR-4: the non-dealer is offered the upcard first
        tallies=tallies if tallies is not None else tuple(GameTally() for _ in range(options.games)),
        wins=wins,
        last_hand=last_hand,
    )


def new_game(players: int = 2, seed: int = 0, options: Mapping[str, Any] | Options | None = None) -> State:
    """A new match: the first dealer is drawn from `seeded_rng(seed, "dealer")` (D-GR-1), hand 1 dealt."""
    if players != 2:
        raise ValueError("Gin Rummy is a game for exactly 2 players.")  # GR-1
    opts = Options.from_mapping(options)
    dealer = seeded_rng(seed, "dealer").randrange(2)
    return deal(opts, seed, 1, dealer)


def position(
    hands: Sequence[str],
    discard: str = "",
    stock: str | None = None,
    *,
    to_move: int = 0,
    phase: Phase = Phase.DISCARD,
    dealer: int = 1,
    upcard: str | None = None,
    just_taken: str | None = None,
    discard_takes: int = 0,
    options: Mapping[str, Any] | Options | None = None,
    tallies: Sequence[GameTally] | None = None,
    wins: tuple[int, int] = (0, 0),
) -> State:
    """A mid-hand position from readable text, for rule tests.

    `discard` lists the pile bottom first; `stock` lists it top first (None: every card not placed
    elsewhere, in deck order). `upcard` defaults to the bottom card of the pile.
    """
    opts = Options.from_mapping(options)
    masks = (mask_of(parse_suited_cards(hands[0])), mask_of(parse_suited_cards(hands[1])))
    pile = tuple(index_of(card) for card in parse_suited_cards(discard))
    used = masks[0] | masks[1] | mask_of(CARDS[i] for i in pile)
    if stock is None:
        rest = tuple(i for i in range(52) if not used >> i & 1)
    else:
        rest = tuple(index_of(card) for card in parse_suited_cards(stock))
    up = index_of(parse_suited(upcard)) if upcard is not None else (pile[0] if pile else rest[-1])
    return State(
        options=opts,
        seed=0,
        hand_number=1,
        dealer=dealer,
        hands=masks,
        stock=rest,
        discard=pile,
        upcard=up,
        phase=phase,
        turn=to_move,
        just_taken=index_of(parse_suited(just_taken)) if just_taken else None,
        discard_takes=discard_takes,
        tallies=tuple(tallies) if tallies is not None else tuple(GameTally() for _ in range(opts.games)),
        wins=wins,
    )


def replay(players: int, seed: int, options: Mapping[str, Any] | Options | None, moves: Iterable[str]) -> State:
    """Rebuild a match from its seed, options and encoded moves; `apply` checks each one."""
    state = new_game(players, seed, options)
    for code in moves:
        state = state.apply(state.decode_move(code))
    return state
