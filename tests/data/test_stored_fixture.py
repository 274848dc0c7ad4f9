"""A table started before the plugin layout continues after it (stored kinds and move codes).

tests/data/fixtures/stored_games.sqlite was written by the code of the commit before the games became
plugins: its schema and migrations, its engines' move codes, one active game per kind (Thirteen with 4
seats after 12 moves, Carousel with 3 after 9, Schnapsen's santase preset after 7), all seeded. The
test opens a copy with today's code, rebuilds each game from its stored moves and plays one legal move.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from data import Database, GameStatus
from data.replay import load_state
from games import registry

FIXTURE = Path(__file__).parent / "fixtures" / "stored_games.sqlite"
EXPECTED_MOVES = {"thirteen": 12, "carousel": 9, "schnapsen": 7}


async def test_each_stored_game_resumes_and_takes_a_legal_move(tmp_path: Path) -> None:
    """Every active game in the old database replays under its stored kind and accepts its next move."""
    path = tmp_path / "cardroom.sqlite"
    shutil.copyfile(FIXTURE, path)  # opening may migrate; the committed file stays as it was written
    db = await Database.open(path)
    try:
        games = await db.games.list_open(GameStatus.ACTIVE)
        assert sorted(game.kind for game in games) == sorted(EXPECTED_MOVES)
        for game in games:
            engine = registry.get_engine(game.kind)
            saved, state = await load_state(db, game.id)
            assert len(saved.moves) == EXPECTED_MOVES[game.kind] and not state.is_over
            assert state.to_move is not None
            move = engine.computer("easy").choose(state.view(state.to_move), random.Random(game.id))
            version = await db.games.append_move(
                game.id, len(saved.moves), move.encode(), at=5000.0, actor=state.to_move, next_deadline=None
            )
            assert version == EXPECTED_MOVES[game.kind] + 1
            _, again = await load_state(db, game.id)
            assert again.to_dict() == state.apply(move).to_dict()
    finally:
        await db.close()
