"""A fixed table seed for end-to-end tests: the lobby draws seeds from `random.SystemRandom`."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

import bot.flows.lobby as lobby_module


class _FixedSeed(random.SystemRandom):
    """A SystemRandom whose `randrange` returns one chosen number: the lobby draws the table seed with it."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self._seed = seed

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        return self._seed


def fixed_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Make the next tables opened use `seed`: the lobby draws seeds from `random.SystemRandom`, so the
    lobby module (only) sees a `random` whose SystemRandom returns `seed`."""
    patched = SimpleNamespace(**{**vars(random), "SystemRandom": lambda: _FixedSeed(seed)})
    monkeypatch.setattr(lobby_module, "random", patched)
