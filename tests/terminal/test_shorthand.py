"""A rank alone at the terminal: it plays the one legal play made of those ranks, or says what it could be."""

from __future__ import annotations

from collections import Counter

import pytest

from games.thirteen import Play
from terminal.app import TerminalTable
from terminal.shorthand import named_play, ranks_only
from tests.terminal.scripted import play

# A deal whose first prompt has a rank line naming one legal play (Q Q) and one naming several (10 10).
THIRTEEN = ["thirteen", "--players", "3", "--seed", "1"]


def plays_of_rank(table: TerminalTable) -> Counter[str]:
    """For each rank-only line ("Q" for a single, "Q Q" for a pair), how many legal Thirteen plays it names
    (read off the engine)."""
    counts: Counter[str] = Counter()
    for move in table.state.legal_moves():
        if isinstance(move, Play) and len({card.rank for card in move.cards}) == 1:
            counts[" ".join([move.cards[0].rank.label] * len(move.cards))] += 1  # type: ignore[union-attr]
    return counts


@pytest.mark.parametrize(
    ("line", "ranks"),
    [("K", ("K",)), ("k", ("K",)), ("9 9", ("9", "9")), ("t", ("10",)), ("10", ("10",)), ("q", ("Q",))],
)
def test_a_line_of_ranks_reads_as_ranks(line, ranks):
    """Ranks in either case, "T" or "10" for ten, repeated for a pair."""
    assert ranks_only(line) == ranks


@pytest.mark.parametrize("line", ["Kh", "pass", "K x", "", "1", "meld 7h"])
def test_anything_else_is_not_a_rank_line(line):
    """A full card, a word or a stray token leaves the line to the game's own notation."""
    assert ranks_only(line) is None


def test_one_matching_play_is_chosen_and_others_ignored():
    """Only moves typed as cards of exactly these ranks count: "K" is not "Kh Ks", nor a marriage "20 Kh"."""
    moves = ["Kh", "Kh Ks", "20 Kh", "7s", "pass"]
    named = named_play(("K",), moves, str, str)
    assert (named.move, named.refusal) == ("Kh", None)


def test_an_ambiguous_rank_lists_what_it_could_be():
    """Two kings: the refusal names both plays and shows how to type one."""
    named = named_play(("K",), ["Kh", "Ks", "7s"], str, lambda move: move.replace("h", "♥").replace("s", "♠"))
    assert named.move is None
    assert named.refusal == "K could be K♥ or K♠: type the cards, like Kh."


def test_a_rank_with_no_legal_play_says_so():
    """No legal play of that rank: say so and point at `moves`, rather than a notation error."""
    named = named_play(("A",), ["Kh", "pass"], str, str)
    assert named.move is None and named.refusal is not None and "No legal play is made of A" in named.refusal


def test_a_rank_naming_one_legal_play_plays_it_at_the_table():
    """At the terminal, typing a rank with exactly one legal play of it makes that play (one move made)."""
    chosen: list[str] = []

    def unique_rank(table: TerminalTable) -> str:
        rank = next(rank for rank, count in plays_of_rank(table).items() if count == 1)
        chosen.append(rank)
        return rank

    session = play(THIRTEEN, [unique_rank, "quit"], follow=False)
    assert chosen and session.code == 0
    assert "✗" not in session.output
    assert f"  You played {chosen[0].split()[0]}" in session.output


def test_a_rank_naming_several_plays_is_refused_with_the_choices():
    """A rank with several legal plays (a single and a pair of it, say) is not guessed: the player is told."""
    chosen: list[str] = []

    def ambiguous_rank(table: TerminalTable) -> str:
        rank = next(rank for rank, count in plays_of_rank(table).items() if count > 1)
        chosen.append(rank)
        return rank

    session = play(THIRTEEN, [ambiguous_rank, "quit"], follow=False)
    refusal = next(line for line in session.output.splitlines() if "✗" in line)
    assert f"{chosen[0]} could be " in refusal and "type the cards, like" in refusal
    assert session.table.moves_made == play(THIRTEEN, ["quit"], follow=False).table.moves_made
