"""The request budget: REST requests against Discord's global limit, per move, in the offline Discord.

The Tuning of these tests edits the table 20 ms after a move, so every move of the simulated people
gets its own table edit, as at a person's pace: the figure is the per-move cost, not coalescing.

Such a game is played within the 15 minutes in which the Start click's interaction token edits the
table (bot.projection.table, exempt from the global limit); a game played for longer edits it over REST from
then on, so that cost is measured too, with `token_edit_window=0`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bench.players import budget
from bench.players.common import FAST, start_bot
from bot.process.config import Tuning
from fakediscord import FakeDiscord
from harness.offline import BotHarness
from tests.e2e.seeds import fixed_seed

MAX_PER_MOVE = 2.0  # a 4-person Thirteen game, turn notifications included
SEEDS = (1, 2, 3, 4, 5)  # fixed deals, so the figures are reproducible; the median is asserted


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


async def one_game(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch, tuning: Tuning) -> budget.Budget:
    """A 4-person Thirteen game on a fresh offline Discord and bot: every player is a first contact."""
    fixed_seed(monkeypatch, seed)
    folder = tmp_path / f"seed-{seed}-{tuning.token_edit_window:g}"
    folder.mkdir()
    async with FakeDiscord() as fake:
        harness = BotHarness(fake, folder)
        try:
            bot = await start_bot(harness, tuning=tuning)
            return await budget.thirteen(fake, bot, humans=4)
        finally:
            await harness.close()


async def medians(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tuning: Tuning) -> tuple[float, float]:
    """Requests per move over the deals: with first contacts, and for players written to before."""
    spent = [await one_game(tmp_path, seed, monkeypatch, tuning) for seed in SEEDS]
    for seed, game in zip(SEEDS, spent, strict=True):
        print(f"seed {seed}: {game.line()}")
    assert all(game.moves > 20 for game in spent)
    assert all(game.first_contacts <= 4 for game in spent)  # one DM opening per player, never one per move
    first = median([game.per_move for game in spent])
    known = median([game.per_move_known_players for game in spent])
    print(f"median over {len(SEEDS)} deals: {first:.2f} per move with first contacts, {known:.2f} without")
    return first, known


async def test_a_four_person_thirteen_game_costs_at_most_two_requests_per_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new DM that tells the next player, the table edited through the Start click's token, the
    clicker's hand through its interaction (exempt): median <= 2.0 per move over several deals, the
    opening of each new player's DM and the standings included."""
    first, known = await medians(tmp_path, monkeypatch, FAST)
    assert first <= MAX_PER_MOVE
    assert known <= first


async def test_past_the_start_token_a_move_still_costs_at_most_two_requests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every table edit over REST (a game played for longer than the token lasts): one table edit and one
    new DM per move, median <= 2.0 for players the bot has written to before (first contacts printed)."""
    _, known = await medians(tmp_path, monkeypatch, dataclasses.replace(FAST, token_edit_window=0))
    assert known <= MAX_PER_MOVE


async def casual_game(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch, digest_hours: int) -> budget.Budget:
    """A 2-person casual Thirteen game on a fresh offline Discord and bot, with or without the digest."""
    fixed_seed(monkeypatch, seed)
    folder = tmp_path / f"casual-{seed}-{digest_hours}"
    folder.mkdir()
    async with FakeDiscord() as fake:
        harness = BotHarness(fake, folder)
        try:
            bot = await start_bot(harness, tuning=FAST)
            return await budget.casual_thirteen(fake, bot, digest_hours=digest_hours)
        finally:
            await harness.close()


async def test_the_digest_notifies_less_per_casual_move_and_costs_only_its_own_dms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same casual deals played with a notifying DM per turn start and with the digest: the digest's
    notifying messages per move are below the per-turn mode's, and it costs no requests beyond its own
    digest DMs: a digest player's DM hand is drawn only for the turns a digest names (bot.projection.
    reconciler.hand_step), the other turns are played from the My hand panel, answered through the
    interaction. (A per-turn hand after a recent click goes through that click's token, outside the
    global limit: bot.projection.replies; so the per-turn mode's counted requests are its first hands.
    A waiting hand that changes is edited through its person's last click too, which a digest player,
    playing from the panel, has not left on it: that edit is the same one, over REST, and is counted
    on the per-turn side as well.)"""
    per_turn, digest = [], []
    for seed in SEEDS[:3]:
        per_turn.append(await casual_game(tmp_path, seed, monkeypatch, 0))
        digest.append(await casual_game(tmp_path, seed, monkeypatch, 1))
    for game in per_turn + digest:
        print(game.line())
    for plain, digested in zip(per_turn, digest, strict=True):
        assert plain.moves == digested.moves > 10  # the same deal, played the same way
        assert digested.notifications_per_move < plain.notifications_per_move
        assert digested.notifications <= 2  # one digest per person: the game fits in one window
        # the digests and nothing more than the per-turn mode's own messages, through a token or not
        assert digested.requests <= plain.requests + plain.token_edits + digested.notifications
