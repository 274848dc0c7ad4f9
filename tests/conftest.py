"""Shared fixtures: the offline Discord and the bot under test (documented in fakediscord/__init__.py)."""

from tests.fixtures import bot, bots, fake

__all__ = ["bot", "bots", "fake"]
