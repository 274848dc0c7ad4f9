"""Sets of small integers held as int bitmasks, as the search code of the card games keeps hands."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The bit numbers set in `mask`, lowest first (a hand mask's card indices)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
