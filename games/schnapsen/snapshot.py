"""`State.to_dict` / `from_dict`: a JSON-friendly snapshot, faster to load than replaying (design §2).

Cards are written as codes and records as small lists, so a snapshot stays compact in SQLite.
A snapshot written before the pagat 66 pauses existed has no "pause" key and loads as "no pause".

Log entries are written as lists headed by a tag (`["lead", 0, "Kh"]`). Snapshots written while the
engine logged English sentences ("Player 1 leads K♥") hold strings there instead; `_old_entry` reads
each such sentence back into its record (the sentences were the engine's own, so they are exact), and
a deal summary's sentence back into its scale, penalty and points. A sentence it cannot read is left
out of the window rather than failing the load: the log is a view of recent play, not game state.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.cards import Card, Suit, parse_suited
from games.schnapsen.options import Options
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
    Pause,
    Penalty,
    PlayedCard,
    Scale,
    Scored,
    SeriesWon,
    TrickRecord,
)

if TYPE_CHECKING:
    from games.schnapsen.state import State

FORMAT = 1


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(parse_suited(code) for code in codes)


def _summary_to_dict(summary: DealSummary | None) -> dict[str, Any] | None:
    if summary is None:
        return None
    return {
        "deal_number": summary.deal_number,
        "winner": summary.winner,
        "game_points": summary.game_points,
        "reason": summary.reason.value,
        "card_points": list(summary.card_points),
        "marriage_points": list(summary.marriage_points),
        "tricks": list(summary.tricks),
        "closer": summary.closer,
        "claimant": summary.claimant,
        "scale": None if summary.scale is None else summary.scale.value,
        "loser_points": summary.loser_points,
        "penalty": None if summary.penalty is None else summary.penalty.value,
        "claimed": summary.claimed,
    }


def _summary_from_dict(data: dict[str, Any] | None) -> DealSummary | None:
    if data is None:
        return None
    summary = DealSummary(
        deal_number=data["deal_number"],
        winner=data["winner"],
        game_points=data["game_points"],
        reason=DealEnd(data["reason"]),
        card_points=(data["card_points"][0], data["card_points"][1]),
        marriage_points=(data["marriage_points"][0], data["marriage_points"][1]),
        tricks=(data["tricks"][0], data["tricks"][1]),
        closer=data["closer"],
        claimant=data["claimant"],
        scale=None if data.get("scale") is None else Scale(data["scale"]),
        loser_points=data.get("loser_points"),
        penalty=None if data.get("penalty") is None else Penalty(data["penalty"]),
        claimed=data.get("claimed"),
    )
    return _old_basis(summary, data["text"]) if "text" in data else summary


# Snapshots written while the engine wrote sentences: the words of `_score` then, read back. -----

_SEAT = r"Player ([12])"
_CARD = r"(\S+)"


def _seat(text: str) -> int:
    return int(text) - 1


def _old_basis(summary: DealSummary, text: str) -> DealSummary:
    """The scale, penalty and points an old summary's sentence gave (SX-11..SX-14)."""
    if match := re.search(r"Schwarz \(" + _SEAT + r" took no trick\)", text):
        summary = replace(summary, scale=Scale.SCHWARZ, loser_points=summary.totals[_seat(match[1])])
    elif match := re.search(r"Schneider \(" + _SEAT + r" has (\d+), under \d+\)", text):
        summary = replace(summary, scale=Scale.SCHNEIDER, loser_points=int(match[2]))
    elif match := re.search(_SEAT + r" has (\d+)\.$", text):
        summary = replace(summary, scale=Scale.SIMPLE, loser_points=int(match[2]))
    if "(no trick at closing)" in text:
        summary = replace(summary, penalty=Penalty.NO_TRICK_AT_CLOSE)
    elif "failed close" in text:
        summary = replace(summary, penalty=Penalty.FAILED_CLOSE)
    elif "the non-closer reached 66 first" in text:
        summary = replace(summary, penalty=Penalty.NON_CLOSER_OUT)
    if match := re.search(r"(?:false claim at|higher total|: ) ?(\d+)(?: points)?[;.]", text):
        summary = replace(summary, claimed=int(match[1]))
    return summary


def _suit(symbol: str) -> Suit:
    suit = parse_suited(f"A{symbol}").suit
    assert suit is not None
    return suit


