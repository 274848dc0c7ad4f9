"""The Sixty-Six state machine: one whole series of deals (SX-15), immutable, replayable.

`apply` returns a new `State`; the old one is never touched. When a deal ends the state scores it
(SX-11..SX-14) and, unless the series is over, deals the next one at once from
`seeded_rng(seed, "deal", n)` (D-SX-4 decides the dealer), so the only moves are real decisions.

Two pauses hold the deal between tricks (`State.pause`, pagat 66): with `close_before_draw` the
trick's winner chooses `Draw` or `Close` before anybody draws (SX-10), and with `exchange_on_close`
the opponent of a player who has just closed may exchange the lowest trump or keep it (SX-9).
Whether a pause happens depends only on what the whole table can see (the talon, the tricks, the
face-up card), never on a hidden card: the exchange pause comes whenever the lowest trump is unseen,
and an opponent without it answers with `KeepTrump` ("Continue"), logged in the same words.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.base import GameResult, IllegalMove, replay_moves, seeded_rng
from games.cards import Card, Rank, Suit, parse_suited, parse_suited_cards, schnapsen_deck, shuffled
from games.schnapsen.moves import (
    Claim,
    Close,
    Draw,
    ExchangeTrump,
    KeepTrump,
    Marriage,
    Move,
    PlayCard,
    decode_move,
    marriage_points,
    parse_move,
    suit_from_letter,
)
from games.schnapsen.options import Options
from games.schnapsen.rules import (
    SCHNEIDER_LINE,
    WIN_POINTS,
    follow_refusal,
    legal_follows,
    lowest_trump,
    marriage_suits,
    sort_hand,
    trick_winner,
)
from games.schnapsen.views import (
    ClosedTalon,
    DealEnd,
    DealSummary,
    Dealt,
    Declared,
    Drew,
    Exchanged,
    ExchangeRecord,
    Followed,
    KeptTrump,
    Led,
    LogEntry,
    MarriageRecord,
    Pause,
    Penalty,
    Phase,
    PlayedCard,
    Scale,
    SchnapsenView,
    Scored,
    SeriesWon,
    TrickRecord,
)

log = logging.getLogger(__name__)

LOG_LINES = 8


@dataclass(frozen=True, slots=True)
class CloseRecord:
    """SX-10: who closed, and the opponent's points and tricks at that moment (SX-13)."""

    closer: int
    at_trick: int
    opponent_points: int
    opponent_tricks: int


@dataclass(frozen=True, slots=True)
class Basis:
    """What a deal is worth and why (SX-11..SX-14), before it becomes a `DealSummary`."""

    value: int
    scale: Scale | None = None
    loser_points: int | None = None
    penalty: Penalty | None = None
    claimed: int | None = None


