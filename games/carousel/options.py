"""Table options for a Carousel game (rules.md §2, D-CA-4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from games.base import options_from_mapping


@dataclass(frozen=True, slots=True)
class Options:
    """The rule knobs a table may turn.

    target: the game ends after the hand in which someone reaches it (CA-13, 150 in the rules).
    knock_limit: the largest hand count that may knock at the end of one's turn (CA-9, 5 in the rules).
    """

    target: int = 150
    knock_limit: int = 5

    def __post_init__(self) -> None:
        if not isinstance(self.target, int) or isinstance(self.target, bool) or not 1 <= self.target <= 10_000:
            raise ValueError("target must be a whole number of points from 1 to 10000")
        if (
            not isinstance(self.knock_limit, int)
            or isinstance(self.knock_limit, bool)
            or not 0 <= self.knock_limit <= 50
        ):
            raise ValueError("knock_limit must be a whole number from 0 to 50")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | Options | None) -> Options:
        """Build from stored or user-supplied settings; unknown keys are refused with a readable message."""
        return options_from_mapping(cls, data, "Carousel")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
