"""`ENGINE`: Gin Rummy as the bot, storage and tools see it (games.base.Engine); seats per GR-1."""

from __future__ import annotations

from games.facade import StateEngine
from games.gin.state import State, new_game, replay

ENGINE: StateEngine[State] = StateEngine(
    "gin", 2, 2, new_game, replay, State.from_dict, ai_module="games.gin.ai"
)
