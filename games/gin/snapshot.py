"""`State.to_dict` / `from_dict`: a JSON-friendly snapshot, faster to load than replaying (design §2).

Cards are written as codes, records as small dicts and lists, so a snapshot stays compact in SQLite.
A hand summary written while the engine put its score in a sentence ("text") loads without it: the
sentence is said again from the numbers (`rendering.gin.hand_text`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.cards import Card, parse_suited
from games.gin.cards import CODES, INDEX_BY_CODE, bits
from games.gin.options import Options
from games.gin.scoring import GameTally, HandEnd, HandScore
from games.gin.views import Action, HandSummary, Phase

if TYPE_CHECKING:
    from games.gin.state import State

FORMAT = 1


def _mask_codes(mask: int) -> list[str]:
    return [CODES[i] for i in bits(mask)]


def _mask(codes: list[str]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << INDEX_BY_CODE[code]
    return mask


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def _parse(codes: list[str]) -> tuple[Card, ...]:
    return tuple(parse_suited(code) for code in codes)


def _pair(values: list[int]) -> tuple[int, int]:
    return (values[0], values[1])


def _tally_to_dict(tally: GameTally) -> dict[str, Any]:
    return {
        "points": list(tally.points),
        "hands": list(tally.hands),
        "winner": tally.winner,
        "final": None if tally.final is None else list(tally.final),
    }


def _tally_from_dict(data: dict[str, Any]) -> GameTally:
    final = data["final"]
    final_pair = None if final is None else _pair(final)
    return GameTally(_pair(data["points"]), _pair(data["hands"]), data["winner"], final_pair)


def _summary_to_dict(summary: HandSummary | None) -> dict[str, Any] | None:
    if summary is None:
        return None
    score = summary.score
    return {
        "number": summary.number,
        "dealer": summary.dealer,
        "end": summary.end.value,
        "upcard": summary.upcard.code,
        "knock_limit": summary.knock_limit,
        "doubled": summary.doubled,
        "knocker": summary.knocker,
        "knocker_melds": [_cards(meld) for meld in summary.knocker_melds],
        "knocker_deadwood": _cards(summary.knocker_deadwood),
        "knocker_count": summary.knocker_count,
        "defender_melds": [_cards(meld) for meld in summary.defender_melds],
        "layoffs": [_cards(cards) for cards in summary.layoffs],
        "defender_deadwood": _cards(summary.defender_deadwood),
        "defender_count": summary.defender_count,
        "score": None
        if score is None
        else [score.end.value, score.knocker_wins, score.difference, score.bonus, score.multiplier],
        "winner": summary.winner,
        "points": summary.points,
        "booked": list(summary.booked),
        "closed": list(summary.closed),
        "finals": [_tally_to_dict(tally) for tally in summary.finals],
        "hollywood": summary.hollywood,
    }


def _summary_from_dict(
    data: dict[str, Any] | None, tallies: tuple[GameTally, ...], hollywood: bool
) -> HandSummary | None:
    """A hand summary; one written while the engine wrote its score as a sentence (a "text" key, no
    "finals") takes the closed games from the state's tallies, which no later hand changes (GR-13)."""
    if data is None:
        return None
    closed = tuple(data["closed"])
    if "finals" in data:
        finals = tuple(_tally_from_dict(tally) for tally in data["finals"])
        hollywood = data["hollywood"]
    else:
        finals = tuple(tallies[i] for i in closed)
    score = data["score"]
    return HandSummary(
        number=data["number"],
        dealer=data["dealer"],
        end=HandEnd(data["end"]),
        upcard=parse_suited(data["upcard"]),
        knock_limit=data["knock_limit"],
        doubled=data["doubled"],
        knocker=data["knocker"],
        knocker_melds=tuple(_parse(meld) for meld in data["knocker_melds"]),
        knocker_deadwood=_parse(data["knocker_deadwood"]),
        knocker_count=data["knocker_count"],
        defender_melds=tuple(_parse(meld) for meld in data["defender_melds"]),
        layoffs=tuple(_parse(cards) for cards in data["layoffs"]),
        defender_deadwood=_parse(data["defender_deadwood"]),
        defender_count=data["defender_count"],
        score=None if score is None else HandScore(HandEnd(score[0]), score[1], score[2], score[3], score[4]),
        winner=data["winner"],
        points=data["points"],
        booked=tuple(data["booked"]),
        closed=closed,
        finals=finals,
        hollywood=hollywood,
    )


def state_to_dict(state: State) -> dict[str, Any]:
    """Every field of the state, as JSON types."""
    return {
        "format": FORMAT,
        "kind": "gin",
        "options": state.options.to_dict(),
        "seed": state.seed,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "hands": [_mask_codes(state.hands[0]), _mask_codes(state.hands[1])],
        "stock": [CODES[i] for i in state.stock],
        "discard": [CODES[i] for i in state.discard],
        "upcard": CODES[state.upcard],
        "phase": state.phase.value,
        "turn": state.turn,
        "just_taken": None if state.just_taken is None else CODES[state.just_taken],
        "discard_takes": state.discard_takes,
        "history": [[seat, action.value, CODES[card] if card >= 0 else None] for seat, action, card in state.history],
        "tallies": [_tally_to_dict(tally) for tally in state.tallies],
        "wins": list(state.wins),
        "last_hand": _summary_to_dict(state.last_hand),
        "face_down": None if state.face_down is None else CODES[state.face_down],
    }


def state_from_dict(data: dict[str, Any]) -> State:
    """Rebuild the state written by `state_to_dict`."""
    from games.gin.state import State

    if data.get("format") != FORMAT or data.get("kind") != "gin":
        raise ValueError(f"not a Gin snapshot of format {FORMAT}: {data.get('kind')!r} {data.get('format')!r}")
    options = Options.from_mapping(data["options"])
    tallies = tuple(_tally_from_dict(tally) for tally in data["tallies"])
    return State(
        options=options,
        seed=data["seed"],
        hand_number=data["hand_number"],
        dealer=data["dealer"],
        hands=(_mask(data["hands"][0]), _mask(data["hands"][1])),
        stock=tuple(INDEX_BY_CODE[code] for code in data["stock"]),
        discard=tuple(INDEX_BY_CODE[code] for code in data["discard"]),
        upcard=INDEX_BY_CODE[data["upcard"]],
        phase=Phase(data["phase"]),
        turn=data["turn"],
        just_taken=None if data["just_taken"] is None else INDEX_BY_CODE[data["just_taken"]],
        discard_takes=data["discard_takes"],
        history=tuple(
            (seat, Action(action), -1 if code is None else INDEX_BY_CODE[code])
            for seat, action, code in data["history"]
        ),
        tallies=tallies,
        wins=_pair(data["wins"]),
        last_hand=_summary_from_dict(data["last_hand"], tallies, options.hollywood),
        face_down=None if data["face_down"] is None else INDEX_BY_CODE[data["face_down"]],
    )
