"""`State.to_dict` / `from_dict`: a JSON-friendly snapshot, faster to load than replaying (design §2).

Cards are written as codes and records as small lists, so a snapshot stays compact in SQLite.
A snapshot written before the pagat 66 pauses existed has no "pause" key and loads as "no pause".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.cards import Card, Suit, parse_suited
from games.schnapsen.options import Options
from games.schnapsen.views import DealEnd, DealSummary, ExchangeRecord, Pause, PlayedCard, TrickRecord

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
        "text": summary.text,
    }


def _summary_from_dict(data: dict[str, Any] | None) -> DealSummary | None:
    if data is None:
        return None
    return DealSummary(
        deal_number=data["deal_number"],
        winner=data["winner"],
        game_points=data["game_points"],
        reason=DealEnd(data["reason"]),
        card_points=(data["card_points"][0], data["card_points"][1]),
        marriage_points=(data["marriage_points"][0], data["marriage_points"][1]),
        tricks=(data["tricks"][0], data["tricks"][1]),
        closer=data["closer"],
        claimant=data["claimant"],
        text=data["text"],
    )


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
        "log": list(state.log),
        "last_deal": _summary_to_dict(state.last_deal),
        "moves_in_deal": state.moves_in_deal,
        "winner": state.winner,
        "pause": None if state.pause is None else state.pause.value,
        "kept_trump": state.kept_trump,
        "drawn": [None if card is None else card.code for card in state.drawn],
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
        log=tuple(data["log"]),
        last_deal=_summary_from_dict(data["last_deal"]),
        moves_in_deal=data["moves_in_deal"],
        winner=data["winner"],
        pause=None if data.get("pause") is None else Pause(data["pause"]),
        kept_trump=data.get("kept_trump"),
        drawn=_drawn_from(data.get("drawn")),
    )
