"""Wording: counts agree with their nouns, places read as ordinals, and the live pace says what it is."""

from __future__ import annotations

import pytest

from bot.flows.lobby import PACE_HELP
from bot.kit import texts
from bot.kit.texts import count, duration, ordinal, plural
from cogs.carousel.words import describe_options as carousel_options
from cogs.settings import erasure_text
from cogs.stats import record_line, result_line, trend_of
from cogs.thirteen.adapter import ThirteenAdapter
from cogs.thirteen.words import ThirteenText
from data import Erasure, GuildSettings, PlayerStats, TurnTimer
from games.base import GameResult
from games.thirteen import position
from rendering import standings as rendering_standings
from terminal.game_text import standings
from tests.cogs.test_stats import rated


@pytest.mark.parametrize(
    ("number", "noun", "expected"),
    [
        (1, "game", "1 game"),
        (0, "game", "0 games"),
        (2, "game", "2 games"),
        (1, "rated game", "1 rated game"),
        (3, "rated game", "3 rated games"),
        (1, "place point", "1 place point"),
        (0, "place point", "0 place points"),
        (2, "copy", "2 copies"),
        (1, "more rated game", "1 more rated game"),
    ],
)
def test_a_count_agrees_with_its_noun(number, noun, expected):
    """One of a thing is singular, any other number plural; in a phrase the last word takes the plural."""
    assert count(number, noun) == expected


def test_a_bold_count_keeps_the_plural_outside_the_stars():
    """Discord bold on the number only: "**1** game", "**2** wins"."""
    assert count(1, "game", bold=True) == "**1** game"
    assert count(2, "win", bold=True) == "**2** wins"
    assert plural(1, "win") == "win"


@pytest.mark.parametrize(
    ("place", "expected"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"),
     (22, "22nd"), (101, "101st"), (111, "111th")],
)
def test_ordinals(place, expected):
    """1st 2nd 3rd, then th, with the teens always th."""
    assert ordinal(place) == expected


def test_there_is_one_ordinal_shared_by_messages_images_and_the_terminal():
    """bot.kit.texts re-exports rendering's ordinal rather than keeping a copy that could drift."""
    from terminal import game_text

    assert texts.ordinal is rendering_standings.ordinal is game_text.ordinal


def test_stats_record_line_agrees_in_number():
    """/stats with one game and no win reads "**1** game · **0** wins", never "**1** games"."""
    assert record_line(PlayerStats(1, 1, None, 1, 0, 2.0, 0)) == "**1** game · **0** wins · average place 2.00"
    assert record_line(PlayerStats(1, 1, None, 5, 1, None, 0)) == "**5** games · **1** win"


def test_stats_trend_and_result_line_agree_in_number():
    """One rated game is "the last 1 rated game"; a score of 1 is "1 pt", 3 is "3 pts"."""
    assert trend_of([rated(5, 10, 12)], 1).text().endswith("over the last 1 rated game")
    assert " · 3 pts · " in result_line(rated(9, 1, 2), 1, "Thirteen")


def test_the_terminal_standings_say_1_place_point():
    """The result table: "1 place point" for the runner-up of three, "0 place points" for the last."""
    text = standings(GameResult((1, 2, 3), (2, 1, 0)), ["Ada", "Ben", "Cleo"], ThirteenText.score_name)
    assert "Ben   1 place point\n" in text and text.endswith("Cleo  0 place points")


def test_the_terminal_table_says_who_went_out_and_who_was_left_last():
    """A player who went out "went out 1st"; the one left holding cards is "last, 2nd", not "out"."""
    state = position(["3s", "4c 5c"], first_game=True)
    state = state.apply(state.parse_move("3s"))
    table = ThirteenText().table(state.view(None), ["Ada", "Ben"])
    ada = next(line for line in table.splitlines() if "Ada" in line)
    ben = next(line for line in table.splitlines() if "Ben" in line)
    assert "0 cards" in ada and "went out 1st" in ada
    assert "2 cards" in ben and "last, 2nd" in ben and "out" not in ben


def test_the_thirteen_panel_says_you_went_out_2nd():
    """Out while the others play on: "You went out 2nd.", the words it keeps after the end (no edit then)."""
    state = position(["4c", "3s", "6d 7d", "8d 9d"], first_game=True, to_move=1)
    state = state.apply(state.parse_move("3s"))  # Ben goes out 1st
    while state.view(0).places[0] is None:  # the others pass, Ada beats 3♠ with 4♣ and goes out 2nd
        state = state.apply(state.parse_move("4c" if state.to_move == 0 else "pass"))
    names = ["Ada", "Ben", "Cleo", "Dev"]
    assert ThirteenAdapter._status(state.view(0), names) == "You went out 2nd."


def test_forget_me_counts_agree():
    """"1 result and 1 seat, deleted 1 rating"; "1 open game" left; zero is plural."""
    text = erasure_text(Erasure(7, 1, 1, 1, ()), 1)
    assert "from 1 result and 1 seat, deleted 1 rating and" in text
    assert "You left 1 open game;" in text
    assert "from 0 results and 2 seats, deleted 0 ratings" in erasure_text(Erasure(7, 0, 0, 2, ()), 0)


def test_forget_me_counts_the_stored_messages_it_changed():
    """"from 1 result, 4 seats and 3 stored messages": the notices that named the player count too."""
    assert "from 1 result, 4 seats, and 3 stored messages, deleted" in erasure_text(Erasure(7, 1, 0, 4, (), 3), 0)


def test_a_carousel_table_to_1_point_is_singular():
    """The table rules line: "to 1 point", "to 150 points"."""
    assert carousel_options({"target": 1}).startswith("to 1 point,")
    assert carousel_options({}).startswith("to 150 points,")


def test_the_pace_help_names_the_turn_times_the_lobby_shows():
    """The /<game> new option help and the lobby say the same live and casual turn times (the defaults)."""
    defaults = GuildSettings(guild_id=1)
    live = duration(defaults.turn_seconds(TurnTimer.LIVE))
    casual = duration(defaults.turn_seconds(TurnTimer.CASUAL))
    help_text = str(PACE_HELP)  # Discord's English default
    assert f"live: {live} a turn" in help_text and f"casual: {casual} a turn" in help_text
    assert "minute" not in help_text
    assert len(help_text) <= 100  # Discord's limit for an option description


async def test_the_pace_help_reads_in_each_commands_language_with_its_own_unit_words():
    """Discord's German and Vietnamese clients read the pace help translated, the turn times in CLDR's
    words for the language (the catalog message is a template the translator fills)."""
    import discord

    from bot.kit.languages import CatalogTranslator

    translator = CatalogTranslator()
    german = await translator.translate(PACE_HELP, discord.Locale.german, None)  # type: ignore[arg-type]
    vietnamese = await translator.translate(PACE_HELP, discord.Locale.vietnamese, None)  # type: ignore[arg-type]
    assert german is not None and german.startswith("live: 90 Sek. pro Zug; gemütlich: 24 Std.")
    assert vietnamese is not None and vietnamese.startswith("nhanh: 90 giây mỗi lượt") and "{" not in vietnamese
    assert all(len(text) <= 100 for text in (german, vietnamese))
