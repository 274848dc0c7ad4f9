"""Thirteen (Tiến lên): the rules of rules.md §1 (TL-1..TL-13, D-TL-1..5) as a pure engine, with computer players.

Public API
----------
- `ENGINE` (games.base.Engine): kind "thirteen", 2-4 players, levels ("easy", "normal", "hard");
  `ENGINE.new_game(players, seed, options)`, `ENGINE.replay(players, seed, options, encoded_moves)`,
  `ENGINE.from_dict(data)`, `ENGINE.computer(level)` -> an object with `choose(view, rng) -> Move`.
- `new_game(players=4, seed=0, options=None) -> State`: deals game 1 from `seeded_rng(seed, "deal", 1)`;
  game n of a series from `seeded_rng(seed, "deal", n)`, led by the previous winner (TL-4, D-TL-3).
- `position(hands=["3s 4s 5s", ...], table="7c 7d", to_move=1, passed=[2], first_game=False, options=None,
  table_seat=None, on_two=False) -> State`: a mid-game position from readable text, for rule tests.
- `State`: `to_move`, `is_over`, `legal_moves()` (every distinct card set that is legal, plus pass where
  allowed), `check(move)` (raises `IllegalMove` with a readable sentence), `apply(move) -> State` (a new
  state), `view(seat)` (`None`: the public table), `result() -> GameResult` (places, place points n-1..0),
  `parse_move("7s 7h" | "pass")`, `decode_move(code)`, `to_dict()` / `State.from_dict(data)`.
- `Options` (frozen): bomb_after_pass, over_chopping, n_or_more_pairs, instant_wins, two_finish_loses (all
  off), auto_pass (on), series_games (1). `Options.from_mapping(dict)` validates, `to_dict()`.
- Moves: `Play(mask)` / `Play.of(cards)` and `PASS`; `encode()` is "3s.4d.5c" or "p", `str()` "3♠ 4♦ 5♣" / "pass".
- Views: `ThirteenView`, `TableCombo`, `Turn`, `LogLine` (see `views`); `ComboKind` names combinations.
- Computer players: `EasyPlayer`, `NormalPlayer`, `HardPlayer(iterations=40, time_budget=0.8)`.

With auto-pass on (D-TL-4) the engine passes for players with no legal beating play and records a
`Turn(seat, PASS, auto=True)` in the round history, so `to_move` always has a real choice.
"""

from typing import TYPE_CHECKING, Any

from games.plugin import declare
from games.thirteen.combos import Combo, ComboKind
from games.thirteen.engine import ENGINE
from games.thirteen.moves import PASS, Move, Pass, Play
from games.thirteen.options import Options
from games.thirteen.state import State, new_game, position, replay
from games.thirteen.views import LogLine, TableCombo, ThirteenView, Turn

if TYPE_CHECKING:
    from games.thirteen.ai import EasyPlayer, HardPlayer, NormalPlayer, computer_player

_AI_NAMES = frozenset({"EasyPlayer", "HardPlayer", "NormalPlayer", "computer_player"})


def __getattr__(name: str) -> Any:
    """The computer players load on first use, so reading moves or states never imports the AI."""
    if name in _AI_NAMES:
        from games.thirteen import ai

        return getattr(ai, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


GAME = declare("Thirteen", "thirteen", ENGINE, order=0, options=Options, deals="series_games")

__all__ = [
    "ENGINE",
    "GAME",
    "PASS",
    "Combo",
    "ComboKind",
    "EasyPlayer",
    "HardPlayer",
    "LogLine",
    "Move",
    "NormalPlayer",
    "Options",
    "Pass",
    "Play",
    "State",
    "TableCombo",
    "ThirteenView",
    "Turn",
    "computer_player",
    "new_game",
    "position",
    "replay",
]
