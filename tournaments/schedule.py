"""When each round of a casual event starts (D-TN-3): a fixed interval from the start, moved by the organiser.

An organiser of a casual event (turns of hours, players who come and go) plans evenings, not matches:
"a round every two hours" is what they announce, and what players need is a time on their calendar. So
a schedule is a round interval (`every`, seconds; 0 keeps the live rule: a round starts as soon as the
previous round's last match ends) and the times the organiser pinned (`pinned[k]` is round k's start,
round 0 being the event's start). Round k starts at the last pinned time before it plus `every` for each
round after that one, so with nothing moved round k+1 starts at `start + k * every`, and never before
round k's last match has ended: the runner pairs a round only once the previous one is complete, then
waits for its time. A round that is late because a match ran long starts at once, and does not push
the later rounds back: the plan the players read stays the plan.

Moving a round (`moved`) pins it at the new time and drops the pins after it, so the later rounds follow
it at the same interval. That is what an organiser means by "round 3 an hour later tonight": the rest of
the evening moves with it, and nobody has to move every round by hand.

Pure: times are plain seconds the caller reads from its own clock.
"""

from __future__ import annotations

from collections.abc import Sequence

HOUR = 3600


def round_start(pinned: Sequence[float], every: float, round_: int) -> float:
    """Round `round_`'s planned start (0-based; `pinned` holds round 0's start at least)."""
    if not pinned:
        raise ValueError("a schedule needs the event's start")
    if round_ < len(pinned):
        return pinned[round_]
    return pinned[-1] + (round_ - len(pinned) + 1) * every


def due(pinned: Sequence[float], every: float, round_: int, now: float) -> bool:
    """Whether round `round_`'s matches may start at `now` (always, without an interval)."""
    return every <= 0 or now >= round_start(pinned, every, round_)


def moved(pinned: Sequence[float], every: float, round_: int, at: float) -> tuple[float, ...]:
    """The pins with round `round_` starting at `at`: the rounds before it keep their times, the rounds
    after it follow it at the interval."""
    if round_ < 1:
        raise ValueError("round one starts with the event; move the start instead")
    kept = [round_start(pinned, every, k) for k in range(round_)]
    return (*kept, at)


def upcoming(pinned: Sequence[float], every: float, first: int, last: int) -> tuple[tuple[int, float], ...]:
    """(round, planned start) for rounds `first`..`last` (0-based, inclusive): what a card lists."""
    return tuple((k, round_start(pinned, every, k)) for k in range(first, last + 1))
