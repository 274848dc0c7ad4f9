"""Table options for Sixty-Six: a preset (D-SX-1, D-SX-5) plus any switch overridden on its own.

The main 66 variants differ on about ten switches (rules.md §3, psellos.com's comparison), so a
preset is nothing but a named set of switch values; a table can start from a preset and change any
switch on its own as a table option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

CLAIM_MODES = ("auto", "memory")  # D-SX-3
CLOSE_SCORINGS = ("final", "at_close")  # SX-13
NEXT_DEALERS = ("alternate", "winner", "loser")  # D-SX-4

# Switches added after tables were first stored (the pagat-66 pauses, SX-9/SX-10/SX-13, then the
# offer at a close made whether or not the opponent holds the lowest trump). A stored table holds
# `to_dict()`, every switch by name; one saved before a switch existed must keep the rules it was
# started with (the switch off), or its logged moves would no longer replay.
ADDED_LATER = ("close_before_draw", "exchange_on_close", "non_closer_out_two", "exchange_offer_always")


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule switch of one table. Build with `Options.preset(name, **overrides)` or `from_mapping`."""

    preset: str = "santase"
    deck_size: int = 24  # SX-1: 24 cards (9..A) or 20 (10..A)
    target: int = 11  # SX-15: 11 in Santase, 7 elsewhere
    claim_mode: str = "auto"  # SX-11, D-SX-3: "auto" ends the deal at 66; "memory" needs a claim
    marriage_without_trick: bool = False  # SX-8: declare on the first lead, counted from the first trick
    marriage_in_phase2: bool = True  # SX-8: marriages once the talon is closed or used up
    marriage_king_lead: bool = False  # SX-8: the tournament rules make you lead the K
    exchange_needs_trick: bool = True  # SX-9: a trick won before exchanging
    exchange_with_two_left: bool = False  # SX-9: exchange with only 2 cards in the talon
    allow_close: bool = True  # SX-10: closing at all (on by default)
    close_on_first_lead: bool = False  # SX-10
    close_with_two_left: bool = False  # SX-10
    close_before_draw: bool = False  # SX-10: pagat 66: after a trick, the winner may close before drawing
    exchange_on_close: bool = False  # SX-9: pagat 66: the closer's opponent may exchange at once, no trick needed
    # SX-9: with `exchange_on_close`, pause for the closer's opponent whenever the lowest trump is unseen,
    # holder or not (without it they see only "Continue"), so whether the table waits tells nobody where
    # the card is. Off only for tables stored before it existed, whose moves were logged without it.
    exchange_offer_always: bool = False
    close_scoring: str = "final"  # SX-13: "final" (66, Santase) or "at_close" (Schnapsen)
    failed_close_always_three: bool = False  # SX-13: the strict Santase penalty
    non_closer_out_two: bool = False  # SX-13: pagat 66: the non-closer reaching 66 first always scores 2
    last_trick_bonus: int = 10  # SX-14: +10 with 24 cards, none with 20
    last_trick_wins_deal: bool = False  # SX-14: 20-card Schnapsen, played out: last trick wins 1
    false_claim_three: bool = False  # SX-11: Schnapsen: 3 if the opponent had no trick
    next_dealer: str = "alternate"  # D-SX-4

    @classmethod
    def preset_named(cls, name: str, **overrides: Any) -> Options:
        """The named preset with `overrides` applied (validated like `from_mapping`)."""
        return cls.from_mapping({"preset": name, **overrides})

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> Options:
        """Validate table options: unknown keys or wrong values raise ValueError with a sentence."""
        data = dict(data or {})
        if _stored_complete(data):
            data.update({key: False for key in ADDED_LATER if key not in data})
        name = data.pop("preset", "santase")
        if name not in PRESETS:
            raise ValueError(f"Unknown Sixty-Six preset {name!r}; choose one of: {', '.join(PRESETS)}.")
        base = PRESETS[name]
        known = {f.name: f for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known or key == "preset":
                raise ValueError(f"Unknown Sixty-Six option {key!r}; known options: {', '.join(sorted(known))}.")
            changes[key] = _validated(key, value, getattr(base, key))
        options = replace(base, **changes)
        if options.deck_size not in (20, 24):
            raise ValueError("deck_size must be 24 (9 to A) or 20 (10 to A).")
        return options

    def to_dict(self) -> dict[str, Any]:
        """Every switch by name; `from_mapping(to_dict())` gives the same options back."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def hand_size(self) -> int:
        """SX-3: 6 cards with 24, 5 with 20."""
        return 6 if self.deck_size == 24 else 5


def _stored_complete(data: Mapping[str, Any]) -> bool:
    """True for a complete `to_dict()`, perhaps written before some of ADDED_LATER existed (not for options
    a host typed: those name a few switches, never all of them)."""
    original = {f.name for f in fields(Options)} - set(ADDED_LATER)
    return original <= data.keys()


def _validated(key: str, value: Any, default: Any) -> Any:
    """Check one override against the type of its default and the allowed words."""
    choices = {"claim_mode": CLAIM_MODES, "close_scoring": CLOSE_SCORINGS, "next_dealer": NEXT_DEALERS}
    if key in choices:
        if value not in choices[key]:
            raise ValueError(f"Option {key} must be one of {', '.join(choices[key])}, not {value!r}.")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"Option {key} must be true or false, not {value!r}.")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"Option {key} must be a whole number, not {value!r}.")
        if key == "target" and not 1 <= value <= 99:
            raise ValueError(f"Option target must be between 1 and 99, not {value}.")
        if key == "last_trick_bonus" and not 0 <= value <= 50:
            raise ValueError(f"Option last_trick_bonus must be between 0 and 50, not {value}.")
        return value
    raise ValueError(f"Option {key} cannot be set to {value!r}.")  # pragma: no cover - every switch is typed


# D-SX-1 / D-SX-5. Santase is the seed's game (rules.md §0); the others follow pagat and the
# tournament ("sharp") rules as summarised in rules.md §3.1-3.2.
PRESETS: dict[str, Options] = {
    "santase": Options(),
    "sixty_six": Options(
        preset="sixty_six",
        target=7,
        marriage_without_trick=True,  # pagat 66: points count once a trick is won
        marriage_in_phase2=False,  # SX-8: none after closing or exhausting in pagat 66
        exchange_with_two_left=True,
        close_with_two_left=True,
        close_before_draw=True,  # SX-10: either before or after drawing
        exchange_on_close=True,  # SX-9: the opponent may exchange the 9 when the talon is closed
        exchange_offer_always=True,  # SX-9: ... and is asked whether or not they hold it
        non_closer_out_two=True,  # SX-13: the non-closer out first gets 2, whatever the tricks
    ),
    "schnapsen": Options(
        preset="schnapsen",
        deck_size=20,
        target=7,
        marriage_without_trick=True,
        exchange_needs_trick=False,
        exchange_with_two_left=True,
        close_on_first_lead=True,
        close_with_two_left=True,
        close_scoring="at_close",
        last_trick_bonus=0,
        last_trick_wins_deal=True,
        false_claim_three=True,
    ),
    "schnapsen_tournament": Options(
        preset="schnapsen_tournament",
        deck_size=20,
        target=7,
        claim_mode="memory",  # §3.2: no looking back at taken tricks
        marriage_king_lead=True,
        exchange_needs_trick=True,  # no exchange on the first lead
        close_on_first_lead=True,
        close_with_two_left=True,
        close_scoring="at_close",
        last_trick_bonus=0,
        last_trick_wins_deal=True,
        false_claim_three=True,
    ),
}
