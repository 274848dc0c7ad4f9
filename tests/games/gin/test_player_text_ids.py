"""Gin Rummy players read words, not rule ids: no "(GR-4)" in anything the game shows (tests.player_text)."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.gin.adapter import GinAdapter
from cogs.gin.cog import Gin
from cogs.gin.words import TERMINAL
from tests.player_text import game_texts, static_texts, with_ids

TABLES = [{"oklahoma": okla, "hollywood": holly} for okla in (False, True) for holly in (False, True)]


def test_gin_rules_help_and_commands_have_no_rule_ids() -> None:
    """Gin, Oklahoma and Hollywood rules, the commands, the help: no "(GR-4)"."""
    assert with_ids(static_texts(GinAdapter(), Gin, TERMINAL, TABLES)) == []


@pytest.mark.parametrize("table", TABLES[::3])
def test_gin_prompts_and_refusals_have_no_rule_ids(table: dict[str, Any]) -> None:
    """Along a seeded hand or two: every hand, header, notice and refusal, in words: no "(GR-4)"."""
    assert with_ids(game_texts(GinAdapter(), TERMINAL, 2, 5, table, moves=60)) == []