_OLD_LINES: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"Deal (\d+): " + _SEAT + r" deals, trump " + _CARD),
     lambda m: Dealt(int(m[1]), _seat(m[2]), parse_suited(m[3]))),
    (re.compile(_SEAT + r" leads " + _CARD), lambda m: Led(_seat(m[1]), parse_suited(m[2]))),
    (re.compile(_SEAT + r" plays (\S+); " + _SEAT + r" takes the trick"),
     lambda m: Followed(_seat(m[1]), parse_suited(m[2]), _seat(m[3]))),
    (re.compile(_SEAT + r" declares (\d+) in (\S)(, counted once a trick is won)?"),
     lambda m: Declared(_seat(m[1]), _suit(m[3]), int(m[2]), m[4] is not None)),
    (re.compile(_SEAT + r" exchanges (\S+) for " + _CARD),
     lambda m: Exchanged(_seat(m[1]), parse_suited(m[2]), parse_suited(m[3]))),
    (re.compile(_SEAT + r" closes the talon( before drawing)?"), lambda m: ClosedTalon(_seat(m[1]), m[2] is not None)),
    (re.compile(_SEAT + r" draws"), lambda m: Drew(_seat(m[1]))),
    (re.compile(_SEAT + r" does not exchange"), lambda m: KeptTrump(_seat(m[1]))),
    (re.compile(_SEAT + r" wins the series (\d+)-(\d+)\."), lambda m: SeriesWon(_seat(m[1]), (int(m[2]), int(m[3])))),
)


def _old_entry(line: str, last_deal: dict[str, Any] | None) -> LogEntry | None:
    """The record an old log sentence stood for; None for one this reader does not know."""
    if last_deal is not None and line == last_deal.get("text"):
        summary = _summary_from_dict(last_deal)
        return None if summary is None else Scored(summary)
    for pattern, build in _OLD_LINES:
        match = pattern.fullmatch(line)
        if match:
            entry: LogEntry = build(match)
            return entry
    return None


# Log entries ----------------------------------------------------------------------------------


def _entry_to_list(entry: LogEntry) -> list[Any]:
    if isinstance(entry, Dealt):
        return ["deal", entry.number, entry.dealer, entry.trump_card.code]
    if isinstance(entry, Led):
        return ["lead", entry.seat, entry.card.code]
    if isinstance(entry, Followed):
        return ["follow", entry.seat, entry.card.code, entry.winner]
    if isinstance(entry, Declared):
        return ["marriage", entry.seat, entry.suit.letter, entry.points, entry.pending]
    if isinstance(entry, Exchanged):
        return ["exchange", entry.seat, entry.given.code, entry.taken.code]
    if isinstance(entry, ClosedTalon):
        return ["close", entry.seat, entry.before_drawing]
    if isinstance(entry, Drew):
        return ["draw", entry.seat]
    if isinstance(entry, KeptTrump):
        return ["keep", entry.seat]
    if isinstance(entry, Scored):
        return ["score", _summary_to_dict(entry.deal)]
    return ["series", entry.winner, *entry.game_points]


def _entry_from_list(item: list[Any]) -> LogEntry:
    tag, *rest = item
    if tag == "deal":
        return Dealt(rest[0], rest[1], parse_suited(rest[2]))
    if tag == "lead":
        return Led(rest[0], parse_suited(rest[1]))
    if tag == "follow":
        return Followed(rest[0], parse_suited(rest[1]), rest[2])
    if tag == "marriage":
        return Declared(rest[0], Suit(rest[1]), rest[2], rest[3])
    if tag == "exchange":
        return Exchanged(rest[0], parse_suited(rest[1]), parse_suited(rest[2]))
    if tag == "close":
        return ClosedTalon(rest[0], rest[1])
    if tag == "draw":
        return Drew(rest[0])
    if tag == "keep":
        return KeptTrump(rest[0])
    if tag == "score":
        summary = _summary_from_dict(rest[0])
        assert summary is not None
        return Scored(summary)
    if tag == "series":
        return SeriesWon(rest[0], (rest[1], rest[2]))
    raise ValueError(f"unknown Sixty-Six log entry {item!r}")


