"""Gin Rummy with the Oklahoma and Hollywood switches (rules.md §4, GR-1..GR-13, D-GR-1..D-GR-9).

Public API
----------
- `ENGINE` (games.base.Engine): kind "gin", exactly 2 players, levels ("easy", "normal", "hard");
  `ENGINE.new_game(2, seed, {"oklahoma": True, "hollywood": False, "target": 0})`,
  `ENGINE.replay(2, seed, options, codes)`, `ENGINE.from_dict(snapshot)`,
  `ENGINE.computer(level)` (`ai.computer_player`).
- `new_game(players=2, seed=0, options=None) -> State`: a whole match; hand n is shuffled from `seeded_rng(seed, "deal",
  n)`, the first dealer from `seeded_rng(seed, "dealer")`, then the deal alternates, except that a
  drawn hand is dealt again by the same dealer (D-GR-1).
- `position(hands=["7s 7h 7d ...", "..."], discard="...", stock="...", to_move=0, phase=Phase.DISCARD,
  options=...)` builds a mid-hand state for rule tests.
- `State`: `to_move`, `is_over`, `legal_moves()`, `check(move)`, `apply(move)`, `view(seat)` (None:
  the public table), `result()` (places, scores = match totals), `parse_move(text)`, `decode_move(code)`,
  `to_dict()` / `State.from_dict(data)`, `totals()`, `last_hand` (a `HandSummary`).
- `Options` (frozen): oklahoma (GR-12), hollywood (GR-13), target (0: 100, or 150 in Oklahoma).
- Moves: `DrawStock` "d", `TakeDiscard` "t", `PassUpcard` "p", `Discard` "7h", `Knock` "k:7h" (gin when
  it leaves no deadwood), `BigGin` "g".
- Melds (`games.gin.melds`): `deadwood(mask)`, `arrangements(mask)`, `defend(...)`,
  `knocker_arrangement(...)`: the exact searches behind GR-6, GR-8 and D-GR-3.
- Scoring (`games.gin.scoring`): `score_hand`, `book_hand`, `close_game`, `GameTally`, `HandEnd`.
- Computer players (`games.gin.ai`): `computer_player("easy" | "normal" | "hard")`.
"""

from games.gin.engine import ENGINE
from games.gin.moves import BIG_GIN, DRAW, PASS, TAKE, BigGin, Discard, DrawStock, Knock, Move, PassUpcard, TakeDiscard
from games.gin.options import Options
from games.gin.scoring import GameTally, HandEnd, HandScore
from games.gin.state import State, new_game, position, replay
from games.gin.views import Action, Event, GinView, HandSummary, Phase
from games.plugin import declare

GAME = declare("Gin Rummy", "gin", ENGINE, order=3, options=Options)

__all__ = [
    "BIG_GIN",
    "DRAW",
    "ENGINE",
    "GAME",
    "PASS",
    "TAKE",
    "Action",
    "BigGin",
    "Discard",
    "DrawStock",
    "Event",
    "GameTally",
    "GinView",
    "HandEnd",
    "HandScore",
    "HandSummary",
    "Knock",
    "Move",
    "Options",
    "PassUpcard",
    "Phase",
    "State",
    "TakeDiscard",
    "new_game",
    "position",
    "replay",
]
