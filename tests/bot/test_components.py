"""Views of sent and clicked messages are unlinked from their items (bot.kit.components.release), so plain
reference counting frees them instead of the cyclic collector (bot/moves/collector.py)."""

from __future__ import annotations

import gc
import weakref
from types import SimpleNamespace
from typing import Any

import pytest

from bot.kit.components import GameComponent, button, release, view_of
from bot.kit.ids import ComponentId


def controls() -> list[GameComponent]:
    return [button(ComponentId(7, 3, "play"), "Play"), button(ComponentId(7, 3, "pass"), "Pass")]


def test_a_released_view_is_freed_without_the_cyclic_collector() -> None:
    """With the collector off, a released view dies as soon as it is dropped; an unreleased one lingers."""
    gc.disable()
    try:
        kept = view_of(controls())
        lingering = weakref.ref(kept)
        del kept
        assert lingering() is not None  # the view <-> item cycle keeps it until a collection
        sent = view_of(controls())
        freed = weakref.ref(sent)
        release(sent)
        del sent
        assert freed() is None
    finally:
        gc.enable()
        gc.collect()


def test_release_accepts_no_view() -> None:
    release(None)


class Failing:
    async def dispatch(self, interaction: Any, cid: ComponentId, values: Any) -> None:
        raise RuntimeError("the router failed")


async def test_a_click_releases_the_view_discord_py_built_even_when_it_fails() -> None:
    """GameComponent.callback unlinks the clicked message's view whatever the router does."""
    component = controls()[0]
    view = view_of([component])
    response = SimpleNamespace(_parent="the interaction")
    interaction = SimpleNamespace(client=SimpleNamespace(router=Failing()), data={}, response=response, extras={})
    with pytest.raises(RuntimeError):
        await component.callback(interaction)  # type: ignore[arg-type]
    assert view.children == [] and component.view is None
    assert response._parent is None  # the click let go of too (release_interaction)