def _log_from(items: list[Any], last_deal: dict[str, Any] | None) -> tuple[LogEntry, ...]:
    entries = (_old_entry(item, last_deal) if isinstance(item, str) else _entry_from_list(item) for item in items)
    return tuple(entry for entry in entries if entry is not None)


def _unasked_from(flags: list[bool] | None) -> tuple[bool, bool]:
    """SX-10: who draws without the pause this deal; snapshots written before it existed: nobody."""
    if not flags:
        return (False, False)
    return (bool(flags[0]), bool(flags[1]))


def _drawn_from(codes: list[str | None] | None) -> tuple[Card | None, Card | None]:
    """Each seat's latest draw; snapshots written before it was kept load as "nothing drawn"."""
    if not codes:
        return (None, None)
    first, second = (None if code is None else parse_suited(code) for code in codes)
    return (first, second)


def state_to_dict(state: State) -> dict[str, Any]:
    """Every field of the state, as JSON types."""
    closed = state.closed
    return {
        "format": FORMAT,
        "kind": "schnapsen",
        "options": state.options.to_dict(),
        "seed": state.seed,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "game_points": list(state.game_points),
        "trump": state.trump.letter,
        "hands": [_codes(state.hands[0]), _codes(state.hands[1])],
        "talon": _codes(state.talon),
        "leader": state.leader,
        "trick": _codes(state.trick),
        "tricks": [[t.cards[0].seat, t.cards[0].card.code, t.cards[1].card.code, t.winner] for t in state.tricks],
        "card_points": list(state.card_points),
        "tricks_won": list(state.tricks_won),
        "marriages": [[seat, suit.letter, points] for seat, suit, points in state.marriages],
        "exchanges": [[e.seat, e.taken.code, e.given.code] for e in state.exchanges],
        "closed": None
        if closed is None
        else [closed.closer, closed.at_trick, closed.opponent_points, closed.opponent_tricks],
        "log": [_entry_to_list(entry) for entry in state.log],
        "last_deal": _summary_to_dict(state.last_deal),
        "moves_in_deal": state.moves_in_deal,
        "winner": state.winner,
        "pause": None if state.pause is None else state.pause.value,
        "kept_trump": state.kept_trump,
        "drawn": [None if card is None else card.code for card in state.drawn],
        "unasked": list(state.unasked),
    }


def state_from_dict(data: dict[str, Any]) -> State:
    """Rebuild the state written by `state_to_dict`."""
    from games.schnapsen.state import CloseRecord, State

    if data.get("format") != FORMAT:
        raise ValueError(f"unknown Sixty-Six snapshot format {data.get('format')!r}")
    options = Options.from_mapping(data["options"])
    tricks = tuple(
        TrickRecord((PlayedCard(lead, parse_suited(first)), PlayedCard(1 - lead, parse_suited(second))), winner)
        for lead, first, second, winner in data["tricks"]
    )
    closed = data["closed"]
    return State(
        options=options,
        seed=data["seed"],
        deal_number=data["deal_number"],
        dealer=data["dealer"],
        game_points=(data["game_points"][0], data["game_points"][1]),
        trump=Suit(data["trump"]),
        hands=(_cards(data["hands"][0]), _cards(data["hands"][1])),
        talon=_cards(data["talon"]),
        leader=data["leader"],
        trick=_cards(data["trick"]),
        tricks=tricks,
        card_points=(data["card_points"][0], data["card_points"][1]),
        tricks_won=(data["tricks_won"][0], data["tricks_won"][1]),
        marriages=tuple((seat, Suit(letter), points) for seat, letter, points in data["marriages"]),
        exchanges=tuple(
            ExchangeRecord(seat, parse_suited(taken), parse_suited(given)) for seat, taken, given in data["exchanges"]
        ),
        closed=None if closed is None else CloseRecord(closed[0], closed[1], closed[2], closed[3]),
        log=_log_from(data["log"], data["last_deal"]),
        last_deal=_summary_from_dict(data["last_deal"]),
        moves_in_deal=data["moves_in_deal"],
        winner=data["winner"],
        pause=None if data.get("pause") is None else Pause(data["pause"]),
        kept_trump=data.get("kept_trump"),
        drawn=_drawn_from(data.get("drawn")),
        unasked=_unasked_from(data.get("unasked")),
    )
