"""Table options for a Carousel game (rules.md §2, D-CA-4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from games.base import check_deals, options_from_mapping, without_unset_deals
from games.plugin import option

STORED_BEFORE_KNOCK_OFFER = frozenset({"target", "knock_limit"})  # every key `to_dict()` wrote then


@dataclass(frozen=True, slots=True)
class Options:
    """The rule knobs a table may turn.

    target: the game ends after the hand in which someone reaches it (CA-13, 150 in the rules).
    knock_limit: the largest hand count that may knock at the end of one's turn (CA-9, 5 in the rules).
    fixed_deals: 0 (default) plays to the target; N > 0 makes the game exactly N hands, scored as CA-13 after
    the last (D-CA-5). Set by a tournament for fast events, not a table option; written only when set,
    so tables stored before it read back unchanged.
    """

    target: int = option(150, "points that end the game, after the hand that reaches them", low=1, high=10_000)
    knock_limit: int = option(5, "the most points left in hand that may still knock", low=0, high=50)
    # CA-9: pause at the end of every turn whose hand is small enough that *some* hand of that size could
    # knock, so whether the table waits depends on public facts only (the hand size), never on the count.
    # Off only for tables stored before it existed, whose moves were logged without those pauses.
    knock_offer_always: bool = True
    fixed_deals: int = 0  # D-CA-5

    MAX_DEALS = 99

    def __post_init__(self) -> None:
        if not isinstance(self.target, int) or isinstance(self.target, bool) or not 1 <= self.target <= 10_000:
            raise ValueError("target must be a whole number of points from 1 to 10000")
        if (
            not isinstance(self.knock_limit, int)
            or isinstance(self.knock_limit, bool)
            or not 0 <= self.knock_limit <= 50
        ):
            raise ValueError("knock_limit must be a whole number from 0 to 50")
        if not isinstance(self.knock_offer_always, bool):
            raise ValueError("knock_offer_always must be true or false")
        check_deals(self.fixed_deals, self.MAX_DEALS)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | Options | None) -> Options:
        """Build from stored or user-supplied settings; unknown keys are refused with a readable message.

        A complete `to_dict()` stored before `knock_offer_always` existed keeps the rules it was played
        with (the switch off), so its logged moves still replay; new tables write the switch."""
        if isinstance(data, Mapping) and data.keys() >= STORED_BEFORE_KNOCK_OFFER and "knock_offer_always" not in data:
            data = {**data, "knock_offer_always": False}
        return options_from_mapping(cls, data, "Carousel")

    def to_dict(self) -> dict[str, Any]:
        return without_unset_deals(asdict(self))
