"""A rank alone as a move: "K" plays your king when exactly one legal play is made of kings alone.

Typing the suit is the slow part of the notation, and most of the time the rank says it all: the
one king in hand, the only pair of 9s that beats the table. The shorthand is matched against the
legal moves' own notation (`GameText.typed`), so it reads each game's moves the way the player would
type them in full and never guesses at a rule: when the rank names several plays the player is told
which, and when it names none, that too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from locales import SOURCE, listing, t, tn

RANK = re.compile(r"^(10|[2-9AJQKT])$", re.IGNORECASE)
CARD = re.compile(r"^(10|[2-9AJQKT])[scdh]$", re.IGNORECASE)
SHOWN = 6  # plays listed when a rank is ambiguous


def ranks_only(line: str) -> tuple[str, ...] | None:
    """The ranks of a line made of ranks only ("K", "9 9", "t"), upper-cased, "T" as "10"; else None."""
    words = line.replace(",", " ").split()
    if not words or not all(RANK.match(word) for word in words):
        return None
    return tuple(sorted(_rank(word) for word in words))


def _rank(word: str) -> str:
    word = word.upper()
    return "10" if word == "T" else word


def _card_ranks(typed: str) -> tuple[str, ...] | None:
    """The ranks of a move typed as cards only ("Kh 9s"); None when the move has other words."""
    words = typed.split()
    if not words or not all(CARD.match(word) for word in words):
        return None
    return tuple(sorted(_rank(word[:-1]) for word in words))


@dataclass(frozen=True, slots=True)
class Named:
    """What a rank-only line names among the legal moves: one move to play, or why not."""

    move: Any | None
    refusal: str | None


def named_play(
    ranks: Sequence[str],
    moves: Iterable[Any],
    typed: Callable[[Any], str],
    describe: Callable[[Any], str],
    lang: str = SOURCE,
) -> Named:
    """The single legal move made of exactly these ranks, or a sentence in `lang` saying what they could mean."""
    wanted = tuple(sorted(ranks))
    matches = [move for move in moves if _card_ranks(typed(move)) == wanted]
    said = " ".join(wanted)
    if len(matches) == 1:
        return Named(matches[0], None)
    if not matches:
        return Named(
            None, t(lang, "No legal play is made of {ranks} alone now; type the cards in full, or `moves`.", ranks=said)
        )
    shown = [describe(move) for move in matches[:SHOWN]]
    example = typed(matches[0])
    if len(matches) > SHOWN:
        return Named(None, tn(lang, "{ranks} could be {plays} (and {n} more): type the cards, like {example}.",
                              "{ranks} could be {plays} (and {n} more): type the cards, like {example}.",
                              len(matches) - SHOWN, ranks=said, plays=", ".join(shown), example=example))  # fmt: skip
    plays = listing(lang, shown, style="or")
    return Named(None, t(lang, "{ranks} could be {plays}: type the cards, like {example}.", ranks=said, plays=plays,
                         example=example))  # fmt: skip
