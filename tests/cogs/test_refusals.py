"""The engines' refusals (games.base.IllegalMove) in every reader's language.

An engine raises a stable code with typed parameters beside its English `reason`; the game's words module
(`cogs/<kind>/words.py`, `REFUSALS`) says each code in the reader's language. The codes are read from the
engines' source (every `IllegalMove(reason, "code", ...)` in games/<kind>/), so a new refusal without
words fails here, and each is said with sample parameters in every language: translated (not the English
text, no placeholder left) and, in the pseudo-language, with no word outside the markers.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.moves.adapters import adapter_class
from games import registry
from games.base import IllegalMove
from games.cards import Card, Rank, Suit, parse_suited_cards
from games.carousel.melds import Meld, TableCard
from games.schnapsen import PlayCard, new_game
from games.schnapsen.rules import legal_follows
from games.thirteen.combos import ComboKind, classify
from games.thirteen.order import mask_of
from locales import PSEUDO, SOURCE, TRANSLATED
from locales.pseudo import outside

ROOT = Path(__file__).resolve().parents[2]
KINDS = tuple(game.kind for game in registry.games())


def _combo(cards: str) -> Any:
    combo = classify(mask_of(parse_suited_cards(cards)))
    assert combo is not None
    return combo


# One sample per parameter name the engines give (each words function names what it takes).
SAMPLES: dict[str, Any] = {
    "card": Card(Rank.KING, Suit.HEARTS),
    "table_card": Card(Rank.ACE, Suit.SPADES),
    "cards": (Card(Rank.SEVEN, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS)),
    "text": "xyz",
    "suit": Suit.HEARTS,
    "points": 40,
    "length": 4,
    "table_length": 5,
    "twos": 2,
    "play": _combo("5s 5h"),
    "table": _combo("7s 8d 9c"),
    "left": 12,
    "limit": 10,
    "count": 31,
    "copies": 2,
    "meld": Meld(tuple(TableCard.parse(code) for code in ("7h", "8h", "10h"))),
    "melds": (Meld(tuple(TableCard.parse(code) for code in ("9s", "9d", "9c"))),),
}


def raised_codes(kind: str) -> set[str]:
    """Every code an engine gives an IllegalMove, read from games/<kind>/ (the second argument)."""
    codes: set[str] = set()
    for path in sorted((ROOT / "games" / kind).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalMove":
                assert len(node.args) >= 2 and isinstance(node.args[1], ast.Constant), (
                    f"{path.name}:{node.lineno}: an IllegalMove without a code"
                )
                codes.add(node.args[1].value)
    return codes


@cache
def words(kind: str) -> ModuleType:
    return importlib.import_module(f"cogs.{kind}.words")


def said(kind: str, code: str, lang: str) -> Iterator[str]:
    """The refusal `code` in `lang`, with sample parameters (every count of 2s for a chop)."""
    function = words(kind).REFUSALS[code]
    names = [name for name in inspect.signature(function).parameters if name != "lang"]
    for twos in (1, 2, 3) if "twos" in names else (None,):
        params = {name: SAMPLES[name] for name in names} | ({"twos": twos} if twos else {})
        yield words(kind).refusal_said(lang, IllegalMove("English", code, **params))


def cases() -> Iterator[tuple[str, str]]:
    for kind in KINDS:
        for code in sorted(raised_codes(kind)):
            yield kind, code


def outside_markers(text: str) -> str:
    return outside(text)[0]


@pytest.mark.parametrize("kind", KINDS)
def test_every_refusal_an_engine_raises_has_words_and_no_words_are_left_over(kind: str) -> None:
    """The codes raised in games/<kind>/ are exactly the codes the game's words say."""
    raised = raised_codes(kind)
    assert raised and all(code.startswith(f"{kind}.") for code in raised)
    assert raised == set(words(kind).REFUSALS)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("kind", "code"), list(cases()))
def test_every_refusal_is_translated(kind: str, code: str, lang: str) -> None:
    """Each code in vi, de, bg, ur and ka: not the English sentence, every placeholder filled."""
    for english, text in zip(said(kind, code, SOURCE), said(kind, code, lang), strict=True):
        assert text != english, (code, lang)
        assert not re.search(r"\{[a-z_]+\}", text), (code, lang, text)


@pytest.mark.parametrize(("kind", "code"), list(cases()))
def test_every_refusal_is_marked_in_the_pseudo_language(kind: str, code: str) -> None:
    """Each code in `qps`: no word outside the markers (the cards and typed text are inside them)."""
    for text in said(kind, code, PSEUDO):
        assert not re.search(r"[A-Za-z]{2,}", outside_markers(text)), text


def test_an_unknown_code_reads_as_the_engines_sentence() -> None:
    """A refusal the words do not know (an engine newer than its words) is shown in English, not lost."""
    assert words("thirteen").refusal_said("de", IllegalMove("Something new.", "thirteen.new")) == "Something new."


def _strict_refusal() -> tuple[Any, IllegalMove]:
    """A Schnapsen deal played until the stock is gone and a follower holds a card it may not play (SX-7)."""
    state = new_game(2, 5, {"preset": "schnapsen"})
    while not state.is_over:
        view = state.view(state.to_move)
        if view.trick and view.phase.strict:
            lead = view.trick[0].card
            allowed = legal_follows(list(view.hand), lead, view.trump, True)
            barred = [card for card in view.hand if card not in allowed]
            if barred:
                with pytest.raises(IllegalMove) as refused:
                    state.apply(PlayCard(barred[0]))
                return state, refused.value
        state = state.apply(state.legal_moves()[0])
    raise AssertionError("no strict follow met")


def test_a_german_schnapsen_player_is_refused_in_german() -> None:
    """SX-7: a card that does not follow suit is refused in the German players' words (Farbe bekennen,
    stechen, Trumpf) through the Schnapsen adapter, while the engine keeps its English reason."""
    _, refused = _strict_refusal()
    assert refused.code.startswith("schnapsen.follow_")
    adapter = adapter_class(registry.get("schnapsen"))()
    german = adapter.refusal(refused, lang="de")
    assert german != refused.reason and refused.reason.startswith("You ")
    assert "Farbe bekennen" in german or "Trumpf" in german, german


def test_a_vietnamese_thirteen_player_is_refused_in_tien_len_words() -> None:
    """TL-8: a pair on a single 2 is refused in Vietnamese, naming the combinations as Tiến lên does."""
    play, table = _combo("5s 5h"), _combo("2h")
    assert play.kind is ComboKind.PAIR
    from games.thirteen.combos import refused_beat

    text = words("thirteen").refusal_said("vi", refused_beat(play, table))
    assert "đôi 5" in text and "không chặn được" in text, text
