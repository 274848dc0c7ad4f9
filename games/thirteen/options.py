"""Table options for Thirteen (D-TL-1, D-TL-4, D-TL-5): every house rule is off by default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from games.base import options_from_mapping
from games.plugin import option

# Every key `to_dict()` wrote before `auto_pass_public` existed.
STORED_BEFORE_PUBLIC_PASS = frozenset(
    {"bomb_after_pass", "over_chopping", "n_or_more_pairs", "instant_wins", "two_finish_loses", "auto_pass",
     "series_games"}
)


@dataclass(frozen=True, slots=True)
class Options:
    """Rule switches of one table. Defaults are the project's decisions in rules.md.

    - bomb_after_pass: a passed player may still bomb a 2 or a bomb on a 2 (TL-8.8, E-TL-1); off (D-TL-1).
    - over_chopping: a higher class of bomb beats a lower one (E-TL-2); off.
    - n_or_more_pairs: a longer double sequence also chops what a shorter one does (E-TL-3); off.
    - instant_wins: four 2s, a dragon, six pairs, five consecutive pairs, three consecutive triples win at
      the deal (TL-13); off.
    - two_finish_loses: going out with a play holding a 2 takes the lowest free place (E-TL-9); off.
    - auto_pass: the engine passes for a player with no legal beating play (D-TL-4, E-TL-10); on.
    - series_games: games in the match, scored by place points n-1..0 (D-TL-5, TL-12); 1.
    - auto_pass_public: auto-pass only a seat that could not beat the table with any hand of its size; on.
    """

    bomb_after_pass: bool = option(False, "a player who passed may still bomb a 2")
    over_chopping: bool = option(False, "bigger kinds of bomb beat smaller ones")
    n_or_more_pairs: bool = option(False, "a longer double sequence also chops what a shorter one does")
    instant_wins: bool = option(False, "four 2s, a dragon, six pairs and the like win at the deal")
    two_finish_loses: bool = option(False, "going out with a 2 takes the lowest free place")
    auto_pass: bool = option(True, "pass for a player when no hand of their size could beat the table")
    series_games: int = option(1, "games in the match, their place points added up", low=1, high=50)
    # D-TL-4: auto-pass a seat only when no hand of its size could beat the table, judged from the cards
    # played (public), never from its own hand: a skipped turn then tells nobody what the seat holds.
    # Off only for tables stored before it existed, whose moves were logged with the old auto-passes.
    auto_pass_public: bool = True

    MAX_SERIES = 50

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type in ("bool", bool) and not isinstance(value, bool):
                raise ValueError(f"option {field.name} must be true or false, not {value!r}")
        if not isinstance(self.series_games, int) or isinstance(self.series_games, bool):
            raise ValueError(f"option series_games must be a whole number, not {self.series_games!r}")
        if not 1 <= self.series_games <= self.MAX_SERIES:
            raise ValueError(f"option series_games must be between 1 and {self.MAX_SERIES}, not {self.series_games}")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | Options | None) -> Options:
        """Validate a mapping (saved config, lobby settings); unknown keys or bad values raise ValueError.

        A complete `to_dict()` stored before `auto_pass_public` existed keeps the rules it was played with
        (the switch off), so its logged moves still replay; new tables write the switch."""
        if isinstance(data, Mapping) and data.keys() >= STORED_BEFORE_PUBLIC_PASS and "auto_pass_public" not in data:
            data = {**data, "auto_pass_public": False}
        return options_from_mapping(cls, data, "Thirteen")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