@dataclass(frozen=True, slots=True)
class State:
    """A Sixty-Six series between seats 0 and 1. Build with `new_game` or `position`."""

    options: Options
    seed: int
    deal_number: int
    dealer: int
    game_points: tuple[int, int]
    trump: Suit
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    talon: tuple[Card, ...]  # face-down cards, top first, then the face-up trump card (SX-3)
    leader: int
    trick: tuple[Card, ...] = ()  # the leader's card while the follower thinks
    tricks: tuple[TrickRecord, ...] = ()
    card_points: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)
    marriages: tuple[tuple[int, Suit, int], ...] = ()  # (seat, suit, 20 or 40), counted or not
    exchanges: tuple[ExchangeRecord, ...] = ()
    closed: CloseRecord | None = None
    log: tuple[LogEntry, ...] = ()
    last_deal: DealSummary | None = None
    moves_in_deal: int = 0
    winner: int | None = None
    pause: Pause | None = None  # SX-10 draw-or-close, SX-9 exchange-on-close (pagat 66)
    kept_trump: int | None = None  # SX-9: who declined an offer made to holders only (older tables), so holds the 9
    drawn: tuple[Card | None, Card | None] = (None, None)  # SX-5: each seat's latest draw this deal (hidden)
    # SX-10 `close_before_draw`: seats that answered the draw-or-close pause with "draw, and don't ask
    # again this deal" (`Draw(unasked=True)`, a public move); they draw at once after their tricks.
    unasked: tuple[bool, bool] = (False, False)
    players: int = field(default=2)

    # Basic queries ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def to_move(self) -> int | None:
        if self.winner is not None:
            return None
        if self.pause is Pause.EXCHANGE:  # SX-9: the closer's opponent answers the close
            return 1 - self.leader
        return self.leader if not self.trick else 1 - self.leader

    @property
    def phase(self) -> Phase:
        if self.winner is not None:
            return Phase.OVER
        if self.closed is not None:
            return Phase.CLOSED
        return Phase.OPEN if self.talon else Phase.EXHAUSTED

    @property
    def trump_card(self) -> Card | None:
        """The face-up trump card under the talon, None once drawn (SX-5)."""
        return self.talon[-1] if self.talon else None

    @property
    def talon_open(self) -> bool:
        """Cards are still drawn after tricks (SX-5): not closed, not used up."""
        return self.closed is None and bool(self.talon)

    def points(self, seat: int) -> int:
        """Trick points plus marriages, which count only once the seat has a trick (SX-8)."""
        total = self.card_points[seat]
        if self.tricks_won[seat]:
            total += sum(points for who, _, points in self.marriages if who == seat)
        return total

    def marriage_total(self, seat: int) -> int:
        return sum(points for who, _, points in self.marriages if who == seat) if self.tricks_won[seat] else 0

    @property
    def first_lead(self) -> bool:
        """No trick has been played yet in this deal."""
        return self.tricks_won == (0, 0)

    # Legal moves ------------------------------------------------------------------------------

    def _marriage_refusal(self, suit: Suit) -> IllegalMove | None:
        seat = self.leader
        if self.trick:
            return IllegalMove(
                "You can only declare a marriage when you are about to lead.", "schnapsen.marriage_not_leading"
            )
        if suit not in marriage_suits(self.hands[seat]):
            return IllegalMove(
                f"You need the K and Q of {suit.name.lower()} to declare that marriage.",
                "schnapsen.marriage_not_held",
                suit=suit,
            )
        if not self.tricks_won[seat] and not self.options.marriage_without_trick:
            return IllegalMove("You need a trick before you can declare a marriage.", "schnapsen.marriage_needs_trick")
        if self.phase.strict and not self.options.marriage_in_phase2:
            return IllegalMove(
                "Marriages cannot be declared once the talon is closed or used up.", "schnapsen.marriage_strict"
            )
        return None

    def _exchange_refusal(self) -> IllegalMove | None:
        seat = self.leader
        low = lowest_trump(self.options.deck_size, self.trump)
        if self.trick:
            return IllegalMove(
                "You can only exchange the trump card when you are about to lead.", "schnapsen.exchange_not_leading"
            )
        if self.closed is not None:
            return IllegalMove(
                "The talon is closed, so the trump card can no longer be exchanged.", "schnapsen.exchange_closed"
            )
        if not self.talon:
            return IllegalMove("The trump card has already been taken.", "schnapsen.exchange_taken")
        if len(self.talon) <= 2 and not self.options.exchange_with_two_left:
            return IllegalMove(
                "The trump card cannot be exchanged with only two cards left in the talon.",
                "schnapsen.exchange_two_left",
            )
        if low not in self.hands[seat]:
            return IllegalMove(
                f"You need the {low} to exchange the trump card.", "schnapsen.exchange_not_held", card=low
            )
        if self.options.exchange_needs_trick and not self.tricks_won[seat]:
            return IllegalMove(
                "You need a trick before you can exchange the trump card.", "schnapsen.exchange_needs_trick"
            )
        return None

    def _close_refusal(self) -> IllegalMove | None:
        if not self.options.allow_close:
            return IllegalMove("Closing the talon is switched off at this table.", "schnapsen.close_off")
        if self.trick:
            return IllegalMove(
                "You can only close the talon when you are about to lead.", "schnapsen.close_not_leading"
            )
        if self.closed is not None:
            return IllegalMove("The talon is already closed.", "schnapsen.close_closed")
        if not self.talon:
            return IllegalMove("The talon is used up; there is nothing left to close.", "schnapsen.close_used_up")
        if len(self.talon) <= 2 and not self.options.close_with_two_left:
            return IllegalMove("The talon cannot be closed with only two cards left.", "schnapsen.close_two_left")
        if self.first_lead and not self.options.close_on_first_lead:
            return IllegalMove("The talon cannot be closed before the first trick.", "schnapsen.close_first_trick")
        return None

    def _claim_refusal(self) -> IllegalMove | None:
        if self.options.claim_mode != "memory":
            return IllegalMove(
                "Claims are automatic at this table: the deal ends as soon as you reach 66.",
                "schnapsen.claim_automatic",
            )
        if self.trick or self.pause is Pause.EXCHANGE:
            return IllegalMove(
                "You can only claim right after winning a trick or declaring a marriage, before you lead.",
                "schnapsen.claim_when",
            )
        return None

    def _pause_refusal(self, move: Move) -> IllegalMove | None:
        """Only the pause's own moves are legal while it lasts; its moves are refused anywhere else."""
        if self.pause is Pause.DRAW:
            if isinstance(move, Claim) and move.marriage is not None:
                return IllegalMove(
                    "Draw or close the talon first; a marriage is declared when you lead.", "schnapsen.pause_marriage"
                )
            if isinstance(move, (Draw, Close, Claim)):  # SX-11: a claim is due right after the trick, too
                return None
            return IllegalMove(
                "You won the trick: first choose to draw as usual or to close the talon before drawing.",
                "schnapsen.pause_draw",
            )
        if self.pause is Pause.EXCHANGE:
            if isinstance(move, KeepTrump):
                return None
            if isinstance(move, ExchangeTrump):
                low = lowest_trump(self.options.deck_size, self.trump)
                return (
                    None
                    if low in self.hands[1 - self.leader]
                    else IllegalMove(
                        f"You need the {low} to exchange the trump card.", "schnapsen.exchange_not_held", card=low
                    )
                )
            return IllegalMove(
                "The talon was just closed: first exchange the lowest trump for the trump card, or go on.",
                "schnapsen.pause_exchange",
            )
        if isinstance(move, Draw):
            return IllegalMove(
                "There is nothing to draw now: the cards are drawn by themselves after each trick.",
                "schnapsen.nothing_to_draw",
            )
        if isinstance(move, KeepTrump):
            return IllegalMove(
                "No trump exchange is on offer, so there is nothing to decline.", "schnapsen.nothing_to_keep"
            )
        return None

    def _marriage_points(self, suit: Suit) -> int:
        return marriage_points(self.trump, suit)

    def _refusal(self, move: Move) -> IllegalMove | None:
        """Why `move` is illegal now (the refusal to raise: a code and one English sentence), or None."""
        if self.winner is not None:
            return IllegalMove("The series is over.", "schnapsen.over")
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        if self.pause is not None or isinstance(move, (Draw, KeepTrump)):
            reason = self._pause_refusal(move)
            if reason or not isinstance(move, (Close, Claim)):
                return reason  # Draw, KeepTrump and the offered exchange need nothing but their pause
        if isinstance(move, PlayCard):
            if move.card not in hand:
                return IllegalMove(f"You do not hold {move.card}.", "schnapsen.not_held", card=move.card)
            if self.trick and self.phase.strict:
                lead = self.trick[0]
                if move.card not in legal_follows(hand, lead, self.trump, True):
                    return follow_refusal(hand, lead, move.card, self.trump)
            return None
        if isinstance(move, Marriage):
            if move.card.rank not in (Rank.KING, Rank.QUEEN):
                return IllegalMove("A marriage is declared with a K or a Q.", "schnapsen.marriage_card")
            reason = self._marriage_refusal(move.suit)
            if reason:
                return reason
            if move.points != self._marriage_points(move.suit):
                return IllegalMove(
                    f"A marriage in {move.suit.name.lower()} is worth {self._marriage_points(move.suit)}.",
                    "schnapsen.marriage_worth",
                    suit=move.suit,
                    points=self._marriage_points(move.suit),
                )
            if self.options.marriage_king_lead and move.card.rank is not Rank.KING:
                return IllegalMove("At this table you must lead the K of a marriage.", "schnapsen.marriage_king")
            return None
        if isinstance(move, ExchangeTrump):
            return self._exchange_refusal()
        if isinstance(move, Close):
            return self._close_refusal()
        if isinstance(move, Claim):
            reason = self._claim_refusal()
            if reason or move.marriage is None:
                return reason
            reason = self._marriage_refusal(move.marriage)
            if reason:
                return reason
            if move.points != self._marriage_points(move.marriage):
                return IllegalMove(
                    f"A marriage in {move.marriage.name.lower()} is worth {self._marriage_points(move.marriage)}.",
                    "schnapsen.marriage_worth",
                    suit=move.marriage,
                    points=self._marriage_points(move.marriage),
                )
            return None
        return IllegalMove("That is not a Sixty-Six move.", "schnapsen.not_a_move")

    def check(self, move: Move) -> None:
        """Raise IllegalMove with the reason if `move` is not allowed now."""
        refused = self._refusal(move)
        if refused is not None:
            raise refused

    def legal_moves(self) -> list[Move]:
        """Every legal move: cards, marriages (each card that may be led), exchange, close, claims."""
        seat = self.to_move
        if seat is None:
            return []
        if self.pause is Pause.EXCHANGE:
            low = lowest_trump(self.options.deck_size, self.trump)
            return [ExchangeTrump(), KeepTrump()] if low in self.hands[seat] else [KeepTrump()]
        if self.pause is Pause.DRAW:
            pause_moves: list[Move] = [Draw(), Draw(unasked=True), Close()]
            if self._claim_refusal() is None:
                pause_moves.append(Claim())
            return pause_moves
        hand = self.hands[seat]
        if self.trick:
            return [PlayCard(card) for card in legal_follows(hand, self.trick[0], self.trump, self.phase.strict)]
        moves: list[Move] = [PlayCard(card) for card in hand]
        suits = [suit for suit in marriage_suits(hand) if self._marriage_refusal(suit) is None]
        for suit in suits:
            points = self._marriage_points(suit)
            moves.append(Marriage(Card(Rank.KING, suit), points))
            if not self.options.marriage_king_lead:
                moves.append(Marriage(Card(Rank.QUEEN, suit), points))
        if self._exchange_refusal() is None:
            moves.append(ExchangeTrump())
        if self._close_refusal() is None:
            moves.append(Close())
        if self._claim_refusal() is None:
            moves.append(Claim())
            moves.extend(Claim(suit, self._marriage_points(suit)) for suit in suits)
        return moves

    # Applying moves -----------------------------------------------------------------------------

    def apply(self, move: Move) -> State:
        """The state after `move` (checked first: nothing illegal gets in)."""
        self.check(move)
        seat = self.to_move
        assert seat is not None
        if isinstance(move, PlayCard):
            return self._play(seat, move.card)
        if isinstance(move, Marriage):
            state = self._declare(seat, move.suit, move.points)
            if state.options.claim_mode == "auto" and state.tricks_won[seat] and state.points(seat) >= WIN_POINTS:
                return state._end_by_claim(seat)  # SX-11: out on the marriage, the card is not led
            return state._play(seat, move.card)
        if isinstance(move, ExchangeTrump):
            low = lowest_trump(self.options.deck_size, self.trump)
            face_up = self.talon[-1]
            hand = tuple(face_up if card == low else card for card in self.hands[seat])
            return self._with(
                hands=_set(self.hands, seat, hand),
                talon=(*self.talon[:-1], low),
                exchanges=(*self.exchanges, ExchangeRecord(seat, face_up, low)),
                pause=None,
                entry=Exchanged(seat, low, face_up),
            )
        if isinstance(move, Close):
            record = CloseRecord(seat, sum(self.tricks_won), self.points(1 - seat), self.tricks_won[1 - seat])
            # SX-10: closing before drawing leaves both players one card short for the rest of the deal.
            closing = ClosedTalon(seat, before_drawing=self.pause is Pause.DRAW)
            closed = self._with(closed=record, pause=None, entry=closing)
            return closed._offer_exchange()
        if isinstance(move, Draw):
            unasked = _set(self.unasked, seat, True) if move.unasked else self.unasked
            return self._with(entry=Drew(seat), unasked=unasked)._drawn()
        if isinstance(move, KeepTrump):
            # SX-9: declining is silent at a real table. Only where the offer went to holders alone
            # (tables stored before `exchange_offer_always`) did everybody learn who kept the card.
            kept = None if self.options.exchange_offer_always else seat
            return self._with(pause=None, kept_trump=kept, entry=KeptTrump(seat))
        assert isinstance(move, Claim)
        state = self if move.marriage is None else self._declare(seat, move.marriage, move.points)
        return state._end_by_claim(seat)

    def _with(self, entry: LogEntry, **changes: Any) -> State:
        return replace(self, log=(*self.log, entry)[-LOG_LINES:], moves_in_deal=self.moves_in_deal + 1, **changes)

    def _drawn(self) -> State:
        """SX-5: the trick's winner (now on lead) draws first; the loser gets the next card, the face-up
        trump when it is the last one."""
        winner, talon = self.leader, self.talon
        hands = _set(self.hands, winner, (*self.hands[winner], talon[0]))
        hands = _set(hands, 1 - winner, (*hands[1 - winner], talon[1]))
        drawn = (talon[0], talon[1]) if winner == 0 else (talon[1], talon[0])
        return replace(self, hands=hands, talon=talon[2:], pause=None, drawn=drawn)

    def _offer_exchange(self) -> State:
        """SX-9 `exchange_on_close` (pagat 66): the closer's opponent holding the lowest trump may exchange
        it now, trick or no trick. With `exchange_offer_always` the table pauses whenever that card is
        still unseen (not played, not the face-up card), whoever holds it, so the pause reveals nothing."""
        assert self.closed is not None
        if not self.options.exchange_on_close or not self.talon:
            return self
        low = lowest_trump(self.options.deck_size, self.trump)
        if self.options.exchange_offer_always:
            seen = self.talon[-1] == low or any(played.card == low for t in self.tricks for played in t.cards)
            return self if seen else replace(self, pause=Pause.EXCHANGE)
        if low in self.hands[1 - self.closed.closer]:
            return replace(self, pause=Pause.EXCHANGE)
        return self

    def _declare(self, seat: int, suit: Suit, points: int) -> State:
        return self._with(
            marriages=(*self.marriages, (seat, suit, points)),
            entry=Declared(seat, suit, points, pending=not self.tricks_won[seat]),
        )

    def _play(self, seat: int, card: Card) -> State:
        hand = tuple(c for c in self.hands[seat] if c != card)
        hands = _set(self.hands, seat, hand)
        if not self.trick:
            return self._with(hands=hands, trick=(card,), entry=Led(seat, card))
        lead = self.trick[0]
        winner = self.leader if trick_winner(lead, card, self.trump) == 0 else seat
        record = TrickRecord((PlayedCard(self.leader, lead), PlayedCard(seat, card)), winner)
        card_pts = _add(self.card_points, winner, record.points)
        # While the talon is open, a hand is never empty before the draw (at least 4 cards stay in it).
        last = not hands[0] and not hands[1]
        if last and self.closed is None:
            card_pts = _add(card_pts, winner, self.options.last_trick_bonus)  # SX-14 (none after a close, SX-10)
        state = self._with(
            hands=hands,
            trick=(),
            leader=winner,
            tricks=(*self.tricks, record),
            card_points=card_pts,
            tricks_won=_add(self.tricks_won, winner, 1),
            entry=Followed(seat, card, winner),
        )
        # SX-11: right after winning a trick the winner may go out. `auto` claims for them; at the last
        # trick nobody can wait any longer, so a winner with 66 is out in both modes.
        if (state.options.claim_mode == "auto" or last) and state.points(winner) >= WIN_POINTS:
            return state._end_by_claim(winner)
        if last:
            return state._end_played_out(winner)
        if state.talon_open:
            # SX-10 `close_before_draw`: when the winner could close now, the draw waits for their choice.
            if state.options.close_before_draw and not state.unasked[winner] and state._close_refusal() is None:
                return replace(state, pause=Pause.DRAW)
            return state._drawn()  # SX-5
        return state

    # Scoring -------------------------------------------------------------------------------------

    def _scale(self, loser: int, points: int | None = None, tricks: int | None = None) -> Basis:
        """SX-12: 1, 2 (Schneider) or 3 (Schwarz) by the loser's points and tricks."""
        points = self.points(loser) if points is None else points
        tricks = self.tricks_won[loser] if tricks is None else tricks
        if tricks == 0:
            return Basis(3, scale=Scale.SCHWARZ, loser_points=points)
        if points < SCHNEIDER_LINE:
            return Basis(2, scale=Scale.SCHNEIDER, loser_points=points)
        return Basis(1, scale=Scale.SIMPLE, loser_points=points)

    def _close_penalty(self) -> Basis:
        """SX-13: a failed close gives the opponent 2, or 3 if they had no trick at closing."""
        assert self.closed is not None
        if self.options.failed_close_always_three:
            return Basis(3, penalty=Penalty.FAILED_CLOSE)
        if self.closed.opponent_tricks == 0:
            return Basis(3, penalty=Penalty.NO_TRICK_AT_CLOSE)
        return Basis(2, penalty=Penalty.FAILED_CLOSE)

    def _end_by_claim(self, claimant: int) -> State:
        other = 1 - claimant
        points = self.points(claimant)
        closed = self.closed
        if points < WIN_POINTS:  # SX-11 false claim
            value = 3 if self.options.false_claim_three and not self.tricks_won[other] else 2
            return self._score(other, Basis(value, claimed=points), DealEnd.FALSE_CLAIM, claimant)
        if closed is not None and closed.closer == claimant:
            if self.options.close_scoring == "at_close":  # SX-13 Schnapsen: the state when closed
                basis = self._scale(other, closed.opponent_points, closed.opponent_tricks)
            else:
                basis = self._scale(other)
            return self._score(claimant, basis, DealEnd.CLOSE_WON, claimant)
        if closed is not None:  # SX-13: the non-closer reached 66 first
            if self.options.non_closer_out_two:  # pagat 66: always 2, whatever the tricks at closing
                basis = Basis(2, penalty=Penalty.NON_CLOSER_OUT)
            else:  # Schnapsen and Santase: as a failed close
                basis = self._close_penalty()
            return self._score(claimant, basis, DealEnd.CLOSE_FAILED, claimant)
        return self._score(claimant, replace(self._scale(other), claimed=points), DealEnd.CLAIM, claimant)

    def _end_played_out(self, last_winner: int) -> State:
        """All cards played and the last-trick winner is under 66 (SX-13, SX-14, D-SX-2)."""
        if self.closed is not None:
            return self._score(1 - self.closed.closer, self._close_penalty(), DealEnd.CLOSE_FAILED, None)
        if self.options.last_trick_wins_deal:
            return self._score(last_winner, Basis(1), DealEnd.LAST_TRICK, None)
        totals = (self.points(0), self.points(1))
        if totals[0] == totals[1]:
            return self._score(last_winner, Basis(1), DealEnd.TIE_LAST_TRICK, None)
        winner = 0 if totals[0] > totals[1] else 1
        basis = replace(self._scale(1 - winner), claimed=totals[winner])
        return self._score(winner, basis, DealEnd.LAST_TRICK, None)

    def _score(self, winner: int, basis: Basis, reason: DealEnd, claimant: int | None) -> State:
        """Book the deal (SX-15) and deal the next one unless the series is over."""
        value = basis.value
        summary = DealSummary(
            deal_number=self.deal_number,
            winner=winner,
            game_points=value,
            reason=reason,
            card_points=self.card_points,
            marriage_points=(self.marriage_total(0), self.marriage_total(1)),
            tricks=self.tricks_won,
            closer=None if self.closed is None else self.closed.closer,
            claimant=claimant,
            scale=basis.scale,
            loser_points=basis.loser_points,
            penalty=basis.penalty,
            claimed=basis.claimed,
        )
        game_points = _add(self.game_points, winner, value)
        lines: tuple[LogEntry, ...] = (*self.log, Scored(summary))
        log.debug("deal %d: seat %d wins %d (%s)", self.deal_number, winner, value, reason.value)
        champion = series_winner(self.options, self.deal_number, game_points, winner)
        if champion is not None:
            lines = (*lines, SeriesWon(champion, game_points))
            return replace(
                self,
                game_points=game_points,
                last_deal=summary,
                winner=champion,
                trick=(),
                log=lines[-LOG_LINES:],
            )
        rule = self.options.next_dealer
        dealer = {"alternate": 1 - self.dealer, "winner": winner, "loser": 1 - winner}[rule]
        fresh = deal(self.options, self.seed, self.deal_number + 1, dealer, game_points)
        return replace(fresh, last_deal=summary, log=(*lines, *fresh.log)[-LOG_LINES:])

    def result(self) -> GameResult:
        """Places by the series winner; scores are game points (SX-15)."""
        if self.winner is None:
            raise ValueError("the series is not over yet")
        places = (1, 2) if self.winner == 0 else (2, 1)
        return GameResult(places=places, scores=self.game_points)

    # Notation (games.schnapsen.moves) -----------------------------------------------------------

    def decode_move(self, code: str) -> Move:
        """Read a code written by `Move.encode` (the move log, custom ids)."""
        return decode_move(code, self.trump)

    def parse_move(self, text: str) -> Move:
        """Player notation (see `games.schnapsen.moves.parse_move`)."""
        return parse_move(text, self.trump)

    # Views ---------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> SchnapsenView:
        """What `seat` may know (None: the public table)."""
        memory = self.options.claim_mode == "memory"
        to_move = self.to_move
        mine = seat is not None and seat == to_move
        moves = tuple(self.legal_moves()) if mine else ()
        cards_to_play = tuple(m.card for m in moves if isinstance(m, PlayCard))
        suits = tuple(dict.fromkeys(m.suit for m in moves if isinstance(m, Marriage)))

        def shown(who: int) -> int | None:
            # SX-4/SX-11: running totals are public in auto mode; in memory mode only your own.
            return self.points(who) if (not memory or who == seat) else None

        return SchnapsenView(
            seat=seat,
            players=2,
            preset=self.options.preset,
            phase=self.phase,
            to_move=to_move,
            dealer=self.dealer,
            deal_number=self.deal_number,
            hand=tuple(sort_hand(self.hands[seat], self.trump)) if seat is not None else (),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            trump=self.trump,
            trump_card=self.trump_card,
            talon_size=len(self.talon),
            closed=self.closed is not None,
            closed_by=None if self.closed is None else self.closed.closer,
            closed_at_trick=None if self.closed is None else self.closed.at_trick,
            trick=tuple(PlayedCard(self.leader, card) for card in self.trick),
            last_trick=self.tricks[-1] if self.tricks else None,
            tricks=self.tricks,
            tricks_won=self.tricks_won,
            marriages=tuple(
                MarriageRecord(who, suit, points, bool(self.tricks_won[who])) for who, suit, points in self.marriages
            ),
            exchanges=self.exchanges,
            points=(shown(0), shown(1)),
            game_points=self.game_points,
            target=self.options.target,
            claim_mode=self.options.claim_mode,
            log=self.log,
            legal_moves=moves,
            playable=cards_to_play,
            marriage_suits=suits,
            can_exchange=any(isinstance(m, ExchangeTrump) for m in moves),
            can_close=any(isinstance(m, Close) for m in moves),
            can_claim=any(isinstance(m, Claim) for m in moves),
            drawing_pending=self.pause is Pause.DRAW,
            exchange_pending=self.pause is Pause.EXCHANGE,
            can_draw=any(isinstance(m, Draw) for m in moves),
            can_keep=any(isinstance(m, KeepTrump) for m in moves),
            trump_kept_by=self.kept_trump,
            drawn=self._drawn_by(seat),
            last_deal=self.last_deal,
            deal_just_ended=self.last_deal is not None and (self.moves_in_deal == 0 or self.is_over),
            is_over=self.is_over,
            winner=self.winner,
            options=self.options,
        )

    def _drawn_by(self, seat: int | None) -> Card | None:
        """The seat's own latest draw while it still holds it; never the other seat's (design §2)."""
        if seat is None:
            return None
        card = self.drawn[seat]
        return card if card is not None and card in self.hands[seat] else None

    # Snapshots -----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly snapshot; `from_dict` rebuilds an equal state."""
        from games.schnapsen.snapshot import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        from games.schnapsen.snapshot import state_from_dict

        return state_from_dict(data)


