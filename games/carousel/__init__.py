"""Carousel: manipulation rummy with knocking (rules.md §2, CA-1..CA-13, D-CA-1..4).

Public API
- `ENGINE`: the `games.base.Engine` for kind "carousel" (2-5 players, levels easy/normal/hard):
  `new_game(players, seed, options)`, `replay(players, seed, options, moves)`, `from_dict(data)`,
  `computer(level)` (`ai.computer_player`) -> an object with `choose(view, rng) -> Move`.
- `new_game(players=3, seed=0, options=None) -> State`: a whole game to `Options.target` (CA-13); hand n
  is dealt from `seeded_rng(seed, "deal", n)` and the deal passes clockwise (D-CA-1).
- `position(table=["6h Jk=7h 8h", "9s 9d 9c"], hands=["7h 2c", "5d"], stock=20, to_move=0,
  phase="meld_1", scores=None, ...) -> State`: a hand-made position for rule tests (`Jk=7h` is a joker
  declared as 7♥).
- `State`: `to_move`, `legal_moves()` (draw, knock, pass; meld steps are checked, not enumerated),
  `check(move)`, `apply(move)`, `view(seat)` (`view(None)` is the public view), `is_over`, `result()`,
  `parse_move(text)` ("draw", "knock", "pass", "meld 7h 9c 10c", "table: 6h Jk=7h 8h | 9s 9d 9c"),
  `decode_move(code)`, `to_dict()` / `State.from_dict(data)`.
- Moves (frozen): `Draw`, `MeldStep(table)` (the complete new table, CA-6), `Knock`, `PassKnock`.
- `Options(target=150, knock_limit=5)`, `Options.from_mapping(dict)`, `to_dict()`.
- Views: `CarouselView`, `HandSummary`, `GameEndSummary`, `Phase`; table cards: `Meld`, `TableCard`.
- Log: `view.log` holds `LogEntry` records (`Drew`, `Melded`, `WentOut`, `Knocked`, `DeclinedKnock`,
  `StockEmpty`, `HandWon`, `GameOver`): seats and cards, no words (`rendering.carousel.log_text`).
- `games.carousel.solver`: `is_meld(cards)`, `arrange(table_melds, added_cards, copies=2)`,
  `best_play(table_melds, hand, copies=2)` (exact, HiGHS; time limit and lay-off fallback).
- `games.carousel.ai`: the computer players, `computer_player(level)`.
"""

from games.carousel.engine import ENGINE
from games.carousel.melds import Meld, MeldKind, TableCard, card_value, hand_value, meld_problem
from games.carousel.moves import Draw, Knock, MeldStep, Move, PassKnock, decode_move
from games.carousel.options import Options
from games.carousel.state import State, new_game, position, replay
from games.carousel.views import (
    CarouselView,
    DeclinedKnock,
    Drew,
    GameEndSummary,
    GameOver,
    HandSummary,
    HandWon,
    Knocked,
    LogEntry,
    Melded,
    Phase,
    StockEmpty,
    WentOut,
)
from games.plugin import declare

GAME = declare("Carousel", "carousel", ENGINE, aliases=("rummy",), order=1, options=Options)

__all__ = [
    "ENGINE",
    "GAME",
    "CarouselView",
    "DeclinedKnock",
    "Draw",
    "Drew",
    "GameEndSummary",
    "GameOver",
    "HandSummary",
    "HandWon",
    "Knock",
    "Knocked",
    "LogEntry",
    "Meld",
    "MeldKind",
    "MeldStep",
    "Melded",
    "Move",
    "Options",
    "PassKnock",
    "Phase",
    "State",
    "StockEmpty",
    "TableCard",
    "WentOut",
    "card_value",
    "decode_move",
    "hand_value",
    "meld_problem",
    "new_game",
    "position",
    "replay",
]
