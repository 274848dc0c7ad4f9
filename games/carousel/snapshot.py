"""`State.to_dict` / `from_dict`: a JSON-friendly snapshot, faster to load than replaying (design §2).

Cards are written as physical codes (`7h#1`) and melds in table notation, so a snapshot stays compact.
Log entries are lists headed by a tag (`["meld", 2, ["7h#1", "Jk"]]`). Snapshots written while the
engine logged English sentences ("Seat 3 melded Q♥ A♥ K♥") hold strings there; `_old_entry` reads
each back into its record. Those sentences named cards without their copy, so a melded card read
back is copy 0 (the same face: the log only ever shows faces). A sentence the reader does not know
is left out of the window rather than failing the load: the log is recent play, not game state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games.cards import AnyCard, parse_card, parse_cards
from games.carousel.melds import Meld
from games.carousel.options import Options
from games.carousel.views import (
    DeclinedKnock,
    Drew,
    GameEndSummary,
    GameOver,
    HandSummary,
    HandWon,
    Knocked,
    LastMeld,
    LogEntry,
    MeldChange,
    Melded,
    Phase,
    StockEmpty,
    WentOut,
)

if TYPE_CHECKING:
    from games.carousel.state import State


def state_to_dict(state: State) -> dict[str, Any]:
    """A JSON-ready snapshot; `state_from_dict` rebuilds an equal state."""
    return {
        "kind": "carousel",
        "players": state.players,
        "seed": state.seed,
        "options": state.options.to_dict(),
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "hands": [_codes(hand) for hand in state.hands],
        "stock": _codes(state.stock),
        "table": [meld.code for meld in state.table],
        "turn": state.turn,
        "phase": state.phase.value,
        "draws": state.draws,
        "scores": list(state.scores),
        "hands_won": list(state.hands_won),
        "log": [_entry_to_list(entry) for entry in state.log],
        "last_hand": _summary_to_dict(state.last_hand),
        "hand_moves": state.hand_moves,
        "final": _end_to_dict(state.final),
        "last_meld": _last_meld_to_dict(state.last_meld),
        "drawn": [None if card is None else card.code for card in state.drawn],
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Rebuild the state written by `state_to_dict`."""
    from games.carousel.state import State

    return State(
        players=int(data["players"]),
        seed=data["seed"],
        options=Options.from_mapping(data["options"]),
        hand_number=int(data["hand_number"]),
        dealer=int(data["dealer"]),
        hands=tuple(_cards(hand) for hand in data["hands"]),
        stock=_cards(data["stock"]),
        table=tuple(Meld.parse(text) for text in data["table"]),
        turn=int(data["turn"]),
        phase=Phase(data["phase"]),
        draws=int(data["draws"]),
        scores=tuple(data["scores"]),
        hands_won=tuple(data["hands_won"]),
        log=_log_from(data["log"]),
        last_hand=_summary_from_dict(data["last_hand"]),
        hand_moves=int(data["hand_moves"]),
        final=_end_from_dict(data["final"]),
        # Snapshots written before these fields existed load with nothing marked.
        last_meld=_last_meld_from_dict(data.get("last_meld")),
        drawn=tuple(None if code is None else parse_card(code) for code in data.get("drawn", ())),
    )


def _codes(cards: Sequence[AnyCard]) -> list[str]:
    return [card.code for card in cards]


def _cards(codes: Sequence[str]) -> tuple[AnyCard, ...]:
    return tuple(parse_card(code) for code in codes)


def _last_meld_to_dict(last: LastMeld | None) -> dict[str, Any] | None:
    if last is None:
        return None
    changes = [[change.index, _codes(change.from_hand), _codes(change.moved)] for change in last.changes]
    return {"seat": last.seat, "changes": changes}


def _last_meld_from_dict(data: Mapping[str, Any] | None) -> LastMeld | None:
    if data is None:
        return None
    changes = tuple(MeldChange(int(index), _cards(hand), _cards(moved)) for index, hand, moved in data["changes"])
    return LastMeld(int(data["seat"]), changes)


def _end_to_dict(end: GameEndSummary | None) -> dict[str, Any] | None:
    if end is None:
        return None
    return {
        "totals_before": list(end.totals_before),
        "target_bonus": list(end.target_bonus),
        "hands_won_bonus": list(end.hands_won_bonus),
        "final": list(end.final),
        "winners": list(end.winners),
    }


def _end_from_dict(data: Mapping[str, Any] | None) -> GameEndSummary | None:
    if data is None:
        return None
    return GameEndSummary(
        totals_before=tuple(data["totals_before"]),
        target_bonus=tuple(data["target_bonus"]),
        hands_won_bonus=tuple(data["hands_won_bonus"]),
        final=tuple(data["final"]),
        winners=tuple(data["winners"]),
    )