def series_winner(options: Options, deal_number: int, game_points: tuple[int, int], last_winner: int) -> int | None:
    """Who has won the series once deal `deal_number` is booked (`last_winner` took it), or None to play on.

    SX-15: the first to the target. D-SX-6: with a fixed deal count the target does not apply; after the
    last deal the higher total of game points wins, and level totals go to the winner of the last deal
    (every deal has one, so a match of deals always has a winner, as a knockout needs)."""
    if not options.fixed_deals:
        return last_winner if game_points[last_winner] >= options.target else None
    if deal_number < options.fixed_deals:
        return None
    if game_points[0] == game_points[1]:
        return last_winner
    return 0 if game_points[0] > game_points[1] else 1


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _add(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (pair[0] + value, pair[1]) if seat == 0 else (pair[0], pair[1] + value)


def deal(options: Options, seed: int, number: int, dealer: int, game_points: tuple[int, int]) -> State:
    """Deal `number` of a series from `seeded_rng(seed, "deal", number)` (SX-3, SX-15)."""
    cards = shuffled(schnapsen_deck(options.deck_size), seeded_rng(seed, "deal", number))
    leader = 1 - dealer  # SX-3: the dealer's opponent leads
    hands: tuple[list[Card], list[Card]] = ([], [])
    # SX-3: 24 cards: 3 + 3 each, then the trump; 20 cards: 3 each, the trump, then 2 each.
    rounds = ((3, False), (3, True)) if options.deck_size == 24 else ((3, True), (2, False))
    trump_card: Card | None = None
    for size, trump_after in rounds:
        for seat in (leader, dealer):
            hands[seat].extend(cards[:size])
            cards = cards[size:]
        if trump_after:
            trump_card, cards = cards[0], cards[1:]
    assert trump_card is not None
    talon = (*cards, trump_card)
    assert trump_card.suit is not None
    return State(
        options=options,
        seed=seed,
        deal_number=number,
        dealer=dealer,
        game_points=game_points,
        trump=trump_card.suit,
        hands=(tuple(hands[0]), tuple(hands[1])),
        talon=talon,
        leader=leader,
        log=(Dealt(number, dealer, trump_card),),
    )


def new_game(players: int = 2, seed: int = 0, options: Mapping[str, Any] | Options | None = None) -> State:
    """A new series: `new_game(2, 7, {"preset": "schnapsen", "target": 5})`. The first deal is by seat 1."""
    if players != 2:
        raise ValueError("Sixty-Six is a game for exactly 2 players.")
    opts = options if isinstance(options, Options) else Options.from_mapping(options)
    return deal(opts, seed, 1, 1, (0, 0))


def replay(players: int, seed: int, options: Mapping[str, Any] | Options | None, moves: Iterable[str]) -> State:
    """Rebuild a series from its seed, options and encoded moves; `apply` checks each one."""
    state = replay_moves(new_game(players, seed, options), moves)
    assert isinstance(state, State)
    return state


def position(
    hands: Sequence[str],
    trump: str,
    talon: str = "",
    leader: int = 0,
    tricks: tuple[int, int] = (0, 0),
    scores: tuple[int, int] = (0, 0),
    closed: bool | int = False,
    preset: str = "santase",
    trick: str = "",
    marriages: Sequence[tuple[int, str]] = (),
    game_points: tuple[int, int] = (0, 0),
    seed: int = 0,
    **options: Any,
) -> State:
    """A hand-built deal for rule tests.

    `trump` is the face-up trump card ("Ac"), or just a suit letter ("c") once it has been taken.
    `talon` lists the face-down cards, top first. `scores` are trick points (without marriages);
    `marriages` are (seat, suit letter) pairs already declared; `trick` is a card the leader has led.
    `closed` True (or a seat) closes the talon by the leader (or that seat), recording the current
    state as the state at closing (SX-13).
    """
    opts = Options.from_mapping({"preset": preset, **options})
    hand_cards = tuple(tuple(parse_suited_cards(text)) for text in hands)
    if len(hand_cards) != 2:
        raise ValueError("a Sixty-Six position has two hands")
    if len(trump) == 1:
        trump_suit = suit_from_letter(trump.lower())
        talon_cards: tuple[Card, ...] = ()
        if talon:
            raise ValueError("a talon needs its face-up trump card")
    else:
        trump_card = parse_suited(trump)
        assert trump_card.suit is not None
        trump_suit = trump_card.suit
        talon_cards = (*parse_suited_cards(talon), trump_card)
    if len(talon_cards) % 2:
        raise ValueError("the talon (face-down cards plus the trump card) holds an even number of cards")
    led = tuple(parse_suited_cards(trick))
    every = [*hand_cards[0], *hand_cards[1], *talon_cards, *led]
    if len(set(every)) != len(every):
        raise ValueError("a card appears twice in the position")
    state = State(
        options=opts,
        seed=seed,
        deal_number=1,
        dealer=1 - leader,
        game_points=(game_points[0], game_points[1]),
        trump=trump_suit,
        hands=(hand_cards[0], hand_cards[1]),
        talon=talon_cards,
        leader=leader,
        trick=led,
        card_points=(scores[0], scores[1]),
        tricks_won=(tricks[0], tricks[1]),
        marriages=tuple(
            (seat, suit_from_letter(letter), 40 if suit_from_letter(letter) == trump_suit else 20)
            for seat, letter in marriages
        ),
    )
    if closed is not False:
        closer = leader if closed is True else int(closed)
        state = replace(
            state,
            closed=CloseRecord(closer, sum(tricks), state.points(1 - closer), state.tricks_won[1 - closer]),
        )
    return state
