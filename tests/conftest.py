"""Shared fixtures: the offline Discord and the bot under test (documented in fakediscord/__init__.py)."""

from tests.fixtures import bot, bots, fake
from tests.pgfixtures import pg_schema, pg_url

__all__ = ["bot", "bots", "fake", "pg_schema", "pg_url"]
