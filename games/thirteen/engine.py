"""`ENGINE`: Thirteen as the bot, storage and tools see it (games.base.Engine); seats per TL-1."""

from __future__ import annotations

from games.facade import StateEngine
from games.thirteen.state import State, new_game, replay

ENGINE: StateEngine[State] = StateEngine(
    "thirteen", 2, 4, new_game, replay, State.from_dict, ai_module="games.thirteen.ai"
)
