"""One DynamicItem for every Cardroom button and select, so clicks survive restarts (design §3).

A click is decoded from the custom id alone, whichever process sent the message, so nothing about a
game's controls lives in memory. A single class wraps buttons and selects alike (their ids share one
template; two classes with one template would both fire) and hands the click to the bot's router,
which owns every decision. bot.moves.clicks hands such clicks to `deliver` without discord.py's
per-click rebuild of the clicked message; the class stays registered, as its template claims them.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.kit.acks import finish
from bot.kit.decode import INVALID
from bot.kit.ids import PATTERN, ComponentId

if TYPE_CHECKING:
    from collections.abc import Sequence

log = logging.getLogger(__name__)


class ClickRouter(Protocol):
    async def dispatch(self, interaction: discord.Interaction, cid: ComponentId, values: Sequence[str]) -> None: ...


class GameComponent(discord.ui.DynamicItem[discord.ui.Item[Any]], template=PATTERN):
    """A button or select whose custom id is a `ComponentId`."""

    def __init__(self, item: discord.ui.Item[Any], cid: ComponentId | None = None) -> None:
        super().__init__(item)
        self.cid = cid or ComponentId.parse(getattr(item, "custom_id", "") or "")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameComponent:
        return cls(item, ComponentId.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await deliver(interaction, self.cid)
        finally:
            release(self.view)  # the view discord.py rebuilt from the clicked message for this click


async def deliver(interaction: discord.Interaction, cid: ComponentId | None) -> None:
    """Hand a click on a game's control to the bot's router (`GameComponent`, bot.moves.clicks), then
    let go of the interaction (`release_interaction`)."""
    try:
        if cid is None:  # a forged id: numbers out of range (bot.kit.ids); refused, nothing is read
            await interaction.response.send_message(INVALID, ephemeral=True)
            return
        router: ClickRouter | None = getattr(interaction.client, "router", None)
        data: dict[str, Any] = dict(interaction.data or {})
        if router is None:
            log.warning("click on %s with no router", str(data.get("custom_id", "?"))[:100])
            return
        await router.dispatch(interaction, cid, [str(value) for value in data.get("values", [])])
    finally:
        try:
            await finish(interaction)  # acknowledged before it is let go (bot.kit.acks)
        finally:
            release_interaction(interaction)


def release_interaction(interaction: discord.Interaction) -> None:
    """Unlink a click whose handler has returned from its response object.

    discord.py's Interaction caches its InteractionResponse, which points back at it. That one cycle
    holds everything parsed from the click (the clicked message with its components, the users, the
    channel) until the cyclic collector finds it, and under load such clicks were most of the garbage
    the bot's collections found (bot/moves/collector.py). With the link cut,
    reference counting frees the lot when the last holder lets go. A handled click is answered already;
    what may still read it afterwards (a token lent for edits, the `on_interaction` listeners) uses its
    token, `response.is_done()` or `response.type`, none of which needs the link, and a second answer
    still raises InteractionResponded.
    """
    interaction.response._parent = None  # type: ignore[assignment]


def button(
    cid: ComponentId,
    label: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    disabled: bool = False,
    row: int | None = None,
) -> GameComponent:
    """A persistent button. Labels are capped at Discord's 80 characters."""
    return GameComponent(
        discord.ui.Button(
            label=label[:80], style=style, emoji=emoji, disabled=disabled, custom_id=cid.encode(), row=row
        ),
        cid,
    )


def select(
    cid: ComponentId,
    options: Sequence[discord.SelectOption],
    *,
    placeholder: str,
    min_values: int = 0,
    max_values: int | None = None,
    disabled: bool = False,
    row: int | None = None,
) -> GameComponent:
    """A persistent string select. Discord allows 25 options per select; callers page or split beyond."""
    if not 1 <= len(options) <= 25:
        raise ValueError(f"a select takes 1 to 25 options, not {len(options)}")
    return GameComponent(
        discord.ui.Select(
            custom_id=cid.encode(),
            options=list(options),
            placeholder=placeholder[:150],
            min_values=min_values,
            max_values=min(max_values or len(options), len(options)),
            disabled=disabled,
            row=row,
        ),
        cid,
    )


def view_of(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A timeout-less view holding `items`; the view object itself is never needed again."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def release(view: discord.ui.View | discord.ui.LayoutView | None) -> None:
    """Unlink a view that has been sent or dispatched from its items.

    A view and its items point at each other, so without this each one is freed only by the cyclic
    collector: several per move, which is what made the bot's collections long (bot/moves/collector.py).
    Our views are fully dynamic, so discord.py keeps none of them once the request is made; clearing
    one lets plain reference counting free it and its items at once.
    """
    if view is not None:
        view.clear_items()
