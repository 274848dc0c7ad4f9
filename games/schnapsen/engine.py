"""`ENGINE`: Schnapsen as the bot, storage and tools see it (games.base.Engine); seats per SX-1."""

from __future__ import annotations

from games.facade import StateEngine
from games.schnapsen.state import State, new_game, replay

ENGINE: StateEngine[State] = StateEngine(
    "schnapsen", 2, 2, new_game, replay, State.from_dict, ai_module="games.schnapsen.ai"
)
