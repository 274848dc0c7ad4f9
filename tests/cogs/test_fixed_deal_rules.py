"""The rules page of a table whose match is a fixed number of deals (a tournament's fast matches, D-TN-1:
D-SX-6, D-GR-10, D-CA-5; Thirteen's series of games, D-TL-5) says how that match is won: its number of
deals and the higher total, never a target that ends nothing at such a table.

Each game is read through its adapter's `rules_text`, with the option its declaration names for the deal
count (`GameType.deals`), so a game added to the registry is checked without being named here."""

from __future__ import annotations

import re

import pytest

from bot.moves.adapters import GameAdapter, adapter_class
from games import registry
from games.plugin import GameType
from locales import PSEUDO, TRANSLATED
from locales.pseudo import marked

DEALS = 37  # a count no game's rules name otherwise (the plain pages are checked for it too)
GAMES = tuple(game for game in registry.games() if game.deals)
# How a rules page names a target that ends the match: "First to the target wins", "First to 100 wins",
# "Santase: to 11", "the game goes to 150", "At 150 … the game ends".
TARGET_ENDS = re.compile(r"\bfirst to (the target|\d+)\b|\bto \d+\b|\bat \d+\b[^.]*\bends\b", re.IGNORECASE)


def adapter(game: GameType) -> GameAdapter:
    return adapter_class(game)()


def fixed(game: GameType, lang: str) -> str:
    return adapter(game).rules_text({game.deals: DEALS}, lang=lang)


def plain(game: GameType, lang: str) -> str:
    return adapter(game).rules_text({}, lang=lang)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.kind)
def test_d_tn1_fixed_deal_rules_name_the_number_of_deals(game: GameType) -> None:
    count = re.compile(rf"\b{DEALS} (deals|hands|games)\b")
    assert count.search(fixed(game, "en")), fixed(game, "en")
    assert not count.search(plain(game, "en"))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.kind)
def test_d_tn1_fixed_deal_rules_say_the_higher_total_wins_not_the_first_to_the_target(game: GameType) -> None:
    said = fixed(game, "en")
    assert not TARGET_ENDS.search(said), TARGET_ENDS.search(said)
    assert re.search(r"\b(higher|highest) total\b", said), said


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.kind)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_fixed_deal_rules_are_translated_with_their_count(game: GameType, lang: str) -> None:
    """Every language says the count, in words other than the English ones."""
    english = set(fixed(game, "en").splitlines())
    said = fixed(game, lang)
    count = re.compile(rf"\b{DEALS}\b")
    assert count.search(said) and not count.search(plain(game, lang)), said
    assert not english & set(said.splitlines()), english & set(said.splitlines())


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.kind)
def test_fixed_deal_rules_are_marked_in_the_pseudo_language(game: GameType) -> None:
    lines = [line for line in fixed(game, PSEUDO).splitlines() if line.strip()]
    assert all(marked(line.strip("_*• ")) for line in lines), [line for line in lines if not marked(line)]
