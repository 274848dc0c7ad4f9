"""Carousel as terminal text: the melds on the table (numbered), scores, stock, and your hand's count.

A meld step carries the whole new table (CA-6), so `hint` turns the suggested table back into the
hand cards it adds and offers `meld <those cards>`: the engine's notation lets the solver find the
arrangement (ai-notes §1.5 a), exactly as when a player types it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.terminal.game_text import cards_text, codes_text, heading, seat_rows
from bot.terminal.lines import with_names
from bot.texts import count
from games.cards import Card
from games.carousel import CarouselView, HandSummary, MeldStep, Move, Phase
from rendering.carousel import sort_hand

HELP = """\
Carousel: rummy where the whole table is yours to rearrange (CA-6). Each turn: draw, then
either meld (the turn ends) or draw again, at most three cards (CA-4). A count of your hand
at or under the knock limit lets you knock at the end of your turn (CA-9).
  draw                 draw a card (a second or third draw declines to meld)
  meld 7h 9c 10c       lay these hand cards on the table; it is rearranged to fit (CA-6)
  table: 6h Jk=7h 8h | 9s 9d 9c   write the complete new table yourself (Jk=7h: joker as 7♥)
  knock / pass         knock, or don't, when the game offers it"""


class CarouselText:
    """Text for `CarouselView`s."""

    kind = "carousel"
    title = "Carousel"
    default_players = 3
    score_name = "point"
    presets: Sequence[str] = ()

    def options(self, preset: str | None) -> dict[str, Any]:
        return {}

    def table(self, view: CarouselView, names: Sequence[str]) -> str:
        lines: list[str] = []
        title = (
            f"Carousel · hand {view.hand_number} · stock {view.stock} · to {count(view.target, 'point')}"
            f" · knock at {view.knock_limit} or less"
        )
        counts = [count(size, "card") for size in view.hand_sizes]
        scores = [count(score, "pt") for score in view.scores]
        won = [f"{count(hands, 'hand')} won" for hands in view.hands_won]
        dealer = ["dealer" if seat == view.dealer else "" for seat in range(view.players)]
        lines.append(heading(title))
        lines.extend(seat_rows(names, [counts, scores, won, dealer], view.to_move))
        if view.table:
            lines.append("   Table:")
            lines.extend(f"   {number:>3}. {meld}" for number, meld in enumerate(view.table, start=1))
        else:
            lines.append("   Table: empty")
        return "\n".join(lines)

    def hand(self, view: CarouselView) -> str:
        lines = [f"   Your hand (count {view.hand_value}): {cards_text(sort_hand(view.hand))}"]
        if view.my_turn:
            lines.append(f"   {_what_now(view)}")
        return "\n".join(lines)

    def log(self, view: CarouselView, names: Sequence[str]) -> list[str]:
        return [with_names(line, names) for line in view.log]

    def typed(self, move: Move, view: CarouselView) -> str:
        if isinstance(move, MeldStep):
            return f"meld {codes_text(added_cards(move, view))}"
        return {"d": "draw", "k": "knock", "p": "pass"}[move.encode()]

    def describe(self, move: Move, view: CarouselView) -> str:
        if isinstance(move, MeldStep):
            return f"meld {cards_text(added_cards(move, view))}"
        return str(move)

    def interlude(self, before: CarouselView, after: CarouselView, names: Sequence[str]) -> str | None:
        """CA-12: the hands are shown and scored when a hand ends."""
        if after.last_hand is None or after.last_hand == before.last_hand:
            return None
        return "\n".join(hand_summary(after.last_hand, names))

    def help(self) -> str:
        return HELP


def added_cards(move: MeldStep, view: CarouselView) -> list[Card]:
    """The physical cards a meld step takes from the hand: on the new table, not on the old (CA-6)."""
    before = {card for meld in view.table for card in meld.physical}
    added = [card for meld in move.table for card in meld.physical if card not in before]
    return sort_hand(added)


def hand_summary(summary: HandSummary, names: Sequence[str]) -> list[str]:
    """CA-12: what every seat held, its count, and the points scored, once a hand ends."""
    lines = [heading(f"Hand {summary.hand_number}: {_ending(summary, names)}")]
    width = max(len(name) for name in names)
    for seat, held in enumerate(summary.hands):
        points = summary.points[seat]
        scored = f"+{points}" if points else "  0"
        lines.append(
            f"   {names[seat]:<{width}}  {scored:>4}  count {summary.counts[seat]:>3}  {cards_text(sort_hand(held))}"
        )
    return lines


def _ending(summary: HandSummary, names: Sequence[str]) -> str:
    winners = " and ".join(names[seat] for seat in summary.winners)
    if summary.went_out is not None:
        return f"{names[summary.went_out]} went out; won by {winners}"
    if summary.knocker is not None:
        return f"{names[summary.knocker]} knocked; won by {winners}"
    return f"the stock ran out; won by {winners}"


def _what_now(view: CarouselView) -> str:
    if view.phase is Phase.DRAW_1:
        return "Your turn: draw."
    if view.phase is Phase.MELD_1:
        return "Meld (meld 7h 8h 9h) or draw a second card (draw)."
    if view.phase is Phase.MELD_2:
        return "Meld (meld 7h 8h 9h) or draw a third and last card (draw)."
    if view.phase is Phase.KNOCK and not view.can_knock:
        return f"Your count is {view.hand_value}, over {view.knock_limit}: pass (CA-9)."
    if view.phase is Phase.KNOCK:
        return f"Your count is {view.hand_value}, within {view.knock_limit}: knock or pass (CA-9)."
    return ""
