"""A seat's view is made once per engine state (bot.projection.hands.seat_view): a click's hand is drawn
from it two or three times, and a state never changes once made."""

from __future__ import annotations

from dataclasses import dataclass

from bot.projection import hands
from bot.projection.hands import seat_view


@dataclass(frozen=True)
class View:
    seat: int
    hand: tuple[int, ...]


class Counting:
    """An engine state that counts the views asked of it."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.made = 0

    def view(self, seat: int) -> View:
        self.made += 1
        return View(seat, (self.seed, seat))


def test_a_seat_view_is_made_once_per_state_and_seat() -> None:
    state = Counting(1)
    first = seat_view(state, 0)  # type: ignore[arg-type]
    assert seat_view(state, 0) is first and state.made == 1
    assert seat_view(state, 1).seat == 1 and state.made == 2  # type: ignore[arg-type]


def test_a_new_state_is_never_given_an_older_ones_view() -> None:
    """Views are kept by the state's identity, and the entry holds the state: a later state (the game after a
    move) gets its own view, even where an id were reused."""
    older, newer = Counting(1), Counting(2)
    seat_view(older, 0)  # type: ignore[arg-type]
    key = (id(newer), 0)
    hands._views[key] = (older, "a view of another state")  # as if `newer` reused a dropped state's id
    assert seat_view(newer, 0).hand == (2, 0)  # type: ignore[arg-type]


def test_the_kept_views_stay_bounded() -> None:
    states = [Counting(seed) for seed in range(hands.VIEWS_KEPT + 10)]
    for state in states:
        seat_view(state, 0)  # type: ignore[arg-type]
    assert len(hands._views) <= hands.VIEWS_KEPT
