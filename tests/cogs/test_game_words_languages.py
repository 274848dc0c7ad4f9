"""The four games' own words in every language: rules pages, option lines, table and hand texts and the
hand controls, read from seeded playouts of each game through its adapter.

Three things are checked over the same positions. In the pseudo-language `qps` every player-visible
string is marked (locales.pseudo), so a word of English outside the markers is text that bypassed the
catalogs. In vi, de, bg, ur and ka the texts are not the English ones and no `{placeholder}` is left
unfilled. And in every language the controls keep Discord's limits (labels ≤ 80, select options ≤ 100,
message text ≤ 4,000).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from bot.moves.adapters import GameAdapter, Panel, PanelContext, adapter_class
from games import registry
from games.base import GameState
from locales import PSEUDO, TRANSLATED
from locales.pseudo import outside

KINDS = tuple(game.kind for game in registry.games())
NAMES = ("Ada", "Ben", "Cleo")
STATES = 24  # positions per game: every phase of a deal is met within this many moves
LABEL_LIMIT = 80  # Discord: a button's label
OPTION_LIMIT = 100  # Discord: a select option's label
TEXT_LIMIT = 4000  # Discord: a Components V2 message's text
# Options that switch on each game's own words (presets, house rules, a series), so their lines are read.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "thirteen": [{}, {"bomb_after_pass": True, "over_chopping": True, "instant_wins": True, "series_games": 3}],
    "schnapsen": [{"preset": preset} for preset in ("santase", "sixty_six", "schnapsen", "schnapsen_tournament")],
    "gin": [{}, {"oklahoma": True, "hollywood": True}],
    "carousel": [{}],
}
_FIELD = re.compile(r"\{[a-z_]+\}")


@cache
def adapter(kind: str) -> GameAdapter:
    return adapter_class(registry.get(kind))()


def players(kind: str) -> int:
    game = registry.get(kind)
    return min(game.max_seats, max(game.min_seats, len(NAMES)))


def states(kind: str, options: dict[str, Any], seed: int = 3) -> list[GameState]:
    """Positions met in a seeded playout by the easiest computer player."""
    game = registry.get(kind)
    engine = game.engine
    chosen = adapter(kind).parse_options(options)
    state = engine.new_game(players(kind), seed, chosen)
    player = engine.computer(game.levels[0])
    rng = random.Random(seed)
    found = []
    while not state.is_over and len(found) < STATES:
        found.append(state)
        seat = state.to_move
        assert seat is not None
        state = state.apply(player.choose(state.view(seat), rng))
    return [*found, state]


def panel(kind: str, state: GameState, seat: int, lang: str, *, quiet: bool = False) -> Panel:
    names = NAMES[: players(kind)]
    ctx = PanelContext(7, 3, seat, state.view(seat), names, quiet=quiet)
    return adapter(kind).hand_panel(ctx, lang=lang)


def controls(shown: Panel) -> Iterator[tuple[str, str]]:
    """Every player-visible string of a panel's controls: ("label" | "option" | "placeholder", text)."""
    for item in shown.items:
        inner = getattr(item, "item", item)
        label = getattr(inner, "label", None)
        if label:
            yield "label", label
        placeholder = getattr(inner, "placeholder", None)
        if placeholder:
            yield "placeholder", placeholder
        for option in getattr(inner, "options", ()) or ():
            yield "option", option.label


def texts(kind: str, lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text the game writes over its playouts: rules, options, headers, hands."""
    game = adapter(kind)
    for options in OPTIONS[kind]:
        yield "rules", game.rules_text(options, lang=lang)
        yield "options", game.describe_options(game.parse_options(options), lang=lang)
        for state in states(kind, options):
            yield "header", game.table_header(state.view(None), NAMES[: players(kind)], lang=lang)
            for seat in range(players(kind)):
                shown = panel(kind, state, seat, lang)
                yield "hand", shown.content
                yield from controls(shown)
            yield "hand", panel(kind, state, 1, lang, quiet=True).content


def unmarked(text: str) -> list[str]:
    """The words of three letters or more outside the pseudo-language's markers (players' names aside)."""
    words = re.findall(r"[A-Za-z]{3,}", outside(text)[0])
    return [word for word in words if word not in NAMES]


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_text_is_marked_in_the_pseudo_language(kind: str) -> None:
    """Rules, option lines, table headers, hand texts and every control label: nothing bypasses the catalogs."""
    left = {(where, text) for where, text in texts(kind, PSEUDO) if text and unmarked(text)}
    assert not left, sorted(left)[:5]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("kind", KINDS)
def test_rules_page_is_translated(kind: str, lang: str) -> None:
    """/rules in the reader's language: not the English page, every placeholder filled."""
    game = adapter(kind)
    for options in OPTIONS[kind]:
        said = game.rules_text(options, lang=lang)
        assert said != game.rules_text(options) and not _FIELD.search(said)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("kind", KINDS)
