"""Carousel players read words, not rule ids: no "(CA-9)" in anything the game shows (tests.player_text)."""

from __future__ import annotations

import pytest

from cogs.carousel.adapter import CarouselAdapter
from cogs.carousel.cog import Carousel
from cogs.carousel.words import TERMINAL
from tests.player_text import game_texts, static_texts, with_ids


def test_carousel_rules_help_commands_and_questions_have_no_rule_ids() -> None:
    """The rules page, the slash commands, the terminal help: words, no "(CA-9)"."""
    assert with_ids(static_texts(CarouselAdapter(), Carousel, TERMINAL, [{}, {"target": 40}])) == []


@pytest.mark.parametrize("players", [2, 3])
def test_carousel_prompts_tips_and_refusals_have_no_rule_ids(players: int) -> None:
    """Along a seeded game: every hand (with first-game tips), header, notice and refusal, in words."""
    assert with_ids(game_texts(CarouselAdapter(), TERMINAL, players, 11, {"target": 40}, moves=70)) == []
