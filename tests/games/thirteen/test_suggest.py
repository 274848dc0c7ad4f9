"""The one-tap suggestions: legal, the lowest of each shape, and only on the seat's own turn."""

from __future__ import annotations

import random

from games.thirteen import ENGINE, Play, position
from games.thirteen.combos import ComboKind
from games.thirteen.suggest import suggestions


def _labels(state, seat: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.label for s in suggestions(state.view(seat))]


def test_tl6_beating_a_pair_offers_the_two_lowest_pairs_that_beat_it() -> None:
    """TL-6: on a pair of 8s, the pairs of 9s and Js (lowest suits each), never the pair of 7s."""
    state = position(["7S 7H 9S 9C 9H JS JD KS KH", "3S 4S"], table="8S 8H", to_move=0)
    assert _labels(state) == ["Pair 9♠ 9♣", "Pair J♠ J♦"]


def test_tl4_the_first_lead_offers_only_plays_with_the_lowest_card() -> None:
    """TL-4: every suggestion on the first lead includes 3♠, and each shape comes once before any twice."""
    state = position(["3S 3C 4D 5H 6S 9S", "3H 4S 8C"], first_game=True)
    offered = suggestions(state.view(0))
    assert offered and all(any(str(card) == "3♠" for card in s.cards) for s in offered)
    kinds = [s.kind for s in offered]
    assert ComboKind.SINGLE in kinds and ComboKind.PAIR in kinds and ComboKind.SEQUENCE in kinds


def test_every_suggestion_is_a_legal_move_on_seeded_games() -> None:
    """On 40 seeded games played by always taking the first suggestion (else passing), each one is legal."""
    rng = random.Random(5)
    for seed in range(40):
        state = ENGINE.new_game(rng.choice((2, 3, 4)), seed, {})
        while not state.is_over:
            seat = state.to_move
            offered = suggestions(state.view(seat))
            for suggestion in offered:
                state.check(Play.of(list(suggestion.cards)))
            state = state.apply(Play.of(list(offered[0].cards)) if offered else state.parse_move("pass"))


def test_no_suggestions_off_turn() -> None:
    """A seat that is not on turn is offered nothing."""
    state = position(["7S 7H 9S", "3S 4S"], table="8S 8H", to_move=0)
    assert suggestions(state.view(1)) == []


def test_labels_fit_a_discord_button() -> None:
    """Labels stay within Discord's 80 characters even for the longest double sequence."""
    state = position(["3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 9S", "2H"], to_move=0)
    assert all(len(label) <= 80 for label in _labels(state))
