"""Python's cyclic garbage collector, set for a long-running bot (what `python -m bot` does at start).

Why: discord.py makes reference cycles on every click and edit (each View and its items point at each
other; `View.from_message` builds one per click on a cog's control; an Interaction and its response).
`bot.kit.components.release` and `release_interaction` cut the ones a game's click makes, but what is
still in flight when a collection runs (clicks being answered, requests waiting for Discord's pace)
survives it. With the default thresholds (700, 10, 10) such objects, and any cycle left, reach the
oldest generation, and the bot then pauses every few seconds to scan its whole heap, long enough for
those pauses to make most of the slowest acknowledgements under load (bench.bot's load run prints the
acknowledgement p99). With a young generation of `YOUNG` objects, what a finished click leaves dies
young, in a collection that scans only recent objects, and full collections become rare.

A middle collection scans everything that survived the young collections since the last one: under
load that is every click still in flight at each of them (its interaction, the clicked message's parsed
components, its coroutines), so its pause grows with `MIDDLE`, and one such pause holds every click that
arrives meanwhile. A few young collections per middle one keep those pauses short; the middle
collections come more often but each scans less, for about the same total (bench.bot's load run prints
the collections in its window and their longest pause).
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

YOUNG = 20_000  # allocations between young collections (default 700)
MIDDLE = 4  # young collections per middle one (default 10)
OLD = 100  # middle collections per full one, at most (default 10; CPython also waits for 25 % growth)


def tune() -> None:
    """Apply the thresholds above to this process."""
    gc.set_threshold(YOUNG, MIDDLE, OLD)
    log.debug("garbage collector thresholds %s", gc.get_threshold())
