"""Sixty-Six / Schnapsen / Santase (rules.md §3): a pure engine and three computer players.

Public API
----------
- `ENGINE` (games.base.Engine): kind "schnapsen", 2 players, levels easy/normal/hard.
  `ENGINE.new_game(2, seed, {"preset": "schnapsen", "target": 5})`, `ENGINE.replay(2, seed,
  options, codes)`, `ENGINE.from_dict(snapshot)`, `ENGINE.computer("hard")`.
- `new_game(players=2, seed=0, options=None) -> State`: a whole series to the target
  (SX-15). Deal n is shuffled from `seeded_rng(seed, "deal", n)`; seat 1 deals first and the deal
  alternates (D-SX-4) unless `next_dealer` says otherwise. A finished deal is scored and the next
  one dealt at once; `view.last_deal` explains the score.
- `position(hands=[...], trump="Ac", talon="...", leader=0, tricks=(1, 0), scores=(48, 0),
  closed=False, preset=..., trick="", marriages=[(0, "h")], **switches) -> State` for rule tests.
- `State`: `to_move`, `legal_moves()`, `check(move)` (IllegalMove with a readable reason),
  `apply(move)` (a new state), `view(seat)` (`view(None)` is the public table), `is_over`,
  `result()` (places, scores = game points), `parse_move("20 Kh")`, `decode_move(code)`,
  `to_dict()` / `State.from_dict(...)`.
- `Options` and `PRESETS`: `santase` (default, to 11), `sixty_six` (pagat, to 7), `schnapsen`
  (20 cards, casual pagat rules, to 7), `schnapsen_tournament` (sharp rules, memory mode).
  `Options.from_mapping({...})` validates a table's options; `to_dict()` writes them back.
- Moves: `PlayCard`, `Marriage`, `ExchangeTrump`, `Close`, `Claim`, and for pagat 66's pauses
  `Draw` (code "d") and `KeepTrump` (code "k") (see `moves`).
- Pauses (`State.pause`, `Pause`): with `close_before_draw` (SX-10) a trick's winner who could close
  chooses `Draw()` or `Close()` before drawing (`view.drawing_pending`, `view.can_draw`); with
  `exchange_on_close` (SX-9) the closer's opponent holding the lowest trump chooses `ExchangeTrump()`
  or `KeepTrump()` (`view.exchange_pending`, `view.can_keep`). `non_closer_out_two` scores SX-13.
- Views: `SchnapsenView`, `PlayedCard`, `TrickRecord`, `MarriageRecord`, `ExchangeRecord`,
  `DealSummary` (with its `Scale` and `Penalty`), `DealEnd`, `Phase`, `Pause` (see `views`).
- Log: `view.log` holds `LogEntry` records (`Dealt`, `Led`, `Followed`, `Declared`, `Exchanged`,
  `ClosedTalon`, `Drew`, `KeptTrump`, `Scored`, `SeriesWon`): seats and cards, no words; the
  sentences are `rendering.schnapsen.log_text` and `deal_text`.
- Computer players: `EasyPlayer`, `NormalPlayer`, `HardPlayer(time_budget=, samples=)` in `ai`;
  `ai.computer_player(level)` builds one.
"""

from games.plugin import declare
from games.schnapsen.engine import ENGINE
from games.schnapsen.moves import Claim, Close, Draw, ExchangeTrump, KeepTrump, Marriage, Move, PlayCard
from games.schnapsen.options import PRESETS, Options
from games.schnapsen.state import State, new_game, position, replay
from games.schnapsen.views import (
    ClosedTalon,
    DealEnd,
    DealSummary,
    Dealt,
    Declared,
    Drew,
    Exchanged,
    ExchangeRecord,
    Followed,
    KeptTrump,
    Led,
    LogEntry,
    MarriageRecord,
    Pause,
    Penalty,
    Phase,
    PlayedCard,
    Scale,
    SchnapsenView,
    Scored,
    SeriesWon,
    TrickRecord,
)

GAME = declare("Schnapsen", "schnapsen", ENGINE, order=2, options=Options)

__all__ = [
    "ENGINE",
    "GAME",
    "PRESETS",
    "Claim",
    "Close",
    "ClosedTalon",
    "DealEnd",
    "DealSummary",
    "Dealt",
    "Declared",
    "Draw",
    "Drew",
    "ExchangeRecord",
    "ExchangeTrump",
    "Exchanged",
    "Followed",
    "KeepTrump",
    "KeptTrump",
    "Led",
    "LogEntry",
    "Marriage",
    "MarriageRecord",
    "Move",
    "Options",
    "Pause",
    "Penalty",
    "Phase",
    "PlayCard",
    "PlayedCard",
    "Scale",
    "SchnapsenView",
    "Scored",
    "SeriesWon",
    "State",
    "TrickRecord",
    "new_game",
    "position",
    "replay",
]
