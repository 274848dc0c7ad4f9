"""Clicks on a game's controls (`cr:` ids) handed to the router straight from INTERACTION_CREATE.

For a click on a DynamicItem, discord.py first rebuilds the whole clicked message as a View (every
component an Item, a random id per view) only to find the one clicked component and swap the
DynamicItem in. A game's custom id carries everything the click needs (design §3, bot.kit.ids), so
that view is never read: `direct_clicks` sends these clicks to `bot.kit.components.deliver` without it.

What discord.py's path guarantees is kept: a click is handled only when a registered template matches
its id and the clicked message carries a component of the clicked type with that id (otherwise
bot.moves.unclaimed answers it, deciding from the same templates and `carries`); each click runs in
its own task, named as discord.py names it (`discord-ui-dynamic-item-...`) and held by the view store,
so the shutdown drain (bot.process.bot.drain_handlers) waits for it; every other template (the cogs'
own DynamicItems) is dispatched by discord.py exactly as before.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Coroutine
from typing import Any

import discord

from bot.kit.components import GameComponent, deliver
from bot.kit.decode import carries
from bot.kit.ids import ComponentId

log = logging.getLogger(__name__)


async def _click(interaction: discord.Interaction, component_type: int, custom_id: str, match: re.Match[str]) -> None:
    """One click on a game's control: delivered when the clicked message carries it, as discord.py would."""
    message = interaction.message
    if message is None or not carries(message.components, custom_id, component_type):
        return  # not ours to answer: bot.moves.unclaimed answers it as a stray click
    try:
        await deliver(interaction, ComponentId.from_match(match))
    except Exception:  # as discord.py does for a DynamicItem's callback: logged, the loop goes on
        log.exception("Ignoring exception in the click on %r", custom_id[:100])


def direct_clicks(client: discord.Client, component: type[GameComponent] = GameComponent) -> None:
    """Dispatch clicks whose id `component`'s template matches without rebuilding the clicked message's
    view; the client's other DynamicItems are dispatched by discord.py as before. Call it after
    `add_dynamic_items(component)`: the template stays registered, so bot.moves.unclaimed still sees it."""
    store = client._connection._view_store
    template: re.Pattern[str] = component.__discord_ui_compiled_template__

    def dispatch_dynamic_items(component_type: int, custom_id: str, interaction: discord.Interaction) -> None:
        # discord.py's ViewStore.dispatch_dynamic_items, with `component` taken straight to the router
        for pattern, item in store._dynamic_items.items():
            match = pattern.fullmatch(custom_id)
            if match is None:
                continue
            call: Coroutine[Any, Any, None]
            if item is component and pattern is template:
                call = _click(interaction, component_type, custom_id, match)
            else:
                call = store.schedule_dynamic_item_call(component_type, item, interaction, custom_id, match)
            name = f"discord-ui-dynamic-item-{item.__name__}-{custom_id}"
            store.add_task(asyncio.create_task(call, name=name))

    setattr(store, "dispatch_dynamic_items", dispatch_dynamic_items)  # noqa: B010 - an instance's own method
