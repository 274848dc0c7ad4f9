"""Who may manage games and server settings: one answer shared by every command that asks.

A games manager is someone with Manage Server (Discord's own admin permission for bot settings),
or a member of the role a manager configured with `/settings server`. The host of a game may also
end it, which `may_manage_game` adds. Checks run on every command and every click: an ephemeral
panel's custom id is not a secret, so a click is never trusted because of where its button was.
"""

from __future__ import annotations

import logging

import discord

from data import Database
from locales import SOURCE, t

log = logging.getLogger(__name__)


def not_a_manager(lang: str = SOURCE) -> str:
    """The refusal a person who may not change server settings reads, in their language."""
    return t(lang, "Only server managers (Manage Server) or the games-manager role can change server settings.")


NOT_A_MANAGER = not_a_manager()


async def is_games_manager(db: Database, interaction: discord.Interaction) -> bool:
    """Manage Server, or the server's configured games-manager role. Never true outside a server."""
    member = interaction.user
    if interaction.guild_id is None or not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    settings = await db.settings.guild(interaction.guild_id)
    return settings.manager_role_id is not None and member.get_role(settings.manager_role_id) is not None


async def may_manage_game(db: Database, interaction: discord.Interaction, host_user_id: int) -> bool:
    """The host of a game, or a games manager, may end it."""
    return interaction.user.id == host_user_id or await is_games_manager(db, interaction)
