"""`State.to_dict` / `from_dict`: a JSON-friendly snapshot, faster to load than replaying (design §2).

Hands and tables are written as card codes, so a snapshot stays readable and compact in SQLite.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.cards import parse_suited_cards
from games.thirteen.combos import classify
from games.thirteen.moves import decode_move
from games.thirteen.options import Options
from games.thirteen.order import CARDS, mask_of, value, values_of
from games.thirteen.views import LogLine, Turn

if TYPE_CHECKING:
    from games.thirteen.state import State

SAVE_VERSION = 1


def state_to_dict(state: State) -> dict[str, Any]:
    """A JSON-ready snapshot; `state_from_dict` rebuilds an equal state."""
    return {
        "kind": "thirteen",
        "version": SAVE_VERSION,
        "options": state.options.to_dict(),
        "players": state.players,
        "seed": state.seed,
        "game_number": state.game_number,
        "hands": [_codes(h) for h in state.hands],
        "to_move": state.turn,
        "table": _codes(state.table.mask) if state.table is not None else None,
        "table_seat": state.table_seat,
        "on_two": state.on_two,
        "passed": state.passed,
        "declined": state.declined,
        "places": list(state.places),
        "forced": CARDS[state.forced].code if state.forced is not None else None,
        "history": [[t.seat, t.move.encode(), t.auto] for t in state.history],
        "last_round": [[t.seat, t.move.encode(), t.auto] for t in state.last_round],
        "left_over": [_codes(h) for h in state.left_over],
        "log": [[line.seat, line.text] for line in state.log],
        "played": _codes(state.played),
        "series_points": list(state.series_points),
        "game_places": [list(p) for p in state.game_places],
        "over": state.over,
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Rebuild the state written by `state_to_dict`."""
    from games.thirteen.state import State

    if data.get("kind") != "thirteen" or data.get("version") != SAVE_VERSION:
        raise ValueError("not a Thirteen save of a version this engine reads")
    state = State.__new__(State)
    state.options = Options.from_mapping(data["options"])
    state.players = int(data["players"])
    state.seed = data["seed"]
    state.game_number = int(data["game_number"])
    state.hands = tuple(_mask(h) for h in data["hands"])
    state.turn = data["to_move"]
    state.table = classify(_mask(data["table"])) if data["table"] is not None else None
    state.table_seat = data["table_seat"]
    state.on_two = bool(data["on_two"])
    state.passed = int(data["passed"])
    state.declined = int(data["declined"])
    state.places = tuple(data["places"])
    state.forced = value(parse_suited_cards(data["forced"])[0]) if data["forced"] is not None else None
    state.history = _turns(data["history"])
    state.last_round = _turns(data.get("last_round", ()))  # absent from snapshots written before it existed
    state.left_over = tuple(_mask(h) for h in data.get("left_over", ()))
    state.log = tuple(LogLine(seat, text) for seat, text in data["log"])
    state.played = _mask(data["played"])
    state.series_points = tuple(data["series_points"])
    state.game_places = tuple(tuple(p) for p in data["game_places"])
    state.over = bool(data["over"])
    state._legal = None
    return state


def _turns(rows: Any) -> tuple[Turn, ...]:
    return tuple(Turn(seat, decode_move(code), bool(auto)) for seat, code, auto in rows)


def _codes(mask: int) -> str:
    return " ".join(CARDS[v].code for v in values_of(mask))


def _mask(text: str) -> int:
    return mask_of(parse_suited_cards(text))
