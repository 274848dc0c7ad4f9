"""What each game's text view supplies to the terminal loop, and the pieces they share.

The loop in `app` is the same for every game (prompt, parse with the engine's `parse_move`, apply,
print the new log lines, ask the computer players); a `GameText` knows how one game's view reads as
text: the table, the hand, the notation to type for a move (for `hint`), and that game's help.
Every method reads a *view* only, like the bot's renderers, so the text shows nothing the seat
could not see (design §2).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from games.base import GameResult, IllegalMove
from games.cards import AnyCard
from locales import SOURCE, t
from rendering.words import count, ordinal

log = logging.getLogger(__name__)

RULE = "─"
WIDTH = 64


class GameText(Protocol):
    """One game's text presentation for the terminal table.

    A game whose move can end a deal and deal the next one at once also has `opening_lines(view) ->
    int`: how many of the view's newest log lines belong to the new deal, printed after `interlude`
    (optional; the loop asks with getattr, so the others need no stub).
    """

    kind: str
    title: str
    default_players: int
    score_name: str  # what one unit of `GameResult.scores` is, singular: "place point" (rendering.words.count)
    presets: Sequence[str]  # names `--preset` accepts; empty when the game has none
    uses_solver: bool  # the moves go through HiGHS, whose first use prints a banner (app.quiet_solver_banner)
    unlisted_moves: str  # a note after "Legal now:" when some legal moves are not listed; "" when all are

    def options(self, preset: str | None) -> dict[str, Any]:
        """Engine options for `--preset` (already checked against `presets`)."""
        ...

    def scores(self, n: int, *, lang: str = SOURCE) -> str:
        """`n` units of `score_name` in `lang`: "2 place points" (the result table)."""
        ...

    def table(self, view: Any, names: Sequence[str], *, lang: str = SOURCE) -> str:
        """The public table as lines of text: seats, what lies on the table, scores, whose turn."""
        ...

    def hand(self, view: Any, *, lang: str = SOURCE) -> str:
        """The viewing seat's hand and what it may do now."""
        ...

    def log(self, view: Any, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
        """The view's log window with seat names filled in."""
        ...

    def typed(self, move: Any, view: Any) -> str:
        """What the player would type for `move` (the notation `parse_move` reads back)."""
        ...

    def describe(self, move: Any, view: Any, *, lang: str = SOURCE) -> str:
        """How `move` reads to a player, e.g. "7♠ 7♥" or "meld 7♥ 9♣ 10♣"."""
        ...

    def interlude(self, before: Any, after: Any, names: Sequence[str], *, lang: str = SOURCE) -> str | None:
        """A summary to print when a move ended a hand, deal or game of a series; None otherwise."""
        ...

    def help(self, *, lang: str = SOURCE) -> str:
        """The game's notation and commands, a few lines."""
        ...

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        """The engine's refusal of a move in `lang` (the words module's `refusal_said`)."""
        ...


# A game's refusal words (cogs/<game>/words.py `REFUSALS`): an IllegalMove code -> a function of the language
# and the refusal's parameters (games.base.IllegalMove) that says it in that language.
Refusals = Mapping[str, Callable[..., str]]


def refusal_said(refusals: Refusals, refused: IllegalMove, lang: str) -> str:
    """`refused` in `lang` through the game's `refusals`; its English `reason` for a code they lack (every
    code has words: tests/cogs/test_refusals.py), so a player is never left without an answer."""
    said = refusals.get(refused.code)
    if said is None:
        log.warning("no words for the refusal %r: %s", refused.code, refused.reason)
        return refused.reason
    return said(lang, **refused.params)


def heading(text: str) -> str:
    """A rule line with a title in it: `── Thirteen · 4 players ──────`."""
    head = f"{RULE * 2} {text} "
    return head + RULE * max(3, WIDTH - len(head))


def cards_text(cards: Iterable[AnyCard]) -> str:
    """Cards with Unicode suits, or a dash for none."""
    text = " ".join(str(card) for card in cards)
    return text or "—"


def codes_text(cards: Iterable[AnyCard]) -> str:
    """Cards as a player types them (`7h 10c Jk`), copy marks dropped: parse_move finds the copy."""
    return " ".join(card.face.code for card in cards)


def standings(
    result: GameResult,
    names: Sequence[str],
    score_name: str,
    *,
    lang: str = SOURCE,
    scores: Callable[[int], str] | None = None,
) -> str:
    """The final places, best first; equal places are shared (D-CA-4). `scores` says a score in `lang`
    (the game's `scores`); without it the English `score_name` counts."""
    seats = sorted(range(len(result.places)), key=lambda seat: (result.places[seat], seat))
    width = max(len(name) for name in names)
    lines = [heading(t(lang, "Result"))]
    for seat in seats:
        score = scores(result.scores[seat]) if scores is not None else count(result.scores[seat], score_name)
        lines.append(f"  {ordinal(result.places[seat], lang=lang):>4}  {names[seat]:<{width}}  {score}")
    return "\n".join(lines)


def seat_rows(names: Sequence[str], columns: Sequence[Sequence[str]], to_move: int | None) -> list[str]:
    """One aligned row per seat: name, then each column's text; an arrow marks whose turn it is."""
    width = max(len(name) for name in names)
    widths = [max((len(column[seat]) for seat in range(len(names))), default=0) for column in columns]
    rows = []
    for seat, name in enumerate(names):
        cells = [f"{column[seat]:<{w}}" for column, w in zip(columns, widths, strict=True)]
        marker = "▶" if seat == to_move else " "
        rows.append(f" {marker} {name:<{width}}  " + "  ".join(cells).rstrip())
    return rows
