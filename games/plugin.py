"""What a game package declares about itself, so every other layer can find it without a list.

Each package `games/<kind>/` exports `GAME = GameType(...)` next to its `ENGINE`; `games.registry`
discovers them by scanning the subpackages of `games`. The bot derives its cogs (`cogs.<kind>`), its
adapters, the renderers (`rendering.<kind>`), board titles, `python -m bot --help` and the terminal's
choices and option help from these declarations.

A table option a player may set is declared once, on the game's options dataclass, with `option(...)`:
its default, what it changes in player words and the values it takes. `table_options` reads them back
in declaration order; a field declared without `option` (a switch kept so that tables stored before it
existed still replay, or the preset behind `--preset`) is never offered to a player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.base import ComputerPlayer, Engine


@dataclass(frozen=True, slots=True)
class GameType:
    """One game kind. `name` is the single display name players read everywhere (command help,
    lobby, images, boards, the terminal); `kind` is what the database stores and the package name."""

    kind: str
    name: str
    command: str  # the slash command group: `/<command> new`
    min_seats: int
    max_seats: int
    levels: tuple[str, ...]  # computer levels, weakest first
    engine: Engine
    computer_player: Callable[[str], ComputerPlayer[Any]]
    aliases: tuple[str, ...] = ()  # old command names or kinds still accepted when decoding
    order: int = 100  # position in lists and choices; the lowest is the default game
    options: tuple[TableOption, ...] = ()  # what a table may set, in player words (see `option`)
    # The option that makes a match exactly N deals, the higher total winning (a tournament's fast
    # matches: D-SX-6, D-GR-10, D-CA-5; Thirteen's series of N games, D-TL-5).
    deals: str = "fixed_deals"

    def __post_init__(self) -> None:
        if not 1 <= self.min_seats <= self.max_seats:
            raise ValueError(f"{self.kind}: seat range {self.min_seats}..{self.max_seats} is empty")
        if self.engine.kind != self.kind:
            raise ValueError(f"{self.kind}: the engine says it is {self.engine.kind!r}")


def declare(
    name: str,
    command: str,
    engine: Engine,
    aliases: tuple[str, ...] = (),
    order: int = 100,
    options: type | None = None,
    deals: str = "fixed_deals",
) -> GameType:
    """The GameType of `engine`, its seats and levels read from the engine so they are said once, and
    the table options declared on the `options` dataclass (`option` fields)."""
    return GameType(
        kind=engine.kind,
        name=name,
        command=command,
        min_seats=engine.min_players,
        max_seats=engine.max_players,
        levels=tuple(engine.levels),
        engine=engine,
        computer_player=engine.computer,
        aliases=aliases,
        order=order,
        options=table_options(options) if options is not None else (),
        deals=deals,
    )


# Table options ----------------------------------------------------------------------------------

OPTION = "cardroom.option"  # the dataclass field metadata key under which `option` keeps its words
TRUE_WORDS = ("on", "true", "yes")
FALSE_WORDS = ("off", "false", "no")


@dataclass(frozen=True, slots=True)
class OptionWords:
    """What `option` records on a field: everything but the name and the default."""

    about: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    zero: str = ""


@dataclass(frozen=True, slots=True)
class TableOption:
    """One table option as a player meets it: its name, what it changes, the values it takes.

    `zero` is for a number whose 0 means something outside `low..high` (Gin's target: 0 is the rules'
    own); it says what.
    """

    key: str
    about: str
    default: Any
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    zero: str = ""

    @property
    def is_switch(self) -> bool:
        return isinstance(self.default, bool)

    def values(self) -> str:
        """The values it takes, in words: "on or off", "auto or memory", "a whole number from 1 to 99"."""
        if self.is_switch:
            return "on or off"
        if self.choices:
            words = [str(choice) for choice in self.choices]
            return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
        if self.low is not None and self.high is not None:
            span = f"a whole number from {self.low} to {self.high}"
        elif self.low is not None:
            span = f"a whole number from {self.low}"
        else:
            span = "a whole number"
        return f"{span}, or 0 for {self.zero}" if self.zero else span

    def shown(self, value: Any) -> str:
        """A value as a player types it: on/off for a switch."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def parse(self, text: str) -> Any:
        """The value `text` stands for; ValueError (no message of its own) when it is none of `values()`."""
        word = text.strip().lower()
        if self.is_switch:
            if word in TRUE_WORDS:
                return True
            if word in FALSE_WORDS:
                return False
            raise ValueError(text)
        if self.choices:
            for choice in self.choices:
                if word == str(choice).lower():
                    return choice
            raise ValueError(text)
        if not (word.isdigit() or (word[:1] == "-" and word[1:].isdigit())):
            raise ValueError(text)
        number = int(word)
        if self.zero and number == 0:
            return 0
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            raise ValueError(text)
        return number


def option(
    default: Any,
    about: str,
    *,
    choices: tuple[Any, ...] = (),
    low: int | None = None,
    high: int | None = None,
    zero: str = "",
) -> Any:
    """A dataclass field that is a table option a player may set: `about` says what it changes in a
    player's words (no rule ids, no internal names); `choices`, or `low`..`high` (and what 0 means,
    `zero`), say which values it takes. The options class still checks every value itself."""
    return dataclasses.field(default=default, metadata={OPTION: OptionWords(about, choices, low, high, zero)})


def table_options(options_class: type) -> tuple[TableOption, ...]:
    """The options a player may set on a table of this options dataclass, in declaration order."""
    found: list[TableOption] = []
    for item in dataclasses.fields(options_class):
        words = item.metadata.get(OPTION)
        if isinstance(words, OptionWords):
            found.append(
                TableOption(item.name, words.about, item.default, words.choices, words.low, words.high, words.zero)
            )
    return tuple(found)
