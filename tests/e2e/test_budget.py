"""The request budget: REST requests against Discord's global limit, per move, in the offline Discord.

The Tuning of these tests edits the table 20 ms after a move, so every move of the simulated people
gets its own table edit, as at a person's pace: the figure is the per-move cost, not coalescing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.players import budget
from bench.players.common import start_bot
from bot.offline import BotHarness
from fakediscord import FakeDiscord
from tests.e2e.seeds import fixed_seed

MAX_PER_MOVE = 2.0  # a 4-person Thirteen game, turn notifications included
SEEDS = (1, 2, 3, 4, 5)  # fixed deals, so the figures are reproducible; the median is asserted


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


async def one_game(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> budget.Budget:
    """A 4-person Thirteen game on a fresh offline Discord and bot: every player is a first contact."""
    fixed_seed(monkeypatch, seed)
    async with FakeDiscord() as fake:
        harness = BotHarness(fake, tmp_path / f"seed-{seed}")
        (tmp_path / f"seed-{seed}").mkdir()
        try:
            bot = await start_bot(harness)
            return await budget.thirteen(fake, bot, humans=4)
        finally:
            await harness.close()


async def test_a_four_person_thirteen_game_costs_at_most_two_requests_per_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Table edit and the new DM that tells the next player; the clicker's hand goes through the
    interaction (exempt): median <= 2.0 per move over several deals for players the bot has written to
    before. With first contacts (one DM opening per player, once ever) the figure is printed beside it."""
    spent = [await one_game(tmp_path, seed, monkeypatch) for seed in SEEDS]
    for seed, game in zip(SEEDS, spent, strict=True):
        print(f"seed {seed}: {game.line()}")
    known = median([game.per_move_known_players for game in spent])
    first = median([game.per_move for game in spent])
    print(f"median over {len(SEEDS)} deals: {first:.2f} per move with first contacts, {known:.2f} without")
    assert all(game.moves > 20 for game in spent)
    assert all(game.first_contacts <= 4 for game in spent)  # one DM opening per player, never one per move
    assert known <= MAX_PER_MOVE, [game.line() for game in spent]
