"""The request budget: REST requests against Discord's global limit, per move, in the offline Discord.

The Tuning of these tests edits the table 20 ms after a move, so every move of the simulated people
gets its own table edit, as at a person's pace: the figure is the per-move cost, not coalescing.
"""

from __future__ import annotations

import pytest

from bench.players import budget
from bench.players.common import start_bot
from fakediscord import FakeDiscord
from tests.e2e.seeds import fixed_seed

MAX_PER_MOVE = 2.0  # a 4-person Thirteen game, turn notifications included
SEED = 7  # a fixed deal, so the figure is reproducible


async def test_a_four_person_thirteen_game_costs_at_most_two_requests_per_move(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Table edit, the new DM that tells the next player, the clicker's hand through the interaction: <= 2.0
    per move for players the bot has written to before (a player's first game also opens their DM once)."""
    fixed_seed(monkeypatch, SEED)
    bot = await start_bot(bots)
    spent = await budget.thirteen(fake, bot, humans=4)
    print(spent.line())
    assert spent.moves > 20
    assert spent.first_contacts <= 4, spent.line()  # one DM opening per player, never one per move
    assert spent.per_move_known_players <= MAX_PER_MOVE, spent.line()
