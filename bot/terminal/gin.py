"""Gin Rummy as terminal text: stock, the discard pile, scores, and your hand arranged into melds.

The sentences are the Discord table's own (`cogs.gin.words`, which imports no discord), so the
terminal and the bot describe a hand's end, the knock limit and the scores alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.terminal.game_text import cards_text, heading, seat_rows
from cogs.gin import words
from games.gin import BigGin, Discard, DrawStock, GinView, Knock, Move, PassUpcard, Phase, TakeDiscard

HELP = """\
Gin Rummy: each turn draw from the stock or take the top of the discard pile, then discard (GR-5).
Knock when a discard leaves you 10 deadwood or less (Oklahoma: the upcard's value), gin with none.
  draw / take          draw from the stock, or take the top discard (GR-5)
  take / pass          the first turn: take the upcard or pass (GR-4)
  7h                   discard a card
  knock 7h             put 7h face down and lay out your hand (GR-6)
  gin                  knock with the discard that leaves no deadwood (GR-7)
  big gin              all eleven cards in melds: lay them out without discarding (D-GR-4)"""

PRESETS = {
    "gin": {},
    "oklahoma": {"oklahoma": True},
    "hollywood": {"hollywood": True},
    "hollywood_oklahoma": {"hollywood": True, "oklahoma": True},
}


def _plain(line: str) -> str:
    return line.replace("**", "")


class GinText:
    """Text for `GinView`s."""

    kind = "gin"
    title = "Gin Rummy"
    default_players = 2
    score_name = "point"
    presets: Sequence[str] = tuple(PRESETS)

    def options(self, preset: str | None) -> dict[str, Any]:
        return dict(PRESETS.get(preset or "gin", {}))

    def table(self, view: GinView, names: Sequence[str]) -> str:
        lines = [heading(f"{view.options.name} · hand {view.hand_number}")]
        cards = [f"{size} cards" for size in view.hand_counts]
        won = [f"won {won}" for won in view.wins]
        picked = [f"from the pile: {cards_text(known)}" if known else "" for known in view.known]
        lines.extend(seat_rows(names, [cards, won, picked], view.to_move))
        lines.append(f"   {words.stock_line(view)}")
        pile = view.discard[:-1]
        if pile:
            lines.append(f"   Discard pile under the top, oldest first: {cards_text(pile)}")
        lines.extend(f"   {line}" for line in words.score_lines(view, names))
        return "\n".join(lines)

    def hand(self, view: GinView) -> str:
        lines = [f"   {_plain(words.deadwood_line(view))}"]
        if view.my_turn:
            if view.phase is Phase.UPCARD:
                lines.append(f"   Choose: take (the upcard {view.top}) or pass")
            elif view.phase is Phase.DRAW:
                lines.append(f"   Choose: draw (the stock) or take ({view.top})")
            else:
                choices = ["a card to discard"]
                choices += [f"knock {card.code} ({left} left)" for card, left in view.knocks]
                if view.can_big_gin:
                    choices.append("big gin")
                lines.append(f"   Choose: {', '.join(choices)}")
                if view.just_taken is not None:
                    lines.append(f"   {view.just_taken} was taken from the pile: it stays this turn (D-GR-2)")
        return "\n".join(lines)

    def log(self, view: GinView, names: Sequence[str]) -> list[str]:
        return words.log_lines(view, names)

    def typed(self, move: Move, view: GinView) -> str:
        if isinstance(move, DrawStock):
            return "draw"
        if isinstance(move, TakeDiscard):
            return "take"
        if isinstance(move, PassUpcard):
            return "pass"
        if isinstance(move, Discard):
            return move.card.code
        if isinstance(move, Knock):
            return f"knock {move.card.code}"
        assert isinstance(move, BigGin)
        return "big gin"

    def describe(self, move: Move, view: GinView) -> str:
        return words.move_text(move)

    def interlude(self, before: GinView, after: GinView, names: Sequence[str]) -> str | None:
        """A hand ended (GR-6..GR-11): both arrangements, lay-offs, the score and the games so far."""
        summary = after.last_hand
        if summary is None or summary == before.last_hand:
            return None
        lines = [heading(f"Hand {summary.number} over")]
        lines.extend(f"   {_plain(line)}" for line in words.hand_end_lines(summary, names))
        lines.extend(f"   {line}" for line in words.score_lines(after, names))
        return "\n".join(lines)

    def help(self) -> str:
        return HELP
