"""What a meld step changed on the table (CA-6): new cards, moved cards and the melds they landed in.

Pure and deterministic: a function of the old table, the new one and the cards laid from hand, all
public once the step is made. Each new meld is matched to at most one old meld, the one it shares
most cards with (ties: the earlier meld of either table), so when a meld is split, its larger part
keeps its cards and the rest count as moved. A card from an old meld matched elsewhere (or not at
all) is "moved"; a card from hand is "new".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.cards import AnyCard
from games.carousel.melds import Meld
from games.carousel.views import LastMeld, MeldChange


def _origins(old: Sequence[Meld], new: Sequence[Meld]) -> dict[int, int]:
    """new meld index -> the old meld it grew from (a one-to-one matching by shared cards)."""
    home = {card: index for index, meld in enumerate(old) for card in meld.physical}
    overlaps: list[tuple[int, int, int]] = []  # (-shared, new index, old index)
    for new_index, meld in enumerate(new):
        shared: dict[int, int] = {}
        for card in meld.physical:
            if card in home:
                shared[home[card]] = shared.get(home[card], 0) + 1
        overlaps += [(-count, new_index, old_index) for old_index, count in shared.items()]
    origins: dict[int, int] = {}
    taken: set[int] = set()
    for _, new_index, old_index in sorted(overlaps):
        if new_index not in origins and old_index not in taken:
            origins[new_index] = old_index
            taken.add(old_index)
    return origins


def meld_changes(seat: int, old: Sequence[Meld], new: Sequence[Meld], from_hand: Collection[AnyCard]) -> LastMeld:
    """CA-6: for every meld of `new` that is not an old meld unchanged, its cards from hand and moved cards."""
    laid = frozenset(from_hand)
    home = {card: index for index, meld in enumerate(old) for card in meld.physical}
    origins = _origins(old, new)
    changes: list[MeldChange] = []
    for index, meld in enumerate(new):
        origin = origins.get(index)
        cards = meld.physical
        if origin is not None and frozenset(cards) == frozenset(old[origin].physical):
            continue  # the same cards as before: unchanged, wherever it now sits
        hand_part = tuple(card for card in cards if card in laid)
        moved = tuple(card for card in cards if card not in laid and home.get(card) != origin)
        changes.append(MeldChange(index, hand_part, moved))
    return LastMeld(seat, tuple(changes))
