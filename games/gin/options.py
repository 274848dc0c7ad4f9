"""Table options for Gin Rummy: the Oklahoma (GR-12) and Hollywood (GR-13) switches and the target.

Both switches are off by default: plain Gin to 100 (GR-11). `target` 0 means the rules' own target,
100, or 150 with Oklahoma (D-GR-7); a table may set its own between 10 and 1,000.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from games.base import check_deals, options_from_mapping, without_unset_deals
from games.plugin import option

KNOCK_LIMIT = 10  # GR-6
GIN_BONUS = 25  # GR-7
BIG_GIN_BONUS = 31  # D-GR-4
UNDERCUT_BONUS = 25  # GR-9, D-GR-5
GAME_BONUS = 100  # GR-11
LINE_BONUS = 25  # GR-11
HOLLYWOOD_GAMES = 3  # GR-13


@dataclass(frozen=True, slots=True)
class Options:
    """Rule switches of one Gin table.

    - oklahoma: the upcard sets the knock limit and a spade upcard doubles the hand (GR-12); off.
    - hollywood: three games booked at once (GR-13, D-GR-8); off.
    - target: points that end a game; 0 (default) is 100, or 150 with Oklahoma (GR-11, D-GR-7).
    - fixed_deals: 0 (default) plays to the target; N > 0 makes the match exactly N hands, the higher total of
      points won in hands taking it (D-GR-10). Set by a tournament for fast events, not a table option;
      written only when set, so tables stored before it read back unchanged.
    """

    oklahoma: bool = option(False, "Oklahoma Gin: the upcard sets the knock limit, a spade upcard doubles the hand")
    hollywood: bool = option(False, "Hollywood scoring: three games scored at once")
    target: int = option(
        0, "points that win a game", low=10, high=1000, zero="the rules' own (100, or 150 with Oklahoma)"
    )
    fixed_deals: int = 0  # D-GR-10

    MAX_TARGET = 1000
    MAX_DEALS = 99

    def __post_init__(self) -> None:
        for name in ("oklahoma", "hollywood"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"option {name} must be true or false, not {getattr(self, name)!r}")
        if not isinstance(self.target, int) or isinstance(self.target, bool):
            raise ValueError(f"option target must be a whole number, not {self.target!r}")
        if self.target and not 10 <= self.target <= self.MAX_TARGET:
            raise ValueError(f"option target must be 0 (the rules' target) or between 10 and {self.MAX_TARGET}")
        check_deals(self.fixed_deals, self.MAX_DEALS)

    @property
    def game_target(self) -> int:
        """GR-11, D-GR-7: 100, 150 in Oklahoma, unless the table chose its own."""
        if self.target:
            return self.target
        return 150 if self.oklahoma else 100

    @property
    def games(self) -> int:
        """Games booked at once: 3 with Hollywood scoring (GR-13), else 1."""
        return HOLLYWOOD_GAMES if self.hollywood else 1

    @property
    def name(self) -> str:
        """How a lobby names the variant: "Gin", "Oklahoma Gin", "Hollywood Gin", "Hollywood Oklahoma Gin"."""
        return " ".join(word for word, on in (("Hollywood", self.hollywood), ("Oklahoma", self.oklahoma)) if on) + (
            " Gin" if self.hollywood or self.oklahoma else "Gin"
        )

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | Options | None) -> Options:
        """Validate a mapping (saved config, lobby settings); unknown keys or bad values raise ValueError."""
        return options_from_mapping(cls, data, "Gin")

    def to_dict(self) -> dict[str, Any]:
        return without_unset_deals(asdict(self))
