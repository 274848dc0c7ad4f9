"""Rebuilding an engine state from storage: the latest snapshot plus the moves after it (design §2, §5).

The move log is the truth and snapshots are a cache: `rebuild_state` with or without a snapshot must
give the same state, which the storage tests check for every game kind. Engines are passed in (or
looked up through `games.registry`), so data/ depends only on the Engine protocol.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from games.base import Engine, GameState, replay_moves
from games.registry import get_engine

from .errors import VersionConflict
from .models import SavedGame

if TYPE_CHECKING:
    from .database import Database

log = logging.getLogger(__name__)

# Replaying is cheap for short games; past this many moves since the last snapshot, take a new one.
SNAPSHOT_EVERY = 40


def rebuild_state(engine: Engine, saved: SavedGame) -> GameState:
    """The state after every stored move, starting from the snapshot when there is a usable one."""
    game = saved.game
    snapshot = saved.snapshot
    if snapshot is not None and snapshot.version <= len(saved.moves):
        state = engine.from_dict(snapshot.state)
        return replay_moves(state, saved.codes[snapshot.version :])
    return engine.replay(game.players, game.seed, game.options, saved.codes)


def moves_since_snapshot(saved: SavedGame) -> int:
    return len(saved.moves) - (saved.snapshot.version if saved.snapshot else 0)


async def load_state(
    db: Database,
    game_id: int,
    *,
    engine: Engine | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
    saved: SavedGame | None = None,
) -> tuple[SavedGame, GameState]:
    """Load a game and rebuild its state; if many moves were replayed, cache a fresh snapshot.

    The snapshot is stamped with the time of the last stored move, so no clock is read here. If the
    game moved on in between, the snapshot is simply skipped (it would be stale). `saved`: the game as
    `db.games.load` returned it already (not read again).
    """
    if saved is None:
        saved = await db.games.load(game_id)
    engine = engine or get_engine(saved.game.kind)
    state = rebuild_state(engine, saved)
    if saved.game.status.is_open and saved.moves and moves_since_snapshot(saved) >= snapshot_every:
        try:
            await db.games.save_snapshot(game_id, saved.game.version, state.to_dict(), at=saved.moves[-1].at)
        except VersionConflict:
            log.debug("game %d moved on while loading; snapshot skipped", game_id)
    return saved, state
