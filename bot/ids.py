"""Custom ids for every component Cardroom sends: `cr:<game id>:<version>:<action>[:<arg>]`.

The id carries all the state a click needs (design §3), so a button keeps working after a restart and
a click on an out-of-date hand is recognised by its version. Discord caps custom ids at 100
characters; `ComponentId.encode` refuses anything longer rather than letting Discord reject the
whole message (50035).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

CUSTOM_ID_LIMIT = 100  # Discord's limit for custom_id
PREFIX = "cr"
PATTERN = re.compile(
    rf"{PREFIX}:(?P<game>\d+):(?P<version>\d+):(?P<action>[a-z][a-z0-9_]*)(?::(?P<arg>[A-Za-z0-9_.\-=]*))?"
)


@dataclass(frozen=True, slots=True)
class ComponentId:
    """The parsed form of a custom id. `version` is the game's move count when the component was sent."""

    game_id: int
    version: int
    action: str
    arg: str = ""

    def encode(self) -> str:
        text = f"{PREFIX}:{self.game_id}:{self.version}:{self.action}"
        if self.arg:
            text += f":{self.arg}"
        if len(text) > CUSTOM_ID_LIMIT or not PATTERN.fullmatch(text):
            raise ValueError(f"custom id {text!r} is malformed or over {CUSTOM_ID_LIMIT} characters")
        return text

    @classmethod
    def parse(cls, custom_id: str) -> ComponentId | None:
        match = PATTERN.fullmatch(custom_id)
        if match is None:
            return None
        return cls.from_match(match)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ComponentId:
        return cls(int(match["game"]), int(match["version"]), match["action"], match["arg"] or "")


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def encode_mask(indices: Iterable[int]) -> str:
    """A set of small non-negative integers (positions in a sorted hand) as a compact base-36 bitmask.

    A 60-card Carousel hand fits in 12 characters, so a selection always fits in a custom id and a
    Play button can carry the cards it will play, with no server-side state to lose on restart.
    """
    mask = 0
    for index in indices:
        if index < 0:
            raise ValueError("indices are non-negative")
        mask |= 1 << index
    if mask == 0:
        return "0"
    digits = []
    while mask:
        mask, digit = divmod(mask, 36)
        digits.append(_DIGITS[digit])
    return "".join(reversed(digits))


def decode_mask(text: str) -> frozenset[int]:
    """The inverse of `encode_mask`; raises ValueError on anything that is not base 36."""
    mask = int(text or "0", 36)
    return frozenset(i for i in range(mask.bit_length()) if mask >> i & 1)
