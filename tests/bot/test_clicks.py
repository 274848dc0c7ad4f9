"""bot.moves.clicks: a game's clicks reach the router without discord.py rebuilding the clicked message's
view, and every other DynamicItem is still dispatched by discord.py."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bench.players.common import click, open_lobby, start_bot
from bot.kit.ids import ComponentId
from bot.process.bot import HANDLER_TASKS
from fakediscord import FakeDiscord, Message


@pytest.fixture
def rebuilt(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the view classes discord.py rebuilds from a clicked message, one per rebuild."""
    seen: list[str] = []
    for cls in (discord.ui.View, discord.ui.LayoutView):
        original = cls.from_message.__func__  # type: ignore[attr-defined]

        def spy(view_cls: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            seen.append(view_cls.__name__)
            return _original(view_cls, *args, **kwargs)

        monkeypatch.setattr(cls, "from_message", classmethod(spy))
    return seen


async def test_a_game_click_is_routed_without_rebuilding_the_clicked_message(
    fake: FakeDiscord, bots: Any, rebuilt: list[str]
) -> None:
    """Join on a lobby seats the clicker, and no view is rebuilt from the lobby message for it."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    assert "Seated (2/2)" in lobby.text
    assert rebuilt == []


async def test_other_dynamic_items_are_still_dispatched_by_discord_py(
    fake: FakeDiscord, bots: Any, rebuilt: list[str]
) -> None:
    """A /rules page turn (a cog's own DynamicItem, `cu:`) still goes through discord.py's rebuilt view."""
    await start_bot(bots)
    alice = fake.users["alice"]
    page = await alice.slash("rules", game="thirteen")
    assert isinstance(page, Message) and "Page 1 of" in page.text
    page = await click(alice, page, "Next ▶")
    assert "Page 2 of" in page.text
    assert rebuilt, "the cog's click did not go through discord.py's DynamicItem dispatch"


async def test_a_game_click_runs_in_a_handler_task_the_shutdown_drain_waits_for(fake: FakeDiscord, bots: Any) -> None:
    """While a click is handled, its task is named like discord.py's (bot.process.bot.HANDLER_TASKS)."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    entered, release = asyncio.Event(), asyncio.Event()
    names: list[str] = []
    dispatch = bot.router.dispatch

    async def held(interaction: discord.Interaction, cid: ComponentId, values: Any) -> None:
        task = asyncio.current_task()
        names.append(task.get_name() if task is not None else "")
        entered.set()
        await release.wait()
        await dispatch(interaction, cid, values)

    bot.router.dispatch = held  # type: ignore[method-assign]
    clicking = asyncio.ensure_future(bob.click(lobby, label="Join"))
    await fake.guarded(entered.wait(), 10, "the click to reach the router")
    release.set()
    await fake.guarded(clicking, 10, "the click to be answered")
    assert len(names) == 1 and names[0].startswith(HANDLER_TASKS) and "GameComponent" in names[0]
