"""Sixty-Six / Schnapsen / Santase as terminal text: trump, talon, the trick, points, your hand.

Running points appear as the view gives them: in memory mode (D-SX-3) the opponent's are hidden
(SX-11), so the text shows "?" rather than anything the seat could not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.terminal.game_text import cards_text, heading, seat_rows
from bot.terminal.lines import with_names
from bot.texts import count, plural
from games.schnapsen import (
    PRESETS,
    Claim,
    Close,
    Draw,
    ExchangeTrump,
    KeepTrump,
    Marriage,
    Move,
    PlayCard,
    SchnapsenView,
)
from games.schnapsen.rules import sort_hand
from rendering.schnapsen import PRESET_TITLES

HELP = """\
Sixty-Six: two players, tricks; the first to 66 card points wins the deal (SX-11), the first
to the target in game points wins the series (SX-15). While the talon is open you need not
follow suit (SX-6); once it is closed or used up you must follow and head the trick (SX-7).
  Kh                   play (or lead) a card
  20 Kh / marriage Kh  declare K-Q of a suit and lead one of them (SX-8; 40 in trumps)
  exchange             swap the trump 9 (or J) for the face-up trump card (SX-9)
  close                close the talon (SX-10); in Sixty-Six also right after a trick, before drawing
  draw                 Sixty-Six: draw as usual after winning a trick, instead of closing (SX-10)
  keep                 Sixty-Six: keep the trump 9 when offered the exchange at a close (SX-9)
  claim                claim 66 when the table plays in memory mode (SX-11)"""


class SchnapsenText:
    """Text for `SchnapsenView`s."""

    kind = "schnapsen"
    title = "Sixty-Six"
    default_players = 2
    score_name = "game point"
    presets: Sequence[str] = tuple(PRESETS)

    def options(self, preset: str | None) -> dict[str, Any]:
        return {} if preset is None else {"preset": preset}

    def table(self, view: SchnapsenView, names: Sequence[str]) -> str:
        game = PRESET_TITLES.get(view.preset, "Sixty-Six")
        title = f"{game} · deal {view.deal_number} · to {count(view.target, 'game point')}"
        game_points = [f"{points} game {plural(points, 'pt')}" for points in view.game_points]
        tricks = [count(won, "trick") for won in view.tricks_won]
        points = ["? card pts" if value is None else f"{value} card {plural(value, 'pt')}" for value in view.points]
        cards = [f"{size} in hand" for size in view.hand_sizes]
        lines = [heading(title), *seat_rows(names, [game_points, tricks, points, cards], view.to_move)]
        lines.append(f"   Trump: {view.trump.symbol}  ·  {_talon(view, names)}")
        married = [f"{names[m.seat]} {m.points} in {m.suit.symbol}" for m in view.marriages]
        if married:
            lines.append(f"   Marriages: {', '.join(married)}")
        if view.trick:
            led = view.trick[0]
            lines.append(f"   Trick: {names[led.seat]} led {led.card}")
        elif view.last_trick is not None:
            played = " ".join(str(played.card) for played in view.last_trick.cards)
            lines.append(f"   Last trick: {played}, taken by {names[view.last_trick.winner]}")
        if view.to_move is not None and view.drawing_pending:
            lines.append(f"   {names[view.to_move]} may close before drawing, or draw (SX-10)")
        elif view.to_move is not None and view.exchange_pending:
            lines.append(f"   {names[view.to_move]} may exchange the lowest trump at the close, or keep it (SX-9)")
        return "\n".join(lines)

    def hand(self, view: SchnapsenView) -> str:
        lines = [f"   Your hand: {cards_text(sort_hand(view.hand, view.trump))}"]
        if view.can_draw or view.can_keep:  # pagat 66's pauses (SX-10, SX-9): no card is played now
            choices = ["draw", "close"] if view.can_draw else ["exchange", "keep"] if view.can_exchange else ["keep"]
            if view.can_claim:
                choices.append("claim")
            lines.append(f"   Choose: {', '.join(choices)}")
        elif view.to_move == view.seat and view.seat is not None:
            extras = [f"marriage {'K' + suit.letter}" for suit in view.marriage_suits]
            if view.can_exchange:
                extras.append("exchange")
            if view.can_close:
                extras.append("close")
            if view.can_claim:
                extras.append("claim")
            verb = "Lead" if view.leading else "Play"
            line = f"   {verb} one of: {cards_text(sort_hand(view.playable, view.trump))}"
            if extras:
                line += f"  ·  or: {', '.join(extras)}"
            lines.append(line)
        return "\n".join(lines)

    def log(self, view: SchnapsenView, names: Sequence[str]) -> list[str]:
        return [with_names(line, names) for line in view.log]

    def typed(self, move: Move, view: SchnapsenView) -> str:
        if isinstance(move, PlayCard):
            return move.card.code
        if isinstance(move, Marriage):
            return f"{move.points} {move.card.code}"
        if isinstance(move, ExchangeTrump):
            return "exchange"
        if isinstance(move, Close):
            return "close"
        if isinstance(move, Draw):
            return "draw"
        if isinstance(move, KeepTrump):
            return "keep"
        assert isinstance(move, Claim)
        return "claim" if move.marriage is None else f"claim {move.points} K{move.marriage.letter}"

    def describe(self, move: Move, view: SchnapsenView) -> str:
        return str(move)

    def interlude(self, before: SchnapsenView, after: SchnapsenView, names: Sequence[str]) -> str | None:
        """A deal was scored (SX-12..SX-14): its card points and the game points so far."""
        deal = after.last_deal
        if deal is None or deal == before.last_deal:
            return None
        totals = " – ".join(str(total) for total in deal.totals)
        game = " · ".join(f"{names[seat]} {points}" for seat, points in enumerate(after.game_points))
        return (
            f"{heading(f'Deal {deal.deal_number} over')}\n"
            f"   Card points {totals}; {count(deal.game_points, 'game point')}"
            f" to {names[deal.winner]}. Game points: {game} (to {after.target})"
        )

    def help(self) -> str:
        return HELP


def _talon(view: SchnapsenView, names: Sequence[str]) -> str:
    if view.closed:
        closer = f" by {names[view.closed_by]}" if view.closed_by is not None else ""
        return f"talon closed{closer} ({count(view.talon_size, 'card')})"
    if view.talon_size == 0:
        return "talon used up: follow suit and head the trick (SX-7)"
    trump_card = f", {view.trump_card} face up" if view.trump_card is not None else ""
    return f"talon {count(view.talon_size, 'card')}{trump_card}"