_SUMMARY_INTS = ("counts", "winners", "base_points", "knock_bonus", "out_bonus", "totals")


def _summary_to_dict(summary: HandSummary | None) -> dict[str, Any] | None:
    if summary is None:
        return None
    data: dict[str, Any] = {name: list(getattr(summary, name)) for name in _SUMMARY_INTS}
    data.update(
        hand_number=summary.hand_number,
        hands=[_codes(hand) for hand in summary.hands],
        knocker=summary.knocker,
        went_out=summary.went_out,
        stock_ran_out=summary.stock_ran_out,
        game_end=_end_to_dict(summary.game_end),
    )
    return data


def _summary_from_dict(data: Mapping[str, Any] | None) -> HandSummary | None:
    if data is None:
        return None
    ints = {name: tuple(data[name]) for name in _SUMMARY_INTS}
    return HandSummary(
        hand_number=int(data["hand_number"]),
        hands=tuple(_cards(hand) for hand in data["hands"]),
        knocker=data["knocker"],
        went_out=data["went_out"],
        stock_ran_out=bool(data["stock_ran_out"]),
        game_end=_end_from_dict(data["game_end"]),
        **ints,
    )


# Log entries ----------------------------------------------------------------------------------

_SEATED: dict[str, Callable[[int], LogEntry]] = {
    "out": WentOut,
    "pass": DeclinedKnock,
    "empty": StockEmpty,
}


def _entry_to_list(entry: LogEntry) -> list[Any]:
    if isinstance(entry, Drew):
        return ["draw", entry.seat, entry.nth]
    if isinstance(entry, Melded):
        return ["meld", entry.seat, _codes(entry.cards)]
    if isinstance(entry, Knocked):
        return ["knock", entry.seat, entry.count]
    if isinstance(entry, HandWon):
        return ["hand", entry.number, list(entry.winners)]
    if isinstance(entry, GameOver):
        return ["over"]
    if isinstance(entry, WentOut):
        return ["out", entry.seat]
    if isinstance(entry, DeclinedKnock):
        return ["pass", entry.seat]
    return ["empty", entry.seat]


def _entry_from_list(item: Sequence[Any]) -> LogEntry:
    tag, *rest = item
    if tag == "draw":
        return Drew(rest[0], rest[1])
    if tag == "meld":
        return Melded(rest[0], _cards(rest[1]))
    if tag == "knock":
        return Knocked(rest[0], rest[1])
    if tag == "hand":
        return HandWon(rest[0], tuple(rest[1]))
    if tag == "over":
        return GameOver()
    if tag in _SEATED:
        return _SEATED[tag](rest[0])
    raise ValueError(f"unknown Carousel log entry {item!r}")


_NTH = {"a": 1, "a second": 2, "a third": 3}
_OLD_LINES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], LogEntry]], ...] = (
    (re.compile(r"Seat (\d) drew (a|a second|a third) card"), lambda m: Drew(int(m[1]) - 1, _NTH[m[2]])),
    (re.compile(r"Seat (\d) melded (.+)"), lambda m: Melded(int(m[1]) - 1, tuple(parse_cards(m[2])))),
    (re.compile(r"Seat (\d) went out"), lambda m: WentOut(int(m[1]) - 1)),
    (re.compile(r"Seat (\d) knocked with (\d+)"), lambda m: Knocked(int(m[1]) - 1, int(m[2]))),
    (re.compile(r"Seat (\d) did not knock"), lambda m: DeclinedKnock(int(m[1]) - 1)),
    (re.compile(r"Seat (\d) must draw but the stock is empty"), lambda m: StockEmpty(int(m[1]) - 1)),
    (re.compile(r"Hand (\d+) won by (.+)"),
     lambda m: HandWon(int(m[1]), tuple(int(seat) - 1 for seat in re.findall(r"Seat (\d)", m[2])))),
    (re.compile(r"Game over"), lambda m: GameOver()),
)


def _old_entry(line: str) -> LogEntry | None:
    """The record an old log sentence stood for; None for one this reader does not know."""
    for pattern, build in _OLD_LINES:
        match = pattern.fullmatch(line)
        if match:
            return build(match)
    return None


def _log_from(items: Sequence[Any]) -> tuple[LogEntry, ...]:
    entries = (_old_entry(item) if isinstance(item, str) else _entry_from_list(item) for item in items)
    return tuple(entry for entry in entries if entry is not None)
