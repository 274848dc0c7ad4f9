"""Shared fixtures: the offline Discord and the bot under test (documented in fakediscord/__init__.py)."""

import os

import pytest

from tests.fixtures import bot, bots, fake
from tests.pgfixtures import pg_schema, pg_url

__all__ = ["bot", "bots", "fake", "pg_schema", "pg_url"]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` starts two workers per core: most end-to-end tests wait on the offline Discord's real
    timers and rate-limit windows rather than compute, so one worker per core leaves the cores idle."""
    return 2 * (os.cpu_count() or 1)
