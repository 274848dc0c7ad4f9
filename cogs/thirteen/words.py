"""Thirteen's sentences: the rules summary, the option labels, and the terminal table's text.

No discord here: the terminal table (`terminal`) imports this module too. Terminal text: card
counts, the combination to beat, your hand in TL-2 order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.thirteen import GAME, Pass, Play, ThirteenView
from games.thirteen.suggest import has_beating_play
from rendering.words import count, ordinal
from terminal.game_text import cards_text, codes_text, heading, seat_rows

# The sentences players read say the rules in words; the rule ids (rules.md) stay in code and docs.
RULES = """**Thirteen (Tiến lên)**: be the first to shed all your cards.
• Cards rank 3 4 5 6 7 8 9 10 J Q K A 2; suits ♠ < ♣ < ♦ < ♥ break ties.
• Play a single, pair, triple, quad, a sequence of 3+ ranks (no 2s) or a double sequence of 3+ pairs.
• Beat the table with the same kind and length and a higher top card, or pass.
• Passing keeps you out until the table clears. When everyone passes, the last player leads anything.
• Can't beat it? Press Pass: the bot passes for you only when no hand of your size could beat it.
• Bombs beat 2s: a quad or 3 pairs in sequence beat a single 2; 4 pairs beat a pair of 2s; 5 pairs beat three 2s.
• The first game is led by whoever holds 3♠ (or the lowest card), and that lead must include it.
• Play goes on until one player is left; places score n-1 … 0 points."""

OPTION_LABELS = {
    "bomb_after_pass": "bombs after passing",
    "over_chopping": "over-chopping",
    "n_or_more_pairs": "n-or-more pairs",
    "instant_wins": "instant wins",
    "two_finish_loses": "finishing on a 2 loses",
}


HELP = """\
Thirteen: get rid of your cards first. Beat the table with the same kind of combination
(single, pair, triple, sequence of 3+, double sequence) and a higher top card;
bombs chop 2s. Once you pass you are out until the table clears. When nothing in your
hand beats the table you still type pass yourself, unless no hand of your size could.
  7s            play a single (ranks 3..10 J Q K A 2, suits s c d h; 10 or T)
  7s 7h         play a pair; any set of cards the same way: 3s 4d 5c
  7 / 7 7       a rank alone plays the one legal play of that rank (10 or T; lower-case works)
  pass          pass"""


CANT_BEAT = "You can't beat this"
WHY_ASKED = "(You are asked anyway, so your pass tells nobody what you hold.)"


def round_over_line(view: ThirteenView, names: Sequence[str]) -> str:
    """How the round that just cleared ended (TL-10), until the leader's next play: "Nobody beat Ada's
    K♠ K♣: Ben passed, Cleo passed." Empty while a round is under way or once the game is over."""
    if view.is_over or view.table is not None or not view.last_round:
        return ""
    plays = [n for n, turn in enumerate(view.last_round) if isinstance(turn.move, Play)]
    if not plays:
        return ""
    last = view.last_round[plays[-1]]
    assert isinstance(last.move, Play)
    passes = [f"{names[turn.seat]} passed" for turn in view.last_round[plays[-1] + 1 :]]
    said = f"Nobody beat {names[last.seat]}'s {last.move}"
    return f"{said}: {', '.join(passes)}." if passes else f"{said}."


def left_holding_lines(view: ThirteenView, names: Sequence[str]) -> list[str]:
    """Once a game is over, what each seat still held: "Ben was left holding 3♥ 7♣ (2 cards)"."""
    return [
        f"{names[seat]} was left holding {cards_text(held)} ({count(len(held), 'card')})"
        for seat, held in enumerate(view.left_holding)
        if held
    ]


class ThirteenText:
    """Text for `ThirteenView`s."""

    kind = "thirteen"
    title = GAME.name
    default_players = 4
    score_name = "place point"
    presets: Sequence[str] = ()
    uses_solver = False
    unlisted_moves = ""

    def options(self, preset: str | None) -> dict[str, Any]:
        return {}

    def table(self, view: ThirteenView, names: Sequence[str]) -> str:
        status = []
        for seat in range(view.players):
            place = view.places[seat]
            if place is not None:  # the last player is placed with cards still in hand: not "out"
                out = view.hand_counts[seat] == 0
                status.append(f"went out {ordinal(place)}" if out else f"last, {ordinal(place)}")
            elif seat in view.passed:
                status.append("passed")
            else:
                status.append("")
        counts = [count(cards, "card") for cards in view.hand_counts]
        columns: list[list[str]] = [counts, status]
        if view.series_games > 1:
            columns.append([count(points, "pt") for points in view.series_points])
        title = "Thirteen"
        if view.series_games > 1:
            title += f" · game {view.game_number} of {view.series_games}"
        lines = [heading(title), *seat_rows(names, columns, view.to_move)]
        if view.is_over:
            lines += [f"   {line}" for line in left_holding_lines(view, names)]
        elif view.table is None:
            leader = f"{names[view.to_move]} leads a new round" if view.to_move is not None else "a new round"
            lines.append(f"   Table: clear, {leader}")
            ended = round_over_line(view, names)
            if ended:
                lines.append(f"   {ended}")
        else:
            lines.append(
                f"   Table: {cards_text(view.table.cards)} ({view.table.description}) by {names[view.table.seat]}"
            )
        return "\n".join(lines)

    def hand(self, view: ThirteenView) -> str:
        lines = [f"   Your hand: {cards_text(view.hand)}"]
        if view.must_include is not None and view.my_turn:  # TL-4
            lines.append(f"   Your first play must include {view.must_include}.")
        if view.in_bomb_window:  # E-TL-1
            lines.append("   You passed, but you may still chop the 2s with a bomb, or pass again.")
        if view.my_turn and not has_beating_play(view):  # D-TL-4: asked even so, so the pass tells nothing
            lines.append(f"   {CANT_BEAT}: type pass. {WHY_ASKED}")
        return "\n".join(lines)

    def log(self, view: ThirteenView, names: Sequence[str]) -> list[str]:
        return [_sentence(line.text) if line.seat is None else f"{names[line.seat]} {line.text}" for line in view.log]

    def typed(self, move: Play | Pass, view: ThirteenView) -> str:
        return "pass" if isinstance(move, Pass) else codes_text(move.cards)

    def describe(self, move: Play | Pass, view: ThirteenView) -> str:
        return str(move)

    def interlude(self, before: ThirteenView, after: ThirteenView, names: Sequence[str]) -> str | None:
        """A series moves on to its next game (D-TL-5): what the last player held, the points so far."""
        if after.game_number == before.game_number or after.is_over:
            return None
        points = " · ".join(f"{names[seat]} {p}" for seat, p in enumerate(after.series_points))
        held = "".join(f"\n   {line}" for line in left_holding_lines(after, names))
        return f"{heading(f'Game {after.game_number} of {after.series_games}')}{held}\n   Place points so far: {points}"

    def opening_lines(self, after: ThirteenView) -> int:
        """The newest log lines that already belong to the next game of a series (from its "game n of m
        is dealt" line on, D-TL-5), which the terminal prints after the points so far."""
        dealt = f"game {after.game_number} of {after.series_games} is dealt"
        starts = [n for n, line in enumerate(after.log) if line.seat is None and line.text == dealt]
        return len(after.log) - starts[-1] if starts and after.game_number > 1 else 0

    def help(self) -> str:
        return HELP


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


TERMINAL = ThirteenText()  # what `terminal` shows for this game
