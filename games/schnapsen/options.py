"""Table options for Sixty-Six: a preset (D-SX-1, D-SX-5) plus any switch overridden on its own.

The main 66 variants differ on about ten switches (rules.md §3, psellos.com's comparison), so a
preset is nothing but a named set of switch values; a table can start from a preset and change any
switch on its own as a table option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from games.base import check_deals, without_unset_deals
from games.plugin import option

CLAIM_MODES = ("auto", "memory")  # D-SX-3
CLOSE_SCORINGS = ("final", "at_close")  # SX-13
NEXT_DEALERS = ("alternate", "winner", "loser")  # D-SX-4
MAX_DEALS = 99  # D-SX-6

# Switches added after tables were first stored (the pagat-66 pauses, SX-9/SX-10/SX-13, then the
# offer at a close made whether or not the opponent holds the lowest trump). A stored table holds
# `to_dict()`, every switch by name; one saved before a switch existed must keep the rules it was
# started with (the switch off), or its logged moves would no longer replay.
ADDED_LATER = ("close_before_draw", "exchange_on_close", "non_closer_out_two", "exchange_offer_always")


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule switch of one table. Build with `Options.preset(name, **overrides)` or `from_mapping`."""

    preset: str = "santase"
    # The switches a table may set, declared in player words (games.plugin.option); the defaults are
    # Santase's, and a preset is nothing but other values for them.
    deck_size: int = option(24, "cards in the deck: 24 (9 to A) or 20 (10 to A)", choices=(24, 20))  # SX-1
    target: int = option(11, "game points that win the series", low=1, high=99)  # SX-15: 11 in Santase, 7 elsewhere
    claim_mode: str = option(  # SX-11, D-SX-3
        "auto", "auto: a deal ends by itself at 66; memory: you claim 66 yourself", choices=CLAIM_MODES
    )
    marriage_without_trick: bool = option(  # SX-8
        False, "a marriage may be shown on the first lead, counted once a trick is won"
    )
    marriage_in_phase2: bool = option(True, "marriages count once the stock is closed or used up")  # SX-8
    marriage_king_lead: bool = option(False, "showing a marriage, you lead its king")  # SX-8 (tournament)
    exchange_needs_trick: bool = option(True, "exchanging the lowest trump needs a trick won first")  # SX-9
    exchange_with_two_left: bool = option(False, "the lowest trump may be exchanged with 2 cards left in the stock")
    allow_close: bool = option(True, "a player may close the stock")  # SX-10
    close_on_first_lead: bool = option(False, "the stock may be closed before the first trick")  # SX-10
    close_with_two_left: bool = option(False, "the stock may be closed with 2 cards left in it")  # SX-10
    # SX-10: pagat 66: after a trick, the winner may close before drawing
    close_before_draw: bool = option(False, "the winner of a trick may close before drawing")
    # SX-9: pagat 66: the closer's opponent may exchange at once, no trick needed
    exchange_on_close: bool = option(False, "when the stock is closed, the other player may exchange the lowest trump")
    # SX-9: with `exchange_on_close`, pause for the closer's opponent whenever the lowest trump is unseen,
    # holder or not (without it they see only "Continue"), so whether the table waits tells nobody where
    # the card is. Off only for tables stored before it existed, whose moves were logged without it.
    exchange_offer_always: bool = False
    close_scoring: str = option(  # SX-13: "final" (66, Santase) or "at_close" (Schnapsen)
        "final",
        "final: a closed deal is scored by the points at its end; at_close: by the points when it was closed",
        choices=CLOSE_SCORINGS,
    )
    failed_close_always_three: bool = option(False, "a failed close always gives the other player 3")  # SX-13
    # SX-13: pagat 66: the non-closer reaching 66 first always scores 2
    non_closer_out_two: bool = option(False, "the other player reaching 66 first after a close scores 2")
    last_trick_bonus: int = option(10, "points for the last trick", low=0, high=50)  # SX-14
    # SX-14: 20-card Schnapsen, played out: the last trick wins the deal
    last_trick_wins_deal: bool = option(
        False, "a deal played to the end goes to the last trick's winner, whatever the points"
    )
    false_claim_three: bool = option(False, "a false claim gives the other player 3")  # SX-11 (Schnapsen)
    next_dealer: str = option(  # D-SX-4
        "alternate", "who deals the next deal: the players in turn, its winner or its loser", choices=NEXT_DEALERS
    )
    # D-SX-6: 0 plays the series to `target`; N > 0 makes the match exactly N deals, the higher total of
    # game points taking it. Set by a tournament for fast events, not a table option; written only when
    # set, so tables stored before it read back unchanged.
    fixed_deals: int = 0

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
        return without_unset_deals({f.name: getattr(self, f.name) for f in fields(self)})

    @property
    def hand_size(self) -> int:
        """SX-3: 6 cards with 24, 5 with 20."""
        return 6 if self.deck_size == 24 else 5


def _stored_complete(data: Mapping[str, Any]) -> bool:
    """True for a complete `to_dict()`, perhaps written before some of ADDED_LATER existed (not for options
    a host typed: those name a few switches, never all of them)."""
    original = {f.name for f in fields(Options)} - set(ADDED_LATER) - {"fixed_deals"}
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
        if key == "fixed_deals":
            check_deals(value, MAX_DEALS)
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
