"""`ENGINE`: Carousel as the bot, storage and tools see it (games.base.Engine); seats per CA-1."""

from __future__ import annotations

from games.carousel.state import State, new_game, replay
from games.facade import StateEngine

ENGINE: StateEngine[State] = StateEngine(
    "carousel", 2, 5, new_game, replay, State.from_dict, ai_module="games.carousel.ai"
)
