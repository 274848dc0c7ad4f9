"""Modal submits, and the clicks and submits in Cardroom's scopes that no control claims.

Every component Cardroom sends is a DynamicItem (bot.kit.components and the cogs' own), rebuilt from its
custom id on each click, so a click whose id no template matches, or that the clicked message does
not carry, would get no answer at all and the person would read "This interaction failed". A
modified client or a relay can send such ids: a game id of 41 digits, a replay id with a letter
where its step goes. `Unclaimed` answers each of them privately, once, with `STRAY`.

Modals are answered here as well. discord.py keeps an open modal in a store keyed by its custom id
alone and forgets it once it is submitted, or when the process restarts; a submit it cannot place is
dropped unanswered. So a modal Cardroom opens is a form only (never stored, see `send_form`): its
custom id carries what the submit needs, and the handler registered for its template (`add_modal`)
reads the submit from the id and the typed values, after a restart as before one.

Whether a click is claimed is decided as discord.py decides it (a registered template matches the id
and the clicked message carries the component), from the id, the message and the templates alone, so
the answer here never races the DynamicItem's own: one of the two answers, never both. A game's clicks
(bot.moves.clicks) are claimed by the same rule, with the same `carries`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.kit.decode import STRAY, carries
from bot.kit.ids import Scope

log = logging.getLogger(__name__)

ModalHandler = Callable[[discord.Interaction, "re.Match[str]"], Awaitable[None]]


def in_our_scope(custom_id: str) -> bool:
    """True for an id that starts with one of Cardroom's prefixes (bot.kit.ids.Scope) and a colon."""
    prefix, colon, _ = custom_id.partition(":")
    return bool(colon) and prefix in Scope.__members__.values()


async def send_form(interaction: discord.Interaction, modal: discord.ui.Modal) -> None:
    """Open `modal` as a form only: stopped first, so discord.py does not store it, and its submit goes
    to the handler registered for its custom id (`Unclaimed.add_modal`) like a submit after a restart."""
    modal.stop()
    await interaction.response.send_modal(modal)


class Unclaimed:
    """The bot's `on_interaction` listener for modal submits and for ids in our scopes nothing claims."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._modals: dict[re.Pattern[str], ModalHandler] = {}

    def add_modal(self, template: re.Pattern[str], handler: ModalHandler) -> None:
        """Send submits of modals whose custom id fully matches `template` to `handler`."""
        self._modals[template] = handler

    def remove_modal(self, template: re.Pattern[str]) -> None:
        self._modals.pop(template, None)

    def claimed(self, interaction: discord.Interaction, custom_id: str) -> bool:
        """True when discord.py hands this click to a DynamicItem: a registered template matches the id
        and the clicked message carries a component of the clicked type with that id."""
        templates = self.client._connection._view_store._dynamic_items  # what discord.py matches clicks against
        if not any(template.fullmatch(custom_id) for template in templates):
            return False
        message = interaction.message
        kind = dict(interaction.data or {}).get("component_type")
        return message is not None and carries(message.components, custom_id, kind)

    def stray(self, interaction: discord.Interaction, custom_id: str) -> bool:
        """An id in one of our scopes that no control claims: malformed, numbers past their bounds, or
        not on the clicked message."""
        return in_our_scope(custom_id) and not self.claimed(interaction, custom_id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        if not isinstance(custom_id, str):
            return
        if interaction.type is discord.InteractionType.modal_submit:
            await self._on_submit(interaction, custom_id)
        elif interaction.type is discord.InteractionType.component and self.stray(interaction, custom_id):
            log.info("answered a click on an unknown control %r", custom_id[:100])
            await self._answer(interaction)

    async def _on_submit(self, interaction: discord.Interaction, custom_id: str) -> None:
        for template, handler in self._modals.items():
            match = template.fullmatch(custom_id)
            if match is not None:
                await handler(interaction, match)
                return
        if in_our_scope(custom_id):
            log.info("answered a submit of an unknown modal %r", custom_id[:100])
            await self._answer(interaction)

    @staticmethod
    async def _answer(interaction: discord.Interaction) -> None:
        if not interaction.response.is_done():
            await interaction.response.send_message(STRAY, ephemeral=True)
