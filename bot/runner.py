"""Starts the Discord client with the given settings. The full bot arrives with the bot-core issue."""

from __future__ import annotations

import logging

import discord
import yarl

from bot.config import Settings

log = logging.getLogger(__name__)


def point_at(settings: Settings) -> None:
    """Aim discord.py at another API base / gateway (an HTTP proxy, or the offline Discord in tests)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def run(settings: Settings) -> int:
    point_at(settings)
    client = discord.Client(intents=discord.Intents.default())

    @client.event
    async def on_ready() -> None:
        log.info("logged in as %s", client.user)

    client.run(settings.token, log_handler=None)
    return 0
