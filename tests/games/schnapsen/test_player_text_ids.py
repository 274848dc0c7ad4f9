"""Sixty-Six, Schnapsen and Santase players read words, not rule ids: no "(D-SX-1)" in anything the game
shows (tests.player_text)."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.schnapsen.adapter import SchnapsenAdapter
from cogs.schnapsen.cog import Schnapsen
from cogs.schnapsen.words import TERMINAL
from tests.player_text import game_texts, static_texts, with_ids

TABLES = [
    {"preset": preset, "claim_mode": claim}
    for preset in ("santase", "sixty_six", "schnapsen", "schnapsen_tournament")
    for claim in ("auto", "memory")
]


def test_schnapsen_rules_help_commands_and_questions_have_no_rule_ids() -> None:
    """Every preset's and claim mode's rules, the commands, the help, the questions: no "(D-SX-1)"."""
    assert with_ids(static_texts(SchnapsenAdapter(), Schnapsen, TERMINAL, TABLES)) == []


@pytest.mark.parametrize("table", [*TABLES[::3], {"preset": "sixty_six", "claim_mode": "memory"}])
def test_schnapsen_prompts_and_refusals_have_no_rule_ids(table: dict[str, Any]) -> None:
    """Along a seeded deal or two: every hand, header, pause, notice and refusal, in words."""
    assert with_ids(game_texts(SchnapsenAdapter(), TERMINAL, 2, 5, table, moves=60)) == []
