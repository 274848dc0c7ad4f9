"""Look up an engine by its kind, importing its package only when first asked for."""

from __future__ import annotations

import importlib

from games.base import Engine

KINDS: tuple[str, ...] = ("thirteen", "carousel", "schnapsen", "gin")


def get_engine(kind: str) -> Engine:
    """The engine for `kind`; raises KeyError with the known kinds for anything else."""
    if kind not in KINDS:
        raise KeyError(f"unknown game kind {kind!r}; known kinds: {', '.join(KINDS)}")
    module = importlib.import_module(f"games.{kind}")
    engine: Engine = module.ENGINE
    return engine