def test_table_and_hand_texts_are_translated(kind: str, lang: str) -> None:
    """The table header and every seat's hand text read in `lang` (not as in English), placeholders filled."""
    names = NAMES[: players(kind)]
    game = adapter(kind)
    for state in states(kind, OPTIONS[kind][0])[:8]:
        header = game.table_header(state.view(None), names, lang=lang)
        assert header != game.table_header(state.view(None), names) and not _FIELD.search(header)
        for seat in range(players(kind)):
            hand = panel(kind, state, seat, lang).content
            assert hand != panel(kind, state, seat, "en").content and not _FIELD.search(hand)


@pytest.mark.parametrize("lang", ("en", *TRANSLATED, PSEUDO))
@pytest.mark.parametrize("kind", KINDS)
def test_controls_keep_discords_limits_in_every_language(kind: str, lang: str) -> None:
    """Labels ≤ 80, select options ≤ 100 and the hand text ≤ 4,000 in every language (the pseudo-language
    lengthens every message by a third, as a long translation would)."""
    limits = {"label": LABEL_LIMIT, "placeholder": OPTION_LIMIT, "option": OPTION_LIMIT}
    for where, text in texts(kind, lang):
        assert len(text) <= limits.get(where, TEXT_LIMIT), (where, text)


def test_tien_len_combinations_use_the_players_words() -> None:
    """Vietnamese Thirteen names its combinations as Tiến lên players do: đôi, sảnh, heo, tứ quý."""
    from cogs.thirteen.words import log_text, ranks_word
    from games.cards import Rank

    assert log_text("vi", "played 6♠ 6♥ (pair of 6s)") == "đánh 6♠ 6♥ (đôi 6)"
    assert log_text("vi", "played 3♠ 4♦ 5♣ (3-card sequence to 5♣)") == "đánh 3♠ 4♦ 5♣ (sảnh 3 lá đến 5♣)"
    assert log_text("vi", "played 9♠ 9♣ 9♦ 9♥ (quad of 9s)") == "đánh 9♠ 9♣ 9♦ 9♥ (tứ quý 9)"
    assert ranks_word("vi", Rank.TWO) == "heo"


def test_santase_and_schnapsen_say_closing_in_their_players_words() -> None:
    """Bulgarian says "затвори" for closing the stock, German "zudrehen"; the series is a Bummerl."""
    from cogs.schnapsen.words import preset_names, series_line

    game = adapter("schnapsen")
    state = states("schnapsen", {"preset": "santase"})[0]
    bg = game.rules_text({"preset": "santase"}, lang="bg")
    assert "Затваряне" in bg and "двайсет" in bg.lower()
    assert "Zudrehen" in game.rules_text({"preset": "schnapsen"}, lang="de")
    assert series_line(state.view(None), NAMES[:2], lang="de").startswith("Bummerl")
    assert preset_names("bg")["santase"] == "Сантасе (24 карти)"


def test_german_sixty_six_plays_a_partie_and_counts_augen() -> None:
    """docs/glossary/de.md: Sechsundsechzig's series is a Partie (Schnapsen's a Bummerl), and a deal's card
    points are Augen, apart from the rummies' Punkte."""
    from cogs.schnapsen.words import points_line, series_line

    view = states("schnapsen", {"preset": "sixty_six"})[4].view(0)
    assert series_line(view, NAMES[:2], lang="de").startswith("Partie bis")
    points = points_line(view, NAMES[:2], lang="de")
    assert "Augen" in points and "Punkte" not in points, points
    schnapsen = states("schnapsen", {"preset": "schnapsen"})[4].view(0)
    assert series_line(schnapsen, NAMES[:2], lang="de").startswith("Bummerl")
    rules = adapter("schnapsen").rules_text({"preset": "sixty_six"}, lang="de")
    assert "gewinnt die Partie" in rules and "Bummerl" not in rules


def test_an_unknown_engine_log_line_reads_as_written() -> None:
    """A Thirteen log line the words do not know stays in English rather than vanishing."""
    from cogs.thirteen.words import log_text

    assert log_text("de", "does something new") == "does something new"


def test_no_game_word_renames_a_slash_command() -> None:
    """The command translator (bot.kit.languages.CatalogTranslator) looks every command string up in the
    catalogs, so a game word spelled like a command, group or option name ("gin") would rename it in
    vi, de and bg, where Discord's name rules may refuse it. None of the games' names is translated."""
    import importlib

    from locales import translations

    named = []
    for kind in KINDS:
        module = importlib.import_module(f"cogs.{kind}.cog")
        for value in vars(module).values():
            group = getattr(value, "group", None)
            if group is None or not hasattr(group, "walk_commands"):
                continue
            named.append(group.name)
            for command in group.walk_commands():
                named += [command.name, *(parameter.name for parameter in command.parameters)]
    assert len(named) > len(KINDS)
    renamed = [(lang, name) for lang in ("vi", "de", "bg") for name in named
               if translations(lang).gettext(name) != name]  # fmt: skip
    assert not renamed
